"""E-mails to coaches: their next match, decisions waiting for them, their fixtures'
kick-offs and deadlines, and the league's news.

- ``next_match`` (a fixture scheduled: a friendly or play-off made, a season's
  schedule drawn up; a match opened): each coach of the fixture, once per fixture
  (and once per opened match);
- ``decisions``: a report waiting for the coach's confirmation (the coaches of the
  match other than the one who submitted it), a post-game waiting for the coaches'
  hiring decisions (both coaches), once per report; a fixture held for the
  commissioner when its deadline passed unplayed (the league's commissioners);
- ``fixtures``: a kick-off time agreed (both coaches, once per fixture and time), a
  deadline passed unplayed (both coaches, once per fixture), and the reminders of
  ``notifications.reminders`` (a deadline near, a kick-off near);
- ``news``: a league news post (the league's coaches but its author), a coach's match
  report (the other coach of the match).

A coach who opted out of a kind (``EmailPreference``) or has no address gets none.
Each e-mail is written to the outbox (``notifications.outbox``) under the event's key,
so an event saved again, or a task run twice, mails nothing twice; the outbox sends it
after the commit, by a Celery task, and again later while the mail server is away.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse

from leagues.models import Fixture, Season, TeamEntry
from matches.models import Confirmation, Match, Report
from matches.models_postgame import PostGameApplication
from news.models import LeagueNews, MatchReport
from notifications import events, outbox
from notifications.events import Event, site_url
from notifications.models import EmailPreference

logger = logging.getLogger(__name__)

NEXT_MATCH = "next_match"
DECISIONS = "decisions"
FIXTURES = "fixtures"
NEWS = "news"
TOPICS = (NEXT_MATCH, DECISIONS, FIXTURES, NEWS)


def wants(user: Any, topic: str) -> bool:
    """Whether the coach takes e-mails of this kind: an address that can receive mail,
    and not opted out. An address under ``.invalid`` (RFC 2606: never deliverable; the
    demo league's coaches have them) gets nothing."""
    if not user.email or not user.is_active or user.email.lower().endswith(".invalid"):
        return False
    preference = EmailPreference.objects.filter(user=user).first()
    return preference is None or bool(getattr(preference, topic))


def send_once(user: Any, key: str, topic: str, subject: str, context: dict[str, Any]) -> bool:
    """E-mail the coach about one event unless he had it already or opted out: written
    to the outbox, sent once the caller's transaction commits."""
    if not wants(user, topic):
        return False
    preferences_url = site_url(reverse("notification-preferences"))
    body = render_to_string(
        "notifications/email.txt", {**context, "user": user, "preferences_url": preferences_url}
    )
    made = outbox.enqueue(
        user.email, f"[Dugout] {subject}", body, user=user, key=key, category=topic
    )
    return made is not None


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


# --- fixtures: kick-offs and deadlines ----------------------------------------------


def _coaches(fixture: Fixture) -> list[Any]:
    coaches = {fixture.home.coach_id: fixture.home.coach, fixture.away.coach_id: fixture.away.coach}
    return list(coaches.values())


def event_mail(event: Event, users: Iterable[Any], topic: str, subject: str, *lines: str) -> int:
    """One event's mail to each of ``users`` who wants the topic, once each."""
    context = {"lines": [event.text, *lines], "url": event.url}
    return sum(send_once(user, event.key, topic, subject, context) for user in users)


def kickoff_agreed(fixture_id: int) -> int:
    """Both coaches: the kick-off time agreed, once per fixture and time."""
    event = events.kickoff_agreed_event(fixture_id)
    fixture = _fixtures().filter(pk=fixture_id).first()
    if event is None or fixture is None:
        return 0
    subject = f"Kick-off agreed: {fixture.home.name} v {fixture.away.name}"
    return event_mail(event, _coaches(fixture), FIXTURES, subject)


def deadline_passed(fixture_id: int) -> int:
    """The deadline acted on an unplayed fixture: both coaches hear how; when it is
    held, the league's commissioners hear a decision waits for them."""
    event = events.deadline_passed_event(fixture_id)
    fixture = _fixtures().filter(pk=fixture_id).first()
    if event is None or fixture is None:
        return 0
    names = f"{fixture.home.name} v {fixture.away.name}"
    sent = event_mail(event, _coaches(fixture), FIXTURES, f"Deadline passed: {names}")
    if event.data.get("held"):
        commissioners = fixture.season.league.commissioners.exclude(
            pk__in=[fixture.home.coach_id, fixture.away.coach_id]
        )
        sent += event_mail(
            event,
            commissioners,
            DECISIONS,
            f"Your decision: {names}",
            "It waits for a commissioner's decision: decide its result on the fixture's page.",
        )
    return sent


def deadline_warning(fixture: Fixture, event: Event) -> int:
    """Both coaches: the deadline is near and the fixture not played (once)."""
    subject = f"Deadline soon: {fixture.home.name} v {fixture.away.name}"
    line = "Play it, or agree a kick-off time with your opponent, before then."
    return event_mail(event, _coaches(fixture), FIXTURES, subject, line)


def kickoff_reminder(fixture: Fixture, event: Event) -> int:
    """Both coaches: the agreed kick-off is near (once per kick-off time)."""
    subject = f"Kick-off soon: {fixture.home.name} v {fixture.away.name}"
    return event_mail(event, _coaches(fixture), FIXTURES, subject)


# --- news and match reports ----------------------------------------------------------

EXCERPT_CHARS = 600


def _excerpt(markdown: str) -> str:
    """The start of a Markdown body, as its author typed it."""
    text = markdown.strip()
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS].rstrip() + "…"


def league_coaches(league_id: int) -> list[Any]:
    """The coaches of the teams entered in the league's latest season."""
    season = Season.objects.filter(league_id=league_id).order_by("-created_at", "-id").first()
    if season is None:
        return []
    entries = TeamEntry.objects.filter(season=season).select_related("team__coach")
    coaches = {entry.team.coach_id: entry.team.coach for entry in entries}
    return list(coaches.values())


def league_news(news_id: int) -> int:
    """The league's coaches (but its author): a news post, once each."""
    event = events.league_news_event(news_id)
    news = LeagueNews.objects.filter(pk=news_id).only("author_id", "body").first()
    if event is None or news is None:
        return 0
    readers = [c for c in league_coaches(event.league_id) if c.pk != news.author_id]
    subject = f"{event.league_name} news: {event.data['title']}"
    return event_mail(event, readers, NEWS, subject, _excerpt(news.body))


def match_report(report_id: int) -> int:
    """The other coach of the match: a match report about it, once."""
    event = events.match_report_event(report_id)
    written = (
        MatchReport.objects.filter(pk=report_id)
        .select_related("match__fixture__home__coach", "match__fixture__away__coach")
        .first()
    )
    if event is None or written is None:
        return 0
    readers = [c for c in _coaches(written.match.fixture) if c.pk != written.author_id]
    subject = f"Match report: {event.text}"
    return event_mail(event, readers, NEWS, subject, _excerpt(written.body))


SENDERS: dict[str, Callable[[int], int]] = {
    "league_news": league_news,
    "match_report": match_report,
    "kickoff_agreed": kickoff_agreed,
    "deadline_passed": deadline_passed,
    "fixture_scheduled": fixture_scheduled,
    "season_scheduled": season_scheduled,
    "match_opened": match_opened,
    "report_to_confirm": report_to_confirm,
    "post_game_waiting": post_game_waiting,
}


def send(kind: str, pk: int) -> int:
    """The e-mails of one event (a ``SENDERS`` key and the row's id); how many sent."""
    return SENDERS[kind](pk)


def set_preferences(user: Any, **choices: bool) -> EmailPreference:
    """The coach's choice of e-mails: any of ``TOPICS``, each on or off; a topic left
    out keeps its current choice."""
    unknown = set(choices) - set(TOPICS)
    if unknown:
        raise TypeError(f"unknown e-mail topics: {sorted(unknown)}")
    preference, _ = EmailPreference.objects.update_or_create(
        user=user, defaults={topic: bool(on) for topic, on in choices.items()}
    )
    return preference


def preferences_of(user: Any) -> EmailPreference:
    """The coach's choices (both on when never set), unsaved when never set."""
    found = EmailPreference.objects.filter(user=user).first()
    return found or EmailPreference(user=user)
