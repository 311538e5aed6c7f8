"""Reminders Celery beat sends every five minutes (``tasks.send_reminders``):

- a **deadline warning**: an open fixture (not played, its deadline not acted on) whose
  deadline (its own, else its round's: a date, ending at midnight in the league's time
  zone) ends within the league's ``HouseRules.deadline_warning_hours`` (48 without a
  row): both coaches by e-mail and the league's webhooks, once per fixture (and
  deadline: a deadline moved later warns again);
- a **kick-off reminder**: an open fixture whose agreed ``kickoff_at`` is within the
  league's ``HouseRules.kickoff_reminder_minutes`` (120 without a row): both coaches
  and the webhooks, once per fixture and kick-off time (a kick-off moved reminds
  again).

"Once" is the events' keys (the outbox's and the deliveries' unique keys), so a run
repeated, or two beats, send nothing twice. Each league's windows are its own; the
query only narrows the candidates to the longest window any league has.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Max, Q
from django.utils import timezone

from leagues.models import Fixture, HouseRules, League
from matches.models import Match
from notifications import emails, events, webhooks

logger = logging.getLogger(__name__)

DEFAULT_WARNING_HOURS: int = HouseRules._meta.get_field("deadline_warning_hours").get_default()
DEFAULT_REMINDER_MINUTES: int = HouseRules._meta.get_field("kickoff_reminder_minutes").get_default()

# A match whose report is in: played, whatever the fixture's status says until the
# post-game closes it.
REPORTED = (
    Match.Status.CONFIRMING,
    Match.Status.REPORT_SUBMITTED,
    Match.Status.POST_GAME,
    Match.Status.CLOSED,
)
# A match whose pre-game has begun: its coaches need no reminder of the kick-off.
BEGUN = (Match.Status.PRE_GAME, Match.Status.IN_PLAY, *REPORTED)


def windows(league_ids: set[int]) -> dict[int, tuple[timedelta, timedelta]]:
    """Each league's (deadline warning, kick-off reminder) window from its house rules."""
    found = {
        row["league_id"]: (
            timedelta(hours=row["deadline_warning_hours"]),
            timedelta(minutes=row["kickoff_reminder_minutes"]),
        )
        for row in HouseRules.objects.filter(league_id__in=league_ids).values(
            "league_id", "deadline_warning_hours", "kickoff_reminder_minutes"
        )
    }
    default = (timedelta(hours=DEFAULT_WARNING_HOURS), timedelta(minutes=DEFAULT_REMINDER_MINUTES))
    return {league_id: found.get(league_id, default) for league_id in league_ids}


def _longest(field: str, default: int) -> int:
    longest = HouseRules.objects.aggregate(longest=Max(field))["longest"]
    return max(longest or 0, default)


def _open_fixtures(*, match_not_in: tuple[str, ...]) -> Any:
    """Open fixtures (a held one too: its deadline may have been moved) whose match, if
    any, is not in one of ``match_not_in``."""
    return (
        Fixture.objects.filter(status__in=Fixture.OPEN_STATUSES)
        .exclude(match__status__in=match_not_in)
        .select_related("season__league", "round", "home__coach", "away__coach")
        .order_by("id")
    )


def deadline_warnings_due(now: datetime) -> list[Fixture]:
    """The open fixtures whose deadline ends within their league's warning window."""
    hours = _longest("deadline_warning_hours", DEFAULT_WARNING_HOURS)
    # Deadline days are dates in the leagues' zones (UTC-12 to UTC+14): a day either
    # side of the UTC dates covers every zone.
    first = (now - timedelta(days=1)).date()
    last = (now + timedelta(hours=hours, days=2)).date()
    candidates = list(
        _open_fixtures(match_not_in=REPORTED).filter(
            Q(deadline__range=(first, last))
            | Q(deadline__isnull=True, round__deadline__range=(first, last))
        )
    )
    spans = windows({fixture.season.league_id for fixture in candidates})
    due = []
    for fixture in candidates:
        league: League = fixture.season.league
        day = events.deadline_day(fixture)
        if day is None:
            continue
        passes_at = events.deadline_passes_at(day, events.league_zone(league))
        if now < passes_at <= now + spans[league.pk][0]:
            due.append(fixture)
    return due


def kickoff_reminders_due(now: datetime) -> list[Fixture]:
    """The open fixtures whose kick-off is within their league's reminder window."""
    minutes = _longest("kickoff_reminder_minutes", DEFAULT_REMINDER_MINUTES)
    candidates = list(
        _open_fixtures(match_not_in=BEGUN).filter(
            kickoff_at__gt=now, kickoff_at__lte=now + timedelta(minutes=minutes)
        )
    )
    spans = windows({fixture.season.league_id for fixture in candidates})
    return [
        fixture
        for fixture in candidates
        if fixture.kickoff_at is not None
        and fixture.kickoff_at <= now + spans[fixture.season.league_id][1]
    ]


def _announce(fixture: Fixture, build: Callable[[Fixture], events.Event | None], mail: Any) -> int:
    """The event's webhook deliveries (in the league's language) and mails (each in
    its coach's), each once; how many were made now. A failure is logged and the run
    goes on with the next fixture."""
    event = build(fixture)
    if event is None:
        return 0
    try:
        made = len(webhooks.record_in_league_language(event, lambda: build(fixture)))
        return made + mail(fixture, event)
    except Exception:
        logger.exception("reminders: %s of fixture %s not sent", event.kind, fixture.pk)
        return 0


def send_due(now: datetime | None = None) -> int:
    """Every deadline warning and kick-off reminder due at ``now``, each once; how many
    mails and webhook deliveries were made."""
    now = now or timezone.now()
    made = 0
    for fixture in deadline_warnings_due(now):
        made += _announce(fixture, events.deadline_warning_event, emails.deadline_warning)
    for fixture in kickoff_reminders_due(now):
        made += _announce(fixture, events.kickoff_reminder_event, emails.kickoff_reminder)
    return made
