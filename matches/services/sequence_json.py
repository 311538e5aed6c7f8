"""The engine's sequence results (pre-game, post-game) as the match and its report
store them: plain JSON, each step with its outcome, its pending choices and a
fingerprint of its dice."""

from __future__ import annotations

import json
from typing import Any

from matches.services.dice import dice_digest
from matches.services.snapshots import _default
from rules_engine.sequence import Choice, SequenceResult
from rules_engine.shared import SharedDict, SharedList


def plain(value: Any) -> Any:
    """Engine output as JSON (tuples to lists, dict keys to strings): what
    ``json.loads(json.dumps(value, default=...))`` gives. Strings, numbers, booleans,
    None, lists, tuples and dicts keyed by strings (their exact types, and the engine's
    shared rows, ``rules_engine.shared``) are copied as they are (no round trip
    through JSON text), a string's subclass as its text; anything else (an
    engine object, a dict with other keys, another subclass) goes through JSON, which
    gives the same for any part as for the whole."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value
    if kind is dict or kind is SharedDict:
        copied = {}
        for key, item in value.items():
            if type(key) is not str:
                return _through_json(value)
            copied[key] = plain(item)
        return copied
    if kind is list or kind is tuple or kind is SharedList:
        return [plain(item) for item in value]
    if isinstance(value, str):  # a rule's name (RuleName): JSON writes its text
        return str.__str__(value)
    return _through_json(value)


def _through_json(value: Any) -> Any:
    return json.loads(json.dumps(value, default=_default))


def choice_json(choice: Choice) -> dict[str, Any]:
    return {
        "side": choice.side,
        "kind": choice.kind,
        "prompt": choice.prompt,
        "options": plain(dict(choice.options)),
    }


def steps_json(result: SequenceResult) -> list[dict[str, Any]]:
    return [
        {
            "step": step.step,
            "title": step.title,
            "rule": step.rule,
            "complete": step.complete,
            "outcome": plain(dict(step.outcome)),
            "pending": [choice_json(c) for c in step.pending],
            "rolls": len(step.rolls),
            "dice": dice_digest(step.rolls),
        }
        for step in result.steps
    ]
