"""Fixtures for the Blitz Bowl tests: the ruleset and the two box teams as TeamState."""

from __future__ import annotations

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.ruleset import Ruleset

# "Each team consists of six players - three Linemen ... and three unique players."
LINEUPS: dict[str, tuple[str, ...]] = {
    "human": ("lineman", "lineman", "lineman", "blitzer", "thrower", "catcher"),
    "skaven": ("lineman", "lineman", "lineman", "blitzer", "thrower", "gutter-runner"),
}


def box_team(roster: str, name: str) -> TeamState:
    players = tuple(
        PlayerState(id=f"{roster}-{i}", name=f"{name} {i}", position_slug=f"{roster}-{position}")
        for i, position in enumerate(LINEUPS[roster], start=1)
    )
    return TeamState(name=name, roster_slug=roster, players=players)


@pytest.fixture(scope="session")
def blitz_bowl() -> Ruleset:
    return get_ruleset("blitz_bowl")


@pytest.fixture
def reavers() -> TeamState:
    return box_team("human", "The Reavers")


@pytest.fixture
def scramblers() -> TeamState:
    return box_team("skaven", "The Scramblers")
