"""What the teams app says around a status, a staff member or a missing page is a whole
sentence (one msgid per status or kind, never a label lower-cased into it), so each
language words it whole; in English it reads as before."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from teams.errors import TeamError
from teams.forms_redraft import MAPPED_BY
from teams.models import Player, PlayerStatus, Team, TeamStatus
from teams.services import rename_player
from teams.services._common import require_active, require_active_player
from tests.factories import drafted_team

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (PlayerStatus.DEAD, "is no longer on the team: he is dead"),
        (PlayerStatus.FIRED, "is no longer on the team: he was fired"),
        (PlayerStatus.RETIRED, "is no longer on the team: he left it"),
    ],
)
def test_a_player_gone_is_refused_in_a_sentence_of_his_status(status, words):
    team = drafted_team(players={"human-lineman": 11})
    player = team.players.get(number=1)
    Player.objects.filter(pk=player.pk).update(status=status)
    player.refresh_from_db()
    with pytest.raises(TeamError, match=words):
        require_active_player(player)
    with pytest.raises(TeamError, match=words):
        rename_player(team.coach, player, name="Back Again")


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (TeamStatus.DRAFT, "is being drafted: it cannot change"),
        (TeamStatus.RETIRED, "is retired: it cannot change"),
    ],
)
def test_a_team_that_cannot_change_says_why_in_a_sentence(status, words):
    team = drafted_team(players={"human-lineman": 11})
    Team.objects.filter(pk=team.pk).update(status=status)
    team.refresh_from_db()
    with pytest.raises(TeamError, match=words):
        require_active(team)


def test_the_sheet_names_the_staff_member_let_go(client):
    team = drafted_team(players={"human-lineman": 11}, apothecary=True, cheerleaders=2)
    client.force_login(team.coach)
    sheet = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert "Let the apothecary go" in sheet  # one at most: named
    assert "Let one go" in sheet  # cheerleaders: several allowed
    let_go = client.post(
        reverse("team-staff", args=[team.pk]), {"kind": "apothecary", "action": "fire"}, follow=True
    )
    assert "Let the apothecary go." in let_go.content.decode()
    hired = client.post(
        reverse("team-staff", args=[team.pk]),
        {"kind": "cheerleader", "action": "hire"},
        follow=True,
    )
    assert "Hired a cheerleader." in hired.content.decode()


def test_the_apis_not_found_says_what_is_missing():
    api = APIClient()
    assert api.get("/api/v1/teams/999999/").json()["detail"] == "No such team."
    roster = api.get("/api/v1/rulesets/bb2020/rosters/no-such-roster/")
    assert roster.status_code == 404
    assert roster.json()["detail"] == "Blood Bowl 2020 has no roster 'no-such-roster'"
    ruleset = api.get("/api/v1/rulesets/bb1987/")
    assert ruleset.status_code == 404
    assert ruleset.json()["detail"].startswith("There is no ruleset 'bb1987'; choose one of ")


def test_how_a_position_was_mapped_is_a_sentence_for_each_way():
    assert {str(text) for text in MAPPED_BY.values()} == {
        "Mapped by same position",
        "Mapped by same name",
        "Mapped by coach's choice",
    }
