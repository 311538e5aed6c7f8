"""Pages of records and dice luck, and the iCalendar feeds. Everyone may read them,
as everyone reads a league's results: nothing here changes anything."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from icalendar import Calendar

from insight import dice, feeds
from insight.records import records
from leagues.models import Fixture, League
from teams.models import Team


def _coach(username: str) -> Any:
    return get_object_or_404(get_user_model(), username=username, is_active=True)


@require_safe
def all_time_records(request: HttpRequest) -> HttpResponse:
    return render(request, "insight/records.html", {"records": records()})


@require_safe
def league_records(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    return render(request, "insight/records.html", {"records": records(league)})


@require_safe
def site_dice(request: HttpRequest) -> HttpResponse:
    return render(request, "insight/dice_site.html", {"luck": dice.site_fairness()})


@require_safe
def league_dice(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    context = {"league": league, "teams": dice.league_luck(league)}
    return render(request, "insight/dice_league.html", context)


@require_safe
def team_dice(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    context = {"team": team, "luck": dice.team_luck(team)}
    return render(request, "insight/dice_detail.html", context)


@require_safe
def coach_dice(request: HttpRequest, username: str) -> HttpResponse:
    coach = _coach(username)
    context = {"coach": coach, "luck": dice.coach_luck(coach)}
    return render(request, "insight/dice_detail.html", context)


def _ics(request: HttpRequest, name: str, fixtures: Any, uid: str, filename: str) -> HttpResponse:
    host = request.get_host().split(":")[0] or "dugout"

    def url_of(fixture: Fixture) -> str:
        return request.build_absolute_uri(reverse("fixture-detail", args=[fixture.pk]))

    feed: Calendar = feeds.calendar(
        name, fixtures, uid=f"dugout-{uid}@{host}", host=host, url_of=url_of
    )
    response = HttpResponse(feed.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}.ics"'
    return response


@require_safe
def league_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    fixtures = feeds.league_fixtures(league)
    return _ics(request, league.name, fixtures, f"league-{league.pk}", f"league-{league.pk}")


@require_safe
def team_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    fixtures = feeds.team_fixtures(team)
    return _ics(request, team.name, fixtures, f"team-{team.pk}", f"team-{team.pk}")


@require_safe
def coach_calendar(request: HttpRequest, username: str) -> HttpResponse:
    coach = _coach(username)
    fixtures = feeds.coach_fixtures(coach)
    name = _("%(coach)s's matches") % {"coach": coach.get_username()}
    return _ics(request, name, fixtures, f"coach-{coach.pk}", f"coach-{coach.pk}")
