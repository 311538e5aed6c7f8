"""A league's whole audit trail (teams/audit.py), latest first, paginated."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from leagues.models import League
from teams.audit import league_entries
from teams.views_audit import render_trail


def league_history(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    back = reverse("league-home", args=[league.pk])
    return render_trail(request, league.name, back, league_entries(league))
