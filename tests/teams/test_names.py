"""Names a reader cannot tell apart are one name (teams/names.py): a new team cannot
pass as an existing one with zero-width characters, look-alike letters or odd
spacing, through the service, the API or the page; player names are stored clean."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from rules_engine.errors import DraftError
from teams.models import Player, Team, TreasuryEntry
from teams.names import clean_name, skeleton
from teams.services import hire_player, rename_player
from tests.factories import UserFactory, drafted_team
from tests.teams.test_api_draft import legal_draft

ZWSP, ZWJ, RLO, SHY = "\u200b", "\u200d", "\u202e", "\u00ad"
CYRILLIC_E, GREEK_O, CYRILLIC_A = "\u0435", "\u03bf", "\u0430"


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        (f"Reik{ZWSP}land{ZWJ} Reavers", "Reikland Reavers"),
        (f"  Reikland \t\n  Reavers{SHY}  ", "Reikland Reavers"),
        (f"{RLO}Reikland Reavers", "Reikland Reavers"),
        ("Ｒｅｉｋｌａｎｄ Ｒｅａｖｅｒｓ", "Reikland Reavers"),  # full-width
        ("Reikland\u00a0Reavers", "Reikland Reavers"),  # no-break space
        ("ﬂing Orcs", "fling Orcs"),  # ligature
        (f"{ZWSP}{ZWJ}", ""),
    ],
)
def test_clean_name_leaves_what_a_reader_sees(raw, stored):
    assert clean_name(raw) == stored


@pytest.mark.parametrize(
    "look_alike",
    [
        "reikland reavers",
        f"R{CYRILLIC_E}ikland R{CYRILLIC_E}avers",  # Cyrillic e
        f"Reikland Re{CYRILLIC_A}vers",  # Cyrillic a
        "Rеiklаnd Rеаvеrs",  # several Cyrillic letters
        "REIKLAND REAVERS",
        "Réikland Reavers",  # an accent
        "ReikIand Reavers",  # capital I for small l
        "Reik1and Reavers",  # digit 1 for l
        f"Reikland Reavers{ZWSP}",
        "\u0392\u0395\u0399\u039a\u039b\u0391\u039d\u0394",  # Greek capitals do not all pass
    ],
)
def test_skeletons_of_look_alikes_agree(look_alike):
    if look_alike.startswith("\u0392"):
        assert skeleton(look_alike) != skeleton("Reikland Reavers")
    else:
        assert skeleton(look_alike) == skeleton("Reikland Reavers")


def test_skeletons_of_different_names_differ():
    assert skeleton("Reikland Reavers") != skeleton("Reikland Raiders")
    assert skeleton(f"Gouged Eye {GREEK_O}rcs") == skeleton("Gouged Eye Orcs")
    assert skeleton("Gouged Eye Orcs") != skeleton("Gouged Eye Orks")
    assert skeleton("Хаос") != skeleton("Chaos")  # another script keeps its letters


@pytest.mark.django_db
@pytest.mark.parametrize(
    "look_alike",
    [
        f"R{CYRILLIC_E}ikland Reavers",
        f"Reik{ZWSP}land Reavers",
        "Reikland  Reavers",
        "ReikIand Reavers",
        "Réikland Reavers",
    ],
)
def test_a_team_cannot_pass_as_an_existing_one(look_alike):
    drafted_team(UserFactory(), name="Reikland Reavers")
    before = (Team.objects.count(), Player.objects.count(), TreasuryEntry.objects.count())
    with pytest.raises(DraftError) as refused:
        drafted_team(UserFactory(), name=look_alike)
    messages = refused.value.messages
    assert any("Reikland Reavers" in m and "choose another name" in m for m in messages)
    assert (Team.objects.count(), Player.objects.count(), TreasuryEntry.objects.count()) == before


@pytest.mark.django_db
def test_a_drafted_name_is_stored_clean_and_a_blank_one_refused():
    team = drafted_team(UserFactory(), name=f"  Gouged{ZWSP}  Eye{SHY} ")
    assert team.name == "Gouged Eye"
    with pytest.raises(DraftError) as refused:
        drafted_team(UserFactory(), name=f"{ZWSP}{ZWJ} ")
    assert "The team needs a name" in refused.value.messages


@pytest.mark.django_db
def test_the_api_refuses_a_look_alike_team_with_a_400():
    drafted_team(UserFactory(), name="Reikland Reavers", roster_slug="orc")
    client = APIClient()
    client.force_authenticate(UserFactory())
    body = {"name": f"R{CYRILLIC_E}ikland{ZWSP} Reavers", "roster": "orc"}
    body["players"] = legal_draft("orc")
    response = client.post("/api/v1/teams/", body)
    assert response.status_code == 400
    assert "reads as the existing team 'Reikland Reavers'" in response.json()["detail"]
    assert Team.objects.count() == 1
    body["name"] = f"Bright{ZWSP} Crusaders  "
    response = client.post("/api/v1/teams/", body)
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == "Bright Crusaders"


@pytest.mark.django_db
def test_the_page_refuses_a_look_alike_team_with_a_form_error(client):
    from tests.teams.test_pages_draft import form_data

    drafted_team(UserFactory(), name="Reikland Reavers", roster_slug="orc")
    client.force_login(UserFactory())
    url = reverse("team-draft", args=["bb2020", "orc"])
    response = client.post(url, form_data(f"Reikland R{CYRILLIC_E}avers", legal_draft("orc")))
    assert response.status_code == 200
    assert "reads as the existing team" in response.content.decode()
    assert Team.objects.count() == 1
    response = client.post(url, form_data(ZWSP * 3, legal_draft("orc")))
    assert "Give the team a name." in response.content.decode()


@pytest.mark.django_db
def test_player_names_are_stored_clean():
    team = drafted_team(
        UserFactory(),
        players=[
            {"position_slug": "human-lineman", "name": f"Hans{ZWSP}  Grub{RLO}"},
            *[{"position_slug": "human-lineman"} for _ in range(10)],
        ],
    )
    assert team.players.filter(name="Hans Grub").exists()
    hired = hire_player(team.coach, team, "human-lineman", f" Karl{ZWJ}\u00a0Franz ")
    assert hired.name == "Karl Franz"
    rename_player(team.coach, hired, name=f"Karl{SHY} Gross")
    hired.refresh_from_db()
    assert hired.name == "Karl Gross"
