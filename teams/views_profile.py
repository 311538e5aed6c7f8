"""A coach's profile page: his teams and the leagues he plays in or runs; on his
own page, the links to change his password and e-mail address."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from teams import selectors
from teams.selectors import teams_for_coach


@dataclass(frozen=True)
class LeagueRole:
    """A league on a coach's profile, and what he is there."""

    league: Any
    roles: tuple[str, ...]


def leagues_of(user: Any) -> list[LeagueRole]:
    """The leagues the user commissions, coaches in, or has a team entered in."""
    # Imported late: the leagues app depends on teams, not the other way round.
    from leagues.models import League

    commissioned = set(user.commissioned_leagues.values_list("pk", flat=True))
    coached = set(user.coached_leagues.values_list("pk", flat=True))
    entered = set(
        League.objects.filter(seasons__entries__team__coach=user).values_list("pk", flat=True)
    )
    leagues = League.objects.filter(pk__in=commissioned | coached | entered).order_by("name")
    out = []
    for league in leagues:
        roles = []
        if league.pk in commissioned:
            roles.append("commissioner")
        if league.pk in coached or league.pk in entered:
            roles.append("coach")
        out.append(LeagueRole(league=league, roles=tuple(roles)))
    return out


def coach_profile(request: HttpRequest, username: str) -> HttpResponse:
    coach = get_object_or_404(get_user_model(), username=username, is_active=True)
    teams = selectors.with_values(teams_for_coach(coach).select_related("coach"))
    context = {
        "coach": coach,
        "teams": teams,
        "leagues": leagues_of(coach),
        "is_me": request.user.is_authenticated and request.user.pk == coach.pk,
    }
    return render(request, "teams/coach_profile.html", context)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    return redirect("coach-profile", username=request.user.get_username())
