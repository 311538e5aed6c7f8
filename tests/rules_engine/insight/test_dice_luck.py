"""Dice luck: the fair distributions, each die's test and its verdict, hand-computed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_engine.dice import BLOCK_DIE_FACES
from rules_engine.insight import (
    SIDE_MARKERS,
    expected_distribution,
    face_of,
    judge_dice,
    judge_die,
    minimum_rolls,
    side_of_purpose,
)


def test_expected_distributions_follow_from_the_dice():
    assert expected_distribution("d6") == {face: Fraction(1, 6) for face in range(1, 7)}
    assert expected_distribution("d3") == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    assert list(expected_distribution("d8")) == list(range(1, 9))
    assert sum(expected_distribution("d16").values()) == 1
    # 2D6 by total: 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways in 36.
    ways = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert expected_distribution("2d6") == {
        total: Fraction(n, 36) for total, n in zip(range(2, 13), ways, strict=True)
    }
    # BB2020 "Block dice": six faces, Push Back on two of them.
    block = expected_distribution("block")
    assert set(block) == set(BLOCK_DIE_FACES)
    assert block["Push Back"] == Fraction(1, 3)
    assert block["POW!"] == Fraction(1, 6)


def test_faces_of_stored_rolls():
    assert face_of("2d6", [1, 5]) == 6
    assert face_of("d6", 4) == 4
    assert face_of("block", "POW!") == "POW!"


def test_fewest_rolls_a_test_needs_cochran():
    # D6: 5 expected per face -> 30; 2D6: the two 1-in-36 totals may be below 5 (2 of 11
    # faces is within a fifth) but the 2-in-36 ones may not -> 5 * 36 / 2 = 90.
    assert minimum_rolls("d6") == 30
    assert minimum_rolls("d3") == 15
    assert minimum_rolls("2d6") == 90
    assert minimum_rolls("block") == 30


def test_a_d6_a_little_off_is_nothing_unusual():
    luck = judge_die("d6", {1: 10, 2: 4, 3: 6, 4: 3, 5: 3, 6: 4})
    assert luck.rolls == 30
    assert luck.chi_square == pytest.approx(7.2)
    assert luck.degrees_of_freedom == 5
    assert luck.p_value == pytest.approx(0.2062, abs=1e-4)
    assert luck.average == pytest.approx(87 / 30)
    assert luck.fair_average == pytest.approx(3.5)
    # 2.9 against 3.5 is 1.92 standard errors (sqrt(35/12/30)): not called low.
    assert (
        luck.verdict.english()
        == "Nothing unusual: fair dice spread at least this unevenly 21% of the time."
    )
    assert [f.expected for f in luck.faces] == [5.0] * 6


def test_a_d6_full_of_sixes_is_very_unusual_and_high():
    # 60 rolls, 30 sixes and 6 of each other face: (5 * 16 + 400) / 10 = 48.
    luck = judge_die("d6", {1: 6, 2: 6, 3: 6, 4: 6, 5: 6, 6: 30})
    assert luck.chi_square == pytest.approx(48.0)
    assert luck.p_value < 0.001
    assert luck.verdict.english() == (
        "Very unusual: fair dice spread this unevenly only once in more than 1,000 times; "
        "they rolled high. Worth a look, not proof: among many teams, some will."
    )


def test_unusual_at_a_few_percent():
    # 30 D6: 12 ones, 6 twos, 4 threes, 4 fours, 2 fives, 2 sixes:
    # (49 + 1 + 1 + 1 + 9 + 9) / 5 = 14.0, 5 degrees of freedom -> p = 0.0156.
    luck = judge_die("d6", {1: 12, 2: 6, 3: 4, 4: 4, 5: 2, 6: 2})
    assert luck.chi_square == pytest.approx(14.0)
    assert luck.p_value == pytest.approx(0.0156, abs=1e-4)
    # Average 74 / 30 = 2.47 against 3.5: 3.3 standard errors low.
    assert luck.verdict.english() == (
        "Unusual: fair dice spread this unevenly only 2% of the time; they rolled low. "
        "Worth a look, not proof: among many teams, some will."
    )


def test_too_few_rolls_are_not_judged():
    luck = judge_die("2d6", {7: 20, 8: 16})
    assert luck.p_value is None and luck.chi_square is None
    assert luck.verdict.english() == "Too few rolls to judge: 36 so far, a fair test needs 90."
    assert judge_die("d6", {}).verdict.english() == "No rolls yet."


def test_an_unknown_face_is_refused():
    with pytest.raises(ValueError):
        judge_die("d3", {4: 1})


def test_dice_together_add_their_statistics():
    # D6 as above (7.2, 5 df) and an even D3 (0, 2 df): 7.2 on 7 df -> p = 0.4084.
    summary = judge_dice(
        {"d3": {1: 5, 2: 5, 3: 5}, "d6": {1: 10, 2: 4, 3: 6, 4: 3, 5: 3, 6: 4}, "d8": {}}
    )
    assert [d.die for d in summary.dice] == ["d6", "d3"]  # the page's order; none of the d8
    assert summary.rolls == 45
    assert summary.chi_square == pytest.approx(7.2)
    assert summary.degrees_of_freedom == 7
    assert summary.p_value == pytest.approx(0.4084, abs=1e-4)
    assert summary.verdict.english().startswith("Nothing unusual")


def test_dice_too_few_to_judge_together():
    summary = judge_dice({"d6": {6: 3}})
    assert summary.p_value is None
    assert summary.verdict.english() == "Too few rolls of any one die to judge yet."


@pytest.mark.parametrize(
    ("purpose", "side"),
    [
        ("Fair-weather fans (home)", "home"),
        ("Kicking team roll-off (away)", "away"),
        ("Dedicated Fans: home", "home"),
        ("MVP: away", "away"),
        ("Expensive Mistakes: home: Minor Incident", "home"),
        ("Fan Factor (away, 2D6)", "away"),
        ("Prayers to Nuffle (home)", "home"),
        ("Weather", None),
        ("Kick-off event", None),
    ],
)
def test_the_side_a_roll_was_made_for(purpose, side):
    assert side_of_purpose(purpose) == side


def test_side_markers_name_both_sides():
    assert set(SIDE_MARKERS) == {"home", "away"}
