"""The maintained standings rows always equal the full aggregate.

Random seasons go through the services as a league lives them: results recorded and
corrected (touchdowns, casualties, a concession on the pitch, Blitz Bowl's points),
forfeits awarded, corrected and undone, points docked, some refused. After every step
the ``StandingTotals`` rows equal the aggregate over the fixtures and adjustments
(``leagues.standings_sql.aggregate_totals``), and the tables the pages read equal the
tables the full aggregate gives, position by position (head-to-head included).
"""

from __future__ import annotations

import contextlib
import datetime

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues import services
from leagues.errors import LeagueError
from leagues.models import Fixture, Season, StandingTotals, TieBreaker
from leagues.services.standings_sync import refresh_season_totals
from leagues.standings import aggregate_standings_rows, rank, season_standings
from leagues.standings_sql import TOTALS, aggregate_totals
from rules_engine.dice import SeededDice
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db

score = st.integers(min_value=0, max_value=4)
step = st.one_of(
    st.tuples(
        st.just("result"),
        st.integers(0, 99),
        st.tuples(score, score, score, score),
        st.booleans(),  # a concession on the pitch, where the score allows one
        st.one_of(st.none(), st.tuples(score, score)),  # points (Blitz Bowl)
    ),
    st.tuples(
        st.just("forfeit"), st.integers(0, 99), st.sampled_from(["unplayed", "home", "away"])
    ),
    st.tuples(
        st.just("correct"), st.integers(0, 99), st.sampled_from(["unplayed", "home", "away"])
    ),
    st.tuples(st.just("undo"), st.integers(0, 99)),
    st.tuples(st.just("dock"), st.integers(0, 99), st.integers(1, 4)),
)
league_options = st.fixed_dictionaries(
    {
        "points_for_win": st.sampled_from([2, 3]),
        "points_for_draw": st.just(1),
        "points_for_loss": st.sampled_from([0, 1]),
        "bonus_three_touchdowns": st.booleans(),
        "bonus_clean_sheet": st.booleans(),
        "bonus_three_casualties": st.booleans(),
        "tie_breakers": st.sampled_from(
            [
                [TieBreaker.HEAD_TO_HEAD, TieBreaker.TOUCHDOWN_DIFFERENCE],
                [TieBreaker.TOUCHDOWNS_SCORED, TieBreaker.CASUALTIES],
                [TieBreaker.FEWEST_CONCEDED_MATCHES, TieBreaker.HEAD_TO_HEAD],
            ]
        ),
    }
)


def _season(commissioner, options: dict):
    league = LeagueFactory(commissioners=[commissioner], **options)
    season = services.open_season(commissioner, league, divisions=["North", "South"])
    north, south = season.divisions.order_by("name")
    for n in range(8):
        team = TeamFactory(name=f"Team {n}")
        services.admit_team(commissioner, season, team, north if n < 4 else south)
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    season.refresh_from_db()
    return season


def _apply(commissioner, season, fixtures: list[Fixture], move: tuple) -> None:
    kind, pick, *args = move
    fixture = Fixture.objects.get(pk=fixtures[pick % len(fixtures)].pk)
    side = {"home": fixture.home_id, "away": fixture.away_id}
    if kind == "result":
        (htd, atd, hcas, acas), concede, points = args
        conceded = None
        if concede and htd != atd:
            conceded = fixture.home_id if htd < atd else fixture.away_id
        services.record_result(
            commissioner,
            fixture,
            home_touchdowns=htd,
            away_touchdowns=atd,
            home_casualties=hcas,
            away_casualties=acas,
            conceded_by=conceded,
            home_points=points[0] if points else None,
            away_points=points[1] if points else None,
        )
    elif kind in ("forfeit", "correct"):
        (how,) = args
        action = services.award_forfeit if kind == "forfeit" else services.correct_forfeit
        action(
            commissioner,
            fixture,
            kind="unplayed" if how == "unplayed" else "concession",
            conceded_by=side.get(how),
            dice=SeededDice(pick),
        )
    elif kind == "undo":
        services.undo_forfeit(commissioner, fixture)
    else:
        (points,) = args
        team = fixture.home if pick % 2 else fixture.away
        services.dock_points(commissioner, season, team, reason="Late report", points=points)


def _assert_maintained_equal_aggregate(season) -> None:
    maintained = {
        row["team_id"]: {name: row[name] for name in TOTALS}
        for row in StandingTotals.objects.filter(season=season).values("team_id", *TOTALS)
    }
    aggregate = aggregate_totals(season)
    zeros = dict.fromkeys(TOTALS, 0)  # a team yet to play has no row: the table reads zeros
    assert {team: maintained.get(team, zeros) for team in aggregate} == aggregate
    assert set(maintained) <= set(aggregate)
    aggregated = rank(season, aggregate_standings_rows(season), by_division=True)
    read = [row for table in season_standings(season) for row in table.rows]
    by_division = sorted(aggregated, key=lambda r: (r.division_name, r.position))
    assert read == by_division


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(options=league_options, moves=st.lists(step, min_size=1, max_size=14))
def test_maintained_standings_always_equal_the_full_aggregate(options, moves):
    with transaction.atomic():
        commissioner = UserFactory()
        season = _season(commissioner, options)
        fixtures = list(season.fixtures.filter(kind=Fixture.Kind.LEAGUE).order_by("id"))
        _assert_maintained_equal_aggregate(season)
        for move in moves:
            with contextlib.suppress(LeagueError):  # refused: nothing changed, rows agree
                _apply(commissioner, season, fixtures, move)
            _assert_maintained_equal_aggregate(season)
        transaction.set_rollback(True)


def test_a_season_rebuilt_from_scratch_equals_the_rows_kept_step_by_step(commissioner):
    season = _season(commissioner, {})
    for n, fixture in enumerate(season.fixtures.filter(kind=Fixture.Kind.LEAGUE)[:6]):
        services.record_result(
            commissioner,
            fixture,
            home_touchdowns=n % 3,
            away_touchdowns=1,
            home_casualties=n,
            away_casualties=0,
        )
    kept = list(StandingTotals.objects.filter(season=season).order_by("team_id").values())
    StandingTotals.objects.filter(season=season).update(won=99, played=0)
    refresh_season_totals(season)
    rebuilt = list(StandingTotals.objects.filter(season=season).order_by("team_id").values())
    assert [{k: v for k, v in r.items() if k != "updated_at"} for r in rebuilt] == [
        {k: v for k, v in r.items() if k != "updated_at"} for r in kept
    ]
    assert sum(r["played"] for r in rebuilt) == 12


def test_the_table_reads_the_rows_not_the_fixtures(commissioner, django_assert_num_queries):
    """What a page shows is the maintained row: one query, whatever the season's size."""
    season = _season(commissioner, {})
    fixture = season.fixtures.filter(kind=Fixture.Kind.LEAGUE).first()
    services.record_result(
        commissioner,
        fixture,
        home_touchdowns=2,
        away_touchdowns=0,
        home_casualties=1,
        away_casualties=0,
    )
    season = Season.objects.select_related("league").get(pk=season.pk)
    with django_assert_num_queries(1):
        tables = season_standings(season)
    home = next(r for t in tables for r in t.rows if r.team_id == fixture.home_id)
    assert (home.played, home.won, home.points) == (1, 1, 3)
