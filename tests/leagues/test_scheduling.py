"""The round robin: every pair meets, nobody twice in a round, home and away balanced."""

from __future__ import annotations

import datetime
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leagues.scheduling import Pairing, round_deadlines, round_robin


def meetings(rounds) -> Counter:
    return Counter(frozenset((p.home, p.away)) for rnd in rounds for p in rnd)


def home_counts(rounds, teams) -> list[int]:
    homes = Counter(p.home for rnd in rounds for p in rnd)
    return [homes[t] for t in teams]


@given(n=st.integers(2, 12))
def test_double_round_robin_every_pair_meets_twice_once_at_each_home(n):
    teams = list(range(n))
    rounds = round_robin(teams, double=True)
    assert meetings(rounds) == {frozenset(pair): 2 for pair in combinations(teams, 2)}
    fixtures = Counter((p.home, p.away) for rnd in rounds for p in rnd)
    assert set(fixtures.values()) == {1}  # A hosts B once and B hosts A once
    assert len(rounds) == 2 * (n - 1 if n % 2 == 0 else n)


@given(n=st.integers(2, 12), double=st.booleans())
def test_no_team_plays_twice_in_a_round_and_odd_counts_get_byes(n, double):
    rounds = round_robin(list(range(n)), double=double)
    for rnd in rounds:
        playing = [t for p in rnd for t in (p.home, p.away)]
        assert len(playing) == len(set(playing))
        assert len(rnd) == n // 2
    if n % 2:
        byes = Counter(
            t for rnd in rounds for t in set(range(n)) - {x for p in rnd for x in (p.home, p.away)}
        )
        assert set(byes.values()) == {2 if double else 1}


@given(n=st.integers(2, 12))
def test_home_and_away_balance(n):
    teams = list(range(n))
    single = home_counts(round_robin(teams, double=False), teams)
    assert max(single) - min(single) <= 1
    double = home_counts(round_robin(teams, double=True), teams)
    assert set(double) == {n - 1}  # exactly as many home as away games


@given(n=st.integers(2, 12))
def test_second_half_mirrors_the_first(n):
    rounds = round_robin(list(range(n)), double=True)
    half = len(rounds) // 2
    for first, second in zip(rounds[:half], rounds[half:], strict=True):
        assert [Pairing(p.away, p.home) for p in first] == second


def test_six_teams_play_ten_rounds():
    rounds = round_robin(list("ABCDEF"))
    assert len(rounds) == 10
    assert all(len(rnd) == 3 for rnd in rounds)


def test_fewer_than_two_teams_have_no_rounds_and_teams_must_be_distinct():
    assert round_robin([]) == []
    assert round_robin(["A"]) == []
    with pytest.raises(ValueError):
        round_robin(["A", "A"])


def test_round_deadlines():
    start = datetime.date(2026, 1, 1)
    assert round_deadlines(start, 3, 7) == [
        datetime.date(2026, 1, 8),
        datetime.date(2026, 1, 15),
        datetime.date(2026, 1, 22),
    ]
    with pytest.raises(ValueError):
        round_deadlines(start, 3, 0)
