"""Leaderboards: the best players of a season, or of every season, by touchdowns,
casualties, completions, interceptions, SPP and MVP awards, summed by the
database (``matches.selectors.leaderboards``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy, pgettext_lazy

from core import versions
from core.conditional import conditional_page
from leagues.models import Season
from matches import selectors

# (statistic, board title, column heading, what the heading abbreviates)
BOARDS = (
    ("touchdowns", gettext_lazy("Top scorers"), "TD", gettext_lazy("Touchdowns")),
    ("casualties", gettext_lazy("Casualties caused"), "CAS", gettext_lazy("Casualties caused")),
    (
        "completions",
        gettext_lazy("Completions"),
        pgettext_lazy("completions", "Comp"),
        gettext_lazy("Completions"),
    ),
    (
        "interceptions",
        gettext_lazy("Interceptions"),
        pgettext_lazy("interceptions", "Int"),
        gettext_lazy("Interceptions"),
    ),
    ("spp", gettext_lazy("Star Player Points"), "SPP", gettext_lazy("Star Player Points")),
    ("mvp", gettext_lazy("Most Valuable Player awards"), "MVP", gettext_lazy("MVP awards")),
)
BOARD_LENGTH = 10


def _stamp(request: HttpRequest, season_id: int | None = None) -> versions.Stamp:
    if season_id is None:
        return versions.every_version()
    return versions.read(leagues=Season.objects.filter(pk=season_id).values("league_id"))


@conditional_page(_stamp)
def leaderboards(request: HttpRequest, season_id: int | None = None) -> HttpResponse:
    season = None
    if season_id is not None:
        season = get_object_or_404(selectors.seasons(), pk=season_id)
    boards = [
        {
            "stat": stat,
            "title": title,
            "column": column,
            "column_long": long,
            "rows": selectors.leaderboards(season, stat, BOARD_LENGTH),
        }
        for stat, title, column, long in BOARDS
    ]
    context = {"season": season, "boards": boards, "seasons": selectors.seasons()}
    return render(request, "matches/leaderboards.html", context)
