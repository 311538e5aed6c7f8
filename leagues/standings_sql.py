"""The SQL that aggregates league results: per-team totals and head-to-head.

How the totals are computed: one SQL statement over a UNION ALL derived table.
Each counted league fixture gives two rows, one from the home team's side and
one from the away team's (``team_id``, ``opponent_id``, touchdowns and
casualties for and against, whether the team conceded); the outer query groups
those rows by team, so every fixture counts exactly once for each of its two
teams. Joining both the home and the away fixtures onto a team in one ORM query
would multiply them instead (n home x m away rows) and double-count.

Django cannot aggregate over a union, so the statement is SQL written here,
portable between SQLite and PostgreSQL (CASE, COALESCE, UNION ALL only); the
table and column names come from the models' ``_meta`` and every value is a
query parameter.

Results (facts §5): a win, draw or loss earns the league's points for it;
"unplayed" fixtures are a loss for both (counted as played, no touchdowns);
a real-life concession is a 1-0 win for the opponent. Bonus points are for
matches actually played, not for forfeits. Where a ruleset scores games in
points (Blitz Bowl; ``Fixture.home_points``) the result is read from the
points, else from the touchdowns. Play-offs and friendlies never count.

Two users: ``leagues.services.standings_sync`` recomputes the maintained rows
(``StandingTotals``) of the teams a change touched with ``team_totals``, and
``aggregate_totals`` is the full aggregate the maintained rows must always equal
(the hypothesis test compares them; the data migration's arithmetic is the same).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import Model

from leagues.models import Fixture, PointsAdjustment, Season, TeamEntry

PLAYED = Fixture.Status.PLAYED.value
UNPLAYED = Fixture.Status.UNPLAYED_DOUBLE_LOSS.value
COUNTED = [s.value for s in Fixture.COUNTED_STATUSES]

# The maintained per-team totals, in the order ``team_totals`` selects them.
TOTALS = (
    "played",
    "won",
    "drawn",
    "lost",
    "touchdowns_for",
    "touchdowns_against",
    "casualties_for",
    "casualties_against",
    "three_touchdown_games",
    "clean_sheets",
    "three_casualty_games",
    "conceded",
    "points_scored",
    "points_conceded",
    "adjustment",
)


def table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def sides_sql(extra_where: str = "") -> str:
    """Both sides of every counted league fixture, one row per team and fixture.
    ``extra_where`` may name the side with ``{side}`` (it is formatted per side)."""
    fixture = table(Fixture)
    parts = []
    for side, other in (("home", "away"), ("away", "home")):
        parts.append(
            f"SELECT f.{side}_id AS team_id, f.{other}_id AS opponent_id, f.status AS status, "
            f"COALESCE(f.{side}_touchdowns, 0) AS td_for, "
            f"COALESCE(f.{other}_touchdowns, 0) AS td_against, "
            f"COALESCE(f.{side}_casualties, 0) AS cas_for, "
            f"COALESCE(f.{other}_casualties, 0) AS cas_against, "
            f"COALESCE(f.{side}_points, 0) AS pts_for, "
            f"COALESCE(f.{other}_points, 0) AS pts_against, "
            f"COALESCE(f.{side}_points, f.{side}_touchdowns, 0) AS score_for, "
            f"COALESCE(f.{other}_points, f.{other}_touchdowns, 0) AS score_against, "
            f"CASE WHEN f.conceded_by_id = f.{side}_id THEN 1 ELSE 0 END AS conceded "
            f"FROM {fixture} f WHERE f.season_id = %s AND f.kind = %s "
            f"AND f.status IN (%s, %s, %s){extra_where.replace('{side}', side)}"
        )
    return " UNION ALL ".join(parts)


def sides_params(season_id: int, extra: list) -> list:
    one = [season_id, Fixture.Kind.LEAGUE.value, *COUNTED, *extra]
    return one + one


# Per side row: won/drawn/lost and the three bonus conditions, as 0/1 integers. The
# result reads the score: points where the fixture has them, else touchdowns.
RESULT_SQL = (
    "CASE WHEN s.status <> %s AND s.score_for > s.score_against THEN 1 ELSE 0 END AS won, "
    "CASE WHEN s.status = %s AND s.score_for = s.score_against THEN 1 ELSE 0 END AS drawn, "
    "CASE WHEN s.status = %s OR s.score_for < s.score_against THEN 1 ELSE 0 END AS lost, "
    "CASE WHEN s.status = %s AND s.td_for >= 3 THEN 1 ELSE 0 END AS three_td, "
    "CASE WHEN s.status = %s AND s.td_against = 0 THEN 1 ELSE 0 END AS clean, "
    "CASE WHEN s.status = %s AND s.cas_for >= 3 THEN 1 ELSE 0 END AS three_cas"
)
RESULT_PARAMS = [UNPLAYED, PLAYED, UNPLAYED, PLAYED, PLAYED, PLAYED]


def _totals_sql(extra_where: str, adjustment_where: str) -> str:
    return f"""
        SELECT k.team_id, COALESCE(r.played, 0), COALESCE(r.won, 0), COALESCE(r.drawn, 0),
               COALESCE(r.lost, 0), COALESCE(r.td_for, 0), COALESCE(r.td_against, 0),
               COALESCE(r.cas_for, 0), COALESCE(r.cas_against, 0), COALESCE(r.three_td, 0),
               COALESCE(r.clean, 0), COALESCE(r.three_cas, 0), COALESCE(r.conceded, 0),
               COALESCE(r.pts_for, 0), COALESCE(r.pts_against, 0), COALESCE(a.points, 0)
        FROM ({{keys}}) k
        LEFT JOIN (
            SELECT s.team_id, COUNT(*) AS played, SUM(s.won) AS won, SUM(s.drawn) AS drawn,
                   SUM(s.lost) AS lost, SUM(s.td_for) AS td_for,
                   SUM(s.td_against) AS td_against, SUM(s.cas_for) AS cas_for,
                   SUM(s.cas_against) AS cas_against, SUM(s.three_td) AS three_td,
                   SUM(s.clean) AS clean, SUM(s.three_cas) AS three_cas,
                   SUM(s.conceded) AS conceded, SUM(s.pts_for) AS pts_for,
                   SUM(s.pts_against) AS pts_against
            FROM (SELECT s.*, {RESULT_SQL} FROM ({sides_sql(extra_where)}) s) s
            GROUP BY s.team_id
        ) r ON r.team_id = k.team_id
        LEFT JOIN (
            SELECT p.team_id, SUM(p.points) AS points FROM {table(PointsAdjustment)} p
            WHERE p.season_id = %s{adjustment_where} GROUP BY p.team_id
        ) a ON a.team_id = k.team_id
    """


def team_totals(season_id: int, team_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """The totals of ``team_ids`` in the season, from their fixtures and adjustments:
    one statement, reading only those teams' rows (the fixtures' home and away
    indexes). Every team asked for is answered, with zeros where it has nothing."""
    ids = sorted(set(team_ids))
    if not ids:
        return {}
    return _run(*team_totals_query(season_id, ids))


def team_totals_query(season_id: int, ids: list[int]) -> tuple[str, list]:
    """``team_totals``' statement and its parameters (``leagues.services.standings_sync``
    upserts its rows in the same statement): a row per team, its id then ``TOTALS``."""
    marks = ", ".join(["%s"] * len(ids))
    keys = " UNION ALL ".join(["SELECT %s AS team_id"] * len(ids))
    sql = _totals_sql(f" AND f.{{side}}_id IN ({marks})", f" AND p.team_id IN ({marks})")
    # Read the teams' fixtures by their home/away index, not by scanning the season's
    # (SQLite without statistics prefers the (season, kind, status) index; the unary
    # plus, a no-op on an integer in both databases, takes that index out of its choice).
    sql = sql.replace("WHERE f.season_id = %s", "WHERE +f.season_id = %s")
    params = [*ids, *RESULT_PARAMS, *sides_params(season_id, ids), season_id, *ids]
    return sql.replace("{keys}", keys), params


def aggregate_totals(season: Season) -> dict[int, dict[str, int]]:
    """The full aggregate: every admitted team of the season's totals, computed from all
    its fixtures and adjustments (what the maintained rows must equal)."""
    keys = (
        f"SELECT e.team_id FROM {table(TeamEntry)} e "
        "WHERE e.season_id = %s AND e.division_id IS NOT NULL"
    )
    sql = _totals_sql("", "")
    params = [season.pk, *RESULT_PARAMS, *sides_params(season.pk, []), season.pk]
    return _run(sql.replace("{keys}", keys), params)


def _run(sql: str, params: list) -> dict[int, dict[str, int]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {row[0]: dict(zip(TOTALS, map(int, row[1:]), strict=True)) for row in cursor}


def head_to_head_points(
    season: Season, groups: Iterable[Iterable[int]], points: tuple[int, int, int, int, int, int]
) -> dict[int, int]:
    """Points each team earned in the league fixtures between the teams of its group.

    ``groups`` are disjoint sets of team ids (teams level on points); one
    statement answers for all of them. Teams that have not met score 0.
    ``points``: the league's (win, draw, loss, three-touchdown bonus, clean-sheet
    bonus, three-casualty bonus).
    """
    group_of = {team_id: n for n, group in enumerate(groups) for team_id in group}
    if not group_of:
        return {}
    case = "CASE {col} " + " ".join("WHEN %s THEN %s" for _ in group_of) + " END"
    case_params = [v for item in group_of.items() for v in item]
    same_group = f" AND {case.format(col='f.home_id')} = {case.format(col='f.away_id')}"
    sql = f"""
        SELECT s.team_id, SUM(s.won * %s + s.drawn * %s + s.lost * %s
                              + s.three_td * %s + s.clean * %s + s.three_cas * %s)
        FROM (SELECT s.*, {RESULT_SQL} FROM ({sides_sql(same_group)}) s) s
        GROUP BY s.team_id
    """
    params = [
        *points,
        *RESULT_PARAMS,
        *sides_params(season.pk, case_params + case_params),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = dict(cursor.fetchall())
    return {team_id: int(found.get(team_id, 0)) for team_id in group_of}
