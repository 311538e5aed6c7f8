"""The engine's sentences for a coach (``rules_engine.wording``) as the English the
tests pin: a ``Wording`` is not a ``str``, so a test reads its English text."""

from __future__ import annotations

from collections.abc import Iterable

from rules_engine.draft import DraftProposal
from rules_engine.draft import validate_draft as engine_validate_draft
from rules_engine.ruleset import Ruleset
from rules_engine.wording import Shown, english


def in_english(texts: Iterable[Shown]) -> list[str]:
    """Each sentence in English."""
    return [english(text) for text in texts]


def validate_draft(ruleset: Ruleset, proposal: DraftProposal) -> list[str]:
    """``rules_engine.draft.validate_draft``'s problems, in English."""
    return in_english(engine_validate_draft(ruleset, proposal))
