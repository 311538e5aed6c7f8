"""Figures per race, pinned to the small league of tests/insight/league.py (its
docstring lists the six results: two Human teams, Reavers and Tigers, and two Orc
teams, Marauders and Ironjaws), a league's and all-time across the site, computed by
the database in a fixed number of queries."""

from __future__ import annotations

import pytest
from django.urls import reverse

from insight.race_stats import race_statistics
from leagues import services as league_services
from tests.insight.league import build_small_league, play_history, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def small():
    return play_history(build_small_league())


def _figures(races):
    return {
        r.race: (
            r.teams,
            r.games,
            r.won,
            r.drawn,
            r.lost,
            r.touchdowns_for,
            r.touchdowns_against,
            r.casualties_for,
            r.casualties_against,
        )
        for r in races
    }


def test_a_leagues_figures_per_race(small):
    races = race_statistics(small.league)
    # Human: Reavers 4-1, 1-1, 0-2 and Tigers 2-1, 1-1, 3-0; the Reavers caused two
    # casualties, the Tigers one. Orc: Marauders 1-4, 0-3, 2-2 and Ironjaws 1-2, 2-0, 2-2.
    assert _figures(races) == {
        "Human": (2, 6, 3, 2, 1, 11, 6, 3, 0),
        "Orc": (2, 6, 1, 2, 3, 8, 13, 0, 3),
    }
    human, orc = races  # as many games each: by name
    assert (human.race, orc.race) == ("Human", "Orc")
    assert human.win_rate == 50.0 and orc.win_rate == 16.7
    assert human.touchdowns_for_per_game == 1.83 and human.touchdowns_against_per_game == 1.0
    assert human.casualties_caused_per_game == 0.5 and orc.casualties_suffered_per_game == 0.5


def test_all_time_adds_every_league_and_ranks_by_games(small):
    second = build_small_league("Second")
    c, s, t = second.commissioner, second.season, second.teams
    record(c, s, t["R"], t["M"], (2, 0))
    assert _figures(race_statistics(second.league)) == {
        "Human": (1, 1, 1, 0, 0, 2, 0, 0, 0),  # the teams with a result: not the Tigers
        "Orc": (1, 1, 0, 0, 1, 0, 2, 0, 0),
    }
    everywhere = race_statistics()
    assert _figures(everywhere) == {
        "Human": (3, 7, 4, 2, 1, 13, 6, 3, 0),
        "Orc": (3, 7, 1, 2, 4, 8, 15, 0, 3),
    }
    assert [r.race for r in everywhere] == ["Human", "Orc"]


def test_a_race_whose_teams_played_nothing_has_no_rates(small):
    fresh = build_small_league("Fresh")
    c, s, t = fresh.commissioner, fresh.season, fresh.teams
    league_services.dock_points(c, s, t["R"], reason="Late sign-up", points=1)
    [human] = race_statistics(fresh.league)  # a row in the table, no game
    assert (human.race, human.teams, human.games) == ("Human", 1, 0)
    assert human.win_rate is None and human.touchdowns_for_per_game is None


def test_the_page_and_the_api_in_a_fixed_number_of_queries(
    small, client, django_assert_max_num_queries
):
    with django_assert_max_num_queries(2):  # the league, the grouped sums
        page = client.get(reverse("league-race-statistics", args=[small.league.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Statistics by race: Small League" in text
    assert "50.0%" in text and "16.7%" in text
    with django_assert_max_num_queries(2):
        answer = client.get(f"/api/v1/leagues/{small.league.pk}/statistics/races/")
    rows = {row["race"]: row for row in answer.json()}
    assert rows["Orc"]["casualties_suffered"] == 3
    assert rows["Orc"]["casualties_suffered_per_game"] == 0.5
    assert rows["Human"]["win_rate"] == 50.0
    with django_assert_max_num_queries(1):
        everywhere = client.get("/api/v1/statistics/races/")
    assert [row["race"] for row in everywhere.json()] == ["Human", "Orc"]
    assert client.get(reverse("race-statistics")).status_code == 200
    assert client.get("/api/v1/leagues/999999/statistics/races/").status_code == 404


def test_the_league_home_links_the_statistics(small, client):
    home = client.get(reverse("league-home", args=[small.league.pk])).content.decode()
    assert reverse("league-race-statistics", args=[small.league.pk]) in home
    assert reverse("league-star-usage", args=[small.league.pk]) in home
    assert reverse("league-live", args=[small.league.pk]) in home
