"""The team's matches page: every match it played with result, winnings, TV before
and after and Treasury after (``matches.history``), and the chart of its TV, CTV and
Treasury after each (``matches.charts``), in a fixed number of queries."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from matches import charts, history
from rules_engine.edition import POINTS
from teams import selectors
from teams.models import Team


def team_matches(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    edition = selectors.edition_of(team.ruleset)
    lines = history.team_matches(team)
    has_gold = edition.has_gold if edition is not None else True
    context = {
        "team": team,
        "lines": lines,
        "value_chart": charts.team_value_chart(team.name, lines),
        "treasury_chart": charts.treasury_chart(team.name, lines) if has_gold else None,
        "has_gold": has_gold,
        "scored_in_points": edition is not None and edition.scoring == POINTS,
    }
    return render(request, "teams/team_matches.html", context)
