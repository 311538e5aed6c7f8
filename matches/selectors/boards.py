"""Leaderboards and players' match statistics, summed by the database over the
applied matches (``PlayerMatchStats``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, F, Q, QuerySet, Sum

from leagues.models import Season
from matches.models import PlayerMatchStats
from teams.models import Player, Team

LEADERBOARD_STATS = (
    "touchdowns",
    "completions",
    "casualties",
    "interceptions",
    "deflections",
    "spp",
    "mvp",
)
LEADERBOARD_LIMIT = 10
MAX_LEADERBOARD_LIMIT = 100


def leaderboards(
    season: Season | int | None = None, stat: str = "touchdowns", limit: int = LEADERBOARD_LIMIT
) -> list[dict[str, Any]]:
    """The best players by ``stat`` (one of LEADERBOARD_STATS) over the applied
    matches of ``season`` (all seasons when None), summed by the database.

    Rows: player_id, player_name, player_number, position_slug, team_id,
    team_name, total, games. Ties: fewer games first, then name.
    """
    if stat not in LEADERBOARD_STATS:
        raise ValueError(f"a leaderboard is one of {', '.join(LEADERBOARD_STATS)}, not {stat!r}")
    limit = max(1, min(int(limit), MAX_LEADERBOARD_LIMIT))
    queryset = PlayerMatchStats.objects.all()
    if season is not None:
        queryset = queryset.filter(season=season)
    total = Count("id", filter=Q(mvp=True)) if stat == "mvp" else Sum(stat)
    rows = (
        queryset.values("player_id", "team_id")
        .annotate(
            player_name=F("player__name"),
            player_number=F("player__number"),
            position_slug=F("player__position_slug"),
            team_name=F("team__name"),
            total=total,
            games=Count("id"),
        )
        .filter(total__gt=0)
        .order_by("-total", "games", "player_name", "player_id")
    )
    return [dict(row) for row in rows[:limit]]


def player_match_stats(player: Player | int) -> QuerySet[PlayerMatchStats]:
    """A player's applied matches, newest first, with the fixture."""
    return (
        PlayerMatchStats.objects.filter(player=player)
        .select_related("match__fixture__home", "match__fixture__away", "season__league")
        .order_by("-match_id")
    )


def seasons() -> QuerySet[Season]:
    """Every season with its league, by league name then newest first (a season picker)."""
    return Season.objects.select_related("league").order_by("league__name", "-number")


def teams_by_name() -> QuerySet[Team]:
    """Every team by name (a team picker)."""
    return Team.objects.order_by("name")
