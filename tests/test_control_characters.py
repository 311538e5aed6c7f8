"""Names a user types refuse control characters (BEL, ESC, the right-to-left
override...): a 400 naming the field on the API, a form error on the page, nothing
stored (core/validators.py). League, division, team and player names; letters of any
script still pass, and a team or player name still loses the zero-width characters its
cleaning drops unseen (teams/names.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from leagues.models import Division, League, Season
from teams.models import Player, Team
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import SeasonFactory
from tests.teams.test_api_draft import legal_draft
from tests.teams.test_pages_draft import form_data

pytestmark = pytest.mark.django_db

BEL, ESC, RLO, ZWSP = "\x07", "\x1b", "\u202e", "\u200b"
TAINTED = [
    (f"Bell{BEL} League", "U+0007"),
    (f"{ESC}[31mRed", "U+001B"),
    (f"Reavers{RLO}sreveaR", "U+202E"),
]
REFUSED = "Names may not contain control characters such as {}."


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def league_form(name: str) -> dict[str, object]:
    return {
        "name": name,
        "ruleset": "bb2020",
        "points_for_win": 3,
        "points_for_draw": 1,
        "points_for_loss": 0,
        "time_zone": "UTC",
    }


@pytest.mark.parametrize(("name", "shown"), TAINTED)
def test_the_api_refuses_a_league_name_with_a_control_character(name, shown):
    response = api_as(UserFactory()).post("/api/v1/leagues/", {"name": name})
    assert response.status_code == 400
    assert response.json()["fields"] == {"name": [REFUSED.format(shown)]}
    assert not League.objects.exists()


@pytest.mark.parametrize(("name", "shown"), TAINTED)
def test_the_page_refuses_a_league_name_with_a_control_character(client, name, shown):
    client.force_login(UserFactory())
    response = client.post(reverse("league-create"), league_form(name))
    assert response.status_code == 200
    assert REFUSED.format(shown) in response.content.decode()
    assert not League.objects.exists()


def test_a_league_name_in_any_script_is_kept():
    response = api_as(UserFactory()).post("/api/v1/leagues/", {"name": "Лига Ἀθῆναι 東京"})
    assert response.status_code == 201, response.json()
    assert League.objects.get().name == "Лига Ἀθῆναι 東京"


def test_division_names_refuse_control_characters_on_the_api_and_the_page(client):
    season = SeasonFactory(status=Season.Status.SIGN_UP)
    commissioner = season.league.commissioners.first()
    before = Division.objects.count()
    url = f"/api/v1/leagues/seasons/{season.pk}/add-division/"
    response = api_as(commissioner).post(url, {"name": f"North{BEL}"})
    assert response.status_code == 400
    assert response.json()["fields"] == {"name": [REFUSED.format("U+0007")]}
    client.force_login(commissioner)
    page = client.post(
        reverse("season-manage-action", args=[season.pk, "division"]), {"name": f"South{RLO}"}
    )
    assert REFUSED.format("U+202E") in page.content.decode()
    assert Division.objects.count() == before


@pytest.mark.parametrize(("name", "shown"), TAINTED)
def test_the_api_refuses_a_team_name_with_a_control_character(name, shown):
    body = {"name": name, "roster": "orc", "players": legal_draft("orc")}
    response = api_as(UserFactory()).post("/api/v1/teams/", body)
    assert response.status_code == 400
    assert response.json()["fields"] == {"name": [REFUSED.format(shown)]}
    assert not Team.objects.exists()


@pytest.mark.parametrize(("name", "shown"), TAINTED)
def test_the_page_refuses_a_team_name_with_a_control_character(client, name, shown):
    client.force_login(UserFactory())
    url = reverse("team-draft", args=["bb2020", "orc"])
    response = client.post(url, form_data(name, legal_draft("orc")))
    assert response.status_code == 200
    assert REFUSED.format(shown) in response.content.decode()
    assert not Team.objects.exists()


def test_a_team_name_still_loses_zero_width_characters_unseen():
    body = {"name": f"Gouged{ZWSP} Eye", "roster": "orc", "players": legal_draft("orc")}
    response = api_as(UserFactory()).post("/api/v1/teams/", body)
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == "Gouged Eye"


def test_player_names_refuse_control_characters_on_the_api():
    team = drafted_team(UserFactory())
    api = api_as(team.coach)
    names = set(Player.objects.values_list("name", flat=True))
    hired = api.post(
        f"/api/v1/teams/{team.pk}/players/", {"position": "human-blitzer", "name": f"Karl{ESC}"}
    )
    assert hired.status_code == 400
    assert hired.json()["fields"] == {"name": [REFUSED.format("U+001B")]}
    player = team.players.first()
    renamed = api.post(f"/api/v1/players/{player.pk}/rename/", {"name": f"Griff{RLO}"})
    assert renamed.status_code == 400
    assert renamed.json()["fields"] == {"name": [REFUSED.format("U+202E")]}
    assert set(Player.objects.values_list("name", flat=True)) == names


def test_a_player_rename_page_shows_the_refusal_as_a_form_error(client):
    team = drafted_team(UserFactory())
    player = team.players.first()
    client.force_login(team.coach)
    response = client.post(reverse("player-rename", args=[player.pk]), {"name": f"Griff{BEL}"})
    assert response.status_code == 200
    assert REFUSED.format("U+0007") in response.content.decode()
    player.refresh_from_db()
    assert BEL not in player.name and "Griff" not in player.name
