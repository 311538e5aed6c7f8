"""Roster actions through the API: hiring, firing, renaming, re-rolls, staff,
journeymen, temporary retirement, spending SPP; and who may do them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules_engine.dice import ScriptedDice
from teams.models import InjuryRecord, Player, PlayerStatus, Team, TreasuryEntry
from teams.services import take_journeyman
from tests.factories import (
    AdvancementFactory,
    InjuryRecordFactory,
    PlayerSkillFactory,
    UserFactory,
    assert_treasury_is_ledger,
    drafted_team,
)


@pytest.fixture
def coach():
    return UserFactory()


@pytest.fixture
def team(coach):
    return drafted_team(coach, roster_slug="human", players={"human-lineman": 11})


@pytest.fixture
def api(coach):
    client = APIClient()
    client.force_authenticate(coach)
    return client


@pytest.fixture
def rival():
    client = APIClient()
    client.force_authenticate(UserFactory())
    return client


def snapshot(team: Team) -> tuple:
    team.refresh_from_db()
    players = tuple(
        Player.objects.filter(team=team).order_by("pk").values_list("name", "number", "status")
    )
    entries = TreasuryEntry.objects.filter(team=team).count()
    return (team.treasury, team.rerolls, team.assistant_coaches, team.apothecary, players, entries)


@pytest.mark.django_db
def test_hire_player(api, team):
    response = api.post(
        f"/api/v1/teams/{team.pk}/players/",
        {"position": "human-blitzer", "name": "Karl", "number": 17},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["name"], body["number"], body["position"]) == ("Karl", 17, "Blitzer")
    assert body["skills"] == ["Block"]
    team.refresh_from_db()
    assert team.treasury == 1_000_000 - 550_000 - 85_000
    assert_treasury_is_ledger(team)


@pytest.mark.django_db
def test_hire_refusals_are_400_with_the_reason(api, team):
    url = f"/api/v1/teams/{team.pk}/players/"
    api.post(url, {"position": "human-ogre"}, format="json")
    response = api.post(url, {"position": "human-ogre"}, format="json")
    assert response.status_code == 400
    assert "Human teams may have at most 1 Ogre" in response.json()["detail"]
    response = api.post(url, {"position": "human-blitzer", "number": 1}, format="json")
    assert response.status_code == 400
    assert "Number 1 is taken" in response.json()["detail"]
    response = api.post(url, {"position": "troll"}, format="json")
    assert response.status_code == 400
    response = api.post(url, {"name": "No position"}, format="json")
    assert response.status_code == 400
    assert "position" in response.json()["fields"]


@pytest.mark.django_db
def test_fire_rename_and_renumber(api, team):
    player = team.players.get(number=3)
    response = api.post(
        f"/api/v1/players/{player.pk}/rename/", {"name": "Griff", "number": 44}, format="json"
    )
    assert response.status_code == 200
    assert (response.json()["name"], response.json()["number"]) == ("Griff", 44)
    taken = api.post(f"/api/v1/players/{player.pk}/rename/", {"number": 1}, format="json")
    assert taken.status_code == 400 and "taken" in taken.json()["detail"]
    response = api.post(f"/api/v1/players/{player.pk}/fire/")
    assert response.status_code == 200
    assert response.json()["status"] == PlayerStatus.FIRED
    again = api.post(f"/api/v1/players/{player.pk}/fire/")
    assert again.status_code == 400
    assert api.get(f"/api/v1/teams/{team.pk}/").json()["player_count"] == 10


@pytest.mark.django_db
def test_reroll_and_staff(api, team):
    response = api.post(f"/api/v1/teams/{team.pk}/rerolls/")
    assert response.status_code == 200
    assert response.json()["rerolls"] == 1
    assert response.json()["treasury"] == 450_000 - 100_000
    url = f"/api/v1/teams/{team.pk}/staff/"
    assert api.post(url + "hire/", {"kind": "apothecary"}, format="json").status_code == 200
    again = api.post(url + "hire/", {"kind": "apothecary"}, format="json")
    assert again.status_code == 400 and "already has an apothecary" in again.json()["detail"]
    body = api.post(url + "hire/", {"kind": "assistant_coach"}, format="json").json()
    assert body["assistant_coaches"] == 1
    assert body["value"]["sideline_staff"] == 60_000
    body = api.post(url + "fire/", {"kind": "assistant_coach"}, format="json").json()
    assert body["assistant_coaches"] == 0
    bad = api.post(url + "hire/", {"kind": "mascot"}, format="json")
    assert bad.status_code == 400 and "kind" in bad.json()["fields"]
    assert_treasury_is_ledger(team)


@pytest.mark.django_db
def test_journeyman_hired_permanently_and_retirement(api, coach, team):
    Player.objects.filter(team=team, number=11).update(miss_next_game=True)
    journeyman = take_journeyman(coach, team)
    response = api.post(f"/api/v1/players/{journeyman.pk}/hire-permanently/")
    assert response.status_code == 200, response.json()
    assert response.json()["journeyman"] is False
    assert "Loner (4+)" not in response.json()["skills"]

    player = team.players.get(number=2)
    refused = api.post(f"/api/v1/players/{player.pk}/retire-temporarily/")
    assert refused.status_code == 400
    assert "Lasting Injury" in refused.json()["detail"]
    InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.LASTING, characteristic="av")
    response = api.post(f"/api/v1/players/{player.pk}/retire-temporarily/")
    assert response.status_code == 200
    assert response.json()["temporarily_retired"] is True
    assert response.json()["available"] is False


@pytest.mark.django_db
def test_spend_spp_with_a_choice_then_the_answer(api, team, monkeypatch):
    player = team.players.get(number=5)
    Player.objects.filter(pk=player.pk).update(spp_earned=6)
    detail = api.get(f"/api/v1/players/{player.pk}/").json()
    kinds = {o["kind"] for o in detail["advancement_options"]}
    assert {"random_primary", "chosen_primary"} <= kinds

    url = f"/api/v1/players/{player.pk}/advancements/"
    asked = api.post(url, {"kind": "random_primary"}, format="json")
    assert asked.status_code == 200
    assert asked.json()["choice"] == "advancement_category"
    assert "General" in asked.json()["options"]["categories"]

    monkeypatch.setattr("teams.services.advancement._new_dice", lambda: ScriptedDice([(1, 1)]))
    taken = api.post(url, {"kind": "random_primary", "category": "General"}, format="json")
    assert taken.status_code == 201, taken.json()
    advancement = taken.json()
    assert advancement["number"] == 1 and advancement["spp_cost"] == 3
    assert advancement["rolls"]

    detail = api.get(f"/api/v1/players/{player.pk}/").json()
    assert detail["spp"] == 3
    assert detail["advancement_history"][0]["result"] == advancement["result"]
    assert detail["skill_history"][0]["advancement"] == 1
    assert detail["current_value"] == 50_000 + advancement["value_increase"]

    broke = api.post(url, {"kind": "chosen_secondary", "skill": "Guard"}, format="json")
    assert broke.status_code == 400
    assert "SPP" in broke.json()["detail"]


@pytest.mark.django_db
def test_player_detail_shows_history(api, team):
    player = team.players.get(number=4)
    advancement = AdvancementFactory(player=player, result="Block")
    PlayerSkillFactory(player=player, skill="Sure Hands", advancement=advancement)
    InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.NIGGLING, source="Round 2")
    body = APIClient().get(f"/api/v1/players/{player.pk}/").json()
    assert body["team"]["id"] == team.pk
    assert body["advancement_history"][0]["kind"] == "chosen_primary"
    assert body["skill_history"] == [
        {
            "skill": "Sure Hands",
            "source": "other",
            "source_display": "Other",
            "advancement": 1,
        }
    ]
    assert body["injuries"][0]["source"] == "Round 2"


@pytest.mark.django_db
def test_another_coach_gets_403_and_nothing_changes(rival, team):
    player = team.players.get(number=1)
    before = snapshot(team)
    attempts = [
        (f"/api/v1/teams/{team.pk}/players/", {"position": "human-blitzer"}),
        (f"/api/v1/teams/{team.pk}/rerolls/", {}),
        (f"/api/v1/teams/{team.pk}/staff/hire/", {"kind": "apothecary"}),
        (f"/api/v1/teams/{team.pk}/staff/fire/", {"kind": "nonsense"}),
        (f"/api/v1/players/{player.pk}/fire/", {}),
        (f"/api/v1/players/{player.pk}/rename/", {"name": "Stolen"}),
        (f"/api/v1/players/{player.pk}/hire-permanently/", {}),
        (f"/api/v1/players/{player.pk}/retire-temporarily/", {}),
        (f"/api/v1/players/{player.pk}/advancements/", {"kind": "random_primary"}),
    ]
    for url, data in attempts:
        response = rival.post(url, data, format="json")
        assert response.status_code == 403, (url, response.status_code)
        assert "Only the coach" in response.json()["detail"]
    assert snapshot(team) == before


@pytest.mark.django_db
def test_signed_out_writes_are_refused(team):
    player = team.players.first()
    before = snapshot(team)
    client = APIClient()
    for url in (f"/api/v1/teams/{team.pk}/rerolls/", f"/api/v1/players/{player.pk}/fire/"):
        assert client.post(url).status_code in (401, 403)
    assert snapshot(team) == before


@pytest.mark.django_db
def test_actions_on_unknown_objects_are_404(api):
    assert api.post("/api/v1/teams/999/rerolls/").status_code == 404
    assert api.post("/api/v1/players/999/fire/").status_code == 404
