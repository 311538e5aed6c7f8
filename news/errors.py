"""Domain errors of the news: a ``RulesError``, so the API answers 400 with the
message (and the field it is about) and a page shows it as a form error
(core/errors.py)."""

from __future__ import annotations

from rules_engine.errors import RulesError


class NewsError(RulesError):
    """A news post or match report that cannot be written; the message says why."""

    def __init__(self, messages: str | list[str], field: str | None = None) -> None:
        super().__init__(messages)
        self.field = field
