"""Glicko-2 ratings kept per match: the rows the services write with each
result equal the ratings rebuilt from scratch whatever was corrected, a correction
re-rates only what follows, and the figures are the hand-computed ones."""

from __future__ import annotations

import contextlib
import datetime

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues import services
from leagues.errors import LeagueError
from leagues.insight.ratings import rebuild_league_ratings
from leagues.models import Fixture, RatingChange
from rules_engine.dice import SeededDice
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import FixtureFactory, LeagueFactory, division_with_teams, teams_of

pytestmark = pytest.mark.django_db

VALUES = [
    "fixture_id",
    "subject",
    "side",
    "team_id",
    "coach_id",
    "score",
    "rating_before",
    "deviation_before",
    "volatility_before",
    "rating_after",
    "deviation_after",
    "volatility_after",
]


def snapshot(league) -> list[dict]:
    rows = RatingChange.objects.filter(league=league).order_by("fixture_id", "subject", "side")
    return list(rows.values(*VALUES))


def record(fixture, home: int, away: int, **extra):
    commissioner = fixture.season.league.commissioners.first()
    return services.record_result(
        commissioner,
        Fixture.objects.get(pk=fixture.pk),
        home_touchdowns=home,
        away_touchdowns=away,
        home_casualties=0,
        away_casualties=0,
        **extra,
    )


def test_a_first_win_between_new_teams_is_the_hand_computed_one():
    # Both new (1500 / 350 / 0.06): the winner 1662.31 / 290.32, the loser 1337.69
    # (tests/rules_engine/insight/test_glicko.py works it out); the coaches likewise.
    division = division_with_teams(2)
    home, away = teams_of(division)
    fixture = record(FixtureFactory(division=division, home=home, away=away), 2, 1)
    rows = {(r.subject, r.side): r for r in RatingChange.objects.filter(fixture=fixture)}
    assert set(rows) == {("team", "home"), ("team", "away"), ("coach", "home"), ("coach", "away")}
    for subject in ("team", "coach"):
        assert round(rows[subject, "home"].rating_after, 2) == 1662.31
        assert round(rows[subject, "away"].rating_after, 2) == 1337.69
        assert round(rows[subject, "home"].deviation_after, 2) == 290.32
        assert rows[subject, "home"].rating_before == 1500
    assert rows["coach", "home"].coach_id == home.coach_id


def test_a_coach_on_both_sides_rates_only_the_teams():
    division = division_with_teams(0)
    coach = UserFactory()
    home, away = TeamFactory(coach=coach), TeamFactory(coach=coach)
    fixture = record(FixtureFactory(division=division, home=home, away=away), 1, 1)
    assert sorted(
        RatingChange.objects.filter(fixture=fixture).values_list("subject", flat=True)
    ) == [
        "team",
        "team",
    ]


def test_a_correction_re_rates_only_what_follows_for_the_teams_involved():
    division = division_with_teams(6)
    a, b, c, d, e, f = teams_of(division)
    first = record(FixtureFactory(division=division, home=a, away=b), 1, 0)
    unrelated = record(FixtureFactory(division=division, home=c, away=d), 2, 0)
    later = record(FixtureFactory(division=division, home=a, away=e), 0, 0)
    elsewhere = record(FixtureFactory(division=division, home=f, away=c), 1, 1)
    stamps = dict(RatingChange.objects.values_list("pk", "updated_at"))
    before_later = RatingChange.objects.get(fixture=later, subject="team", side="home")

    record(first, 0, 3)  # b beat a after all: a's later draw is re-rated, nothing else

    moved = {
        r.fixture_id
        for r in RatingChange.objects.all()
        if r.pk not in stamps or r.updated_at != stamps[r.pk]
    }
    assert moved == {first.pk, later.pk}
    assert unrelated.pk not in moved and elsewhere.pk not in moved
    after_later = RatingChange.objects.get(fixture=later, subject="team", side="home")
    assert after_later.rating_before < before_later.rating_before  # a lost the first match now
    _assert_same(division.season.league)


def _assert_same(league) -> None:
    kept = snapshot(league)
    rebuild_league_ratings(league)
    rebuilt = snapshot(league)
    assert [_keys(r) for r in rebuilt] == [_keys(r) for r in kept]
    for old, new in zip(kept, rebuilt, strict=True):
        for name in VALUES[5:]:
            assert new[name] == pytest.approx(old[name], rel=1e-12, abs=1e-12), (name, old, new)


def _keys(row: dict) -> tuple:
    return tuple(row[name] for name in VALUES[:5])


def test_forfeits_are_rated_as_recorded_and_undone_with_them():
    division = division_with_teams(4)
    a, b, c, d = teams_of(division)
    league = division.season.league
    commissioner = league.commissioners.first()
    fixture = FixtureFactory(division=division, home=a, away=b)
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=b, dice=SeededDice(1)
    )
    rows = RatingChange.objects.filter(fixture=fixture, subject="team")
    assert {r.team_id: r.score for r in rows} == {a.pk: 1.0, b.pk: 0.0}
    follow = record(FixtureFactory(division=division, home=b, away=c), 1, 1)
    services.correct_forfeit(commissioner, fixture, kind="unplayed")
    assert not RatingChange.objects.filter(fixture=fixture).exists()  # a loss for both: unrated
    follow_row = RatingChange.objects.get(fixture=follow, subject="team", side="home")
    assert follow_row.rating_before == 1500  # b's only rated match now
    services.undo_forfeit(commissioner, fixture)
    _assert_same(league)


score = st.integers(min_value=0, max_value=3)
step = st.one_of(
    st.tuples(st.just("result"), st.integers(0, 99), st.tuples(score, score)),
    st.tuples(
        st.just("forfeit"), st.integers(0, 99), st.sampled_from(["unplayed", "home", "away"])
    ),
    st.tuples(
        st.just("correct"), st.integers(0, 99), st.sampled_from(["unplayed", "home", "away"])
    ),
    st.tuples(st.just("undo"), st.integers(0, 99)),
)


def _apply(commissioner, fixtures: list[Fixture], move: tuple) -> None:
    kind, pick, *args = move
    fixture = Fixture.objects.get(pk=fixtures[pick % len(fixtures)].pk)
    if kind == "result":
        ((home, away),) = args
        record(fixture, home, away)
    elif kind in ("forfeit", "correct"):
        (how,) = args
        side = {"home": fixture.home_id, "away": fixture.away_id}
        action = services.award_forfeit if kind == "forfeit" else services.correct_forfeit
        action(
            commissioner,
            fixture,
            kind="unplayed" if how == "unplayed" else "concession",
            conceded_by=side.get(how),
            dice=SeededDice(pick),
        )
    else:
        services.undo_forfeit(commissioner, fixture)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(moves=st.lists(step, min_size=1, max_size=16))
def test_ratings_kept_step_by_step_equal_ratings_from_scratch(moves):
    with transaction.atomic():
        commissioner = UserFactory()
        league = LeagueFactory(commissioners=[commissioner])
        season = services.open_season(commissioner, league)
        for n in range(5):
            services.admit_team(commissioner, season, TeamFactory(name=f"Team {n}"))
        services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
        fixtures = list(season.fixtures.filter(kind=Fixture.Kind.LEAGUE).order_by("id"))
        for move in moves:
            with contextlib.suppress(LeagueError):  # refused: nothing changed
                _apply(commissioner, fixtures, move)
        _assert_same(league)
        transaction.set_rollback(True)
