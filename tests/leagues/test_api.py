"""The leagues API: reads for everyone, writes through the services, 400/403 refusals."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from leagues import services
from leagues.models import Fixture, League, Season
from tests.factories import TeamFactory, UserFactory
from tests.leagues.conftest import START, admitted_season
from tests.leagues.factories import division_with_teams, played, teams_of

pytestmark = pytest.mark.django_db

API = "/api/v1/leagues"


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_create_league_and_open_a_season():
    user = UserFactory()
    client = client_for(user)
    response = client.post(
        f"{API}/",
        {"name": "Chaos Cup", "ruleset": "bb2020", "tie_breakers": ["head_to_head"]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["commissioners"] == [user.username]
    assert body["tie_breakers"] == ["head_to_head"]
    response = client.post(
        f"{API}/{body['id']}/open-season/", {"divisions": ["North", "South"]}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["number"] == 1
    assert [d["name"] for d in response.json()["divisions"]] == ["North", "South"]


def test_domain_errors_are_400_with_every_reason(league):
    response = client_for(UserFactory()).post(
        f"{API}/",
        {"name": "old world cup", "ruleset": "bb1987", "points_for_win": 0},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert "already exists" in body["detail"]
    assert len(body["errors"]) == 3


def test_anonymous_reads_but_cannot_write(scheduled):
    client = client_for()
    assert client.get(f"{API}/").status_code == 200
    assert client.get(f"{API}/seasons/{scheduled.pk}/").status_code == 200
    assert client.post(f"{API}/", {"name": "X", "ruleset": "bb2020"}).status_code in (401, 403)


def test_seasons_divisions_entries_and_fixtures_read(scheduled):
    client = client_for()
    seasons = client.get(f"{API}/seasons/", {"league": scheduled.league_id}).json()
    assert seasons["count"] == 1 and seasons["results"][0]["status"] == "regular_season"
    division = scheduled.divisions.get()
    assert client.get(f"{API}/divisions/", {"season": scheduled.pk}).json()["count"] == 1
    entries = client.get(f"{API}/seasons/{scheduled.pk}/entries/").json()
    assert len(entries) == 6 and all(e["admitted"] for e in entries)
    fixtures = client.get(f"{API}/fixtures/", {"season": scheduled.pk, "limit": 100}).json()
    assert fixtures["count"] == 30
    team_id = entries[0]["team"]["id"]
    mine = client.get(f"{API}/fixtures/", {"team": team_id}).json()
    assert mine["count"] == 10
    assert all(team_id in (f["home"]["id"], f["away"]["id"]) for f in mine["results"])
    round_3 = client.get(f"{API}/fixtures/", {"round": 3, "division": division.pk}).json()
    assert round_3["count"] == 3 and {f["round"] for f in round_3["results"]} == {3}
    assert client.get(f"{API}/fixtures/", {"status": "played"}).json()["count"] == 0


def test_standings_endpoints(scheduled):
    fixture = scheduled.fixtures.select_related("home").first()
    services.record_result(
        fixture.home.coach,
        fixture,
        home_touchdowns=2,
        away_touchdowns=0,
        home_casualties=1,
        away_casualties=0,
    )
    division = fixture.division
    rows = client_for().get(f"{API}/divisions/{division.pk}/standings/").json()
    assert rows[0]["team_id"] == fixture.home_id and rows[0]["points"] == 3
    assert rows[0]["touchdown_difference"] == 2 and rows[0]["position"] == 1
    tables = client_for().get(f"{API}/seasons/{scheduled.pk}/standings/").json()
    assert tables[0]["rows"] == rows


@pytest.mark.parametrize("size", [4, 40])
def test_standings_query_count_does_not_grow_with_teams(size, django_assert_num_queries):
    division = division_with_teams(size)
    teams = teams_of(division)
    for home, away in zip(teams, teams[1:], strict=False):
        played(home, away, (1, 0), (1, 1), division=division)
    client = client_for()
    with django_assert_num_queries(2):
        response = client.get(f"{API}/divisions/{division.pk}/standings/")
    assert len(response.json()) == size
    # The season's: the league's version (its ETag and cache key), the season, the rows.
    with django_assert_num_queries(3):
        response = client.get(f"{API}/seasons/{division.season_id}/standings/")
    assert len(response.json()[0]["rows"]) == size


@pytest.mark.parametrize("size", [4, 40])
def test_fixture_list_query_count_does_not_grow(size, django_assert_num_queries):
    division = division_with_teams(size)
    teams = teams_of(division)
    for home, away in zip(teams, teams[1:], strict=False):
        played(home, away, (1, 0), division=division)
    with django_assert_num_queries(2):  # count + page
        client_for().get(f"{API}/fixtures/", {"season": division.season_id})


def test_write_endpoints_call_the_services(commissioner, league):
    client = client_for(commissioner)
    season = services.open_season(commissioner, league)
    division = season.divisions.get()
    teams = [TeamFactory() for _ in range(4)]
    response = client.post(f"{API}/seasons/{season.pk}/add-division/", {"name": "South"})
    assert response.status_code == 201
    own = client_for(teams[0].coach).post(
        f"{API}/seasons/{season.pk}/enter/", {"team": teams[0].pk}
    )
    assert own.status_code == 201 and own.json()["admitted"] is False
    for team in teams:
        response = client.post(
            f"{API}/seasons/{season.pk}/admit/", {"team": team.pk, "division": division.pk}
        )
        assert response.status_code == 201, response.json()
    response = client.post(f"{API}/seasons/{season.pk}/admit/", {"team": TeamFactory().pk})
    assert response.status_code == 400 and "Choose the division" in response.json()["detail"]
    Season.objects.get(pk=season.pk).divisions.filter(name="South").delete()
    response = client.post(
        f"{API}/seasons/{season.pk}/generate-schedule/",
        {"start_date": START.isoformat(), "days_per_round": 5},
    )
    assert response.status_code == 201 and response.json()["status"] == "regular_season"
    fixture = Fixture.objects.filter(season=season).first()
    response = client.post(f"{API}/fixtures/{fixture.pk}/reschedule/", {"round": 6})
    assert response.status_code == 200 and response.json()["round"] == 6
    response = client.post(
        f"{API}/fixtures/{fixture.pk}/forfeit/",
        {"kind": "concession", "conceded_by": fixture.home_id},
    )
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "forfeit" and response.json()["away_touchdowns"] == 1
    response = client.post(
        f"{API}/seasons/{season.pk}/dock-points/", {"team": fixture.home_id, "reason": "Late"}
    )
    assert response.status_code == 201 and response.json()["points"] == -3
    adjustments = client_for().get(f"{API}/seasons/{season.pk}/adjustments/").json()
    assert [a["reason"] for a in adjustments] == ["Late"]
    response = client.post(f"{API}/seasons/{season.pk}/start-playoffs/")
    assert response.status_code == 400 and "still to be played" in response.json()["detail"]


def test_bracket_endpoint(commissioner, league):
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START)
    for fixture in season.fixtures.all():
        services.award_forfeit(commissioner, fixture, kind="unplayed")
    client = client_for(commissioner)
    assert client.get(f"{API}/seasons/{season.pk}/bracket/").json()["semi_finals"] == []
    response = client.post(f"{API}/seasons/{season.pk}/start-playoffs/")
    assert response.status_code == 201
    body = client_for().get(f"{API}/seasons/{season.pk}/bracket/").json()
    assert [(f["home_seed"], f["away_seed"]) for f in body["semi_finals"]] == [(1, 4), (2, 3)]
    assert body["final"] is None


# --- the permission matrix of the write endpoints ---------------------------------------


@pytest.fixture
def matrix(commissioner, league):
    """A season in sign-up (for the set-up endpoints) and one under way (the others)."""
    other_league = services.create_league(UserFactory(), name="Elsewhere", ruleset="bb2020")
    other_commissioner = other_league.commissioners.get()
    season = services.open_season(commissioner, league)
    for _ in range(4):
        services.admit_team(commissioner, season, TeamFactory())
    coach_team = TeamFactory()
    return {
        "season": season,
        "team": coach_team,
        "users": {
            "anonymous": None,
            "other coach": UserFactory(),
            "other league's commissioner": other_commissioner,
            "commissioner": commissioner,
        },
    }


def _requests(matrix):
    season = matrix["season"]
    team = matrix["team"]
    fixture = lambda: Fixture.objects.filter(season=season).first()  # noqa: E731
    return {
        "open season": lambda: (f"{API}/{season.league_id}/open-season/", {}),
        "admit team": lambda: (f"{API}/seasons/{season.pk}/admit/", {"team": team.pk}),
        "dock points": lambda: (
            f"{API}/seasons/{season.pk}/dock-points/",
            {"team": season.entries.first().team_id, "reason": "Late"},
        ),
        "generate schedule": lambda: (
            f"{API}/seasons/{season.pk}/generate-schedule/",
            {"start_date": START.isoformat()},
        ),
        "add division": lambda: (f"{API}/seasons/{season.pk}/add-division/", {"name": "East"}),
        "reschedule": lambda: (f"{API}/fixtures/{fixture().pk}/reschedule/", {"round": 2}),
        "forfeit": lambda: (f"{API}/fixtures/{fixture().pk}/forfeit/", {"kind": "unplayed"}),
        "start play-offs": lambda: (f"{API}/seasons/{season.pk}/start-playoffs/", {}),
    }


EXPECTED_FOR_COMMISSIONER = {
    "open season": 400,  # the season is still running: allowed, refused by the rules
    "admit team": 201,
    "dock points": 201,
    "generate schedule": 201,
    "add division": 400,  # sign-up is over: allowed, refused by the rules
    "reschedule": 200,
    "forfeit": 200,
    "start play-offs": 400,  # fixtures still to play
}


@pytest.mark.parametrize(
    "who", ["anonymous", "other coach", "other league's commissioner", "commissioner"]
)
def test_permission_matrix(matrix, who):
    user = matrix["users"][who]
    client = client_for(user)
    for name, build in _requests(matrix).items():
        if name == "reschedule" and not Fixture.objects.exists():
            # the later endpoints need a schedule: draw it up as the commissioner
            services.generate_schedule(
                matrix["users"]["commissioner"], matrix["season"], start_date=START
            )
        url, payload = build()
        response = client.post(url, payload, format="json")
        if who == "anonymous":
            assert response.status_code in (401, 403), name
        elif who == "commissioner":
            assert response.status_code == EXPECTED_FOR_COMMISSIONER[name], (name, response.json())
        else:
            assert response.status_code == 403, (name, response.json())
            assert "commissioner" in response.json()["detail"]


def test_enter_team_permissions(sign_up):
    team = TeamFactory()
    url = f"{API}/seasons/{sign_up.pk}/enter/"
    assert client_for().post(url, {"team": team.pk}).status_code in (401, 403)
    assert client_for(UserFactory()).post(url, {"team": team.pk}).status_code == 403
    assert client_for(team.coach).post(url, {"team": team.pk}).status_code == 201
    again = client_for(team.coach).post(url, {"team": team.pk})
    assert again.status_code == 400 and "already entered" in again.json()["detail"]


def test_unknown_objects_are_404():
    assert client_for().get(f"{API}/999/").status_code == 404
    assert client_for().get(f"{API}/divisions/999/standings/").status_code == 404
    assert client_for(UserFactory()).post(f"{API}/fixtures/999/forfeit/", {}).status_code == 404


def test_schema_is_valid():
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
    assert League.objects.count() == 0


def test_friendly_endpoint(scheduled):
    a, b = [e.team for e in scheduled.entries.select_related("team__coach")[:2]]
    url = f"{API}/seasons/{scheduled.pk}/friendly/"
    assert client_for(UserFactory()).post(url, {"home": a.pk, "away": b.pk}).status_code == 403
    response = client_for(a.coach).post(url, {"home": a.pk, "away": b.pk})
    assert response.status_code == 201 and response.json()["kind"] == "friendly"
    same = client_for(a.coach).post(url, {"home": a.pk, "away": a.pk})
    assert same.status_code == 400 and "itself" in same.json()["detail"]
