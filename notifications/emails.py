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
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from leagues.models import Fixture, League, Season, TeamEntry
from matches.models import Confirmation, Match, Report
from matches.models_postgame import PostGameApplication
from news.models import LeagueNews, MatchReport
from notifications import events, outbox
from notifications.events import Event, site_url
from notifications.language import PerLanguage, mail_language, speaking
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


# A mail's words, made under its recipient's language: (subject, context).
Compose = Callable[[], tuple[str, dict[str, Any]]]


def send_once(
    user: Any, key: str, topic: str, compose: Compose, league: League | int | None = None
) -> bool:
    """E-mail the coach about one event unless he had it already or opted out: its
    subject and body rendered now in his language (``language.mail_language``, his
    league's when he chose none) and written to the outbox, sent once the caller's
    transaction commits."""
    if not wants(user, topic):
        return False
    with speaking(mail_language(user, league)):
        subject, context = compose()
        preferences_url = site_url(reverse("notification-preferences"))
        body = render_to_string(
            "notifications/email.txt",
            {**context, "user": user, "preferences_url": preferences_url},
        )
        subject = _("[Dugout] %(subject)s") % {"subject": subject}
    made = outbox.enqueue(user.email, subject, body, user=user, key=key, category=topic)
    return made is not None


def _names(fixture: Fixture) -> dict[str, str]:
    return {"home": fixture.home.name, "away": fixture.away.name}


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
    league = fixture.season.league
    for coach in coaches:
        mine = fixture.home if fixture.home.coach_id == coach.pk else fixture.away
        other = fixture.away if mine is fixture.home else fixture.home

        def compose(mine: Any = mine, other: Any = other) -> tuple[str, dict[str, Any]]:
            lines = [
                _("Your next match in %(league)s: %(mine)s v %(other)s (%(coach)s).")
                % {
                    "league": league.name,
                    "mine": mine.name,
                    "other": other.name,
                    "coach": other.coach.username,
                },
                _("Deadline: %(date)s.") % {"date": date_format(fixture.deadline, "d M Y")}
                if fixture.deadline
                else "",
            ]
            subject = _("Your next match: %(home)s v %(away)s") % _names(fixture)
            return subject, {**_fixture_context(fixture), "lines": lines}

        key = f"next_match:fixture:{fixture.pk}"
        sent += send_once(coach, key, NEXT_MATCH, compose, league)
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

    def compose() -> tuple[str, dict[str, Any]]:
        context = {
            **_fixture_context(fixture),
            "lines": [
                _("The match %(home)s v %(away)s is open: the pre-game can start.")
                % _names(fixture)
            ],
            "url": site_url(reverse("match-detail", args=[match_id])),
        }
        return _("Match open: %(home)s v %(away)s") % _names(fixture), context

    key = f"match_open:match:{match_id}"
    return sum(
        send_once(coach, key, NEXT_MATCH, compose, fixture.season.league)
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
        .select_related(
            "match__fixture__home__coach",
            "match__fixture__away__coach",
            "match__fixture__season__league",
        )
        .defer(*_SNAPSHOTS)
        .first()
    )
    if report is None:
        return 0
    fixture = report.match.fixture
    score = (
        f"{fixture.home.name} {report.home_touchdowns}–{report.away_touchdowns} {fixture.away.name}"
    )

    def compose() -> tuple[str, dict[str, Any]]:
        context = {
            "lines": [
                _("A report waits for your confirmation: %(score)s.") % {"score": score},
                _("Confirm it, or dispute it and say why."),
            ],
            "url": site_url(reverse("match-detail", args=[report.match_id])),
        }
        return _("Confirm the result: %(score)s") % {"score": score}, context

    coaches = {fixture.home.coach, fixture.away.coach}
    key = f"confirm:report:{report.pk}"
    return sum(
        send_once(coach, key, DECISIONS, compose, fixture.season.league)
        for coach in coaches
        if coach.pk != report.submitted_by_id
    )


def post_game_waiting(application_id: int) -> int:
    """Results applied, the rest waits for the coaches' hiring decisions."""
    application = (
        PostGameApplication.objects.filter(
            pk=application_id, phase=PostGameApplication.Phase.RESULTS
        )
        .select_related(
            "match__fixture__home__coach",
            "match__fixture__away__coach",
            "match__fixture__season__league",
        )
        .defer(*(name for name in _SNAPSHOTS if name.startswith("match__")))
        .first()
    )
    if application is None:
        return 0
    fixture = application.match.fixture

    def compose() -> tuple[str, dict[str, Any]]:
        context = {
            "lines": [
                _(
                    "The post-game of %(home)s v %(away)s waits for your decisions: hire, fire "
                    "or retire players, then say you are done."
                )
                % _names(fixture),
            ],
            "url": site_url(reverse("match-detail", args=[application.match_id])),
        }
        return _("Post-game decisions: %(home)s v %(away)s") % _names(fixture), context

    key = f"post_game:report:{application.report_id}"
    return sum(
        send_once(coach, key, DECISIONS, compose, fixture.season.league)
        for coach in {fixture.home.coach, fixture.away.coach}
    )


# --- fixtures: kick-offs and deadlines ----------------------------------------------


def _coaches(fixture: Fixture) -> list[Any]:
    coaches = {fixture.home.coach_id: fixture.home.coach, fixture.away.coach_id: fixture.away.coach}
    return list(coaches.values())


def event_mail(
    event: Event,
    words: Callable[[], Event | None],
    users: Iterable[Any],
    topic: str,
    subject: Callable[[], str],
    *lines: Callable[[], str],
) -> int:
    """One event's mail to each of ``users`` who wants the topic, once each (by the
    event's key): the event's words (``words`` builds them again in the recipient's
    language, once per language), the subject and any further lines made in his
    language."""
    in_language: PerLanguage[Event | None] = PerLanguage(words, event)

    def compose() -> tuple[str, dict[str, Any]]:
        said = in_language() or event
        return subject(), {"lines": [said.text, *(line() for line in lines)], "url": said.url}

    return sum(send_once(user, event.key, topic, compose, event.league_id) for user in users)


def kickoff_agreed(fixture_id: int) -> int:
    """Both coaches: the kick-off time agreed, once per fixture and time."""
    event = events.kickoff_agreed_event(fixture_id)
    fixture = _fixtures().filter(pk=fixture_id).first()
    if event is None or fixture is None:
        return 0
    return event_mail(
        event,
        lambda: events.kickoff_agreed_event(fixture_id),
        _coaches(fixture),
        FIXTURES,
        lambda: _("Kick-off agreed: %(home)s v %(away)s") % _names(fixture),
    )


def deadline_passed(fixture_id: int) -> int:
    """The deadline acted on an unplayed fixture: both coaches hear how; when it is
    held, the league's commissioners hear a decision waits for them."""
    event = events.deadline_passed_event(fixture_id)
    fixture = _fixtures().filter(pk=fixture_id).first()
    if event is None or fixture is None:
        return 0

    def words() -> Event | None:
        return events.deadline_passed_event(fixture_id)

    sent = event_mail(
        event,
        words,
        _coaches(fixture),
        FIXTURES,
        lambda: _("Deadline passed: %(home)s v %(away)s") % _names(fixture),
    )
    if event.data.get("held"):
        commissioners = fixture.season.league.commissioners.exclude(
            pk__in=[fixture.home.coach_id, fixture.away.coach_id]
        )
        sent += event_mail(
            event,
            words,
            commissioners,
            DECISIONS,
            lambda: _("Your decision: %(home)s v %(away)s") % _names(fixture),
            lambda: _(
                "It waits for a commissioner's decision: decide its result on the fixture's page."
            ),
        )
    return sent


def deadline_warning(fixture: Fixture, event: Event) -> int:
    """Both coaches: the deadline is near and the fixture not played (once)."""
    return event_mail(
        event,
        lambda: events.deadline_warning_event(fixture),
        _coaches(fixture),
        FIXTURES,
        lambda: _("Deadline soon: %(home)s v %(away)s") % _names(fixture),
        lambda: _("Play it, or agree a kick-off time with your opponent, before then."),
    )


def kickoff_reminder(fixture: Fixture, event: Event) -> int:
    """Both coaches: the agreed kick-off is near (once per kick-off time)."""
    return event_mail(
        event,
        lambda: events.kickoff_reminder_event(fixture),
        _coaches(fixture),
        FIXTURES,
        lambda: _("Kick-off soon: %(home)s v %(away)s") % _names(fixture),
    )


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
    excerpt = _excerpt(news.body)
    return event_mail(
        event,
        lambda: events.league_news_event(news_id),
        readers,
        NEWS,
        lambda: (
            _("%(league)s news: %(title)s")
            % {"league": event.league_name, "title": event.data["title"]}
        ),
        lambda: excerpt,
    )


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
    words: PerLanguage[Event | None] = PerLanguage(
        lambda: events.match_report_event(report_id), event
    )
    excerpt = _excerpt(written.body)
    return event_mail(
        event,
        words,
        readers,
        NEWS,
        lambda: _("Match report: %(what)s") % {"what": (words() or event).text},
        lambda: excerpt,
    )


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
