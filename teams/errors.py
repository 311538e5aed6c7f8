"""Domain errors of the teams app.

Each is a ``rules_engine.errors.RulesError``, so the API answers 400 with the
message and a page shows it as a form error; messages are sentences for the
coach. Draft problems use the engine's own ``DraftError`` and advancement
problems its ``AdvancementError``.
"""

from __future__ import annotations

from rules_engine.errors import RulesError


class TeamError(RulesError):
    """A roster change the rules or the team's state do not allow."""


class TeamProfileError(TeamError):
    """A logo or description the team's page cannot take; ``field`` names the input
    ("logo", "description") so the API and the form put the reason beside it."""

    def __init__(self, messages: str | list[str], field: str | None = None) -> None:
        super().__init__(messages)
        self.field = field


class TreasuryError(TeamError):
    """Not enough gold for a purchase: the treasury may never go below zero."""
