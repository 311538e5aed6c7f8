"""League tables, read from the maintained per-team rows.

A season's table is one statement: its admitted teams (entries, with team, coach and
division) LEFT JOINed to their ``StandingTotals`` rows, which the leagues services keep
exact in the same transaction as every result, correction, forfeit and points
adjustment (``leagues.services.standings_sync``), so a read never aggregates every
fixture of the season. The rows hold counts; the points are worked out here from the
league's scoring, so a league changing its points or bonuses changes its table at once.
A team yet to play (no row) shows zeros. ``aggregate_standings_rows`` is the full
aggregate from the fixtures themselves (``leagues.standings_sql``), kept for the tests
that hold the maintained rows to it.

Python then only orders the per-team rows (never loops over matches) by what
the league's ruleset ranks by (its edition's ``standings_rank_by``,
``rules_engine.edition_for``: the league's points scheme for BB2020
and classic, wins then points scored for Blitz Bowl) and the league's
tie-breakers. Head-to-head is a database aggregate over the fixtures between the
teams of each tied group (every group at once), run only when the league uses
head-to-head and some teams are level.

Results (facts §5): a win, draw or loss earns the league's points for it;
"unplayed" fixtures are a loss for both (counted as played, no touchdowns);
a real-life concession is a 1-0 win for the opponent. Bonus points are for
matches actually played, not for forfeits. Where a ruleset scores games in
points (Blitz Bowl) the result is read from the points, else from the touchdowns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Field

from leagues import standings_sql
from leagues.models import Division, League, Season, StandingTotals, TeamEntry
from leagues.models import TieBreaker as TB
from leagues.standings_sql import TOTALS, table
from rules_engine.editions import edition_for
from teams.models import Team


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
    division_id: int | None
    division_name: str
    rows: list[StandingRow] = field(default_factory=list)


def _scoring(league: League) -> tuple[int, int, int, int, int, int]:
    """The league's points for a win, draw and loss, and for each bonus condition."""
    return (
        league.points_for_win,
        league.points_for_draw,
        league.points_for_loss,
        int(league.bonus_three_touchdowns),
        int(league.bonus_clean_sheet),
        int(league.bonus_three_casualties),
    )


def _rows(
    records: Iterable[tuple], totals_of: Callable[[tuple], tuple], scoring: tuple[int, ...]
) -> list[StandingRow]:
    """Table rows from each team's (id, name, coach, division id, division name) and
    its totals (in ``TOTALS`` order); the points from the league's scoring."""
    win, draw, loss, three_td, clean, three_cas = scoring
    rows = []
    for r in records:
        totals = totals_of(r)
        played, won, drawn, lost, td_for, td_against, cas_for, cas_against = totals[:8]
        three_tds, clean_sheets, three_cass, conceded, scored, against, adjustment = totals[8:]
        bonus = three_tds * three_td + clean_sheets * clean + three_cass * three_cas
        rows.append(
            StandingRow(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                played,
                won,
                drawn,
                lost,
                td_for,
                td_against,
                cas_for,
                cas_against,
                bonus,
                adjustment,
                won * win + drawn * draw + lost * loss + bonus + adjustment,
                conceded,
                scored,
                against,
            )
        )
    return rows


def _entries_sql(columns: str, joins: str, division_id: int | None) -> tuple[str, list]:
    user = get_user_model()
    username_field = user._meta.get_field(user.USERNAME_FIELD)
    assert isinstance(username_field, Field)
    username = username_field.column
    sql = f"""
        SELECT e.team_id, t.name, u.{username}, e.division_id, d.name{columns}
        FROM {table(TeamEntry)} e
        JOIN {table(Team)} t ON t.id = e.team_id
        JOIN {table(user)} u ON u.id = t.coach_id
        JOIN {table(Division)} d ON d.id = e.division_id{joins}
        WHERE e.season_id = %s
    """
    if division_id is None:
        return sql, []
    return sql + " AND e.division_id = %s", [division_id]


def _standings_rows(season: Season, division_id: int | None = None) -> list[StandingRow]:
    """Every admitted team of the season (or one division) with its maintained totals,
    unordered: one query."""
    columns = "".join(f", COALESCE(st.{name}, 0)" for name in TOTALS)
    joins = (
        f" LEFT JOIN {table(StandingTotals)} st"
        " ON st.season_id = e.season_id AND st.team_id = e.team_id"
    )
    sql, extra = _entries_sql(columns, joins, division_id)
    scoring = _scoring(season.league)
    with connection.cursor() as cursor:
        cursor.execute(sql, [season.pk, *extra])
        return _rows(cursor.fetchall(), lambda r: r[5:], scoring)


def standings_rows(season: Season) -> list[StandingRow]:
    """Every admitted team of the season with its maintained totals, unranked (what
    the play-off odds simulate from). One query."""
    return _standings_rows(season)


def aggregate_standings_rows(season: Season, division_id: int | None = None) -> list[StandingRow]:
    """The same rows from the full aggregate over the season's fixtures and adjustments
    (what the maintained rows must always equal; tests compare them). Two queries."""
    sql, extra = _entries_sql("", "", division_id)
    totals = standings_sql.aggregate_totals(season)
    scoring = _scoring(season.league)
    with connection.cursor() as cursor:
        cursor.execute(sql, [season.pk, *extra])
        return _rows(
            cursor.fetchall(), lambda r: tuple(totals[r[0]][name] for name in TOTALS), scoring
        )


def head_to_head_points(season: Season, groups: Iterable[Iterable[int]]) -> dict[int, int]:
    """Points each team earned in the league fixtures between the teams of its group.

    ``groups`` are disjoint sets of team ids (teams level on points); one
    statement answers for all of them. Teams that have not met score 0.
    """
    return standings_sql.head_to_head_points(season, groups, _scoring(season.league))


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


def season_ruleset(season: Season) -> str:
    """The edition the season is played under: its own, kept when the league later
    moves to another edition (``Season.ruleset``); the league's for a season saved
    without one."""
    return season.ruleset or season.league.ruleset


def rank_by(scope: League | Season) -> tuple[str, ...]:
    """What the ruleset ranks a table by (its edition's ``standings_rank_by``), before
    the league's tie-breakers: ("league_points",) for BB2020 and classic, ("wins",
    "points_scored") for Blitz Bowl. A season ranks by its own edition's rule, a
    league by its current one's."""
    key = season_ruleset(scope) if isinstance(scope, Season) else scope.ruleset
    try:
        keys = tuple(edition_for(key).standings_rank_by)
    except LookupError:
        keys = (LEAGUE_POINTS,)
    unknown = [k for k in keys if k not in RANK_KEYS]
    if unknown or not keys:
        raise LookupError(f"{key}: standings cannot rank by {unknown or keys}")
    return keys


def rank(
    season: Season,
    rows: list[StandingRow],
    *,
    by_division: bool,
    head_to_head: Callable[[list[list[int]]], dict[int, int]] | None = None,
) -> list[StandingRow]:
    """Order rows by what the ruleset ranks by (``rank_by``), then the league's
    tie-breakers, then name; number them.

    Head-to-head, where the league lists it, compares the teams level on
    the ruleset's keys and on every tie-breaker listed before it, among themselves
    (``head_to_head`` answers for groups of tied teams: the recorded fixtures by
    default; the play-off odds pass simulated ones).
    """
    breakers = [b for b in season.league.tie_breakers if b in _KEYS]
    ranked_by = [RANK_KEYS[k] for k in rank_by(season)]

    def level_key(upto: int) -> Callable[[StandingRow], tuple]:
        keys = [*ranked_by, *(_KEYS[b] for b in breakers[:upto])]
        if by_division:
            return lambda row: (row.division_id, *[key(row) for key in keys])
        return lambda row: tuple([key(row) for key in keys])

    if TB.HEAD_TO_HEAD in breakers:
        level = level_key(breakers.index(TB.HEAD_TO_HEAD))
        groups: dict[tuple, list[int]] = {}
        for row in rows:
            groups.setdefault(level(row), []).append(row.team_id)
        tied = [g for g in groups.values() if len(g) > 1]
        if tied:
            h2h = (head_to_head or (lambda groups: head_to_head_points(season, groups)))(tied)
            for row in rows:
                row.head_to_head = h2h.get(row.team_id)
    level = level_key(len(breakers))
    ordered = sorted(rows, key=lambda r: (*level(r), r.team_name.casefold(), r.team_id))
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
    return division_tables(rank(season, _standings_rows(season), by_division=True))


def division_tables(rows: list[StandingRow]) -> list[DivisionTable]:
    """Rows ranked by division, as one table per division, divisions by name."""
    tables: dict[int | None, DivisionTable] = {}
    for row in rows:
        division = tables.get(row.division_id)
        if division is None:
            division = tables[row.division_id] = DivisionTable(row.division_id, row.division_name)
        division.rows.append(row)
    return sorted(tables.values(), key=lambda t: (t.division_name.casefold(), t.division_id))


def overall_standings(season: Season) -> list[StandingRow]:
    """All admitted teams of the season in one table (play-off seeding across divisions)."""
    return rank(season, _standings_rows(season), by_division=False)
