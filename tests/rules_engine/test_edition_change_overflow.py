"""A change of edition never carries a player over a position's new maximum silently
(facts section 13.13, our policy: the rulebook has no conversion rule): the mapping
lists every position the team overfills, with the players on it, and waits for the
coach's choice of whom to keep; staff and fans above the new caps are cut to the cap."""

from __future__ import annotations

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.edition_change import KEEP, edition_move, map_team
from rules_engine.wording import english
from tests.rules_engine.english import in_english

OLD, NEW = "bb2020", "bb2025"

# Facts section 13.13: the positions cut from 0-4 to 0-2 between the editions, as
# (roster, BB2020 position, BB2025 position). Elven Union Catchers and Big Un Blockers
# change name, so their new position is the coach's choice (he is asked for it first).
KNOWN_CUTS = [
    ("dark-elf", "dark-elf-blitzer", "dark-elf-blitzer"),
    ("elven-union", "elven-union-catcher", "elven-union-elf-catcher"),
    ("human", "human-blitzer", "human-blitzer"),
    ("human", "human-catcher", "human-catcher"),
    ("khorne", "khorne-khorngor", "khorne-khorngor"),
    ("orc", "orc-blitzer", "orc-blitzer"),
    ("orc", "orc-big-un", "orc-big-un-blocker"),
    ("nurgle", "nurgle-pestigor", "nurgle-pestigor"),
    ("shambling-undead", "shambling-undead-ghoul-runner", "shambling-undead-ghoul-runner"),
    ("skaven", "skaven-gutter-runner", "skaven-gutter-runner"),
    ("wood-elf", "wood-elf-catcher", "wood-elf-catcher"),
]


def team_of(roster: str, position: str, count: int = 4, **staff: int) -> TeamState:
    players = tuple(
        PlayerState(id=100 + n, name=f"Player {n}", position_slug=position, number=n)
        for n in range(1, count + 1)
    )
    return TeamState(name="Movers", roster_slug=roster, players=players, **staff)


@pytest.mark.parametrize(("roster", "old", "new"), KNOWN_CUTS)
def test_each_known_cut_is_listed_with_its_players_and_waits_for_the_coach(roster, old, new):
    assert get_ruleset(OLD).position(old).max_count == 4
    assert get_ruleset(NEW).position(new).max_count == 2
    team = team_of(roster, old)
    positions = {p.id: new for p in team.players}
    mapping = map_team(edition_move(OLD, NEW), team, positions=positions)
    [overflow] = mapping.over_limit
    assert overflow.position_slug == new and overflow.maximum == 2
    assert overflow.ids == (101, 102, 103, 104)
    assert not overflow.chosen and mapping.released == ()
    [message] = in_english(mapping.problems[KEEP])
    assert overflow.position_name in message and "0-2" in message
    # Every player is still mapped: none is dropped before the coach chooses.
    assert all(p.position_slug == new for p in mapping.players)


def test_old_world_alliance_halfling_hopefuls_are_0_3_after_the_erratum():
    # Facts section 12 (May 2026 erratum, p.180) and 13.13.
    assert get_ruleset(NEW).position("old-world-alliance-halfling-hopeful").max_count == 3


def test_the_coach_keeps_two_and_the_others_are_released():
    move = edition_move(OLD, NEW)
    mapping = map_team(move, team_of("human", "human-blitzer"), keep={"human-blitzer": [104, 101]})
    assert KEEP not in mapping.problems
    assert mapping.kept_over_limit == (104, 101)
    assert [p.id for p in mapping.released] == [102, 103]
    assert mapping.over_limit_ids == {101, 102, 103, 104}


def test_keeping_fewer_than_the_maximum_is_allowed():
    mapping = map_team(
        edition_move(OLD, NEW), team_of("human", "human-blitzer"), keep={"human-blitzer": []}
    )
    assert KEEP not in mapping.problems
    assert len(mapping.released) == 4


@pytest.mark.parametrize(
    ("keep", "words"),
    [
        ({"human-blitzer": [101, 102, 103]}, "Keep 2 or fewer"),
        ({"human-blitzer": [101, 999]}, "999 is not one of the Human Blitzers"),
        ({"human-blitzer": [101], "human-catcher": [101]}, "'human-catcher' is not a position"),
    ],
)
def test_a_choice_the_rules_refuse_is_a_problem_naming_the_position(keep, words):
    mapping = map_team(edition_move(OLD, NEW), team_of("human", "human-blitzer"), keep=keep)
    assert any(words in message for message in in_english(mapping.problems[KEEP])), mapping.problems


def test_a_position_within_its_new_maximum_asks_nothing():
    mapping = map_team(edition_move(OLD, NEW), team_of("human", "human-blitzer", count=2))
    assert mapping.over_limit == () and KEEP not in mapping.problems


def test_moving_players_to_another_position_removes_the_overflow():
    team = team_of("human", "human-blitzer")
    mapping = map_team(
        edition_move(OLD, NEW), team, positions={103: "human-lineman", 104: "human-lineman"}
    )
    assert mapping.over_limit == () and KEEP not in mapping.problems


def test_staff_and_fans_above_the_new_caps_are_cut_without_refund():
    # Facts section 13.13: cheerleaders above 6 and Dedicated Fans above 7.
    team = team_of("human", "human-lineman", count=11, cheerleaders=9, dedicated_fans=8)
    cuts = {cut.field: cut for cut in map_team(edition_move(OLD, NEW), team).staff_cuts}
    assert set(cuts) == {"cheerleaders", "dedicated_fans"}
    assert (cuts["cheerleaders"].had, cuts["cheerleaders"].cap) == (9, 6)
    assert (cuts["dedicated_fans"].had, cuts["dedicated_fans"].cap) == (8, 7)
    assert "without refund" in english(cuts["dedicated_fans"].outcome)


def test_staff_within_the_new_caps_is_not_listed():
    team = team_of("human", "human-lineman", count=11, cheerleaders=6, dedicated_fans=7)
    assert map_team(edition_move(OLD, NEW), team).staff_cuts == ()
