"""The League Trophy in team value (facts §5: "League Trophy (one free re-roll while held,
counts in TV)"): one more team re-roll at the roster's price, in TV and CTV."""

from __future__ import annotations

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.team_value import (
    PlayerValueInput,
    TeamValueInput,
    current_team_value,
    team_value,
    team_value_breakdown,
)

BB2020 = get_ruleset("bb2020")
LINEMEN = tuple(PlayerValueInput("human-lineman") for _ in range(11))  # 11 x 50,000


def human(**changes) -> TeamValueInput:
    return TeamValueInput(roster_slug="human", players=LINEMEN, rerolls=2, **changes)


def test_the_trophy_counts_one_reroll_at_the_roster_price():
    reroll = BB2020.roster("human").reroll_cost
    assert reroll == 50_000
    without, held = human(), human(league_trophies=1)
    assert team_value(BB2020, without) == 550_000 + 2 * reroll
    assert team_value(BB2020, held) == 550_000 + 3 * reroll
    assert current_team_value(BB2020, held) == current_team_value(BB2020, without) + reroll
    parts = team_value_breakdown(BB2020, held)
    assert (parts.rerolls, parts.league_trophy) == (100_000, 50_000)
    assert parts.team_value == parts.players + parts.rerolls + parts.league_trophy


def test_the_price_is_the_roster_s():
    orcs = TeamValueInput(roster_slug="orc", league_trophies=1)
    assert team_value_breakdown(BB2020, orcs).league_trophy == BB2020.roster("orc").reroll_cost


def test_no_trophy_adds_nothing_and_a_negative_count_is_refused():
    assert team_value_breakdown(BB2020, human()).league_trophy == 0
    with pytest.raises(ValueError, match="League Trophies"):
        team_value_breakdown(BB2020, human(league_trophies=-1))


def test_the_team_state_takes_it_into_games_and_tv():
    state = TeamState(
        name="Champions",
        roster_slug="human",
        players=tuple(
            PlayerState(id=n, name=f"L{n}", position_slug="human-lineman", number=n)
            for n in range(1, 12)
        ),
        rerolls=2,
        league_trophies=1,
    )
    assert state.game_rerolls == 3
    assert state.value_input().league_trophies == 1
    assert team_value(BB2020, state.value_input()) == 550_000 + 3 * 50_000
    assert TeamState(name="x", roster_slug="human", rerolls=2).game_rerolls == 2
