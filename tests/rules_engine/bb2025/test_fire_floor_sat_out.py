"""Facts section 8, step 4: firing never leaves fewer than 11 players eligible for the
next game. A player who sat this game out (MNG before it) is back for the next one
(step 6 clears his MNG), so he counts; one injured this game does not."""

from __future__ import annotations

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine.bb2025 import Bb2025MatchReport, Bb2025PlayerReport, Bb2025TeamReport
from rules_engine.dice import SeededDice
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from tests.rules_engine.bb2025.test_postgame_rulebook import ruleset, six, team

__all__ = ["ruleset"]  # the module's fixture, used here

NOMINEES = {"mvp_nominees": {"home": six("H"), "away": six("A")}}


def home_with_last_missing(count: int):
    home = team("H", count)
    last = home.players[-1].evolve(miss_next_game=True)
    return home.evolve(players=(*home.players[:-1], last))


def test_a_player_who_sat_the_game_out_counts_toward_the_eleven(ruleset: Ruleset) -> None:
    report = Bb2025MatchReport(Bb2025TeamReport(fan_factor=2), Bb2025TeamReport(fan_factor=2))
    choices = {**NOMINEES, "home": {"fire": ["H-1"]}, "away": {}}
    result = bb2025.post_game(
        ruleset, home_with_last_missing(12), team("A"), report, SeededDice(1), choices=choices
    )
    assert result.home is not None and len(result.home.team.players) == 11


def test_a_player_injured_this_game_does_not(ruleset: Ruleset) -> None:
    injured = Bb2025PlayerReport("H-12", miss_next_game=True)
    report = Bb2025MatchReport(
        Bb2025TeamReport(fan_factor=2, players=(injured,)), Bb2025TeamReport(fan_factor=2)
    )
    choices = {**NOMINEES, "home": {"fire": ["H-1"]}, "away": {}}
    with pytest.raises(RulesError, match="would leave 10"):
        bb2025.post_game(ruleset, team("H", 12), team("A"), report, SeededDice(1), choices=choices)
