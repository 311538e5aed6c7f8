"""Pre-game step 3, Take on Journeymen (core rules; facts sheet sections 2 and 6)."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.journeymen import (
    JOURNEYMAN_TRAIT,
    journeyman_positions,
    journeymen_for,
    journeymen_needed,
)
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.errors import RulesError


def make_team(roster: str, position: str, count: int, *, mng: int = 0, retired: int = 0):
    players = tuple(
        PlayerState(
            id=i,
            name=f"Player {i}",
            position_slug=position,
            miss_next_game=i < mng,
            temporarily_retired=mng <= i < mng + retired,
        )
        for i in range(count)
    )
    return TeamState(name=roster.title(), roster_slug=roster, players=players)


@pytest.mark.parametrize(
    ("count", "mng", "retired", "needed"),
    [
        (11, 0, 0, 0),
        (12, 0, 0, 0),
        (11, 1, 0, 1),  # eleven players, one misses the game
        (16, 6, 0, 1),  # sixteen on the roster, only ten available
        (11, 0, 2, 2),  # temporarily retired players are not available either
        (8, 0, 0, 3),
        (3, 2, 0, 10),
    ],
)
def test_journeymen_bring_the_available_players_up_to_eleven(count, mng, retired, needed):
    team = make_team("human", "human-lineman", count, mng=mng, retired=retired)
    assert journeymen_needed(team) == needed


def test_a_sixteen_player_team_with_six_mng_takes_one_journeyman_and_goes_to_17(bb2020):
    team = make_team("human", "human-lineman", 16, mng=6)
    result = journeymen_for(bb2020, team, "home")
    assert result.needed == 1
    # "Journeymen may take the total number of players on the team temporarily above 16".
    assert len(team.players) + len(result.players) == 17
    # "... but cannot take the number of players available for this game above 11."
    assert len(team.available_players) + len(result.players) == 11


def test_journeymen_are_linemen_with_loner_4(bb2020):
    result = journeymen_for(bb2020, make_team("orc", "orc-lineman", 9), "away")
    assert result.positions == ("orc-lineman", "orc-lineman")
    for player in result.players:
        assert player.journeyman
        assert player.skills == (JOURNEYMAN_TRAIT,) == ("Loner (4+)",)
        assert player.available
    assert [p.id for p in result.players] == ["away-journeyman-1", "away-journeyman-2"]


def test_journeymen_add_their_hiring_cost_to_ctv(bb2020):
    result = journeymen_for(bb2020, make_team("human", "human-lineman", 10), "home")
    assert (result.ctv_before, result.ctv_after) == (500_000, 550_000)


@pytest.mark.parametrize(
    ("roster", "position"), [("ogre", "ogre-gnoblar-lineman"), ("snotling", "snotling-lineman")]
)
def test_low_cost_linemen_journeymen_add_nothing_to_ctv(bb2020, roster, position):
    # Facts section 2: "Journeymen add their hiring cost to CTV (not for Low Cost Linemen teams)".
    result = journeymen_for(bb2020, make_team(roster, position, 9), "home")
    assert result.needed == 2
    assert result.ctv_after == result.ctv_before


def test_no_journeymen_no_change(bb2020):
    result = journeymen_for(bb2020, make_team("human", "human-lineman", 11), "home")
    assert result.players == ()
    assert result.ctv_after == result.ctv_before == 550_000


def test_shambling_undead_coach_chooses_skeleton_or_zombie(bb2020):
    roster = bb2020.rosters["shambling-undead"]
    assert [p.slug for p in journeyman_positions(roster)] == [
        "shambling-undead-skeleton-lineman",
        "shambling-undead-zombie-lineman",
    ]
    team = make_team("shambling-undead", "shambling-undead-zombie-lineman", 9)
    assert journeymen_for(bb2020, team, "home") is None  # the engine never guesses
    zombies = journeymen_for(bb2020, team, "home", "shambling-undead-zombie-lineman")
    assert zombies.positions == ("shambling-undead-zombie-lineman",) * 2
    mixed = journeymen_for(bb2020, team, "home", ["Skeleton Lineman", "zombie-lineman"])
    assert mixed.positions == (
        "shambling-undead-skeleton-lineman",
        "shambling-undead-zombie-lineman",
    )


def test_a_journeyman_must_be_a_lineman(bb2020):
    team = make_team("shambling-undead", "shambling-undead-zombie-lineman", 10)
    with pytest.raises(RulesError) as caught:
        journeymen_for(bb2020, team, "home", "shambling-undead-wight-blitzer")
    assert caught.value.messages == [
        "Journeymen for Shambling Undead teams are Skeleton Lineman or Zombie Lineman; "
        "'shambling-undead-wight-blitzer' is not"
    ]
    with pytest.raises(RulesError, match="take 1 journeymen; 2 positions were given"):
        journeymen_for(bb2020, team, "home", ["zombie-lineman", "zombie-lineman"])


def test_a_team_needing_none_ignores_a_stored_position(bb2020):
    team = make_team("shambling-undead", "shambling-undead-zombie-lineman", 11)
    assert journeymen_for(bb2020, team, "home", ["zombie-lineman"]).players == ()
