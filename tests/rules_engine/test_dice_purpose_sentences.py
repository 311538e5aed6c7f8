"""A roll's purpose is a sentence a coach reads in his language; the dice key, replay
and compare it by its English, so a roll is the same whatever language reads it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.forfeit import real_life_concession_award
from rules_engine.dice import KeyedDice, Roll, ScriptedDice
from rules_engine.errors import DiceScriptError
from rules_engine.wording import (
    Wording,
    english,
    from_plain,
    install_translator,
    installed_translator,
    say,
)
from tests.rules_engine.seeded_matches import make_match, resolve


@pytest.fixture
def marked() -> Iterator[None]:
    site = installed_translator()
    install_translator(lambda singular, plural, count: f"«{site(singular, plural, count)}»")
    yield
    install_translator(site)


def test_a_sentence_rolls_as_its_english_on_keyed_dice(marked):
    said, plain = KeyedDice(77), KeyedDice(77)
    said.step = plain.step = "weather"
    assert [said.two_d6(say("Weather")) for _ in range(5)] == [
        plain.two_d6("Weather") for _ in range(5)
    ]
    assert said.rolls == plain.rolls  # the same rolls, whichever way the purpose is held
    assert str(said.rolls[0].purpose) == "«Weather»" and plain.rolls[0].purpose == "Weather"


def test_a_stored_roll_replays_against_its_sentence_and_is_stored_in_english(marked):
    purpose = say("Kicking team roll-off ({side})", side="home")
    dice = KeyedDice(5)
    dice.d6(purpose)
    stored = [roll.as_dict() for roll in dice.rolls]
    assert stored[0]["purpose"] == "Kicking team roll-off (home)"
    replay = ScriptedDice.replay(stored)
    assert replay.d6(purpose) == stored[0]["result"]
    with pytest.raises(DiceScriptError, match="Kicking team roll-off \\(away\\)"):
        ScriptedDice.replay(stored).d6(say("Kicking team roll-off ({side})", side="away"))


def test_every_purpose_of_a_bench_match_is_a_sentence():
    ruleset = get_ruleset("bb2020")
    pre, post = resolve(ruleset, make_match(ruleset, 3))
    rolls = [roll for result in (pre, post) for step in result.steps for roll in step.rolls]
    assert rolls
    assert all(isinstance(roll.purpose, Wording) for roll in rolls)
    assert "Weather" in {english(roll.purpose) for roll in rolls}


def test_rolls_compare_by_their_english():
    assert Roll(say("Weather"), "2d6", (3, 4)) == Roll("Weather", "2d6", (3, 4))
    assert hash(Roll(say("Weather"), "2d6", (3, 4))) == hash(Roll("Weather", "2d6", (3, 4)))
    assert Roll(say("Weather"), "2d6", (3, 4)) != Roll("Changing Weather", "2d6", (3, 4))


def test_a_friendlys_concession_award_says_why_no_mvp(marked):
    ruleset = get_ruleset("bb2020")
    team = make_match(ruleset, 1).home
    award = real_life_concession_award(team, ScriptedDice([4]), league=False)
    assert award.reason == "A friendly awards no MVP"
    assert str(award.said) == "«A friendly awards no MVP»"
    assert from_plain(award.reason_said).english() == award.reason
    played = real_life_concession_award(team, KeyedDice(3))
    assert played.reason == "" and played.reason_said is None
