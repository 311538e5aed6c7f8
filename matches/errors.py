"""Domain errors of the matches app.

``MatchError`` is a ``rules_engine.errors.RulesError``: the API answers 400
with every reason, a page shows them as form errors. ``ReportConflict`` is not
a rules problem but a second report for a match already reported: the API
answers 409 and points to corrections.
"""

from __future__ import annotations

from rules_engine.errors import RulesError


class MatchError(RulesError):
    """A match step the rules or the match's state do not allow."""


class ReportError(MatchError):
    """A match report that does not add up; ``messages`` lists every reason."""


class ReportConflict(Exception):
    """The match already has a report (or the idempotency key was used for another)."""

    def __init__(self, message: str, report_id: int | None = None) -> None:
        self.message = message
        self.report_id = report_id
        super().__init__(message)
