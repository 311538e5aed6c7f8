"""The whole audit trail (teams/audit.py) of a league or a team, latest first, paginated."""

from __future__ import annotations

from django.apps import apps
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from teams.audit import league_entries, team_entries
from teams.models import Team

PER_PAGE = 50


def _render(request: HttpRequest, subject: str, back_url: str, entries) -> HttpResponse:
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    context = {"subject": subject, "back_url": back_url, "page": page}
    return render(request, "teams/audit.html", context)


def league_history(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(apps.get_model("leagues", "League"), pk=pk)
    back = reverse("league-home", args=[league.pk])
    return _render(request, league.name, back, league_entries(league))


def team_history(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    return _render(request, team.name, reverse("team-detail", args=[team.pk]), team_entries(team))
