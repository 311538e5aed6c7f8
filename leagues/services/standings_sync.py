"""Keeping the league table's per-team rows (``StandingTotals``) exact.

Whoever changes what a league table counts calls ``refresh_team_totals`` in the
same transaction, after the change: a league fixture's result or forfeit (the
fixture's two teams) or a points adjustment (its team). The leagues services
(``record_result``, ``award_forfeit``, ``correct_forfeit``, ``undo_forfeit``,
``dock_points``) do; the matches app records results through ``record_result``.

The rows are recomputed, not patched: one aggregate over the touched teams' own
fixtures (their home and away indexes; a team plays tens of fixtures a season, not
thousands) and one upsert. That is as cheap as incremental arithmetic and exact
whatever happened before, a correction, an undone forfeit, a row a bug once left
wrong. Callers hold the season's row lock (``lock_season``, as every leagues service
does), so two changes to one season's table never interleave: the second aggregate
runs after the first transaction committed and sees its fixtures.

``refresh_season_totals`` rebuilds a whole season (a restore from backup, a bench
that bulk-creates fixtures, a repair).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction
from django.utils import timezone

from leagues.models import Fixture, PointsAdjustment, Season, StandingTotals, TeamEntry
from leagues.standings_sql import TOTALS, team_totals_query


def _season_id(season: Season | int) -> int:
    return season.pk if isinstance(season, Season) else season


def refresh_team_totals(season: Season | int, team_ids: Iterable[int | None]) -> None:
    """Recompute the maintained standings rows of ``team_ids`` in ``season`` from their
    fixtures and adjustments. One statement whatever the season's size."""
    ids = sorted({t for t in team_ids if t is not None})
    if not ids:
        return
    season_id = _season_id(season)
    totals, params = team_totals_query(season_id, ids)
    columns = ["season_id", "team_id", *TOTALS, "updated_at"]
    quote = connection.ops.quote_name
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    # The aggregate and the upsert in one statement (``WHERE 1 = 1``: SQLite reads an
    # INSERT ... SELECT ... ON CONFLICT only with the SELECT's WHERE).
    sql = (
        f"INSERT INTO {quote(StandingTotals._meta.db_table)} "
        f"({', '.join(quote(c) for c in columns)}) "
        f"SELECT %s, t.*, %s FROM ({totals}) t WHERE 1 = 1 "
        f"ON CONFLICT ({quote('season_id')}, {quote('team_id')}) DO UPDATE SET "
        + ", ".join(f"{quote(c)} = excluded.{quote(c)}" for c in [*TOTALS, "updated_at"])
    )
    params = [season_id, now, *params]
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        cursor.execute(sql, params)


def refresh_season_totals(season: Season | int) -> None:
    """Rebuild every row of the season: its admitted teams' and any team with a
    result or adjustment in it (a team withdrawn since keeps an exact row)."""
    season_id = _season_id(season)
    ids = set(TeamEntry.objects.filter(season_id=season_id).values_list("team_id", flat=True))
    for side in ("home_id", "away_id"):
        ids |= set(Fixture.objects.filter(season_id=season_id).values_list(side, flat=True))
    ids |= set(
        PointsAdjustment.objects.filter(season_id=season_id).values_list("team_id", flat=True)
    )
    with transaction.atomic(savepoint=False):
        StandingTotals.objects.filter(season_id=season_id).exclude(team_id__in=ids).delete()
        for chunk in _chunks(sorted(ids), _chunk_size()):
            refresh_team_totals(season_id, chunk)


def _chunk_size() -> int:
    # SQLite caps a statement's parameters (999 on old builds); each team id is used 4
    # times in the aggregate.
    return 200 if connection.vendor == "sqlite" else 1000


def _chunks(items: list[int], size: int) -> Iterable[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def refresh_fixture_teams(fixture: Fixture) -> None:
    """After a change to ``fixture``'s result or status: its two teams' rows, where it is
    a league fixture (play-offs and friendlies count in no table)."""
    if fixture.kind == Fixture.Kind.LEAGUE:
        refresh_team_totals(fixture.season_id, (fixture.home_id, fixture.away_id))
