"""A commissioner hands a team to another coach: the service, the API action and
the team page's form. Only a commissioner of a league the team plays in may."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from rest_framework.test import APIClient

from teams.errors import TeamError
from teams.models import Team
from teams.services import transfer_team
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.leagues.factories import LeagueFactory, TeamEntryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting():
    """A team entered in a league, its coach, the league's commissioner, a coach to
    take over, and another league's commissioner."""
    commissioner = UserFactory(username="commish")
    league = LeagueFactory(name="Transfer League", commissioners=[commissioner])
    coach = UserFactory(username="leaving")
    team = drafted_team(coach, name="Altdorf Handovers")
    TeamEntryFactory(team=team, division__season__league=league)
    return {
        "team": team,
        "coach": coach,
        "commissioner": commissioner,
        "new_coach": UserFactory(username="arriving"),
        "other_commissioner": LeagueFactory().commissioners.get(),
    }


def page(response) -> str:
    return " ".join(response.content.decode().split())


# --- the service ----------------------------------------------------------------------


def test_the_commissioner_hands_the_team_over_and_it_keeps_everything(setting):
    team, new_coach = setting["team"], setting["new_coach"]
    players = set(team.players.values_list("pk", flat=True))
    treasury = team.treasury

    transfer_team(setting["commissioner"], team, new_coach)

    team = Team.objects.get(pk=team.pk)
    assert team.coach == new_coach
    assert set(team.players.values_list("pk", flat=True)) == players
    assert team.treasury == treasury
    assert_treasury_is_ledger(team)
    # The new coach runs it now; the old one no longer may.
    assert new_coach.has_perm("teams.change_team", team)
    assert not setting["coach"].has_perm("teams.change_team", team)


@pytest.mark.parametrize("who", ["coach", "new_coach", "other_commissioner"])
def test_only_a_commissioner_of_the_teams_league_may_hand_it_over(setting, who):
    with pytest.raises(PermissionDenied, match="Only a commissioner of a league"):
        transfer_team(setting[who], setting["team"], setting["new_coach"])
    assert Team.objects.get(pk=setting["team"].pk).coach == setting["coach"]


def test_a_team_in_no_league_has_no_commissioner_to_hand_it_over(setting):
    loner = drafted_team(UserFactory())
    with pytest.raises(PermissionDenied):
        transfer_team(setting["commissioner"], loner, setting["new_coach"])


def test_handing_a_team_to_its_own_coach_or_a_closed_account_is_refused(setting):
    with pytest.raises(TeamError, match="leaving already coaches Altdorf Handovers"):
        transfer_team(setting["commissioner"], setting["team"], setting["coach"])
    closed = UserFactory(username="closed", is_active=False)
    with pytest.raises(TeamError, match="account is closed"):
        transfer_team(setting["commissioner"], setting["team"], closed)


# --- the API --------------------------------------------------------------------------


def api_transfer(user, team, body):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.post(f"/api/v1/teams/{team.pk}/transfer/", body)


def test_api_transfer_returns_the_sheet_with_the_new_coach(setting):
    response = api_transfer(setting["commissioner"], setting["team"], {"coach": "arriving"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["coach_username"] == "arriving"
    assert body["coach"] == setting["new_coach"].pk


def test_api_transfer_finds_a_username_typed_in_another_case(setting):
    response = api_transfer(setting["commissioner"], setting["team"], {"coach": "Arriving"})
    assert response.status_code == 200, response.content
    assert response.json()["coach_username"] == "arriving"


@pytest.mark.parametrize(
    ("body", "field_message"),
    [
        ({"coach": "nobody"}, "No coach has the username 'nobody': check its spelling."),
        ({"coach": 42}, "Must be a string."),
        ({}, "This field is required."),
    ],
)
def test_api_transfer_bad_input_is_400_with_the_fields_message(setting, body, field_message):
    response = api_transfer(setting["commissioner"], setting["team"], body)
    assert response.status_code == 400
    data = response.json()
    assert data["fields"] == {"coach": [field_message]}
    assert data["errors"] == [f"coach: {field_message}"]
    assert Team.objects.get(pk=setting["team"].pk).coach == setting["coach"]


def test_api_transfer_to_the_same_coach_is_400_with_the_reason(setting):
    response = api_transfer(setting["commissioner"], setting["team"], {"coach": "leaving"})
    assert response.status_code == 400
    assert response.json()["errors"] == ["leaving already coaches Altdorf Handovers."]


@pytest.mark.parametrize("who", ["coach", "new_coach", "other_commissioner"])
def test_api_transfer_is_403_for_anyone_but_the_commissioner(setting, who):
    # The coach hears 403 even for input that would be refused.
    for body in ({"coach": "arriving"}, {"coach": "nobody"}):
        response = api_transfer(setting[who], setting["team"], body)
        assert response.status_code == 403, response.content
        assert response.json()["detail"]
    assert Team.objects.get(pk=setting["team"].pk).coach == setting["coach"]


def test_api_transfer_anonymous_is_refused(setting):
    response = api_transfer(None, setting["team"], {"coach": "arriving"})
    assert response.status_code in (401, 403)


# --- the team page --------------------------------------------------------------------


def test_the_commissioner_hands_the_team_over_from_its_page(client, setting):
    team = setting["team"]
    client.force_login(setting["commissioner"])
    sheet = page(client.get(reverse("team-detail", args=[team.pk])))
    assert "Hand the team to another coach" in sheet
    assert f'action="{reverse("team-transfer", args=[team.pk])}"' in sheet

    response = client.post(reverse("team-transfer", args=[team.pk]), {"coach": "arriving"})
    assert response.status_code == 302 and response.url == reverse("team-detail", args=[team.pk])
    assert Team.objects.get(pk=team.pk).coach == setting["new_coach"]
    after = page(client.get(response.url))
    assert "Altdorf Handovers is now coached by arriving." in after
    assert f'href="{reverse("coach-profile", args=["arriving"])}">arriving</a>' in after


def test_a_bad_username_on_the_page_says_what_to_change(client, setting):
    team = setting["team"]
    client.force_login(setting["commissioner"])
    response = client.post(reverse("team-transfer", args=[team.pk]), {"coach": "nobody"})
    assert response.status_code == 400
    text = page(response)
    assert "<h1>Hand Altdorf Handovers to another coach</h1>" in text
    assert "No coach has the username &#x27;nobody&#x27;: check its spelling." in text
    same = client.post(reverse("team-transfer", args=[team.pk]), {"coach": "leaving"})
    assert "leaving already coaches Altdorf Handovers." in page(same)
    assert Team.objects.get(pk=team.pk).coach == setting["coach"]


def test_the_coach_sees_no_transfer_form_and_may_not_post_it(client, setting):
    team = setting["team"]
    client.force_login(setting["coach"])
    assert "Hand the team to another coach" not in page(
        client.get(reverse("team-detail", args=[team.pk]))
    )
    response = client.post(reverse("team-transfer", args=[team.pk]), {"coach": "arriving"})
    assert response.status_code == 403
    client.logout()
    anonymous = client.post(reverse("team-transfer", args=[team.pk]), {"coach": "arriving"})
    assert anonymous.status_code == 302 and anonymous.url.startswith(reverse("login"))
    assert Team.objects.get(pk=team.pk).coach == setting["coach"]
