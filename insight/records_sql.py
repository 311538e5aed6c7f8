"""The longest unbeaten runs, by one SQL statement (a gaps-and-islands query).

Each counted fixture gives two rows, one per team (as in ``leagues.standings_sql``),
with whether that team lost: a loss for both when it went unplayed, the play-off
winner where one was decided after a draw, else the lower score (points where the
ruleset scores games in points, touchdowns otherwise). A window function numbers each
team's losses in the order of its games; the games between two losses share that
number, so grouping the games not lost by (team, number) gives each unbeaten run and
its length. Django cannot aggregate over a window or a union, so the statement is SQL
written here, portable between SQLite (3.25+) and PostgreSQL; table and column names
come from the models' ``_meta`` and every value is a query parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection

from leagues.models import Fixture, Season
from teams.models import Team

COUNTED = [s.value for s in Fixture.COUNTED_STATUSES]
UNPLAYED = Fixture.Status.UNPLAYED_DOUBLE_LOSS.value


@dataclass(frozen=True)
class UnbeatenRun:
    """A team's games in a row without a loss."""

    team_id: int
    team_name: str
    games: int
    ongoing: bool  # the team has not lost since


def _team_rows(side: str, other: str, league_filter: str) -> str:
    fixture = Fixture._meta.db_table
    season = Season._meta.db_table
    return f"""
        SELECT f.{side}_id AS team_id, f.id AS fixture_id,
               COALESCE(f.played_at, f.updated_at) AS at,
               CASE
                 WHEN f.status = %s THEN 1
                 WHEN f.winner_id IS NOT NULL THEN
                   CASE WHEN f.winner_id = f.{side}_id THEN 0 ELSE 1 END
                 WHEN COALESCE(f.{side}_points, f.{side}_touchdowns)
                      < COALESCE(f.{other}_points, f.{other}_touchdowns) THEN 1
                 ELSE 0
               END AS lost
        FROM {fixture} f JOIN {season} s ON s.id = f.season_id
        WHERE f.status IN ({", ".join(["%s"] * len(COUNTED))}){league_filter}
    """


def unbeaten_runs(league_id: int | None, limit: int) -> list[UnbeatenRun]:
    """The longest unbeaten runs of the league (every league when None), longest first
    (then the earlier run), one row per run."""
    league_filter = " AND s.league_id = %s" if league_id is not None else ""
    per_side: list[Any] = [UNPLAYED, *COUNTED] + ([league_id] if league_id is not None else [])
    sql = f"""
        WITH games AS (
            {_team_rows("home", "away", league_filter)}
            UNION ALL
            {_team_rows("away", "home", league_filter)}
        ),
        islands AS (
            SELECT team_id, at, lost,
                   SUM(lost) OVER (
                       PARTITION BY team_id ORDER BY at, fixture_id
                       ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
                   ) AS losses_before,
                   SUM(lost) OVER (PARTITION BY team_id) AS losses
            FROM games
        )
        SELECT i.team_id, t.name, COUNT(*) AS games,
               i.losses_before = i.losses AS ongoing
        FROM islands i JOIN {Team._meta.db_table} t ON t.id = i.team_id
        WHERE i.lost = 0
        GROUP BY i.team_id, t.name, i.losses_before, i.losses
        ORDER BY games DESC, MIN(i.at), i.team_id
        LIMIT %s
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, [*per_side, *per_side, limit])
        rows = cursor.fetchall()
    return [
        UnbeatenRun(
            team_id=team_id,
            team_name=name,
            games=games,
            ongoing=bool(ongoing),
        )
        for team_id, name, games, ongoing in rows
    ]
