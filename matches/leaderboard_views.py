"""Leaderboards: the best players of a season, or of every season, by touchdowns,
casualties, completions, interceptions, SPP and MVP awards, summed by the
database (``matches.selectors.leaderboards``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from leagues.models import Season
from matches import selectors

BOARDS = (
    ("touchdowns", "Top scorers", "Touchdowns"),
    ("casualties", "Casualties caused", "Casualties"),
    ("completions", "Completions", "Completions"),
    ("interceptions", "Interceptions", "Interceptions"),
    ("spp", "Star Player Points", "SPP"),
    ("mvp", "Most Valuable Player awards", "MVPs"),
)
BOARD_LENGTH = 10


def leaderboards(request: HttpRequest, season_id: int | None = None) -> HttpResponse:
    season = None
    if season_id is not None:
        season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    boards = [
        {
            "stat": stat,
            "title": title,
            "column": column,
            "rows": selectors.leaderboards(season, stat, BOARD_LENGTH),
        }
        for stat, title, column in BOARDS
    ]
    seasons = Season.objects.select_related("league").order_by("league__name", "-number")
    context = {"season": season, "boards": boards, "seasons": seasons}
    return render(request, "matches/leaderboards.html", context)
