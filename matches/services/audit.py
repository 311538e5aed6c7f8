"""The audit row of a change to a match."""

from __future__ import annotations

from typing import Any

from core.types import Actor
from matches.models import Match
from rules_engine.wording import Shown, say
from teams.audit import log_action


def log_match(actor: Actor, action: str, message: Shown, match: Match, **data: Any) -> None:
    """The audit row (teams/audit.py) of a change to ``match``, filed under its league and
    both teams; call it in the service's transaction. ``message`` is best a ``say()``
    sentence: the row keeps it, to be read in each reader's language."""
    fixture = match.fixture
    log_action(
        actor,
        action,
        say(
            "{match} ({home} v {away}): {message}",
            match=match.title,
            home=fixture.home.name,
            away=fixture.away.name,
            message=message,
        ),
        league=fixture.season.league_id,
        team=fixture.home_id,
        other_team=fixture.away_id,
        match=match.pk,
        fixture=fixture.pk,
        **data,
    )
