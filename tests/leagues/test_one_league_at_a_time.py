"""A team plays in one league's current season at a time: the admit and sign-up lists
leave out a team playing in another league's current season, and the services refuse
it on the page and the API, naming the other league."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from leagues import services
from leagues.errors import LeagueError
from leagues.models import Season, TeamEntry
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db

API = "/api/v1/leagues"
ELSEWHERE = "is playing in season 1 of Lustria Cup"


@pytest.fixture
def other_commissioner(db):
    return UserFactory(username="other-commish")


@pytest.fixture
def busy_team(other_commissioner):
    """A team admitted to Lustria Cup's season 1, still in sign-up (current)."""
    other = LeagueFactory(name="Lustria Cup", commissioners=[other_commissioner])
    season = services.open_season(other_commissioner, other)
    team = TeamFactory(name="Reikland Reavers")
    services.admit_team(other_commissioner, season, team)
    return team


def test_the_admit_list_leaves_out_a_team_playing_elsewhere(
    client, sign_up, commissioner, busy_team
):
    free = TeamFactory(name="Gouged Eye")
    client.force_login(commissioner)
    page = client.get(reverse("season-manage", args=[sign_up.pk])).content.decode()
    assert "Gouged Eye" in page
    assert "Reikland Reavers" not in page
    response = client.post(
        reverse("season-manage-action", args=[sign_up.pk, "admit"]),
        {"team": free.pk, "division": sign_up.divisions.get().pk},
    )
    assert response.status_code == 302


def test_the_page_refuses_a_team_admitted_elsewhere_since_the_list_was_drawn(
    client, sign_up, commissioner, busy_team
):
    client.force_login(commissioner)
    response = client.post(
        reverse("season-manage-action", args=[sign_up.pk, "admit"]),
        {"team": busy_team.pk, "division": sign_up.divisions.get().pk},
    )
    assert response.status_code == 400
    assert f"Reikland Reavers {ELSEWHERE}" in response.content.decode()
    assert not TeamEntry.objects.filter(season=sign_up, team=busy_team).exists()


def test_the_api_refuses_admitting_and_entering_a_team_playing_elsewhere(
    sign_up, commissioner, busy_team
):
    client = APIClient()
    client.force_authenticate(commissioner)
    response = client.post(f"{API}/seasons/{sign_up.pk}/admit/", {"team": busy_team.pk})
    assert response.status_code == 400
    assert ELSEWHERE in response.json()["detail"]
    coach = APIClient()
    coach.force_authenticate(busy_team.coach)
    response = coach.post(f"{API}/seasons/{sign_up.pk}/enter/", {"team": busy_team.pk})
    assert response.status_code == 400
    assert ELSEWHERE in response.json()["detail"]
    assert not TeamEntry.objects.filter(season=sign_up, team=busy_team).exists()


def test_the_coach_sign_up_list_leaves_out_his_team_playing_elsewhere(client, sign_up, busy_team):
    TeamFactory(name="Second String", coach=busy_team.coach)
    client.force_login(busy_team.coach)
    page = client.get(reverse("season-enter", args=[sign_up.pk])).content.decode()
    assert "Second String" in page
    assert "Reikland Reavers" not in page


def test_a_finished_season_frees_the_team(sign_up, commissioner, busy_team):
    Season.objects.filter(league__name="Lustria Cup").update(status=Season.Status.FINISHED)
    entry = services.admit_team(commissioner, sign_up, busy_team)
    assert entry.admitted


def test_waiting_to_be_admitted_elsewhere_is_no_refusal(sign_up, commissioner, other_commissioner):
    other = LeagueFactory(name="Albion Open", commissioners=[other_commissioner])
    other_season = services.open_season(other_commissioner, other)
    team = TeamFactory()
    services.enter_team(team.coach, other_season, team)  # entered, not admitted
    assert services.admit_team(commissioner, sign_up, team).admitted
    with pytest.raises(LeagueError, match="is playing in season 1 of Old World Cup"):
        services.admit_team(other_commissioner, other_season, team)
