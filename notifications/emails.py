"""E-mails to coaches: their next match, and decisions waiting for them.

- ``next_match`` (a fixture scheduled: a friendly or play-off made, a season's
  schedule drawn up; a match opened): each coach of the fixture, once per fixture
  (and once per opened match);
- ``decisions``: a report waiting for the coach's confirmation (the coaches of the
  match other than the one who submitted it), a post-game waiting for the coaches'
  hiring decisions (both coaches), once per report.

A coach who opted out of a kind (``EmailPreference``) or has no address gets none.
Each e-mail is recorded (``SentEmail``) in the transaction that sends it, so an event
saved again, or a task run twice, sends nothing twice. Sent through Django's mail
backend (``DEFAULT_FROM_EMAIL``), by a Celery task so no request waits for SMTP.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse

from leagues.models import Fixture, Season
from matches.models import Confirmation, Match, Report
from matches.models_postgame import PostGameApplication
from notifications.events import site_url
from notifications.models import EmailPreference, SentEmail

logger = logging.getLogger(__name__)

NEXT_MATCH = "next_match"
DECISIONS = "decisions"


def wants(user: Any, topic: str) -> bool:
    """Whether the coach takes e-mails of this kind: an address that can receive mail,
    and not opted out. An address under ``.invalid`` (RFC 2606: never deliverable; the
    demo league's coaches have them) gets nothing."""
    if not user.email or not user.is_active or user.email.lower().endswith(".invalid"):
        return False
    preference = EmailPreference.objects.filter(user=user).first()
    return preference is None or bool(getattr(preference, topic))


def send_once(user: Any, key: str, topic: str, subject: str, context: dict[str, Any]) -> bool:
    """E-mail the coach about one event unless he had it already or opted out."""
    if not wants(user, topic):
        return False
    preferences_url = site_url(reverse("notification-preferences"))
    body = render_to_string(
        "notifications/email.txt", {**context, "user": user, "preferences_url": preferences_url}
    )
    try:
        with transaction.atomic():
            SentEmail.objects.create(user=user, event_key=key, subject=subject[:200])
            send_mail(f"[Dugout] {subject}"[:200], body, None, [user.email])
    except IntegrityError:
        return False  # sent already
    return True


def _fixture_context(fixture: Fixture) -> dict[str, Any]:
    return {
        "fixture": fixture,
        "league": fixture.season.league,
        "url": site_url(reverse("fixture-detail", args=[fixture.pk])),
    }


def _fixtures() -> Any:
    return Fixture.objects.select_related("home__coach", "away__coach", "season__league", "round")


def _next_match_mail(fixture: Fixture, coaches: Iterable[Any]) -> int:
    sent = 0
    for coach in coaches:
        mine = fixture.home if fixture.home.coach_id == coach.pk else fixture.away
        other = fixture.away if mine is fixture.home else fixture.home
        context = {
            **_fixture_context(fixture),
            "lines": [
                f"Your next match in {fixture.season.league.name}: {mine.name} v {other.name}"
                f" ({other.coach.username}).",
                f"Deadline: {fixture.deadline:%d %b %Y}." if fixture.deadline else "",
            ],
        }
        subject = f"Your next match: {fixture.home.name} v {fixture.away.name}"
        sent += send_once(coach, f"next_match:fixture:{fixture.pk}", NEXT_MATCH, subject, context)
    return sent


def fixture_scheduled(fixture_id: int) -> int:
    fixture = _fixtures().filter(pk=fixture_id).first()
    if fixture is None or not fixture.is_open:
        return 0
    return _next_match_mail(fixture, {fixture.home.coach, fixture.away.coach})


def season_scheduled(season_id: int) -> int:
    """The schedule drawn up: each coach hears of each team's first fixture."""
    season = Season.objects.filter(pk=season_id, status=Season.Status.REGULAR_SEASON).first()
    if season is None:
        return 0
    firsts: dict[int, Fixture] = {}
    for fixture in _fixtures().filter(season=season, status__in=Fixture.OPEN_STATUSES):
        for team in (fixture.home, fixture.away):
            firsts.setdefault(team.pk, fixture)
    sent = 0
    for team_id, fixture in firsts.items():
        team = fixture.home if fixture.home_id == team_id else fixture.away
        sent += _next_match_mail(fixture, [team.coach])
    return sent


def match_opened(match_id: int) -> int:
    match = Match.objects.filter(pk=match_id).values_list("fixture_id", flat=True).first()
    fixture = _fixtures().filter(pk=match).first() if match else None
    if fixture is None:
        return 0
    context = {
        **_fixture_context(fixture),
        "lines": [f"The match {fixture} is open: the pre-game can start."],
        "url": site_url(reverse("match-detail", args=[match_id])),
    }
    subject = f"Match open: {fixture.home.name} v {fixture.away.name}"
    key = f"match_open:match:{match_id}"
    return sum(
        send_once(coach, key, NEXT_MATCH, subject, context)
        for coach in {fixture.home.coach, fixture.away.coach}
    )


# What an e-mail never reads of a report or its match: their JSON snapshots, which
# cost more to decode than the rest of the e-mail's work (the report POST
# waits for this task where Celery runs eagerly).
_SNAPSHOTS = tuple(
    f"{prefix}{field.name}"
    for prefix, model in (("", Report), ("match__", Match))
    for field in model._meta.concrete_fields
    if field.get_internal_type() == "JSONField"
)


def report_to_confirm(report_id: int) -> int:
    """The opponents of the coach who submitted the report: confirm or dispute it."""
    report = (
        Report.objects.filter(pk=report_id, is_current=True, confirmation=Confirmation.AWAITING)
        .select_related("match__fixture__home__coach", "match__fixture__away__coach")
        .defer(*_SNAPSHOTS)
        .first()
    )
    if report is None:
        return 0
    fixture = report.match.fixture
    score = (
        f"{fixture.home.name} {report.home_touchdowns}–{report.away_touchdowns} {fixture.away.name}"
    )
    context = {
        "lines": [
            f"A report waits for your confirmation: {score}.",
            "Confirm it, or dispute it and say why.",
        ],
        "url": site_url(reverse("match-detail", args=[report.match_id])),
    }
    coaches = {fixture.home.coach, fixture.away.coach}
    key = f"confirm:report:{report.pk}"
    return sum(
        send_once(coach, key, DECISIONS, f"Confirm the result: {score}", context)
        for coach in coaches
        if coach.pk != report.submitted_by_id
    )


def post_game_waiting(application_id: int) -> int:
    """Results applied, the rest waits for the coaches' hiring decisions."""
    application = (
        PostGameApplication.objects.filter(
            pk=application_id, phase=PostGameApplication.Phase.RESULTS
        )
        .select_related("match__fixture__home__coach", "match__fixture__away__coach")
        .defer(*(name for name in _SNAPSHOTS if name.startswith("match__")))
        .first()
    )
    if application is None:
        return 0
    fixture = application.match.fixture
    context = {
        "lines": [
            f"The post-game of {fixture} waits for your decisions: hire, fire or retire "
            "players, then say you are done.",
        ],
        "url": site_url(reverse("match-detail", args=[application.match_id])),
    }
    key = f"post_game:report:{application.report_id}"
    subject = f"Post-game decisions: {fixture}"
    return sum(
        send_once(coach, key, DECISIONS, subject, context)
        for coach in {fixture.home.coach, fixture.away.coach}
    )


SENDERS: dict[str, Callable[[int], int]] = {
    "fixture_scheduled": fixture_scheduled,
    "season_scheduled": season_scheduled,
    "match_opened": match_opened,
    "report_to_confirm": report_to_confirm,
    "post_game_waiting": post_game_waiting,
}


def send(kind: str, pk: int) -> int:
    """The e-mails of one event (a ``SENDERS`` key and the row's id); how many sent."""
    return SENDERS[kind](pk)


def set_preferences(user: Any, *, next_match: bool, decisions: bool) -> EmailPreference:
    """The coach's choice of e-mails."""
    preference, _ = EmailPreference.objects.update_or_create(
        user=user, defaults={"next_match": next_match, "decisions": decisions}
    )
    return preference


def preferences_of(user: Any) -> EmailPreference:
    """The coach's choices (both on when never set), unsaved when never set."""
    found = EmailPreference.objects.filter(user=user).first()
    return found or EmailPreference(user=user)
