"""Domain errors of the notifications: a ``RulesError``, so the API answers 400 with
the message and a page shows it as a form error (core/errors.py)."""

from __future__ import annotations

from rules_engine.errors import RulesError


class NotificationError(RulesError):
    """A webhook or preference change that cannot be made; the message says why."""

    def __init__(self, messages: str | list[str], field: str | None = None) -> None:
        super().__init__(messages)
        self.field = field
