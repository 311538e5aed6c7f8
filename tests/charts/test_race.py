"""A season's standings race: each team's league points after each round,
summed by the database, pinned to a small league worked out by hand.

Division of four, win 3 / draw 1 / loss 0, a bonus point for three touchdowns; round
deadlines 9, 16, 23 and 30 March 2026 (round 4 still to play):

    round 1: Ash 3-0 Birch (Ash 3 + 1 bonus)      Cedar 1-1 Dale
    round 2: Ash 1-1 Cedar                        Dale 2-1 Birch
    round 3: Birch v Cedar unplayed (a loss each)  Ash concedes to Dale (0-1)
    round 4: Ash v Birch, scheduled

Birch is docked 3 points on 12 March (round 2's), Dale 1 point on 10 April (after the
last deadline: at the end).

            R1  R2  R3
    Ash      4   5   5
    Birch    0  -3  -3
    Cedar    1   2   2
    Dale     1   4   6   (7 before the docked point)
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues.insight.race import season_race
from leagues.models import Fixture
from leagues.standings import season_standings
from tests.charts.worlds import PLAYED, race_league
from tests.leagues.factories import FixtureFactory, SeasonFactory

pytestmark = pytest.mark.django_db

EXPECTED = [("Dale", (1, 4, 6)), ("Ash", (4, 5, 5)), ("Cedar", (1, 2, 2)), ("Birch", (0, -3, -3))]


def test_the_race_runs_each_teams_points_round_by_round():
    season, _, _ = race_league()
    [race] = season_race(season)
    assert race.division_name == "North"
    assert race.rounds == (1, 2, 3)
    assert [(line.team_name, line.points) for line in race.lines] == EXPECTED
    # The last point of each line is the team's points in the league table.
    [table] = season_standings(season)
    assert {row.team_name: row.points for row in table.rows} == {
        name: points[-1] for name, points in EXPECTED
    }


def test_a_fixture_without_a_round_counts_at_the_last_round_and_friendlies_never():
    season, teams, _ = race_league()
    division = season.divisions.get()
    result = {"status": PLAYED, "home_casualties": 0, "away_casualties": 0}
    # Cedar beats Birch in a league fixture with no round: 3 points at round 4.
    FixtureFactory(
        division=division,
        home=teams["Cedar"],
        away=teams["Birch"],
        home_touchdowns=2,
        away_touchdowns=0,
        **result,
    )
    # A friendly in round 1 counts for nothing.
    FixtureFactory(
        division=division,
        round=season.rounds.get(number=1),
        kind=Fixture.Kind.FRIENDLY,
        home=teams["Birch"],
        away=teams["Ash"],
        home_touchdowns=1,
        away_touchdowns=0,
        **result,
    )
    [race] = season_race(season)
    assert race.rounds == (1, 2, 3, 4)
    assert [(line.team_name, line.points) for line in race.lines] == [
        ("Dale", (1, 4, 7, 6)),
        ("Ash", (4, 5, 5, 5)),
        ("Cedar", (1, 2, 2, 5)),
        ("Birch", (0, -3, -3, -3)),
    ]


def test_the_race_page_draws_it_with_its_figures(client):
    season, _, _ = race_league()
    html = client.get(reverse("season-race", args=[season.pk])).content.decode()
    assert "<h2>North</h2>" in html
    chart = html.split(f'id="chart-race-{season.divisions.get().pk}"', 1)[1]
    body = chart.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in body.split("</tr>")[:-1]]
    assert rows == [
        ["After round 1", "1", "4", "1", "0"],
        ["After round 2", "4", "5", "2", "-3"],
        ["After round 3", "6", "5", "2", "-3"],
    ]
    # Axis -5..10 in steps of 5 (178 units for 15); x 50, 219, 388. Dale: 1 -> 118.8,
    # 4 -> 83.2, 6 -> 59.5.
    assert '<polyline points="50,118.8 219,83.2 388,59.5" fill="none"/>' in chart
    assert ">-5</text>" in chart and ">10</text>" in chart
    # The season's pages link to it.
    standings = client.get(reverse("season-standings", args=[season.pk])).content.decode()
    assert reverse("season-race", args=[season.pk]) in standings


def test_a_season_without_rounds_or_results_says_so(client):
    season = SeasonFactory()
    html = client.get(reverse("season-race", args=[season.pk])).content.decode()
    assert "No round scheduled yet." in html
    season, _, rounds = race_league()
    Fixture.objects.filter(season=season).update(
        status=Fixture.Status.SCHEDULED,
        conceded_by=None,
        **dict.fromkeys(
            ["home_touchdowns", "away_touchdowns", "home_casualties", "away_casualties"]
        ),
    )
    [race] = season_race(season)
    assert race.rounds == ()
    html = client.get(reverse("season-race", args=[season.pk])).content.decode()
    assert "No result yet." in html


def test_the_race_reads_in_as_many_queries_for_a_long_season(client, django_assert_max_num_queries):
    season, teams, rounds = race_league(extra_rounds=20)
    url = reverse("season-race", args=[season.pk])
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    names = list(teams)
    division = season.divisions.get()
    for n, round_ in enumerate(rounds[4:]):
        FixtureFactory(
            division=division,
            round=round_,
            home=teams[names[n % 4]],
            away=teams[names[(n + 1) % 4]],
            status=PLAYED,
            home_touchdowns=1,
            away_touchdowns=0,
            home_casualties=0,
            away_casualties=0,
        )
    with django_assert_max_num_queries(len(captured)):
        html = client.get(url).content.decode()
    assert "After round 24" in html


def test_where_the_table_ranks_by_wins_the_race_counts_wins(client):
    """Blitz Bowl tables rank by wins, then points scored: the race plots wins, and the
    points adjustments (league points) move nothing."""
    season, _, _ = race_league()
    season.league.ruleset = "blitz_bowl"
    season.league.save(update_fields=["ruleset"])
    season.ruleset = ""
    season.save(update_fields=["ruleset"])
    [race] = season_race(season)
    # Ash won round 1 and conceded round 3; Dale won round 2 and was conceded round 3.
    assert [(line.team_name, line.points) for line in race.lines] == [
        ("Dale", (0, 1, 2)),
        ("Ash", (1, 1, 1)),
        ("Birch", (0, 0, 0)),
        ("Cedar", (0, 0, 0)),
    ]
    html = client.get(reverse("season-race", args=[season.pk])).content.decode()
    assert "wins round by round" in html
    assert "league points round by round" not in html
    assert "Each team's wins after each round" in html
