"""Team value and current team value, facts sheet section 2 (p.35)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import get_ruleset
from rules_engine.draft import DraftProposal, draft_cost
from rules_engine.team_value import (
    PlayerValueInput,
    TeamValueInput,
    current_team_value,
    player_current_value,
    team_value,
    team_value_breakdown,
)


def players(position: str, count: int, **kwargs) -> list[PlayerValueInput]:
    return [PlayerValueInput(position, **kwargs) for _ in range(count)]


HUMAN_PLAYERS = (
    players("human-lineman", 6) + players("human-blitzer", 4) + players("human-thrower", 1)
)  # 6 x 50,000 + 4 x 85,000 + 80,000 = 720,000


def human_team(**changes) -> TeamValueInput:
    base = dict(
        roster_slug="human",
        players=HUMAN_PLAYERS,
        rerolls=2,
        assistant_coaches=1,
        cheerleaders=2,
        apothecary=True,
        dedicated_fans=3,
        treasury=45_000,
    )
    base.update(changes)
    return TeamValueInput(**base)


def test_human_team_value(bb2020):
    # 720,000 players + 2 x 50,000 re-rolls + 10,000 + 2 x 10,000 + 50,000 apothecary
    assert team_value(bb2020, human_team()) == 900_000
    assert current_team_value(bb2020, human_team()) == 900_000


def test_breakdown_shows_every_part(bb2020):
    parts = team_value_breakdown(bb2020, human_team())
    assert (parts.players, parts.rerolls, parts.sideline_staff) == (720_000, 100_000, 80_000)
    assert (parts.assistant_coaches, parts.cheerleaders, parts.apothecary) == (
        10_000,
        20_000,
        50_000,
    )
    assert parts.team_value == 900_000


def test_dedicated_fans_and_treasury_add_nothing(bb2020):
    assert team_value(bb2020, human_team(dedicated_fans=6, treasury=1_000_000)) == 900_000


def test_advancements_add_their_value_increases(bb2020):
    star = PlayerValueInput("human-blitzer", value_increases=60_000)
    team = human_team(players=[*HUMAN_PLAYERS, star])
    assert player_current_value(bb2020, bb2020.rosters["human"], star) == 145_000
    assert team_value(bb2020, team) == 900_000 + 145_000


def test_miss_next_game_leaves_ctv_not_tv(bb2020):
    hurt = PlayerValueInput("human-blitzer", value_increases=20_000, miss_next_game=True)
    team = human_team(players=[*HUMAN_PLAYERS, hurt])
    assert team_value(bb2020, team) == 1_005_000
    assert current_team_value(bb2020, team) == 900_000


def test_temporarily_retired_leave_ctv_once(bb2020):
    retired = PlayerValueInput("human-thrower", temporarily_retired=True, miss_next_game=True)
    team = human_team(players=[*HUMAN_PLAYERS, retired])
    parts = team_value_breakdown(bb2020, team)
    assert (parts.temporarily_retired, parts.missing_next_game) == (80_000, 0)
    assert (parts.team_value, parts.current_team_value) == (980_000, 900_000)


def test_journeymen_add_their_hiring_cost_to_ctv_only(bb2020):
    journeymen = players("human-lineman", 2, journeyman=True)
    team = human_team(players=[*HUMAN_PLAYERS, *journeymen])
    assert team_value(bb2020, team) == 900_000
    assert current_team_value(bb2020, team) == 1_000_000


def test_dead_and_fired_players_count_for_nothing(bb2020):
    gone = PlayerValueInput("human-blitzer", value_increases=40_000, dead_or_fired=True)
    assert team_value(bb2020, human_team(players=[*HUMAN_PLAYERS, gone])) == 900_000


def test_inducements_count_when_asked(bb2020):
    team = human_team(inducements_value=150_000)
    assert current_team_value(bb2020, team) == 900_000
    assert current_team_value(bb2020, team, include_inducements=True) == 1_050_000


def test_low_cost_linemen_leave_the_hiring_fee_out(bb2020):
    ogre = bb2020.rosters["ogre"]
    gnoblar = PlayerValueInput("ogre-gnoblar-lineman")
    assert player_current_value(bb2020, ogre, gnoblar) == 0
    veteran = PlayerValueInput("ogre-gnoblar-lineman", value_increases=20_000)
    assert player_current_value(bb2020, ogre, veteran) == 20_000
    blocker = PlayerValueInput("ogre-ogre-blocker")
    assert player_current_value(bb2020, ogre, blocker) == 140_000
    team = TeamValueInput(
        "ogre",
        players=[*players("ogre-gnoblar-lineman", 6), veteran, *players("ogre-ogre-blocker", 5)],
        rerolls=1,
    )
    assert team_value(bb2020, team) == 20_000 + 5 * 140_000 + 70_000


def test_low_cost_linemen_journeymen_add_nothing(bb2020):
    team = TeamValueInput(
        "snotling",
        players=[*players("snotling-lineman", 9), *players("snotling-lineman", 2, journeyman=True)],
    )
    assert current_team_value(bb2020, team) == 0
    assert team_value(bb2020, team) == 0


def test_unknown_position_and_impossible_staff_are_errors(bb2020):
    with pytest.raises(ValueError, match="Human teams have no position 'human-wizard'"):
        team_value(bb2020, human_team(players=[PlayerValueInput("human-wizard")]))
    with pytest.raises(ValueError, match="Shambling Undead teams may not hire an apothecary"):
        team_value(bb2020, TeamValueInput("shambling-undead", apothecary=True))
    with pytest.raises(ValueError, match="cannot be negative"):
        team_value(bb2020, human_team(rerolls=-1))


# --- invariants -----------------------------------------------------------------

BB2020 = get_ruleset("bb2020")


@st.composite
def teams(draw) -> TeamValueInput:
    roster = BB2020.rosters[draw(st.sampled_from(list(BB2020.rosters)))]
    positions = list(roster.positions)
    player = st.builds(
        PlayerValueInput,
        position_slug=st.sampled_from(positions),
        value_increases=st.integers(0, 24).map(lambda n: n * 10_000),
        miss_next_game=st.booleans(),
        temporarily_retired=st.booleans(),
        journeyman=st.booleans(),
        dead_or_fired=st.booleans(),
    )
    return TeamValueInput(
        roster.slug,
        players=draw(st.lists(player, max_size=20)),
        rerolls=draw(st.integers(0, 8)),
        assistant_coaches=draw(st.integers(0, 6)),
        cheerleaders=draw(st.integers(0, 12)),
        apothecary=draw(st.booleans()) and roster.apothecary_allowed,
        dedicated_fans=draw(st.integers(1, 7)),
        treasury=draw(st.integers(0, 500).map(lambda n: n * 5_000)),
        inducements_value=draw(st.integers(0, 100).map(lambda n: n * 5_000)),
    )


@settings(max_examples=150, deadline=None)
@given(teams())
def test_ctv_is_the_sum_of_its_parts(team):
    parts = team_value_breakdown(BB2020, team)
    roster = BB2020.rosters[team.roster_slug]
    hired = [p for p in team.players if not p.dead_or_fired and not p.journeyman]
    by_hand = sum(player_current_value(BB2020, roster, p) for p in hired)
    by_hand += (
        team.rerolls * roster.reroll_cost + (team.assistant_coaches + team.cheerleaders) * 10_000
    )
    by_hand += 50_000 if team.apothecary else 0
    assert team_value(BB2020, team) == parts.team_value == by_hand
    assert current_team_value(BB2020, team) == (
        parts.team_value - parts.missing_next_game - parts.temporarily_retired + parts.journeymen
    )
    assert current_team_value(BB2020, team, include_inducements=True) == (
        current_team_value(BB2020, team) + team.inducements_value
    )
    assert current_team_value(BB2020, team) <= team_value(BB2020, team) + parts.journeymen
    assert all(value % 5_000 == 0 for value in (parts.team_value, parts.current_team_value))


@settings(max_examples=100, deadline=None)
@given(teams())
def test_a_fresh_drafts_tv_is_its_cost_less_dedicated_fans(team):
    hired = [p for p in team.players if not (p.dead_or_fired or p.journeyman)]
    counts: dict[str, int] = {}
    for player in hired:
        counts[player.position_slug] = counts.get(player.position_slug, 0) + 1
    fresh = TeamValueInput(
        team.roster_slug,
        players=[PlayerValueInput(slug) for slug, n in counts.items() for _ in range(n)],
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        dedicated_fans=min(team.dedicated_fans, 6),
    )
    proposal = DraftProposal(
        team.roster_slug,
        players=counts,
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        dedicated_fans=fresh.dedicated_fans,
    )
    cost = draft_cost(BB2020, proposal)
    roster = BB2020.rosters[team.roster_slug]
    lcl_fees = sum(
        roster.positions[slug].cost * n
        for slug, n in counts.items()
        if roster.has_special_rule("Low Cost Linemen") and roster.is_lineman(roster.positions[slug])
    )
    assert team_value(BB2020, fresh) == cost.total - cost.dedicated_fans - lcl_fees
