"""Play-off odds by Monte-Carlo, pinned to a five-team season with one
fixture left whose odds can be worked out by hand; the task, its cache keyed on the
season's results, the page (progress, then the table) and the API."""

from __future__ import annotations

import datetime
import random

import pytest
from django.core.cache import cache

from leagues import services
from leagues.insight.odds import _head_to_head, read_input, simulate
from leagues.insight.odds_run import compute_odds, fingerprint, odds_state
from leagues.insight.ratings_read import fixture_estimate
from leagues.models import Fixture
from leagues.services.playoffs import playoff_seeds
from leagues.standings import head_to_head_points
from leagues.tasks import start_odds
from tests.factories import TeamFactory, UserFactory
from tests.insight.league import fixture_of, record
from tests.leagues.factories import LeagueFactory, PointsAdjustmentFactory

pytestmark = pytest.mark.django_db

SIMULATIONS = 2000


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def five():
    """A, B and C drew each other 1-1 and hold 10 points more (adjustments); D's and
    E's fixtures with them went unplayed (a loss for both, not rated). D v E is the
    last fixture, between two teams never rated (1500 / 350 each): its winner is
    fourth; a draw (1-1, the league's only drawn score) leaves them level on points,
    touchdowns and casualties, and D is fourth by name."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner])
    season = services.open_season(commissioner, league, format="single")
    teams = {key: TeamFactory(name=f"Odds {key}") for key in "ABCDE"}
    for team in teams.values():
        services.admit_team(commissioner, season, team)
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    season.refresh_from_db()
    t = teams
    for first, second in ("AB", "AC", "BC"):
        record(commissioner, season, t[first], t[second], (1, 1))
    for top in "ABC":
        PointsAdjustmentFactory(season=season, team=t[top], points=10, reason="Bonus")
        for low in "DE":
            services.award_forfeit(
                commissioner, fixture_of(season, t[top], t[low]), kind="unplayed"
            )
    return commissioner, league, season, teams


def test_one_fixture_left_gives_the_hand_computed_odds(five):
    _, league, season, t = five
    last = fixture_of(season, t["D"], t["E"])
    estimate = fixture_estimate(last)
    # Two new teams: an even match. The league drew 3 of its 3 rated games; shrunk
    # towards 1 in 5 as 20 games: d = (3 + 4) / (3 + 20) = 7/23. A draw between equals
    # is d, and each win (1 - d) / 2 = 8/23: E's chance of the play-offs.
    assert estimate.draw == pytest.approx(7 / 23)
    assert estimate.home_win == estimate.away_win == pytest.approx(8 / 23)
    odds = simulate(read_input(season), simulations=SIMULATIONS, seed=7)
    by_name = {team.team_name: team for team in odds.teams}
    assert odds.remaining == 1 and odds.simulations == SIMULATIONS
    for top in "ABC":
        assert by_name[f"Odds {top}"].playoffs == 1.0
    # Three standard errors of 2,000 draws of a chance of 8/23: 0.032.
    assert by_name["Odds E"].playoffs == pytest.approx(8 / 23, abs=0.032)
    assert by_name["Odds D"].playoffs == pytest.approx(15 / 23, abs=0.032)
    assert by_name["Odds D"].playoffs + by_name["Odds E"].playoffs == pytest.approx(1.0)
    assert sum(team.top_seed for team in odds.teams) == pytest.approx(1.0)
    assert by_name["Odds D"].top_seed == by_name["Odds E"].top_seed == 0


def test_the_same_seed_gives_the_same_odds(five):
    _, _, season, _ = five
    data = read_input(season)
    assert simulate(data, simulations=300, seed=3) == simulate(data, simulations=300, seed=3)


def test_no_fixture_left_is_certain(five):
    commissioner, _, season, t = five
    record(commissioner, season, t["E"], t["D"], (1, 0))
    odds = simulate(read_input(season), simulations=50, seed=1)
    assert {team.team_name: team.playoffs for team in odds.teams} == {
        "Odds A": 1.0,
        "Odds B": 1.0,
        "Odds C": 1.0,
        "Odds E": 1.0,
        "Odds D": 0.0,
    }


def test_the_task_caches_the_odds_under_the_season_s_results(five):
    commissioner, _, season, t = five
    assert odds_state(season).status == "none"
    started = start_odds(season)  # eager here: the task has run
    assert started.status == "ready" and started.odds.remaining == 1
    before = fingerprint(season)
    assert odds_state(season).odds == compute_odds(season.pk)  # seeded by the fingerprint
    record(commissioner, season, t["D"], t["E"], (0, 0))
    assert fingerprint(season) != before
    assert odds_state(season).status == "none"  # never the stale figures


def test_the_page_shows_progress_then_the_table(client, five):
    _, league, season, _ = five
    url = f"/leagues/{league.pk}/odds/"
    page = client.get(url).content.decode()
    assert "Not worked out since the last result" in page and "Sign in" in page
    assert client.post(url).status_code == 302  # anonymous: to the sign-in page
    assert odds_state(season).status == "none"
    # A task under way: the page polls its fragment and shows how far it is.
    cache.set(f"dugout:playoff-odds:{season.pk}:{fingerprint(season)}:progress", 0.4)
    page = client.get(url).content.decode()
    assert 'hx-trigger="every 1s"' in page and 'value="40"' in page
    cache.clear()
    client.force_login(UserFactory())
    assert client.post(url).status_code == 302
    page = client.get(url).content.decode()
    assert 'id="odds-table"' in page and "100%" in page
    fragment = client.get(f"/leagues/{league.pk}/odds/progress/").content.decode()
    assert 'id="odds-table"' in fragment and "hx-trigger" not in fragment


def test_the_api_starts_and_reads_the_odds(client, five):
    _, league, season, _ = five
    url = f"/api/v1/leagues/{league.pk}/odds/"
    assert client.get(url).json()["status"] == "none"
    assert client.post(url).status_code in (401, 403)
    client.force_login(UserFactory())
    answer = client.post(url)
    assert answer.status_code == 200 and answer.json()["status"] == "ready"
    body = client.get(url).json()
    assert body["season_id"] == season.pk
    assert {t["team_name"] for t in body["odds"]["teams"] if t["playoffs"] == 1.0} >= {
        "Odds A",
        "Odds B",
        "Odds C",
    }


def test_a_league_without_a_running_season_has_no_odds(client):
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner])
    client.force_login(commissioner)
    url = f"/api/v1/leagues/{league.pk}/odds/"
    assert client.get(url).json()["status"] == "no_season"
    answer = client.post(url)
    assert answer.status_code == 400


@pytest.mark.parametrize(
    ("playoff_format", "tie_breakers"),
    [
        ("top_two_per_division", ["head_to_head", "touchdown_difference"]),
        ("division_winners_wild_card", ["touchdowns_scored", "casualties"]),
        ("top_four", ["fewest_conceded_matches", "head_to_head"]),
    ],
)
def test_a_finished_regular_season_simulates_to_the_real_seeds(playoff_format, tie_breakers):
    """With no fixture left every simulation is the season as it stands: the teams the
    play-offs would seed have 100%, the others 0% (the simulated ranking is the
    league's own, head-to-head included, and it seeds by the season's format)."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], tie_breakers=tie_breakers)
    season = services.open_season(
        commissioner, league, divisions=["North", "South"], playoff_format=playoff_format
    )
    north, south = season.divisions.order_by("name")
    for n in range(8):
        services.admit_team(commissioner, season, TeamFactory(), north if n < 4 else south)
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    rng = random.Random(playoff_format)
    for fixture in season.fixtures.filter(kind=Fixture.Kind.LEAGUE).order_by("id"):
        home, away = rng.choice([(1, 1), (0, 0), (2, 1), (0, 1), (1, 0)])
        services.record_result(
            commissioner,
            fixture,
            home_touchdowns=home,
            away_touchdowns=away,
            home_casualties=rng.randint(0, 3),
            away_casualties=rng.randint(0, 3),
        )
    season.refresh_from_db()
    data = read_input(season)
    groups = [[r.team_id for r in data.rows[:4]], [r.team_id for r in data.rows[4:]]]
    assert _head_to_head(data.meetings)(groups) == head_to_head_points(season, groups)
    odds = simulate(data, simulations=20, seed=5)
    seeded = {row.team_id for row in playoff_seeds(season)}
    assert {t.team_id: t.playoffs for t in odds.teams} == {
        t.team_id: 1.0 if t.team_id in seeded else 0.0 for t in odds.teams
    }
    assert odds.remaining == 0
