"""Play-off odds of a season by Monte-Carlo over its remaining league fixtures.

Each simulation plays every open league fixture of the season once: its result is
drawn from the fixture's pre-match estimate (``leagues.insight.ratings_read``: the two
teams' current Glicko-2 ratings and the league's draw rate), and its score (touchdowns,
casualties, points where the ruleset scores in points) from the league's own recorded
league results of that kind (a win's score from its wins, a draw's from its draws;
1-0 and 1-1 without casualties while it has none), so bonus points and tie-breakers
see plausible numbers. The simulated results are added to the maintained table, ranked
by the league's own rules (``leagues.standings.rank``, head-to-head over the recorded
and simulated fixtures), and seeded by the season's play-off format
(``leagues.services.playoffs.seeds_from``); the odds are how often each team is among
the four seeds, and how often it is the first.

The random numbers come from ``random.Random(seed)``: the same season, results and
seed give the same odds (``leagues.insight.odds_run`` seeds with the season's
fingerprint, so the cached figures can be recomputed exactly).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from leagues.errors import LeagueError
from leagues.insight.ratings import home_score
from leagues.insight.ratings_read import current_team_ratings, league_draw_rate
from leagues.models import Fixture, Season, TieBreaker
from leagues.services.playoffs import SEEDS, seeds_from
from leagues.standings import StandingRow, division_tables, rank, standings_rows
from rules_engine.insight.glicko import MatchOdds, match_odds

N_SIMULATIONS = 2000
PROGRESS_EVERY = 100
# (home touchdowns, away touchdowns, home casualties, away casualties, home points,
# away points): a win's from the winner's side.
Score = tuple[int, int, int, int, int | None, int | None]
FALLBACK_WIN: Score = (1, 0, 0, 0, None, None)
FALLBACK_DRAW: Score = (1, 1, 0, 0, None, None)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Remaining:
    fixture_id: int
    home_id: int
    away_id: int
    odds: MatchOdds


@dataclass
class OddsInput:
    """What a run needs, read once from the database."""

    season: Season
    rows: list[StandingRow]
    remaining: list[Remaining]
    wins: list[Score]
    draws: list[Score]
    # (home id, away id, home league points, away league points) of every counted
    # league fixture: head-to-head's recorded part.
    meetings: list[tuple[int, int, int, int]] = field(default_factory=list)
    ratings: dict[int, float] = field(default_factory=dict)


@dataclass(frozen=True)
class TeamOdds:
    team_id: int
    team_name: str
    coach: str
    division_name: str
    points: int
    played: int
    rating: float
    playoffs: float  # the share of simulations it is among the play-off seeds
    top_seed: float  # ... and the first seed


@dataclass(frozen=True)
class SeasonOdds:
    season_id: int
    season_number: int
    simulations: int
    seed: int
    remaining: int
    places: int
    teams: list[TeamOdds]
    note: str = ""


def _scoring(season: Season) -> tuple[int, int, int, int, int, int]:
    league = season.league
    return (
        league.points_for_win,
        league.points_for_draw,
        league.points_for_loss,
        int(league.bonus_three_touchdowns),
        int(league.bonus_clean_sheet),
        int(league.bonus_three_casualties),
    )


def _side_points(score: Score, scoring: tuple[int, ...], played: bool) -> tuple[int, int]:
    """League points of each side for a result ``score`` (bonuses for played games)."""
    win, draw, loss, three_td, clean, three_cas = scoring
    home, away = (score[4], score[5]) if score[4] is not None else (score[0], score[1])
    assert home is not None and away is not None
    base = (win, loss) if home > away else (draw, draw) if home == away else (loss, win)
    if not played:
        return base

    def bonus(td_for: int, td_against: int, cas_for: int) -> int:
        return three_td * (td_for >= 3) + clean * (td_against == 0) + three_cas * (cas_for >= 3)

    return (
        base[0] + bonus(score[0], score[1], score[2]),
        base[1] + bonus(score[1], score[0], score[3]),
    )


def read_input(season: Season) -> OddsInput:
    """The season's table, remaining fixtures with their estimates, and the league's
    recorded scores. A handful of queries whatever the number of simulations."""
    rows = standings_rows(season)
    fixtures = list(
        Fixture.objects.filter(season__league_id=season.league_id, kind=Fixture.Kind.LEAGUE)
        .filter(status__in=[*Fixture.COUNTED_STATUSES, *Fixture.OPEN_STATUSES])
        .values_list("id", "season_id", "status", "home_id", "away_id", *SCORE_FIELDS)
    )
    ratings = current_team_ratings(season.league_id, [r.team_id for r in rows])
    rate = league_draw_rate(season.league_id)
    scoring = _scoring(season)
    data = OddsInput(season, rows, [], [], [], ratings={k: r.rating for k, r in ratings.items()})
    for pk, season_id, status, home, away, *score in fixtures:
        if season_id != season.pk:
            _keep_score(data, status, score)
        elif status in Fixture.OPEN_STATUSES:
            if home in ratings and away in ratings:
                odds = match_odds(ratings[home], ratings[away], rate)
                data.remaining.append(Remaining(pk, home, away, odds))
        else:
            _keep_score(data, status, score)
            if status == Fixture.Status.UNPLAYED_DOUBLE_LOSS:
                data.meetings.append((home, away, scoring[2], scoring[2]))
            else:
                played = status == Fixture.Status.PLAYED
                data.meetings.append((home, away, *_side_points(tuple(score), scoring, played)))
    return data


SCORE_FIELDS = (
    "home_touchdowns",
    "away_touchdowns",
    "home_casualties",
    "away_casualties",
    "home_points",
    "away_points",
)


def _keep_score(data: OddsInput, status: str, score: list) -> None:
    """A played league result's score, as a sample of a win's or a draw's."""
    if status != Fixture.Status.PLAYED:
        return
    probe = Fixture(status=status, **dict(zip(SCORE_FIELDS, score, strict=True)))
    result = home_score(probe)
    if result == 0.5:
        data.draws.append(tuple(score))
    elif result == 1.0:
        data.wins.append(tuple(score))
    elif result == 0.0:
        h_td, a_td, h_cas, a_cas, h_pts, a_pts = score
        data.wins.append((a_td, h_td, a_cas, h_cas, a_pts, h_pts))


def _play(data: OddsInput, rng: random.Random) -> list[tuple[int, int, Score]]:
    """One draw of every remaining fixture: (home id, away id, score)."""
    results = []
    for fixture in data.remaining:
        roll = rng.random()
        if roll < fixture.odds.win:
            score = rng.choice(data.wins) if data.wins else FALLBACK_WIN
        elif roll < fixture.odds.win + fixture.odds.draw:
            score = rng.choice(data.draws) if data.draws else FALLBACK_DRAW
        else:
            w_td, l_td, w_cas, l_cas, w_pts, l_pts = (
                rng.choice(data.wins) if data.wins else FALLBACK_WIN
            )
            score = (l_td, w_td, l_cas, w_cas, l_pts, w_pts)
        results.append((fixture.home_id, fixture.away_id, score))
    return results


def _add(row: StandingRow, score: Score, points: int, scoring: tuple[int, ...]) -> None:
    """A simulated played result on ``row``, from the row's team's side."""
    td_for, td_against, cas_for, cas_against, pts_for, pts_against = score
    ours, theirs = (pts_for, pts_against) if pts_for is not None else (td_for, td_against)
    assert ours is not None and theirs is not None
    row.played += 1
    row.won += ours > theirs
    row.drawn += ours == theirs
    row.lost += ours < theirs
    row.touchdowns_for += td_for
    row.touchdowns_against += td_against
    row.casualties_for += cas_for
    row.casualties_against += cas_against
    row.points_scored += pts_for or 0
    row.points_conceded += pts_against or 0
    base = scoring[0] if ours > theirs else scoring[1] if ours == theirs else scoring[2]
    row.bonus_points += points - base
    row.points += points


def _head_to_head(meetings: list[tuple[int, int, int, int]]) -> Callable:
    def points(groups: list[list[int]]) -> dict[int, int]:
        group_of = {team: n for n, group in enumerate(groups) for team in group}
        earned = dict.fromkeys(group_of, 0)
        for home, away, home_points, away_points in meetings:
            if home in group_of and group_of[home] == group_of.get(away):
                earned[home] += home_points
                earned[away] += away_points
        return earned

    return points


def _simulate_once(data: OddsInput, rng: random.Random) -> list[int]:
    """The play-off seeds' team ids after one simulated end of the regular season."""
    scoring = _scoring(data.season)
    rows = [copy.copy(r) for r in data.rows]
    by_team = {r.team_id: r for r in rows}
    meetings = list(data.meetings)
    for home, away, score in _play(data, rng):
        home_points, away_points = _side_points(score, scoring, True)
        _add(by_team[home], score, home_points, scoring)
        flipped = (score[1], score[0], score[3], score[2], score[5], score[4])
        _add(by_team[away], flipped, away_points, scoring)
        meetings.append((home, away, home_points, away_points))
    h2h = (
        _head_to_head(meetings)
        if TieBreaker.HEAD_TO_HEAD in data.season.league.tie_breakers
        else None
    )
    overall = rank(data.season, rows, by_division=False, head_to_head=h2h)
    tables = []
    if data.season.playoff_format != Season.PlayoffFormat.TOP_FOUR:
        tables = division_tables(
            rank(data.season, [copy.copy(r) for r in rows], by_division=True, head_to_head=h2h)
        )
    return [row.team_id for row in seeds_from(data.season, overall, tables)]


def simulate(
    data: OddsInput, *, simulations: int, seed: int, progress: Progress | None = None
) -> SeasonOdds:
    """The season's play-off odds from ``simulations`` runs on ``random.Random(seed)``."""
    rng = random.Random(seed)
    in_playoffs: dict[int, int] = dict.fromkeys((r.team_id for r in data.rows), 0)
    first: dict[int, int] = dict(in_playoffs)
    note = ""
    runs = 0
    try:
        for runs in range(1, simulations + 1):
            seeds = _simulate_once(data, rng)
            for team_id in seeds:
                in_playoffs[team_id] += 1
            first[seeds[0]] += 1
            if progress is not None and (runs % PROGRESS_EVERY == 0 or runs == simulations):
                progress(runs, simulations)
    except LeagueError as error:
        note, runs = " ".join(error.messages), 0
    return _summary(data, in_playoffs, first, runs, seed, note)


def _summary(
    data: OddsInput,
    in_playoffs: dict[int, int],
    first: dict[int, int],
    runs: int,
    seed: int,
    note: str,
) -> SeasonOdds:
    teams = [
        TeamOdds(
            r.team_id,
            r.team_name,
            r.coach,
            r.division_name,
            r.points,
            r.played,
            data.ratings[r.team_id],
            in_playoffs[r.team_id] / runs if runs else 0.0,
            first[r.team_id] / runs if runs else 0.0,
        )
        for r in data.rows
    ]
    teams.sort(key=lambda t: (-t.playoffs, -t.top_seed, -t.points, t.team_name.casefold()))
    return SeasonOdds(
        data.season.pk,
        data.season.number,
        runs,
        seed,
        len(data.remaining),
        SEEDS,
        teams,
        note,
    )
