"""Extra time and sudden death against the core rules (EXTRA TIME, SUDDEN DEATH)."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.extra_time import (
    EXTRA_TIME_TURNS,
    extra_time_needed,
    sudden_death,
)
from rules_engine.bb2020.report import MatchReport, TeamReport
from rules_engine.dice import ScriptedDice, SeededDice
from rules_engine.errors import RulesError
from rules_engine.wording import english


def test_extra_time_is_eight_turns_for_a_tied_game_that_needs_a_winner() -> None:
    assert EXTRA_TIME_TURNS == 8
    assert extra_time_needed(1, 1, needs_winner=True)
    assert not extra_time_needed(2, 1, needs_winner=True)
    assert not extra_time_needed(1, 1, needs_winner=False)


def test_sudden_death_five_roll_offs_ties_rerolled() -> None:
    script = [
        4,
        4,  # roll-off 1: tie, re-rolled
        5,
        2,  # home
        1,
        6,  # away
        3,
        3,  # roll-off 3: tie
        2,
        2,  # tie again
        6,
        1,  # home
        2,
        3,  # away
        5,
        4,  # home: 3-2
    ]
    dice = ScriptedDice(script)
    result = sudden_death(dice)
    assert dice.remaining == 0
    assert [r.winner for r in result.roll_offs] == ["home", "away", "home", "away", "home"]
    assert result.wins == {"home": 3, "away": 2}
    assert result.winner == "home"
    assert result.roll_offs[2].home_rolls == (3, 2, 6)
    assert english(result.rolls[0].purpose) == "Sudden death roll-off 1: home"


def test_sudden_death_always_has_a_winner() -> None:
    for seed in range(200):
        result = sudden_death(SeededDice(seed))
        assert len(result.roll_offs) == 5
        assert sum(result.wins.values()) == 5
        assert result.wins[result.winner] >= 3


def test_sudden_death_winner_in_the_report() -> None:
    report = MatchReport(TeamReport(1), TeamReport(1), sudden_death_winner="home")
    assert report.result("home") == "win" and report.result("away") == "loss"
    with pytest.raises(RulesError):
        MatchReport(TeamReport(2), TeamReport(1), sudden_death_winner="home")
