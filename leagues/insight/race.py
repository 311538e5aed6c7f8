"""A season's standings race: each team's league points after each round,
summed by the database, charted per division (``core.charts``). Where the
ruleset's tables rank by wins first (Blitz Bowl), the race counts wins instead,
so the chart's leader is the table's.

One statement. Both sides of every counted league fixture (as ``leagues.standings_sql``
reads them: "unplayed" a loss for both, a concession a 1-0 win, the result from the
points where the ruleset scores in points) earn the league's points for the win,
draw or loss and its bonuses (``standings_sql.RESULT_SQL``), grouped by team and
round; every admitted team is crossed with every round of the season and a window
function (``SUM(...) OVER (PARTITION BY team ORDER BY round)``) runs the total.

Where a figure falls:

- a fixture counts at its round; one without a round (none in a generated
  schedule) at the last round;
- a points adjustment counts at the first round whose deadline is on or after the
  day it was made (the round being played then); when the rounds have no deadlines,
  or it was made after the last one, it counts at the last round.

The chart runs to the last round of the division that has a counted result (rounds
still to play are not drawn flat); an adjustment counted at a later round is drawn
at that last one. So the last point of each line is the team's points in the
league table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils.translation import gettext as _

from core.charts import LineChart, line_chart
from leagues.models import Division, Fixture, PointsAdjustment, Round, Season, TeamEntry
from leagues.standings import _scoring, rank_by
from leagues.standings_sql import COUNTED, RESULT_PARAMS, RESULT_SQL, table
from rules_engine.edition import WINS
from teams.models import Team


@dataclass(frozen=True)
class RaceLine:
    team_id: int
    team_name: str
    points: tuple[int, ...]  # after rounds 1..n


@dataclass(frozen=True)
class DivisionRace:
    division_id: int
    division_name: str
    rounds: tuple[int, ...]
    lines: tuple[RaceLine, ...]  # by points after the last round, then name
    counts_wins: bool = False  # the lines count wins, not league points

    def chart(self, season: Season, *, slug: str) -> LineChart:
        labels = [(f"R{n}", _("After round %(round)s") % {"round": n}) for n in self.rounds]
        values = {
            "league": season.league.name,
            "season": season.number,
            "division": self.division_name,
            "rounds": len(self.rounds),
            "standing": "; ".join(
                f"{line.team_name} {line.points[-1]}" for line in self.lines if line.points
            ),
        }
        if self.counts_wins:
            title = _("%(league)s, season %(season)s, %(division)s: wins round by round")
            description = _(
                "Each team's wins after each of the %(rounds)s rounds played in "
                "%(division)s, leader first: %(standing)s."
            )
            y_name = _("Wins")
        else:
            title = _("%(league)s, season %(season)s, %(division)s: league points round by round")
            description = _(
                "Each team's league points after each of the %(rounds)s rounds played in "
                "%(division)s, leader first: %(standing)s."
            )
            y_name = _("League points")
        return line_chart(
            slug=slug,
            title=title % values,
            description=description % values,
            x_name=_("round"),
            y_name=y_name,
            x_labels=labels,
            series=[(line.team_name, list(line.points)) for line in self.lines],
        )


def _sides_sql() -> str:
    fixture, rounds = table(Fixture), table(Round)
    last = f"(SELECT MAX(l.number) FROM {rounds} l WHERE l.season_id = f.season_id)"
    parts = []
    for side, other in (("home", "away"), ("away", "home")):
        parts.append(
            f"SELECT f.{side}_id AS team_id, COALESCE(r.number, {last}) AS round_no, "
            f"f.status AS status, COALESCE(f.{side}_touchdowns, 0) AS td_for, "
            f"COALESCE(f.{other}_touchdowns, 0) AS td_against, "
            f"COALESCE(f.{side}_casualties, 0) AS cas_for, "
            f"COALESCE(f.{side}_points, f.{side}_touchdowns, 0) AS score_for, "
            f"COALESCE(f.{other}_points, f.{other}_touchdowns, 0) AS score_against "
            f"FROM {fixture} f LEFT JOIN {rounds} r ON r.id = f.round_id "
            "WHERE f.season_id = %s AND f.kind = %s AND f.status IN (%s, %s, %s)"
        )
    return " UNION ALL ".join(parts)


def _race_sql(*, counts_wins: bool) -> str:
    rounds, adjustment = table(Round), table(PointsAdjustment)
    # Wins: a points adjustment moves league points, which such a table does not rank by.
    earned = (
        "s.won"
        if counts_wins
        else "s.won * %s + s.drawn * %s + s.lost * %s"
        " + s.three_td * %s + s.clean * %s + s.three_cas * %s"
    )
    adjusted = "0" if counts_wins else "a.points"
    return f"""
        WITH earned AS (
            SELECT s.team_id, s.round_no, 1 AS counted,
                   SUM({earned}) AS points
            FROM (SELECT s.*, {RESULT_SQL} FROM ({_sides_sql()}) s) s
            GROUP BY s.team_id, s.round_no
            UNION ALL
            SELECT a.team_id, COALESCE(
                (SELECT MIN(d.number) FROM {rounds} d WHERE d.season_id = a.season_id
                 AND d.deadline >= DATE(a.created_at)),
                (SELECT MAX(l.number) FROM {rounds} l WHERE l.season_id = a.season_id)
            ) AS round_no, 0 AS counted, {adjusted}
            FROM {adjustment} a WHERE a.season_id = %s
        )
        SELECT e.division_id, d.name, e.team_id, t.name, r.number, MAX(COALESCE(x.counted, 0)),
               SUM(SUM(COALESCE(x.points, 0)))
                   OVER (PARTITION BY e.team_id ORDER BY r.number) AS running
        FROM {table(TeamEntry)} e
        JOIN {table(Team)} t ON t.id = e.team_id
        JOIN {table(Division)} d ON d.id = e.division_id
        JOIN {rounds} r ON r.season_id = e.season_id
        LEFT JOIN earned x ON x.team_id = e.team_id AND x.round_no = r.number
        WHERE e.season_id = %s
        GROUP BY e.division_id, d.name, e.team_id, t.name, r.number
        ORDER BY e.division_id, e.team_id, r.number
    """


def season_race(season: Season) -> list[DivisionRace]:
    """Every division's race, divisions by name: one query."""
    counts_wins = rank_by(season)[0] == WINS
    params: list[Any] = [
        *([] if counts_wins else _scoring(season.league)),
        *RESULT_PARAMS,
        *([season.pk, Fixture.Kind.LEAGUE.value, *COUNTED] * 2),
        season.pk,
        season.pk,
    ]
    with connection.cursor() as cursor:
        cursor.execute(_race_sql(counts_wins=counts_wins), params)
        rows = cursor.fetchall()
    return _races(rows, counts_wins=counts_wins)


def _races(rows: Sequence[tuple], *, counts_wins: bool) -> list[DivisionRace]:
    """Group the statement's rows (division, team, round, counted, running) into races
    cut at each division's last round with a counted result."""
    divisions: dict[int, tuple[str, dict[int, tuple[str, list[tuple[int, int]]]]]] = {}
    reached: dict[int, int] = {}
    for division_id, division_name, team_id, team_name, number, counted, running in rows:
        teams = divisions.setdefault(division_id, (division_name, {}))[1]
        teams.setdefault(team_id, (team_name, []))[1].append((number, int(running)))
        if counted:
            reached[division_id] = max(reached.get(division_id, 0), number)
    races = []
    for division_id, (division_name, teams) in divisions.items():
        last = reached.get(division_id, 0)
        # No team of the division has a result after ``last``: what a team's total
        # gains later (an adjustment counted at the end) is drawn at ``last``.
        lines = [
            RaceLine(team_id, name, tuple(p for n, p in points if n < last) + (points[-1][1],))
            if last
            else RaceLine(team_id, name, ())
            for team_id, (name, points) in teams.items()
        ]
        lines.sort(
            key=lambda line: (-line.points[-1] if line.points else 0, line.team_name.casefold())
        )
        rounds = tuple(n for n, _ in next(iter(teams.values()))[1] if n <= last)
        races.append(DivisionRace(division_id, division_name, rounds, tuple(lines), counts_wins))
    return sorted(races, key=lambda race: (race.division_name.casefold(), race.division_id))
