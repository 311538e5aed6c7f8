"""Keeping the leaderboards' per-player totals (``PlayerSeasonTotals``) exact.

Whoever writes or deletes ``PlayerMatchStats`` calls ``refresh_player_totals`` (or
``refresh_stats_totals`` with the rows it wrote, ``delete_stats`` to delete some) in
the same transaction, after the change: the post-game's application writes a match's
rows (``matches.services.postgame.effects``), a correction's reversal deletes them
(``matches.services.corrections.reversal``), a restore rebuilds a season (``rebuild_season``).

The rows are recomputed, not patched: one DELETE of the touched players' rows in the
season and one INSERT ... SELECT aggregating their statistics there (a player has tens
of matches a season), so they are exact whatever happened before. Two statements,
whatever the league's size.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import QuerySet

from matches.models import PlayerMatchStats, PlayerSeasonTotals

# The summed statistics, as PlayerMatchStats and PlayerSeasonTotals both name them.
SUMMED = ("touchdowns", "completions", "casualties", "interceptions", "deflections", "spp")
_CHUNK = 400  # player ids per statement (SQLite caps a statement's parameters)


def _season_clause(season_id: int | None) -> tuple[str, list[int]]:
    return ("season_id IS NULL", []) if season_id is None else ("season_id = %s", [season_id])


def refresh_player_totals(season_id: int | None, player_ids: Iterable[int]) -> None:
    """Recompute the totals of ``player_ids`` in ``season_id`` (None: friendlies) from
    their match statistics: two statements per 400 players."""
    ids = sorted(set(player_ids))
    where, params = _season_clause(season_id)
    totals, stats = PlayerSeasonTotals._meta.db_table, PlayerMatchStats._meta.db_table
    columns = ", ".join(SUMMED)
    sums = ", ".join(f"SUM({name})" for name in SUMMED)
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            marks = ", ".join(["%s"] * len(chunk))
            cursor.execute(
                f"DELETE FROM {totals} WHERE {where} AND player_id IN ({marks})",
                [*params, *chunk],
            )
            cursor.execute(
                f"INSERT INTO {totals} (season_id, player_id, team_id, {columns}, mvp, games) "
                f"SELECT season_id, player_id, team_id, {sums}, "
                "SUM(CASE WHEN mvp THEN 1 ELSE 0 END), COUNT(*) "
                f"FROM {stats} WHERE {where} AND player_id IN ({marks}) "
                "GROUP BY season_id, player_id, team_id",
                [*params, *chunk],
            )


def _refresh_pairs(pairs: Iterable[tuple[int | None, int]]) -> None:
    by_season: dict[int | None, set[int]] = {}
    for season_id, player_id in pairs:
        by_season.setdefault(season_id, set()).add(player_id)
    for season_id, players in by_season.items():
        refresh_player_totals(season_id, players)


def refresh_stats_totals(rows: Iterable[PlayerMatchStats]) -> None:
    """After writing ``rows``: their players' totals in their seasons."""
    _refresh_pairs((row.season_id, row.player_id) for row in rows)


def delete_stats(rows: QuerySet[PlayerMatchStats]) -> None:
    """Delete these match statistics and refresh their players' totals."""
    gone = list(rows.values_list("season_id", "player_id"))
    rows.delete()
    _refresh_pairs(gone)


def rebuild_season(season_id: int | None) -> None:
    """Every player's totals in the season, from scratch (a restore, a repair)."""
    where, params = _season_clause(season_id)
    if season_id is None:
        scope = PlayerMatchStats.objects.filter(season__isnull=True)
    else:
        scope = PlayerMatchStats.objects.filter(season_id=season_id)
    with transaction.atomic(savepoint=False):
        with connection.cursor() as cursor:
            table = PlayerSeasonTotals._meta.db_table
            cursor.execute(f"DELETE FROM {table} WHERE {where}", params)
        refresh_player_totals(season_id, scope.values_list("player_id", flat=True).distinct())
