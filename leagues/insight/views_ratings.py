"""Pages of a league's ratings and its current season's play-off odds, and a team's
rating for its sheet.

Everyone may read them; asking for the odds to be worked out (a POST: it queues a
Celery task) takes a signed-in user. While the task runs the page polls a fragment
(htmx, every second) that shows the progress and, once done, the odds table.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from leagues.errors import LeagueError
from leagues.insight.odds_run import odds_season, odds_state
from leagues.insight.rating_charts import team_rating_context
from leagues.insight.ratings_read import league_ratings
from leagues.models import League
from leagues.tasks import start_odds
from teams.models import Team

POLL_SECONDS = 1


@require_safe
def ratings(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    return render(
        request, "insight/ratings.html", {"league": league, "ratings": league_ratings(league)}
    )


def _odds_context(league: League) -> dict[str, Any]:
    season = odds_season(league)
    state = odds_state(season) if season is not None else None
    return {"league": league, "season": season, "state": state, "poll_seconds": POLL_SECONDS}


@require_http_methods(["GET", "HEAD", "POST"])
def odds(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        season = odds_season(league)
        if season is None:
            messages.error(request, f"{league.name} has no season in its regular season.")
        else:
            try:
                start_odds(season)
            except LeagueError as error:
                messages.error(request, " ".join(error.messages))
        return redirect("league-odds", pk=league.pk)
    return render(request, "insight/odds.html", _odds_context(league))


@require_safe
def odds_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The fragment the odds page polls: the progress, or the odds once worked out."""
    league = get_object_or_404(League, pk=pk)
    return render(request, "insight/_odds.html", _odds_context(league))


@require_safe
def team_rating(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's rating in each league it plays in, with its chart: the fragment the
    team sheet loads (htmx, once the sheet is shown, so the sheet itself takes no
    query for it), or a page of its own for a browser without scripts."""
    team = get_object_or_404(Team.objects.only("id", "name"), pk=pk)
    context = {"team": team, **team_rating_context(team.pk, team.name)}
    fragment = bool(getattr(request, "htmx", False))  # django-htmx middleware
    template = "insight/_team_rating.html" if fragment else "insight/team_rating.html"
    return render(request, template, context)
