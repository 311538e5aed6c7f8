"""Dice: scripted, replayed and seeded rolls, all recorded."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.dice import BLOCK_DIE_FACES, Roll, ScriptedDice, SeededDice
from rules_engine.errors import DiceScriptError
from rules_engine.wording import english

SINGLE_DICE = {"d3": 3, "d6": 6, "d8": 8, "d16": 16}


def test_scripted_dice_give_their_script_in_order_and_record_each_roll():
    dice = ScriptedDice([3, (2, 5), 14, "POW!"])
    assert dice.d6("Dedicated Fans") == 3
    assert dice.two_d6("Weather") == (2, 5)
    assert dice.d16("Prayers to Nuffle") == 14
    assert dice.block("Block") == "POW!"
    assert [(english(r.purpose), r.die, r.result) for r in dice.rolls] == [
        ("Dedicated Fans", "d6", 3),
        ("Weather", "2d6", (2, 5)),
        ("Prayers to Nuffle", "d16", 14),
        ("Block", "block", "POW!"),
    ]
    assert dice.remaining == 0


def test_a_used_up_script_says_which_roll_was_asked_for():
    dice = ScriptedDice([4])
    dice.d6("KO recovery")
    with pytest.raises(DiceScriptError, match="used up") as raised:
        dice.d16("Casualty roll")
    message = str(raised.value)
    assert "roll 2" in message and "D16" in message and "'Casualty roll'" in message
    assert "holds 1" in message


@pytest.mark.parametrize(
    ("die", "result"),
    [("d6", 7), ("d6", 0), ("d3", 4), ("d16", 17), ("d6", True), ("2d6", (1, 7)), ("2d6", 8)],
)
def test_a_scripted_result_the_die_cannot_show_is_refused(die, result):
    with pytest.raises(DiceScriptError):
        ScriptedDice([result]).roll(die, "test")


def test_a_block_die_face_must_be_a_real_face():
    with pytest.raises(DiceScriptError, match="not a face of the block die"):
        ScriptedDice(["Defender Stumbles"]).block("Block")


def test_an_unknown_die_is_refused():
    with pytest.raises(DiceScriptError, match="unknown die"):
        SeededDice(1).roll("d20", "test")


def test_replay_gives_back_stored_rolls():
    original = SeededDice(seed=2020)
    first = (original.two_d6("Weather"), original.d16("Prayers"), original.d6("Fans"))
    stored = original.rolls_as_dicts()
    replay = ScriptedDice.replay(stored)
    assert (replay.two_d6("Weather"), replay.d16("Prayers"), replay.d6("Fans")) == first
    assert replay.rolls == original.rolls


def test_replay_detects_a_different_purpose_or_die():
    stored = [Roll("Weather", "2d6", (3, 4)), Roll("Prayers", "d16", 9)]
    with pytest.raises(DiceScriptError, match="replay mismatch at roll 1"):
        ScriptedDice.replay(stored).two_d6("Kick-off Event")
    replay = ScriptedDice.replay(stored)
    replay.two_d6("Weather")
    with pytest.raises(DiceScriptError, match="stored D16 for 'Prayers', asked D6"):
        replay.d6("Prayers")


def test_roll_round_trips_through_a_dict_and_totals_two_dice():
    roll = Roll("Injury roll", "2d6", (4, 6))
    assert Roll.from_dict(roll.as_dict()) == roll and roll.total == 10
    assert Roll("KO recovery", "d6", 5).total == 5
    with pytest.raises(TypeError):
        _ = Roll("Block", "block", "POW!").total


@given(seed=st.integers())
def test_seeded_dice_are_reproducible_from_their_seed(seed):
    def session(dice):
        return [dice.two_d6("a"), dice.d16("b"), dice.d3("c"), dice.block("d"), dice.d8("e")]

    assert session(SeededDice(seed)) == session(SeededDice(seed))


def test_different_seeds_give_different_rolls():
    def sixty_d6(seed):
        dice = SeededDice(seed)
        return [dice.d6("x") for _ in range(60)]

    assert sixty_d6(1) != sixty_d6(2)


@given(seed=st.integers() | st.text(max_size=8), die=st.sampled_from(sorted(SINGLE_DICE)))
def test_seeded_single_dice_stay_on_their_faces(seed, die):
    dice = SeededDice(seed)
    for _ in range(20):
        assert 1 <= dice.roll(die, "range") <= SINGLE_DICE[die]


@given(seed=st.integers())
def test_seeded_two_d6_and_block_dice_stay_on_their_faces(seed):
    dice = SeededDice(seed)
    first, second = dice.two_d6("2d6")
    assert 1 <= first <= 6 and 1 <= second <= 6
    assert dice.block("block") in BLOCK_DIE_FACES


@given(
    seed=st.integers() | st.text(max_size=8),
    dice_asked=st.lists(st.sampled_from([*sorted(SINGLE_DICE), "2d6"]), min_size=1, max_size=30),
)
def test_seeded_dice_roll_what_random_randint_gives_from_the_same_seed(seed, dice_asked):
    # Stored matches replay from their seed: the fast draw must stay Random.randint's.
    dice, reference = SeededDice(seed), random.Random(seed)

    def expected(die):
        if die == "2d6":
            return (reference.randint(1, 6), reference.randint(1, 6))
        return reference.randint(1, SINGLE_DICE[die])

    assert [dice.roll(die, "x") for die in dice_asked] == [expected(die) for die in dice_asked]
