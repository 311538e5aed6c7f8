"""Leaderboards, read from the per-player season totals the services keep
(``PlayerSeasonTotals``), and players' match statistics (``PlayerMatchStats``)."""

from __future__ import annotations

from typing import Any

from django.db.models import F, QuerySet, Sum

from leagues.models import Season
from matches.models import PlayerMatchStats, PlayerSeasonTotals
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
    matches of ``season`` (all seasons when None), read by the database from the
    maintained per-player totals (``PlayerSeasonTotals``, kept by ``matches.totals``
    in the same transaction as every change to the match statistics; the all-seasons
    boards sum them).

    Rows: player_id, player_name, player_number, position_slug, team_id,
    team_name, total, games. Ties: fewer games first, then name.
    """
    if stat not in LEADERBOARD_STATS:
        raise ValueError(f"a leaderboard is one of {', '.join(LEADERBOARD_STATS)}, not {stat!r}")
    limit = max(1, min(int(limit), MAX_LEADERBOARD_LIMIT))
    names = {
        "player_name": F("player__name"),
        "player_number": F("player__number"),
        "position_slug": F("player__position_slug"),
        "team_name": F("team__name"),
    }
    rows: QuerySet[Any, Any]
    if season is not None:  # one row per player (and team) in a season: no sum needed
        rows = PlayerSeasonTotals.objects.filter(season=season, **{f"{stat}__gt": 0}).annotate(
            **names, total=F(stat), played=F("games")
        )
    else:
        rows = (
            PlayerSeasonTotals.objects.values("player_id", "team_id")
            .annotate(**names, total=Sum(stat), played=Sum("games"))
            .filter(total__gt=0)
        )
    ordered = rows.values("player_id", "team_id", *names, "total", "played").order_by(
        "-total", "played", "player_name", "player_id"
    )
    return [{**_without(row, "played"), "games": row["played"]} for row in ordered[:limit]]


def _without(row: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k != key}


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
