"""League tables, aggregated by the database.

How the totals are computed (the choice the issue asks to document): one SQL
statement over a UNION ALL derived table. Each counted league fixture gives
two rows, one from the home team's side and one from the away team's
(``team_id``, ``opponent_id``, touchdowns and casualties for and against,
whether the team conceded); the outer query groups those rows by team, so
every fixture counts exactly once for each of its two teams. Joining both the
home and the away fixtures onto a team in one ORM query would multiply them
instead (n home x m away rows) and double-count. The team entries are LEFT
JOINed so a team yet to play shows zeros, and the commissioner's points
adjustments are summed in their own derived table for the same reason.

Django cannot aggregate over a union, so the statement is SQL written here,
portable between SQLite and PostgreSQL (CASE, COALESCE, UNION ALL only); the
table and column names come from the models' ``_meta`` and every value is a
query parameter.

Python then only orders the per-team rows (never loops over matches) by what
the league's ruleset ranks by (its edition's ``standings_rank_by``,
``rules_engine.edition_for``: the league's points scheme for BB2020
and classic, wins then points scored for Blitz Bowl) and the league's
tie-breakers. Head-to-head is again a database
aggregate: one more statement sums the points each tied team earned in the
fixtures between the teams of its tied group (every group at once), run only
when the league uses head-to-head and some teams are level.

Results (facts §5): a win, draw or loss earns the league's points for it;
"unplayed" fixtures are a loss for both (counted as played, no touchdowns);
a real-life concession is a 1-0 win for the opponent. Bonus points are for
matches actually played, not for forfeits. Where a ruleset scores games in
points (Blitz Bowl; ``Fixture.home_points``) the result is read from the
points, else from the touchdowns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import connection

from leagues.models import Division, Fixture, League, PointsAdjustment, Season, TeamEntry
from leagues.models import TieBreaker as TB
from rules_engine.editions import edition_for
from teams.models import Team

PLAYED = Fixture.Status.PLAYED.value
UNPLAYED = Fixture.Status.UNPLAYED_DOUBLE_LOSS.value
COUNTED = [s.value for s in Fixture.COUNTED_STATUSES]


@dataclass
class StandingRow:
    """One team's line in a league table."""

    team_id: int
    team_name: str
    coach: str
    division_id: int | None
    division_name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    touchdowns_for: int = 0
    touchdowns_against: int = 0
    casualties_for: int = 0
    casualties_against: int = 0
    bonus_points: int = 0
    adjustment: int = 0
    points: int = 0
    conceded: int = 0
    points_scored: int = 0
    points_conceded: int = 0
    head_to_head: int | None = None
    position: int = 0

    @property
    def touchdown_difference(self) -> int:
        return self.touchdowns_for - self.touchdowns_against

    @property
    def casualty_difference(self) -> int:
        return self.casualties_for - self.casualties_against


@dataclass
class DivisionTable:
    division_id: int
    division_name: str
    rows: list[StandingRow] = field(default_factory=list)


def _t(model: type) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _sides_sql(extra_where: str = "") -> str:
    """Both sides of every counted league fixture, one row per team and fixture."""
    fixture = _t(Fixture)
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
            f"AND f.status IN (%s, %s, %s){extra_where}"
        )
    return " UNION ALL ".join(parts)


def _sides_params(season_id: int, extra: list) -> list:
    one = [season_id, Fixture.Kind.LEAGUE.value, *COUNTED, *extra]
    return one + one


def _result_columns(league: League) -> tuple[str, list]:
    """Per-row won/drawn/lost/bonus (as 0/1 integers) and the row's points. The result
    reads the score: points where the fixture has them, else touchdowns."""
    won = "CASE WHEN s.status <> %s AND s.score_for > s.score_against THEN 1 ELSE 0 END"
    drawn = "CASE WHEN s.status = %s AND s.score_for = s.score_against THEN 1 ELSE 0 END"
    lost = "CASE WHEN s.status = %s OR s.score_for < s.score_against THEN 1 ELSE 0 END"
    bonus = (
        "(CASE WHEN s.status = %s AND s.td_for >= 3 THEN %s ELSE 0 END"
        " + CASE WHEN s.status = %s AND s.td_against = 0 THEN %s ELSE 0 END"
        " + CASE WHEN s.status = %s AND s.cas_for >= 3 THEN %s ELSE 0 END)"
    )
    sql = f"{won} AS won, {drawn} AS drawn, {lost} AS lost, {bonus} AS bonus"
    params = [
        UNPLAYED,
        PLAYED,
        UNPLAYED,
        PLAYED,
        int(league.bonus_three_touchdowns),
        PLAYED,
        int(league.bonus_clean_sheet),
        PLAYED,
        int(league.bonus_three_casualties),
    ]
    return sql, params


def _points_params(league: League) -> list:
    return [league.points_for_win, league.points_for_draw, league.points_for_loss]


def _standings_rows(season: Season, division_id: int | None = None) -> list[StandingRow]:
    """Every admitted team of the season (or one division), totals from the DB, unordered."""
    league = season.league
    user = get_user_model()
    username = user._meta.get_field(user.USERNAME_FIELD).column
    result_sql, result_params = _result_columns(league)
    fixture_filter, entry_filter, extra = "", "", []
    if division_id is not None:
        fixture_filter, entry_filter, extra = (
            " AND f.division_id = %s",
            " AND e.division_id = %s",
            [division_id],
        )
    sql = f"""
        SELECT e.team_id, t.name, u.{username}, e.division_id, d.name,
               COALESCE(r.played, 0), COALESCE(r.won, 0), COALESCE(r.drawn, 0),
               COALESCE(r.lost, 0), COALESCE(r.td_for, 0), COALESCE(r.td_against, 0),
               COALESCE(r.cas_for, 0), COALESCE(r.cas_against, 0), COALESCE(r.bonus, 0),
               COALESCE(a.points, 0), COALESCE(r.conceded, 0),
               COALESCE(r.won, 0) * %s + COALESCE(r.drawn, 0) * %s + COALESCE(r.lost, 0) * %s
                 + COALESCE(r.bonus, 0) + COALESCE(a.points, 0),
               COALESCE(r.pts_for, 0), COALESCE(r.pts_against, 0)
        FROM {_t(TeamEntry)} e
        JOIN {_t(Team)} t ON t.id = e.team_id
        JOIN {_t(user)} u ON u.id = t.coach_id
        JOIN {_t(Division)} d ON d.id = e.division_id
        LEFT JOIN (
            SELECT s.team_id, COUNT(*) AS played, SUM(s.won) AS won, SUM(s.drawn) AS drawn,
                   SUM(s.lost) AS lost, SUM(s.td_for) AS td_for,
                   SUM(s.td_against) AS td_against, SUM(s.cas_for) AS cas_for,
                   SUM(s.cas_against) AS cas_against, SUM(s.bonus) AS bonus,
                   SUM(s.conceded) AS conceded, SUM(s.pts_for) AS pts_for,
                   SUM(s.pts_against) AS pts_against
            FROM (SELECT s.*, {result_sql} FROM ({_sides_sql(fixture_filter)}) s) s
            GROUP BY s.team_id
        ) r ON r.team_id = e.team_id
        LEFT JOIN (
            SELECT p.team_id, SUM(p.points) AS points FROM {_t(PointsAdjustment)} p
            WHERE p.season_id = %s GROUP BY p.team_id
        ) a ON a.team_id = e.team_id
        WHERE e.season_id = %s{entry_filter}
    """
    params = [
        *_points_params(league),
        *result_params,
        *_sides_params(season.pk, extra),
        season.pk,
        season.pk,
        *extra,
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [
            StandingRow(
                team_id=r[0],
                team_name=r[1],
                coach=r[2],
                division_id=r[3],
                division_name=r[4],
                played=r[5],
                won=r[6],
                drawn=r[7],
                lost=r[8],
                touchdowns_for=r[9],
                touchdowns_against=r[10],
                casualties_for=r[11],
                casualties_against=r[12],
                bonus_points=r[13],
                adjustment=r[14],
                conceded=r[15],
                points=r[16],
                points_scored=r[17],
                points_conceded=r[18],
            )
            for r in cursor.fetchall()
        ]


def head_to_head_points(season: Season, groups: Iterable[Iterable[int]]) -> dict[int, int]:
    """Points each team earned in the league fixtures between the teams of its group.

    ``groups`` are disjoint sets of team ids (teams level on points); one
    statement answers for all of them. Teams that have not met score 0.
    """
    group_of = {team_id: n for n, group in enumerate(groups) for team_id in group}
    if not group_of:
        return {}
    case = "CASE {col} " + " ".join("WHEN %s THEN %s" for _ in group_of) + " END"
    case_params = [v for item in group_of.items() for v in item]
    same_group = f" AND {case.format(col='f.home_id')} = {case.format(col='f.away_id')}"
    result_sql, result_params = _result_columns(season.league)
    sql = f"""
        SELECT s.team_id, SUM(s.won * %s + s.drawn * %s + s.lost * %s + s.bonus)
        FROM (SELECT s.*, {result_sql} FROM ({_sides_sql(same_group)}) s) s
        GROUP BY s.team_id
    """
    params = [
        *_points_params(season.league),
        *result_params,
        *_sides_params(season.pk, case_params + case_params),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = dict(cursor.fetchall())
    return {team_id: int(found.get(team_id, 0)) for team_id in group_of}


_KEYS: dict[str, Callable[[StandingRow], int]] = {
    TB.TOUCHDOWN_DIFFERENCE: lambda r: -r.touchdown_difference,
    TB.TOUCHDOWNS_SCORED: lambda r: -r.touchdowns_for,
    TB.CASUALTIES: lambda r: -r.casualties_for,
    TB.CASUALTY_DIFFERENCE: lambda r: -r.casualty_difference,
    TB.HEAD_TO_HEAD: lambda r: -(r.head_to_head or 0),
    TB.FEWEST_CONCEDED_MATCHES: lambda r: r.conceded,
}


# What a ruleset's STANDINGS may rank by, best first.
RANK_KEYS: dict[str, Callable[[StandingRow], int]] = {
    "league_points": lambda r: -r.points,
    "wins": lambda r: -r.won,
    "points_scored": lambda r: -r.points_scored,
}
LEAGUE_POINTS = "league_points"


def rank_by(league: League) -> tuple[str, ...]:
    """What the league's ruleset ranks a table by (its edition's ``standings_rank_by``),
    before the league's tie-breakers: ("league_points",) for BB2020 and classic,
    ("wins", "points_scored") for Blitz Bowl."""
    try:
        keys = tuple(edition_for(league.ruleset).standings_rank_by)
    except LookupError:
        keys = (LEAGUE_POINTS,)
    unknown = [k for k in keys if k not in RANK_KEYS]
    if unknown or not keys:
        raise LookupError(f"{league.ruleset}: standings cannot rank by {unknown or keys}")
    return keys


def rank(season: Season, rows: list[StandingRow], *, by_division: bool) -> list[StandingRow]:
    """Order rows by what the ruleset ranks by (``rank_by``), then the league's
    tie-breakers, then name; number them.

    Head-to-head, where the league lists it, compares the teams level on
    the ruleset's keys and on every tie-breaker listed before it, among themselves.
    """
    breakers = [b for b in season.league.tie_breakers if b in _KEYS]
    ranked_by = [RANK_KEYS[k] for k in rank_by(season.league)]

    def level_key(row: StandingRow, upto: int) -> tuple:
        prefix = (row.division_id,) if by_division else ()
        return (
            *prefix,
            *(key(row) for key in ranked_by),
            *(_KEYS[b](row) for b in breakers[:upto]),
        )

    if TB.HEAD_TO_HEAD in breakers:
        upto = breakers.index(TB.HEAD_TO_HEAD)
        groups: dict[tuple, list[int]] = {}
        for row in rows:
            groups.setdefault(level_key(row, upto), []).append(row.team_id)
        tied = [g for g in groups.values() if len(g) > 1]
        if tied:
            h2h = head_to_head_points(season, tied)
            for row in rows:
                row.head_to_head = h2h.get(row.team_id)
    ordered = sorted(
        rows, key=lambda r: (*level_key(r, len(breakers)), r.team_name.casefold(), r.team_id)
    )
    position: dict[int | None, int] = {}
    for row in ordered:
        scope = row.division_id if by_division else None
        position[scope] = position.get(scope, 0) + 1
        row.position = position[scope]
    return ordered


def division_standings(division: Division) -> list[StandingRow]:
    """The division's table, best first. One query (two with a head-to-head tie)."""
    season = division.season
    return rank(season, _standings_rows(season, division.pk), by_division=True)


def season_standings(season: Season) -> list[DivisionTable]:
    """Every division's table of the season, divisions by name. Same query count."""
    rows = rank(season, _standings_rows(season), by_division=True)
    tables: dict[int, DivisionTable] = {}
    for row in rows:
        table = tables.setdefault(
            row.division_id, DivisionTable(row.division_id, row.division_name)
        )
        table.rows.append(row)
    return sorted(tables.values(), key=lambda t: (t.division_name.casefold(), t.division_id))


def overall_standings(season: Season) -> list[StandingRow]:
    """All admitted teams of the season in one table (play-off seeding across divisions)."""
    return rank(season, _standings_rows(season), by_division=False)
