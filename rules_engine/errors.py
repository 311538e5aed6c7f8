"""Domain errors of the rules engine.

Messages are sentences fit to show a coach; the apps turn them into HTTP 400
responses or form errors.
"""

from __future__ import annotations


class RulesError(Exception):
    """A request the rules do not allow. ``messages`` lists every reason."""

    def __init__(self, messages: str | list[str]) -> None:
        self.messages: list[str] = [messages] if isinstance(messages, str) else list(messages)
        super().__init__("; ".join(self.messages))


class DraftError(RulesError):
    """A team draft or roster change that breaks the draft rules."""


class InducementError(RulesError):
    """An inducement purchase the rules do not allow."""


class AdvancementError(RulesError):
    """A player advancement the rules do not allow."""


class RulesetDataError(Exception):
    """Ruleset data failed validation at load: a bug in the shipped data."""


class DiceScriptError(Exception):
    """A scripted or replayed roll does not fit what was asked for."""
