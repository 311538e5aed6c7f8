"""Keyed dice: a roll is fixed by the seed, the step, its purpose, die and occurrence,
whatever else was rolled before it (a corrected report that adds a roll moves no other)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.dice import KeyedDice, SeededDice
from rules_engine.sequence import run_step
from rules_engine.wording import english


def _mvp_after(extra_rolls: int, seed: int) -> tuple[int, int]:
    dice = KeyedDice(seed)
    for _ in range(extra_rolls):
        dice.d6("Dedicated Fans: home")
    return dice.d8("MVP: home"), dice.d8("MVP: away")


@given(seed=st.integers(0, 2**63), extra=st.integers(1, 4))
def test_a_roll_added_before_moves_no_other_roll(seed: int, extra: int) -> None:
    assert _mvp_after(extra, seed) == _mvp_after(0, seed)


def test_the_stream_dice_did_move_them() -> None:
    """Why the keyed dice exist: on one stream, a roll added first shifts the rest."""
    moved = 0
    for seed in range(50):
        plain, shifted = SeededDice(seed), SeededDice(seed)
        shifted.d6("Dedicated Fans: home")
        moved += plain.d8("MVP: home") != shifted.d8("MVP: home")
    assert moved > 20


def test_each_occurrence_step_and_seed_is_its_own_roll() -> None:
    seen = set()
    for seed in range(40):
        dice = KeyedDice(seed)
        first, second = dice.d16("Casualty"), dice.d16("Casualty")
        again = KeyedDice(seed)
        assert (again.d16("Casualty"), again.d16("Casualty")) == (first, second)
        seen.add((first, second))
    assert len(seen) > 30  # not one fixed pair


def test_a_step_keys_the_rolls_made_in_it() -> None:
    def roll_in(step: str, seed: int) -> int:
        dice = KeyedDice(seed)
        made = run_step(step, step, "", dice, lambda: {"d6": dice.d6("Weather")})
        assert dice.step == ""  # back outside the step
        assert english(made.rolls[0].purpose) == "Weather"
        return int(made.outcome["d6"])

    assert roll_in("weather", 7) == roll_in("weather", 7)
    assert [roll_in("weather", s) for s in range(30)] != [roll_in("kick_off", s) for s in range(30)]
