"""League tables: totals from the database, points and tie-breakers as league data."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues.models import Fixture, TieBreaker
from leagues.selectors import division_standings, season_standings
from tests.leagues.factories import (
    DivisionFactory,
    FixtureFactory,
    PointsAdjustmentFactory,
    division_with_teams,
    played,
    teams_of,
)

pytestmark = pytest.mark.django_db


def table(division):
    return {row.team_name.split()[0]: row for row in division_standings(division)}


def order(division):
    return [row.team_name.split()[0] for row in division_standings(division)]


def test_a_team_yet_to_play_shows_zeros():
    division = division_with_teams(4)
    rows = division_standings(division)
    assert [r.played for r in rows] == [0, 0, 0, 0]
    assert [r.points for r in rows] == [0, 0, 0, 0]
    assert [r.position for r in rows] == [1, 2, 3, 4]


def test_win_draw_loss_default_points_and_totals():
    division = division_with_teams(3)
    a, b, c = teams_of(division)
    played(a, b, (2, 1), (3, 1), division=division)
    played(c, a, (1, 1), (0, 2), division=division)
    rows = table(division)
    assert (rows["A"].played, rows["A"].won, rows["A"].drawn, rows["A"].lost) == (2, 1, 1, 0)
    assert (rows["A"].touchdowns_for, rows["A"].touchdowns_against) == (3, 2)
    assert (rows["A"].casualties_for, rows["A"].casualties_against) == (5, 1)
    assert rows["A"].points == 4  # 3 + 1
    assert rows["B"].points == 0 and rows["B"].lost == 1
    assert rows["C"].points == 1 and rows["C"].casualty_difference == -2
    assert order(division) == ["A", "C", "B"]


def test_home_and_away_are_not_double_counted():
    """A naive ORM query joining a team's home AND away fixtures multiplies the
    rows (2 home x 3 away = 6 per team) and inflates every total."""
    division = division_with_teams(4)
    a, b, c, d = teams_of(division)
    played(a, b, (1, 0), (1, 0), division=division)
    played(a, c, (2, 0), (0, 0), division=division)
    played(b, a, (0, 3), (0, 2), division=division)
    played(c, a, (0, 4), (0, 0), division=division)
    played(d, a, (1, 1), (5, 0), division=division)
    rows = table(division)
    assert rows["A"].played == 5
    assert (rows["A"].won, rows["A"].drawn, rows["A"].lost) == (4, 1, 0)
    assert rows["A"].touchdowns_for == 1 + 2 + 3 + 4 + 1
    assert rows["A"].touchdowns_against == 1
    assert rows["A"].casualties_for == 3 and rows["A"].casualties_against == 5
    assert rows["A"].points == 13
    assert sum(r.played for r in rows.values()) == 2 * 5


def test_configured_points_and_bonus_points():
    division = division_with_teams(
        2,
        points_for_win=2,
        points_for_draw=1,
        points_for_loss=0,
        bonus_three_touchdowns=True,
        bonus_clean_sheet=True,
        bonus_three_casualties=True,
    )
    a, b = teams_of(division)
    played(a, b, (3, 0), (3, 1), division=division)  # A: win + 3 bonus
    played(b, a, (0, 0), (0, 0), division=division)  # clean sheet for both
    rows = table(division)
    assert rows["A"].bonus_points == 3 + 1
    assert rows["A"].points == 2 + 1 + 4
    assert rows["B"].bonus_points == 1
    assert rows["B"].points == 1 + 1


def test_forfeits_both_kinds():
    division = division_with_teams(3)
    a, b, c = teams_of(division)
    FixtureFactory(division=division, home=a, away=b, status=Fixture.Status.UNPLAYED_DOUBLE_LOSS)
    FixtureFactory(
        division=division,
        home=a,
        away=c,
        status=Fixture.Status.FORFEIT,
        home_touchdowns=0,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
        conceded_by=a,
        played_at=timezone.now(),
    )
    rows = table(division)
    assert (rows["A"].played, rows["A"].lost, rows["A"].points, rows["A"].conceded) == (2, 2, 0, 1)
    assert (rows["B"].played, rows["B"].lost, rows["B"].points) == (1, 1, 0)
    assert (rows["C"].played, rows["C"].won, rows["C"].points) == (1, 1, 3)
    assert rows["C"].touchdowns_for == 1 and rows["C"].conceded == 0


def test_forfeits_earn_no_bonus_points():
    division = division_with_teams(2, bonus_clean_sheet=True)
    a, b = teams_of(division)
    FixtureFactory(
        division=division,
        home=a,
        away=b,
        status=Fixture.Status.FORFEIT,
        home_touchdowns=1,
        away_touchdowns=0,
        home_casualties=0,
        away_casualties=0,
        conceded_by=b,
    )
    assert table(division)["A"].points == 3


def test_docked_points_count_and_sum():
    division = division_with_teams(2)
    a, b = teams_of(division)
    played(a, b, (1, 0), division=division)
    PointsAdjustmentFactory(season=division.season, team=a, points=-3)
    PointsAdjustmentFactory(season=division.season, team=a, points=-3)
    rows = table(division)
    assert rows["A"].adjustment == -6
    assert rows["A"].points == -3
    assert order(division) == ["B", "A"]


def test_unplayed_scheduled_friendly_and_playoff_fixtures_do_not_count():
    division = division_with_teams(2)
    a, b = teams_of(division)
    FixtureFactory(division=division, home=a, away=b)  # scheduled
    FixtureFactory(
        division=None,
        season=division.season,
        kind=Fixture.Kind.FRIENDLY,
        home=a,
        away=b,
        status=Fixture.Status.PLAYED,
        home_touchdowns=5,
        away_touchdowns=0,
        home_casualties=0,
        away_casualties=0,
    )
    assert table(division)["A"].played == 0


def test_default_tie_breakers_touchdowns_then_casualties():
    division = division_with_teams(4)
    a, b, c, d = teams_of(division)
    played(a, d, (1, 0), (0, 0), division=division)
    played(b, d, (2, 1), (0, 0), division=division)
    played(c, d, (2, 0), (1, 0), division=division)
    played(d, a, (0, 0), division=division)
    played(d, b, (0, 0), division=division)
    played(d, c, (0, 0), division=division)
    # A, B, C on 4 points; B and C on 2 touchdowns, C caused more casualties.
    assert order(division) == ["C", "B", "A", "D"]


def test_configured_tie_breakers_are_applied_in_order():
    division = division_with_teams(
        3, tie_breakers=[TieBreaker.TOUCHDOWN_DIFFERENCE, TieBreaker.TOUCHDOWNS_SCORED]
    )
    a, b, c = teams_of(division)
    played(a, c, (5, 4), division=division)  # A: +1 on 5 scored
    played(b, c, (2, 0), division=division)  # B: +2 on 2 scored
    assert order(division) == ["B", "A", "C"]
    league = division.season.league
    league.tie_breakers = [TieBreaker.TOUCHDOWNS_SCORED]
    league.save()
    assert order(division) == ["A", "B", "C"]


def test_fewest_conceded_matches_tie_breaker():
    division = division_with_teams(
        4, tie_breakers=[TieBreaker.FEWEST_CONCEDED_MATCHES, TieBreaker.TOUCHDOWNS_SCORED]
    )
    a, b, c, d = teams_of(division)
    played(a, c, (3, 0), division=division)
    played(b, d, (1, 0), division=division)
    played(c, b, (0, 2), division=division, conceded_by=c)
    played(d, a, (0, 2), division=division, conceded_by=d)
    played(c, a, (1, 0), division=division)  # A and B on 6 points, 0 concessions
    played(d, b, (1, 0), division=division)
    played(c, d, (1, 1), division=division)
    # C and D level on 4 points; each conceded once, C scored more.
    assert order(division) == ["A", "B", "C", "D"]


def test_three_way_tie_broken_by_head_to_head():
    """A, B and C finish level on 6 points. Among themselves A beat both, B beat
    C: head-to-head A 6, B 3, C 0, against the touchdown order (C, B, A)."""
    division = division_with_teams(
        4, tie_breakers=[TieBreaker.HEAD_TO_HEAD, TieBreaker.TOUCHDOWNS_SCORED]
    )
    a, b, c, d = teams_of(division)
    played(a, b, (1, 0), division=division)
    played(a, c, (1, 0), division=division)
    played(b, c, (1, 0), division=division)
    played(d, a, (1, 0), division=division)
    played(a, d, (0, 1), division=division)
    played(b, d, (3, 0), division=division)
    played(d, b, (1, 0), division=division)
    played(c, d, (5, 0), division=division)
    played(d, c, (0, 5), division=division)
    rows = table(division)
    assert [rows[t].points for t in "ABCD"] == [6, 6, 6, 9]
    assert [rows[t].touchdowns_for for t in "ABC"] == [2, 4, 10]
    assert [rows[t].head_to_head for t in "ABC"] == [6, 3, 0]
    assert order(division) == ["D", "A", "B", "C"]

    league = division.season.league
    league.tie_breakers = [TieBreaker.TOUCHDOWNS_SCORED, TieBreaker.HEAD_TO_HEAD]
    league.save()
    assert order(division) == ["D", "C", "B", "A"]


def test_head_to_head_splits_a_three_way_tie_then_the_next_breaker_applies():
    """A beat B, B beat C, C beat A, A and B drew: head-to-head A 4, B 4, C 3."""
    division = division_with_teams(
        4, tie_breakers=[TieBreaker.HEAD_TO_HEAD, TieBreaker.TOUCHDOWNS_SCORED]
    )
    a, b, c, d = teams_of(division)
    played(a, b, (1, 0), division=division)
    played(b, c, (1, 0), division=division)
    played(c, a, (1, 0), division=division)
    played(b, a, (1, 1), division=division)  # A 1, B 1 among the three
    # D loses to everyone and C draws D again: A, B and C all on 7.
    played(d, a, (0, 1), division=division)
    played(d, b, (0, 1), division=division)
    played(d, c, (0, 1), division=division)
    played(c, d, (0, 0), division=division)  # C +1
    rows = table(division)
    assert {rows[t].points for t in "ABC"} == {7}
    assert {t: rows[t].head_to_head for t in "ABC"} == {"A": 4, "B": 4, "C": 3}
    # A and B still level (touchdowns too, 3 each): the name keeps the order stable.
    assert order(division) == ["A", "B", "C", "D"]
    assert rows["D"].head_to_head is None


def test_head_to_head_query_runs_once_for_all_tied_groups():
    division = division_with_teams(4, tie_breakers=[TieBreaker.HEAD_TO_HEAD])
    with CaptureQueriesContext(connection) as queries:
        division_standings(division)  # everyone level: one group
    assert len(queries) == 2


def test_season_standings_one_query_per_call_for_every_division():
    division = division_with_teams(4)
    other = division_with_teams(5, DivisionFactory(season=division.season, name="North"))
    a, b, *_ = teams_of(other)
    played(a, b, (1, 0), division=other)
    with CaptureQueriesContext(connection) as queries:
        tables = season_standings(division.season)
    assert len(queries) == 1
    assert {t.division_name: len(t.rows) for t in tables} == {division.name: 4, "North": 5}
    north = next(t for t in tables if t.division_name == "North")
    assert north.rows[0].team_id == a.pk and north.rows[0].position == 1


results = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 4), st.integers(0, 4)),
    min_size=0,
    max_size=8,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(scores=results)
def test_points_equal_the_sum_of_results(scores):
    """Invariant (DESIGN: standings points equal the sum of results)."""
    division = division_with_teams(3, bonus_three_touchdowns=True)
    a, b, c = teams_of(division)
    pairs = [(a, b), (b, c), (c, a)]
    for n, (htd, atd, hcas, acas) in enumerate(scores):
        home, away = pairs[n % 3]
        played(home, away, (htd, atd), (hcas, acas), division=division)
    rows = division_standings(division)
    for row in rows:
        assert row.points == 3 * row.won + row.drawn + row.bonus_points + row.adjustment
        assert row.played == row.won + row.drawn + row.lost
    assert sum(r.touchdowns_for for r in rows) == sum(r.touchdowns_against for r in rows)
    assert sum(r.played for r in rows) == 2 * len(scores)
