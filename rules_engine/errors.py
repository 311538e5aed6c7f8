"""Domain errors of the rules engine.

Messages are sentences fit to show a coach; the apps turn them into HTTP 400
responses or form errors. A reason may be a :class:`~rules_engine.wording.Wording`
(written with ``say``), which reads in the language active when it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.wording import Shown, Wording


class RulesError(Exception):
    """A request the rules do not allow. ``messages`` lists every reason."""

    def __init__(self, messages: Shown | Sequence[Shown]) -> None:
        self.reasons: list[Shown] = (
            [messages] if isinstance(messages, (str, Wording)) else list(messages)
        )
        super().__init__(
            "; ".join(
                reason.english() if isinstance(reason, Wording) else reason
                for reason in self.reasons
            )
        )

    @property
    def messages(self) -> list[str]:
        """Every reason, in the language active now."""
        return [str(reason) for reason in self.reasons]


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
