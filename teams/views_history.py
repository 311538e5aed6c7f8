"""The team's matches page: every match it played with result, winnings, TV before
and after and Treasury after (``teams.history``), in a fixed number of queries."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from rules_engine.edition import POINTS
from teams import history, selectors
from teams.models import Team


def team_matches(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    edition = selectors.edition_of(team.ruleset)
    context = {
        "team": team,
        "lines": history.team_matches(team),
        "has_gold": edition.has_gold if edition is not None else True,
        "scored_in_points": edition is not None and edition.scoring == POINTS,
    }
    return render(request, "teams/team_matches.html", context)
