"""What a league event says: read from the rows once they are committed.

Each builder takes a primary key (a receiver hands it over on commit) and returns an
``Event`` (or None when the row is gone, or belongs to no league): its kind, a key
naming it once and for all (a delivery and an e-mail are made once per key, however
often the row is saved or re-derived), the league it belongs to, one line of text
and the data a generic receiver reads. Nothing here is taken from a request.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils.formats import date_format
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _

from leagues.models import Fixture, League, TeamEntry
from leagues.services import deadlines
from leagues.services._common import status_words
from matches.models import Report
from matches.models_postgame import PostGameApplication
from news.models import LeagueNews, MatchReport
from notifications.models import EventKind
from teams.models import Advancement, InjuryRecord, Team

# A fixture's kind inside a sentence ("(Old World League, season 2, play-off)"): the
# choices' labels are capitalised for a page's cells; each language writes these its way.
FIXTURE_KIND_IN_SENTENCE: dict[str, Any] = {
    Fixture.Kind.LEAGUE: pgettext_lazy("fixture kind in a sentence", "league"),
    Fixture.Kind.FRIENDLY: pgettext_lazy("fixture kind in a sentence", "friendly"),
    Fixture.Kind.PLAYOFF: pgettext_lazy("fixture kind in a sentence", "play-off"),
}


@dataclass(frozen=True)
class Event:
    kind: str
    key: str
    league_id: int
    league_name: str
    text: str
    url: str
    data: dict[str, Any] = field(default_factory=dict)
    # The language its text was said in.
    language: str = field(default_factory=lambda: get_language() or settings.LANGUAGE_CODE)


def site_url(path: str) -> str:
    """An absolute link where the site's address is known (``DUGOUT_SITE_URL``)."""
    base = str(getattr(settings, "DUGOUT_SITE_URL", "") or "").rstrip("/")
    return f"{base}{path}"


def _league_of_team(team: Team) -> League | None:
    """The league the team last entered a season of: where its news belongs."""
    entry = (
        TeamEntry.objects.filter(team=team)
        .select_related("season__league")
        .order_by("-season__created_at", "-id")
        .first()
    )
    return entry.season.league if entry is not None else None


def result_event(application_id: int) -> Event | None:
    """A result applied: "Reavers 2–1 Orcs" (the report's score, as confirmed)."""
    application = (
        PostGameApplication.objects.filter(pk=application_id)
        .select_related(
            "report",
            "match__fixture__season__league",
            "match__fixture__home",
            "match__fixture__away",
        )
        .first()
    )
    if application is None:
        return None
    report: Report = application.report
    fixture = application.match.fixture
    league = fixture.season.league
    home, away = fixture.home, fixture.away
    text = _(
        "%(home)s %(home_touchdowns)s–%(away_touchdowns)s %(away)s (%(league)s, season "
        "%(season)s, %(kind)s)"
    ) % {
        "home": home.name,
        "home_touchdowns": report.home_touchdowns,
        "away_touchdowns": report.away_touchdowns,
        "away": away.name,
        "league": league.name,
        "season": fixture.season.number,
        "kind": str(FIXTURE_KIND_IN_SENTENCE.get(fixture.kind, fixture.get_kind_display())),
    }
    if report.version > 1:
        text += "; " + _("corrected")
    if report.conceded_by:
        conceding = home if report.conceded_by == "home" else away
        text += "; " + _("%(team)s conceded") % {"team": conceding.name}
    data = {
        "match": application.match_id,
        "fixture": fixture.pk,
        "report": report.pk,
        "home": {"team": home.pk, "name": home.name, "touchdowns": report.home_touchdowns},
        "away": {"team": away.pk, "name": away.name, "touchdowns": report.away_touchdowns},
        "conceded_by": report.conceded_by or None,
    }
    url = site_url(reverse("match-detail", args=[application.match_id]))
    key = f"result:report:{report.pk}"
    return Event(EventKind.RESULT, key, league.pk, league.name, text, url, data)


def level_up_event(advancement_id: int) -> Event | None:
    """A player's advancement taken: "Karl (Reavers) took Block, advancement 2"."""
    advancement = (
        Advancement.objects.filter(pk=advancement_id).select_related("player__team").first()
    )
    if advancement is None:
        return None
    player, team = advancement.player, advancement.player.team
    league = _league_of_team(team)
    if league is None:
        return None
    text = _("%(player)s (%(team)s) took %(result)s: advancement %(number)s, %(kind)s") % {
        "player": player.name,
        "team": team.name,
        "result": advancement.result,
        "number": advancement.number,
        "kind": advancement.get_kind_display(),
    }
    data = {
        "player": player.pk,
        "player_name": player.name,
        "team": team.pk,
        "team_name": team.name,
        "number": advancement.number,
        "kind": advancement.kind,
        "result": advancement.result,
    }
    url = site_url(reverse("player-detail", args=[player.pk]))
    key = f"level_up:advancement:{advancement.pk}"
    return Event(EventKind.LEVEL_UP, key, league.pk, league.name, text, url, data)


def death_event(injury_id: int) -> Event | None:
    """A player dead: one event per player, however often a correction re-derives it."""
    injury = (
        InjuryRecord.objects.filter(pk=injury_id, kind=InjuryRecord.Kind.DEAD)
        .select_related("player__team", "match__fixture__season__league")
        .first()
    )
    if injury is None:
        return None
    player, team = injury.player, injury.player.team
    league = injury.match.fixture.season.league if injury.match else _league_of_team(team)
    if league is None:
        return None
    names = {"player": player.name, "team": team.name, "how": injury.source}
    text = (
        _("%(player)s of %(team)s is dead (%(how)s). Rest in peace.") % names
        if injury.source
        else _("%(player)s of %(team)s is dead. Rest in peace.") % names
    )
    data = {
        "player": player.pk,
        "player_name": player.name,
        "team": team.pk,
        "team_name": team.name,
        "match": injury.match_id,
        "source": injury.source,
    }
    url = site_url(reverse("player-detail", args=[player.pk]))
    key = f"death:player:{player.pk}"
    return Event(EventKind.DEATH, key, league.pk, league.name, text, url, data)


# --- fixtures: kick-offs and deadlines ----------------------------------------------


# When a deadline passes is the leagues app's to say, as its sweep acts on it.
league_zone = deadlines.league_zone
deadline_day = deadlines.deadline_of
deadline_passes_at = deadlines.deadline_passes_at


def local_time(moment: datetime, league: League) -> str:
    """ "Sun 29 Nov 2026, 19:00 (Europe/Paris)": a moment as the league reads it."""
    zone = league_zone(league)
    local = moment.astimezone(zone)
    return _("%(day)s, %(time)s (%(zone)s)") % {
        "day": date_format(local, "D d M Y"),
        "time": date_format(local, "H:i"),
        "zone": zone.key,
    }


def kickoff_key(moment: datetime) -> str:
    """The kick-off time in an event's key: a moved kick-off is another event."""
    return f"{moment.astimezone(ZoneInfo('UTC')):%Y%m%dT%H%MZ}"


def _fixture(fixture_id: int) -> Fixture | None:
    return (
        Fixture.objects.filter(pk=fixture_id)
        .select_related("season__league", "round", "home__coach", "away__coach")
        .first()
    )


def _names(fixture: Fixture) -> dict[str, str]:
    return {"home": fixture.home.name, "away": fixture.away.name}


def _fixture_data(fixture: Fixture) -> dict[str, Any]:
    return {
        "fixture": fixture.pk,
        "home": {"team": fixture.home_id, "name": fixture.home.name},
        "away": {"team": fixture.away_id, "name": fixture.away.name},
        "kickoff_at": fixture.kickoff_at.isoformat() if fixture.kickoff_at else None,
    }


def _fixture_event(kind: str, key: str, fixture: Fixture, text: str, **data: Any) -> Event:
    league = fixture.season.league
    url = site_url(reverse("fixture-detail", args=[fixture.pk]))
    return Event(kind, key, league.pk, league.name, text, url, {**_fixture_data(fixture), **data})


def kickoff_agreed_event(fixture_id: int) -> Event | None:
    """A kick-off time agreed (or set by a commissioner): once per fixture and time."""
    fixture = _fixture(fixture_id)
    if fixture is None or fixture.kickoff_at is None or not fixture.is_open:
        return None
    league = fixture.season.league
    when = local_time(fixture.kickoff_at, league)
    text = _("%(home)s v %(away)s kicks off %(when)s.") % {**_names(fixture), "when": when}
    key = f"kickoff_agreed:fixture:{fixture.pk}:{kickoff_key(fixture.kickoff_at)}"
    return _fixture_event(EventKind.KICKOFF_AGREED, key, fixture, text)


def kickoff_reminder_event(fixture: Fixture) -> Event | None:
    """A kick-off coming soon: once per fixture and kick-off time."""
    if fixture.kickoff_at is None:
        return None
    league = fixture.season.league
    text = _("Kick-off soon: %(home)s v %(away)s, %(when)s.") % {
        **_names(fixture),
        "when": local_time(fixture.kickoff_at, league),
    }
    key = f"kickoff_reminder:fixture:{fixture.pk}:{kickoff_key(fixture.kickoff_at)}"
    return _fixture_event(EventKind.KICKOFF_REMINDER, key, fixture, text)


def deadline_warning_event(fixture: Fixture) -> Event | None:
    """A deadline coming and the fixture not played: once per fixture and deadline."""
    day = deadline_day(fixture)
    if day is None:
        return None
    league = fixture.season.league
    passes_at = deadline_passes_at(day, league_zone(league))
    text = _("%(home)s v %(away)s is not played yet: its deadline ends %(when)s.") % {
        **_names(fixture),
        "when": local_time(passes_at, league),
    }
    key = f"deadline_warning:fixture:{fixture.pk}:{day.isoformat()}"
    return _fixture_event(EventKind.DEADLINE_WARNING, key, fixture, text, deadline=day.isoformat())


def deadline_passed_event(fixture_id: int) -> Event | None:
    """The deadline acted on a fixture not played: settled by the rules, or held for the
    commissioner's decision (the fixture stays open). Once per fixture and deadline."""
    fixture = _fixture(fixture_id)
    if fixture is None or fixture.deadline_passed_at is None:
        return None
    day = deadline_day(fixture)
    held = fixture.is_open
    values = {
        **_names(fixture),
        "when": date_format(day, "d M Y") if day else _("its deadline"),
        "status": status_words(fixture),
        "home_touchdowns": fixture.home_touchdowns,
        "away_touchdowns": fixture.away_touchdowns,
    }
    if held:
        text = (
            _(
                "%(home)s v %(away)s was not played by its deadline (%(when)s): held for the "
                "commissioner."
            )
            % values
        )
    elif fixture.has_result:
        text = (
            _(
                "%(home)s v %(away)s was not played by its deadline (%(when)s): settled by the "
                "rules, %(home)s %(home_touchdowns)s–%(away_touchdowns)s %(away)s (%(status)s)."
            )
            % values
        )
    else:
        text = (
            _(
                "%(home)s v %(away)s was not played by its deadline (%(when)s): settled by the "
                "rules (%(status)s)."
            )
            % values
        )
    moment = day.isoformat() if day else kickoff_key(fixture.deadline_passed_at)
    key = f"deadline_passed:fixture:{fixture.pk}:{moment}"
    return _fixture_event(
        EventKind.DEADLINE_PASSED,
        key,
        fixture,
        text,
        held=held,
        status=fixture.status,
        deadline=day.isoformat() if day else None,
    )


# --- news and match reports ----------------------------------------------------------


def _page(name: str, pk: int, fallback: str, fallback_pk: int) -> str:
    """The page's absolute address; the fallback's where the page is not routed."""
    try:
        return site_url(reverse(name, args=[pk]))
    except NoReverseMatch:
        return site_url(reverse(fallback, args=[fallback_pk]))


def league_news_event(news_id: int) -> Event | None:
    """A league news post: "Nuffle Cup news from Marta: Round 3 is drawn"."""
    news = LeagueNews.objects.filter(pk=news_id).select_related("league", "author").first()
    if news is None:
        return None
    league = news.league
    text = _("News from %(author)s: %(title)s") % {
        "author": news.author.username,
        "title": news.title,
    }
    data = {
        "news": news.pk,
        "title": news.title,
        "author": {"user": news.author_id, "username": news.author.username},
    }
    url = _page("news-detail", news.pk, "league-home", league.pk)
    key = f"league_news:news:{news.pk}"
    return Event(EventKind.LEAGUE_NEWS, key, league.pk, league.name, text, url, data)


def match_report_event(report_id: int) -> Event | None:
    """A coach's match report: "Marta wrote about Reavers 2–1 Orcs"."""
    written = (
        MatchReport.objects.filter(pk=report_id)
        .select_related("author", "team", "match__fixture__season__league")
        .select_related("match__fixture__home", "match__fixture__away")
        .first()
    )
    if written is None:
        return None
    fixture = written.match.fixture
    league = fixture.season.league
    home, away = fixture.home, fixture.away
    result: tuple[int | None, int | None] | None = (
        Report.objects.filter(match_id=written.match_id, is_current=True)
        .values_list("home_touchdowns", "away_touchdowns")
        .first()
    )
    if result is None and fixture.has_result:
        result = (fixture.home_touchdowns, fixture.away_touchdowns)
    author = written.author.username
    names = {"author": author, "home": home.name, "away": away.name}
    text = (
        _("%(author)s wrote about %(home)s %(home_touchdowns)s–%(away_touchdowns)s %(away)s")
        % {**names, "home_touchdowns": result[0], "away_touchdowns": result[1]}
        if result
        else _("%(author)s wrote about %(home)s v %(away)s") % names
    )
    data = {
        "match_report": written.pk,
        "match": written.match_id,
        "fixture": fixture.pk,
        "team": {"team": written.team_id, "name": written.team.name},
        "author": {"user": written.author_id, "username": author},
        "home": {"team": home.pk, "name": home.name, "touchdowns": result[0] if result else None},
        "away": {"team": away.pk, "name": away.name, "touchdowns": result[1] if result else None},
    }
    url = site_url(reverse("match-detail", args=[written.match_id]))
    key = f"match_report:report:{written.pk}"
    return Event(EventKind.MATCH_REPORT, key, league.pk, league.name, text, url, data)


def check_event(league: League, nonce: str) -> Event:
    """The message a commissioner sends to check an address."""
    text = _("Dugout test message for %(league)s: this webhook works.") % {"league": league.name}
    url = site_url(reverse("league-home", args=[league.pk]))
    return Event(EventKind.TEST, f"test:{nonce}", league.pk, league.name, text, url, {})


BUILDERS = {
    EventKind.RESULT: result_event,
    EventKind.LEVEL_UP: level_up_event,
    EventKind.DEATH: death_event,
    EventKind.KICKOFF_AGREED: kickoff_agreed_event,
    EventKind.DEADLINE_PASSED: deadline_passed_event,
    EventKind.LEAGUE_NEWS: league_news_event,
    EventKind.MATCH_REPORT: match_report_event,
}
