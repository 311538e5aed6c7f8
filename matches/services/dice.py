"""A sequence's dice: a fresh secret seed, every roll stored in order, and a re-run
checked against the rolls stored (every roll is kept to audit and replay a match)."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from typing import Any

from matches.models import DiceRoll, Match, Report
from rules_engine.dice import Dice, KeyedDice, SeededDice
from rules_engine.sequence import SequenceResult
from rules_engine.wording import as_plain, english


def new_seed() -> int:
    """A fresh secret seed for one sequence's dice (fits a signed 64-bit column)."""
    return secrets.randbits(63)


def sequence_dice(match: Match, seed: int | None) -> Dice:
    """The dice of one of the match's sequences on ``seed``: keyed by purpose, or for a
    match recorded before the keyed dice (``Match.DiceScheme.STREAM``) the one stream
    its stored rolls were made from, so it replays and its fingerprints still match."""
    if match.dice_scheme == Match.DiceScheme.STREAM:
        return SeededDice(seed)
    return KeyedDice(new_seed() if seed is None else seed)


def dice_digest(rolls: Iterable[Any]) -> str:
    """A short fingerprint of a step's rolls (purpose, die and result of each, in
    order): kept with the step so a re-run can be checked against the rolls stored
    without reading them back. (A roll's result as it is: JSON writes a pair of dice,
    a tuple, as the list ``as_dict`` gives. A purpose is read in English, whether a
    sentence or a stored row's text: the fingerprint is the same in every language.)"""
    text = json.dumps([[english(r.purpose), r.die, r.result] for r in rolls])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def check_replay(
    match: Match,
    sequence: str,
    stored: dict[str, Any] | None,
    result: SequenceResult,
    before: str | None = None,
) -> None:
    """Refuse a re-run whose steps already stored (those before ``before``) rolled
    otherwise than they did: the seed is the same, so only a change of the rules'
    code between the two runs can do it, and the stored rolls would then no longer
    be the ones the result was made from (every roll is kept to audit and replay a
    match). A step's stored rolls are checked against the first ones it makes now
    (one that waited for an answer may roll more once answered). Steps stored before
    fingerprints were kept are not checked."""
    made = {step.step: step.rolls for step in result.steps}
    for step in (stored or {}).get("steps", []):
        if before is not None and step.get("step") == before:
            break
        digest = step.get("dice")
        if digest is None or step.get("step") not in made:
            continue
        # A step stored waiting for an answer may roll more once answered: its
        # stored rolls are the first ones it makes.
        if dice_digest(made[step["step"]][: step.get("rolls", 0)]) != digest:
            raise RuntimeError(f"{match.label}: the {sequence} dice did not replay the same")


def store_rolls(
    match: Match,
    sequence: str,
    result: SequenceResult,
    report: Report | None = None,
    *,
    replaced: bool = False,
    stored: int | None = None,
) -> None:
    """Store every roll of ``result`` not stored yet, numbered in order, each with its
    purpose in English and as the engine's sentence (``purpose_said``: a page shows it
    in its reader's language).

    A sequence re-run on the same seed with more answers makes the same rolls up to
    where it stopped, so only the new ones are added: one insert that skips the
    indexes already stored (the unique (match or report, index) constraints of
    ``DiceRoll``), none when ``stored`` (how many the caller knows are stored, from
    the result it stored last) says there is nothing new. ``replaced``: the caller
    deleted the sequence's rolls, so none is stored yet. A re-run with fewer rolls
    than were stored would be a bug and is refused.
    """
    rows = [(step.step, roll) for step in result.steps for roll in step.rolls]  # engine order
    if replaced:
        stored = 0
    if stored is not None and len(rows) < stored:
        raise RuntimeError(f"{match.label}: the {sequence} dice did not replay the same")
    if stored is not None and len(rows) == stored:
        return
    DiceRoll.objects.bulk_create(
        [
            DiceRoll(
                match_id=match.pk,
                report=report,
                sequence=sequence,
                index=index,
                step=step,
                purpose=english(roll.purpose),
                purpose_said=as_plain(roll.purpose),
                die=roll.die,
                result=roll.as_dict()["result"],  # an int, a string or a list of two ints
            )
            for index, (step, roll) in enumerate(rows)
            if stored is None or index >= stored
        ],
        ignore_conflicts=not replaced,
    )


def stored_rolls(result_json: dict[str, Any] | None, before: str | None = None) -> int:
    """How many rolls a sequence result stored as JSON (``steps_json``) counts, in its
    steps before ``before`` (all of them without it)."""
    count = 0
    for step in (result_json or {}).get("steps", []):
        if before is not None and step.get("step") == before:
            break
        count += step.get("rolls", 0)
    return count
