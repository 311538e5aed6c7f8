"""iCalendar feeds of fixtures (RFC 5545, written by the ``icalendar`` library): per
league, per team and per coach. A fixture whose kick-off is agreed is a timed event at
its kick-off, on the league's clock (DTSTART with the league's TZID, its VTIMEZONE in
the feed; plain UTC for a league on UTC), lasting ``GAME_LENGTH``. Every other fixture
is an all-day event on its deadline (its round's, when it has none of its own; the day
it was played, when it has neither). Each is named after its round or stage and its
teams, with the score once there is one. A calendar application subscribed to the
feed sees a rescheduled fixture move (same UID, newer DTSTAMP), a kick-off agreed
and a result appear.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from leagues.models import Fixture, League
from leagues.services.kickoff import in_league_time, when
from teams.models import Team

PRODID = "-//Dugout//Blood Bowl league fixtures//EN"
# How often a subscribed calendar should fetch the feed again (RFC 7986).
REFRESH = datetime.timedelta(hours=6)
# How long a calendar blocks for an agreed kick-off: a tabletop game (two halves of
# eight turns each, with its pre-game and post-game sequences) takes about two hours,
# and a league cannot know each pair's pace: the usual evening's game is what a coach
# plans around.
GAME_LENGTH = datetime.timedelta(hours=2)
# The years a feed's VTIMEZONE rules cover, from the year before this one: the
# kick-offs a league holds, kept short (each year is a line of the feed).
ZONE_RULES_YEARS = 10


def _fixtures() -> QuerySet[Fixture]:
    return Fixture.objects.select_related("home", "away", "round", "season__league").order_by(
        "season__league__name", "season__number", "round__number", "id"
    )


def league_fixtures(league: League) -> QuerySet[Fixture]:
    return _fixtures().filter(season__league=league)


def team_fixtures(team: Team) -> QuerySet[Fixture]:
    return _fixtures().filter(Q(home=team) | Q(away=team))


def coach_fixtures(coach: Any) -> QuerySet[Fixture]:
    return _fixtures().filter(Q(home__coach=coach) | Q(away__coach=coach))


def fixture_day(fixture: Fixture) -> datetime.date | None:
    """The day a fixture shows on: its deadline, its round's, or the day it was played."""
    if fixture.deadline is not None:
        return fixture.deadline
    if fixture.round is not None and fixture.round.deadline is not None:
        return fixture.round.deadline
    if fixture.played_at is not None:
        return fixture.played_at.date()
    return None


def fixture_label(fixture: Fixture) -> str:
    if fixture.kind == Fixture.Kind.PLAYOFF:
        return fixture.get_stage_display()
    if fixture.kind == Fixture.Kind.FRIENDLY:
        return _("Friendly")
    if fixture.round:
        return _("Round %(number)s") % {"number": fixture.round.number}
    return _("League match")


def fixture_summary(fixture: Fixture) -> str:
    """ "Round 3: Reavers v Marauders", "Round 3: Reavers 2-1 Marauders" once played."""
    if fixture.has_result:
        home = fixture.home_points if fixture.home_points is not None else fixture.home_touchdowns
        away = fixture.away_points if fixture.away_points is not None else fixture.away_touchdowns
        return _("%(label)s: %(home)s %(home_score)s-%(away_score)s %(away)s") % {
            "label": fixture_label(fixture),
            "home": fixture.home.name,
            "home_score": home,
            "away_score": away,
            "away": fixture.away.name,
        }
    return _("%(label)s: %(home)s v %(away)s") % {
        "label": fixture_label(fixture),
        "home": fixture.home.name,
        "away": fixture.away.name,
    }


def _description(fixture: Fixture, day: datetime.date) -> str:
    league = _("%(league)s, season %(season)s.") % {
        "league": fixture.season.league.name,
        "season": fixture.season.number,
    }
    if fixture.kickoff_at is not None:
        league += " " + _("Kick-off %(when)s.") % {
            "when": when(fixture.kickoff_at, fixture.season.league)
        }
    if fixture.has_result or fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS:
        return f"{league} {fixture.get_status_display()}."
    played_by = date_format(day, "l d F Y")
    if fixture.status == Fixture.Status.POSTPONED:
        return f"{league} " + _("Postponed: to be played by %(day)s.") % {"day": played_by}
    return f"{league} " + _("To be played by %(day)s.") % {"day": played_by}


def _when(fixture: Fixture, day: datetime.date) -> tuple[Any, Any]:
    """The event's start and end: the kick-off and two hours on (league time), or
    the whole day."""
    if fixture.kickoff_at is not None:
        start = in_league_time(fixture.kickoff_at, fixture.season.league)
        return start, start + GAME_LENGTH
    return day, day + datetime.timedelta(days=1)


def calendar(
    name: str,
    fixtures: QuerySet[Fixture],
    *,
    uid: str,
    host: str,
    url_of: Callable[[Fixture], str],
) -> Calendar:
    """A calendar named ``name`` with one event per fixture that has a day."""
    feed = Calendar.new(
        name=_("Dugout: %(name)s") % {"name": name},
        prodid=PRODID,
        uid=uid,
        refresh_interval=REFRESH,
        method="PUBLISH",
    )
    for fixture in fixtures:
        day = fixture_day(fixture)
        if day is None and fixture.kickoff_at is not None:
            day = in_league_time(fixture.kickoff_at, fixture.season.league).date()
        if day is None:
            continue
        start, end = _when(fixture, day)
        feed.add_component(
            Event.new(
                uid=f"dugout-fixture-{fixture.pk}@{host}",
                summary=fixture_summary(fixture),
                description=_description(fixture, day),
                start=start,
                end=end,
                stamp=fixture.updated_at,
                categories=[fixture.season.league.name],
                url=url_of(fixture),
            )
        )
    # RFC 5545: every TZID an event names has its VTIMEZONE in the calendar.
    year = timezone.now().year
    feed.add_missing_timezones(
        first_date=datetime.date(year - 1, 1, 1),
        last_date=datetime.date(year + ZONE_RULES_YEARS, 1, 1),
    )
    return feed
