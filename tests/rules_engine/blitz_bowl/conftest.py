"""Fixtures for the Blitz Bowl tests: the ruleset and the two box teams."""

from __future__ import annotations

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.state import TeamState
from rules_engine.ruleset import Ruleset
from tests.rules_engine.blitz_bowl.teams import box_team


@pytest.fixture(scope="session")
def blitz_bowl() -> Ruleset:
    return get_ruleset("blitz_bowl")


@pytest.fixture
def reavers() -> TeamState:
    return box_team("human", "The Reavers")


@pytest.fixture
def scramblers() -> TeamState:
    return box_team("skaven", "The Scramblers")
