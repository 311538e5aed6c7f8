"""Armour, injury and casualty rolls with scripted dice (core rules, Armour and Injuries)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.dice import ScriptedDice
from rules_engine.errors import RulesError
from rules_engine.injuries import (
    apothecary_choice,
    apply_lasting_injury,
    armour_roll,
    casualty_roll,
    injury_roll,
    ko_recovery,
    lasting_injury_roll,
    patch_up_casualty,
    patch_up_knocked_out,
    resolve_casualty,
)
from rules_engine.wording import english

d6 = st.integers(min_value=1, max_value=6)


# --- Armour rolls ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "av", "modifier", "broken"),
    [
        ((4, 4), 9, 0, False),  # 8 against AV9+ holds
        ((4, 5), 9, 0, True),  # 9 against AV9+ breaks: AV is a target number
        ((4, 4), 9, 1, True),  # Mighty Blow (+1) or a Foul's offensive assist
        ((6, 4), 10, -1, False),  # a Foul's defensive assist
        ((6, 6), 11, 0, True),
    ],
)
def test_armour_breaks_when_the_total_reaches_the_armour_value(dice, av, modifier, broken):
    result = armour_roll(ScriptedDice([dice]), av, modifier)
    assert result.broken is broken
    assert (result.roll, result.modifier, result.total) == (dice, modifier, sum(dice) + modifier)


@given(first=d6, second=d6, av=st.integers(3, 11), modifier=st.integers(-3, 3))
def test_armour_is_broken_exactly_when_the_total_reaches_av(first, second, av, modifier):
    result = armour_roll(ScriptedDice([(first, second)]), av, modifier)
    assert result.broken == (first + second + modifier >= av)


def test_an_armour_roll_is_recorded_and_reports_a_natural_double():
    dice = ScriptedDice([(2, 2)])
    result = armour_roll(dice, 8, 2, purpose="Foul: Armour roll")
    assert result.natural_double and result.total == 6 and not result.broken
    assert [(english(r.purpose), r.die, r.result) for r in dice.rolls] == [
        ("Foul: Armour roll", "2d6", (2, 2))
    ]


# --- Injury rolls ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "modifier", "stunty", "outcome"),
    [
        ((3, 4), 0, False, "Stunned"),
        ((4, 4), 0, False, "KO'd"),
        ((4, 5), 0, False, "KO'd"),
        ((5, 5), 0, False, "Casualty"),
        ((4, 5), 1, False, "Casualty"),  # Mighty Blow (+1)
        ((6, 6), 2, False, "Casualty"),  # past 12 reads "10+"
        ((1, 1), -1, False, "Stunned"),  # below 2 reads the bottom row
        ((3, 3), 0, True, "Stunned"),
        ((3, 4), 0, True, "KO'd"),
        ((4, 5), 0, True, "Badly Hurt"),
        ((4, 6), 0, True, "Casualty"),
    ],
)
def test_injury_roll(dice, modifier, stunty, outcome):
    result = injury_roll(ScriptedDice([dice]), modifier, stunty)
    assert result.outcome == outcome
    assert result.roll == dice and result.total == sum(dice) + modifier
    assert result.casualty_roll_needed is (outcome == "Casualty")


def test_a_stunty_badly_hurt_needs_no_casualty_roll():
    # Stunty Injury table, 9: "No Casualty roll is made. Instead, a Badly Hurt result
    # is automatically applied against them."
    result = injury_roll(ScriptedDice([(5, 4)]), stunty=True)
    assert result.entry.name == "Badly Hurt" and not result.casualty_roll_needed
    assert result.entry.effect["casualty"] == "Badly Hurt"


# --- Casualty and Lasting Injury rolls ------------------------------------------------


def test_a_casualty_roll_without_lasting_injury_rolls_one_d16():
    dice = ScriptedDice([8])
    result = casualty_roll(dice)
    assert (result.name, result.roll, result.total) == ("Seriously Hurt", 8, 8)
    assert result.miss_next_game and not result.niggling_injury and not result.dead
    assert result.lasting_injury is None and dice.remaining == 0


def test_a_lasting_injury_rolls_on_the_lasting_injury_table():
    dice = ScriptedDice([13, 5])
    result = casualty_roll(dice)
    assert result.name == "Lasting Injury" and result.miss_next_game
    assert result.lasting_injury is not None
    assert (result.lasting_injury.entry.name, result.lasting_injury.roll) == ("Neck Injury", 5)
    assert [(english(r.purpose), r.die) for r in dice.rolls] == [
        ("Casualty roll", "d16"),
        ("Lasting Injury roll", "d6"),
    ]


@pytest.mark.parametrize(
    ("d16", "niggling", "name"),
    [
        (6, 0, "Badly Hurt"),
        (6, 1, "Seriously Hurt"),  # +1 per Niggling Injury
        (9, 1, "Serious Injury"),
        (14, 2, "Dead"),
        (16, 3, "Dead"),  # capped at the top of the table
    ],
)
def test_niggling_injuries_add_one_each_to_the_casualty_roll(d16, niggling, name):
    result = casualty_roll(ScriptedDice([d16, 1]), niggling_injuries=niggling)
    assert result.name == name and result.modifier == niggling and result.roll == d16


def test_a_serious_injury_brings_a_niggling_injury():
    assert casualty_roll(ScriptedDice([11])).niggling_injury


def test_a_negative_niggling_count_is_refused():
    with pytest.raises(RulesError):
        casualty_roll(ScriptedDice([1]), niggling_injuries=-1)


def test_a_lasting_injury_can_wait_for_its_roll():
    dice = ScriptedDice([14, 1])
    result = casualty_roll(dice, resolve_lasting_injury=False)
    assert result.needs_lasting_injury_roll and dice.remaining == 1
    resolved = resolve_casualty(dice, result)
    assert resolved.lasting_injury is not None
    assert resolved.lasting_injury.entry.name == "Head Injury"
    assert resolve_casualty(dice, resolved) is resolved


# --- Apothecaries ---------------------------------------------------------------------


def test_the_apothecary_rolls_again_and_the_coach_keeps_the_badly_hurt():
    dice = ScriptedDice([10, 2])
    first = casualty_roll(dice, resolve_lasting_injury=False)
    first, second = patch_up_casualty(dice, first)
    assert (first.name, second.name) == ("Serious Injury", "Badly Hurt")
    assert english(dice.rolls[-1].purpose) == "Casualty roll (apothecary)"
    applied = apothecary_choice(first, second, second)
    # "If a Badly Hurt result is applied ... placed in the Reserves box."
    assert applied.patched_up and applied.placed_in == "Reserves box"


def test_the_coach_may_keep_the_first_result():
    first = casualty_roll(ScriptedDice([7]))
    _, second = patch_up_casualty(ScriptedDice([16]), first)
    applied = apothecary_choice(first, second, first)
    assert applied.name == "Seriously Hurt" and not applied.patched_up
    assert applied.placed_in == "Casualty box"


def test_a_chosen_lasting_injury_rolls_its_characteristic_once_applied():
    dice = ScriptedDice([15, 13, 6])
    first = casualty_roll(dice, resolve_lasting_injury=False)
    first, second = patch_up_casualty(dice, first)
    applied = apothecary_choice(first, second, second, dice)
    assert applied.lasting_injury is not None
    assert applied.lasting_injury.entry.name == "Dislocated Shoulder"
    assert dice.remaining == 0


def test_the_apothecary_niggling_modifier_applies_to_the_second_roll_too():
    first = casualty_roll(ScriptedDice([5]), niggling_injuries=1)
    _, second = patch_up_casualty(ScriptedDice([6]), first, niggling_injuries=1)
    assert (first.name, second.name) == ("Badly Hurt", "Seriously Hurt")


def test_the_apothecary_applies_one_of_the_two_results_only():
    first = casualty_roll(ScriptedDice([1]))
    second = casualty_roll(ScriptedDice([8]))
    other = casualty_roll(ScriptedDice([16]))
    with pytest.raises(RulesError, match="one of the two"):
        apothecary_choice(first, second, other)
    unresolved = casualty_roll(ScriptedDice([13]), resolve_lasting_injury=False)
    with pytest.raises(ValueError, match="needs dice"):
        apothecary_choice(first, unresolved, unresolved)


def test_a_patched_up_knocked_out_player():
    # Patching-up Knocked-out Players: on the pitch they stay and become Stunned;
    # from the crowd they go to the Reserves box.
    assert patch_up_knocked_out() == "Stunned"
    assert patch_up_knocked_out(in_crowd=True) == "Reserves box"


# --- KO recovery ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "kegs", "recovered"),
    [(1, 0, False), (3, 0, False), (4, 0, True), (6, 0, True), (3, 1, True), (1, 2, False)],
)
def test_ko_recovery_on_4_plus_with_a_keg_bonus(roll, kegs, recovered):
    result = ko_recovery(ScriptedDice([roll]), bloodweiser_kegs=kegs)
    assert bool(result) is recovered and result.roll == roll and result.modifier == kegs


def test_negative_kegs_are_refused():
    with pytest.raises(RulesError):
        ko_recovery(ScriptedDice([4]), bloodweiser_kegs=-1)


# --- Characteristic Reduction ----------------------------------------------------------

HUMAN_LINEMAN = {"ma": 6, "st": 3, "ag": 3, "pa": 4, "av": 9}


@pytest.mark.parametrize(
    ("roll", "characteristic", "after"),
    [
        (1, "av", 8),  # Head Injury: AV9+ becomes AV8+
        (3, "ma", 5),  # Smashed Knee
        (4, "pa", 5),  # Broken Arm: PA4+ becomes PA5+
        (5, "ag", 4),  # Neck Injury: AG3+ becomes AG4+
        (6, "st", 2),  # Dislocated Shoulder
    ],
)
def test_a_lasting_injury_reduces_one_characteristic(roll, characteristic, after):
    changed = apply_lasting_injury(HUMAN_LINEMAN, lasting_injury_roll(ScriptedDice([roll])))
    assert changed == {**HUMAN_LINEMAN, characteristic: after}


@pytest.mark.parametrize(
    ("roll", "characteristic", "value"),
    [(2, "av", 3), (5, "ag", 6), (4, "pa", 6), (6, "st", 1), (3, "ma", 1), (4, "pa", None)],
)
def test_no_characteristic_is_reduced_below_its_minimum(roll, characteristic, value):
    player = {**HUMAN_LINEMAN, characteristic: value}
    changed = apply_lasting_injury(player, lasting_injury_roll(ScriptedDice([roll])))
    assert changed[characteristic] == value
