"""Which dice a match's sequences roll: keyed by purpose for a new match, the one
stream of old for a match recorded before, so its stored rolls replay as made."""

from __future__ import annotations

from matches.models import Match
from matches.services.dice import sequence_dice
from rules_engine.dice import KeyedDice, SeededDice


def test_a_match_recorded_before_keyed_dice_keeps_its_stream() -> None:
    old = Match(dice_scheme=Match.DiceScheme.STREAM)
    new = Match()
    assert new.dice_scheme == Match.DiceScheme.KEYED
    assert isinstance(sequence_dice(new, 5), KeyedDice)
    stream, reference = sequence_dice(old, 5), SeededDice(5)
    assert isinstance(stream, SeededDice)
    assert [stream.d6("x") for _ in range(6)] == [reference.d6("x") for _ in range(6)]
