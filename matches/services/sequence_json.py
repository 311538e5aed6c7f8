"""The engine's sequence results (pre-game, post-game) as the match and its report
store them: plain JSON, each step with its outcome, its pending choices and a
fingerprint of its dice.

A step's title and a choice's prompt are stored twice: in English ("title",
"prompt": what old readers, logs and the API read) and as the engine's sentence in
plain data ("title_said", "prompt_said", ``rules_engine.wording.as_plain``), which a
page renders in its reader's language when it reads the row
(``matches.selectors.sequences``). Never translated here: two coaches of one match
read it in two languages."""

from __future__ import annotations

import json
from typing import Any

from matches.services.dice import dice_digest
from matches.services.snapshots import _default
from rules_engine.sequence import Choice, SequenceResult
from rules_engine.shared import SharedDict, SharedList
from rules_engine.wording import as_plain, english, shown_from


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
        "prompt": english(choice.prompt),
        "prompt_said": as_plain(choice.prompt),
        "options": plain(dict(choice.options)),
    }


def steps_json(result: SequenceResult) -> list[dict[str, Any]]:
    return [
        {
            "step": step.step,
            "title": english(step.title),
            "title_said": as_plain(step.title),
            "rule": step.rule,
            "complete": step.complete,
            "outcome": plain(dict(step.outcome)),
            "pending": [choice_json(c) for c in step.pending],
            "rolls": len(step.rolls),
            "dice": dice_digest(step.rolls),
        }
        for step in result.steps
    ]


def shown(stored: dict[str, Any], key: str) -> str:
    """A stored step's title or choice's prompt (``key``: "title", "prompt") in the
    active language: its sentence ("<key>_said") rendered now, or the English text a
    row stored before sentences were kept (or a plain string)."""
    return str(shown_from(stored.get(f"{key}_said"), stored.get(key) or ""))


def shown_steps(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored steps with their titles and their pending prompts in the active language
    (copies: the stored rows are left as they are)."""
    return [
        {
            **step,
            "title": shown(step, "title"),
            "pending": [{**c, "prompt": shown(c, "prompt")} for c in step.get("pending", [])],
        }
        for step in steps
    ]
