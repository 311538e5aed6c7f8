"""POST /api/v1/leagues/seasons/<id>/roll-over/: close a season and open the next."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from leagues import services
from leagues.models import Season
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory
from tests.leagues.test_rollover import play_all, season_of

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def commissioner():
    return UserFactory(username="commish")


@pytest.fixture
def season(commissioner):
    league = LeagueFactory(commissioners=[commissioner])
    teams = [drafted_team(name=f"{c} Api Team", players={"human-lineman": 11}) for c in "ABCD"]
    return season_of(commissioner, league, teams, format="single")


def url(season: Season) -> str:
    return f"/api/v1/leagues/seasons/{season.pk}/roll-over/"


def test_the_commissioner_rolls_a_finished_season_over(commissioner, season):
    play_all(season, commissioner)
    response = client_for(commissioner).post(url(season), {"without_playoffs": True}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["closed"]["status"] == "finished"
    assert (body["opened"]["number"], body["opened"]["status"]) == (2, "sign_up")
    assert [d["name"] for d in body["opened"]["divisions"]] == ["Middenheim"]
    assert body["carried_over"] == []
    assert sorted(t["name"] for t in body["awaiting_redraft"]) == [
        "A Api Team",
        "B Api Team",
        "C Api Team",
        "D Api Team",
    ]


def test_a_season_still_under_way_is_400_with_the_reason(commissioner, season):
    response = client_for(commissioner).post(url(season), {"without_playoffs": True}, format="json")
    assert response.status_code == 400
    assert "6 league fixtures" in response.json()["detail"]
    assert Season.objects.filter(league=season.league).count() == 1


def test_bad_input_is_400_by_field_and_nothing_changes(commissioner, season):
    play_all(season, commissioner)
    response = client_for(commissioner).post(
        url(season), {"without_playoffs": "maybe"}, format="json"
    )
    assert response.status_code == 400
    assert "without_playoffs" in response.json()["fields"]
    season.refresh_from_db()
    assert season.status == Season.Status.REGULAR_SEASON
    assert Season.objects.filter(league=season.league).count() == 1


def test_a_coach_may_not_roll_a_season_over(commissioner, season):
    play_all(season, commissioner)
    coach = season.entries.first().team.coach
    response = client_for(coach).post(url(season), {"without_playoffs": True}, format="json")
    assert response.status_code == 403
    assert Season.objects.filter(league=season.league).count() == 1
    assert services.awaiting_redraft(season) == []
