"""Reading teams through the API: lists and filters, the team sheet, the ledger,
query counts, and the schema."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from teams.models import InjuryRecord, Player
from teams.services import buy_reroll
from tests.factories import (
    InjuryRecordFactory,
    PlayerSkillFactory,
    UserFactory,
    drafted_team,
)

# Session-free API read of a team sheet (shaped queries into plain values):
# team with value sums, players, skills, injuries; and the versions its ETag names.
SHEET_QUERIES = 5


def sheet_team(players: int, coach=None):
    """A drafted Human team of ``players`` linemen, each with a gained skill and an
    injury, so every prefetch of the sheet has rows to fetch."""
    team = drafted_team(coach, players={"human-lineman": players})
    for player in team.players.all():
        PlayerSkillFactory(player=player, skill="Block")
        InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.NIGGLING)
    return team


@pytest.fixture
def api():
    return APIClient()


@pytest.mark.django_db
def test_list_and_filters(api):
    grimnir = UserFactory(username="grimnir")
    lothar = UserFactory(username="lothar")
    dwarfs = drafted_team(grimnir, roster_slug="dwarf", name="Dwarf Giants")
    drafted_team(lothar, roster_slug="human", name="Reikland Reavers")
    drafted_team(lothar, roster_slug="orc", name="Orcland Raiders")

    body = api.get("/api/v1/teams/").json()
    assert body["count"] == 3
    assert [t["name"] for t in body["results"]] == [
        "Dwarf Giants",
        "Orcland Raiders",
        "Reikland Reavers",
    ]
    dwarf = body["results"][0]
    assert dwarf["coach_username"] == "grimnir"
    assert dwarf["roster_name"] == "Dwarf"
    assert dwarf["player_count"] == 11
    assert dwarf["team_value"] == dwarf["current_team_value"] == 11 * 70_000

    def names(**params):
        return [t["name"] for t in api.get("/api/v1/teams/", params).json()["results"]]

    assert names(coach=lothar.pk) == ["Orcland Raiders", "Reikland Reavers"]
    assert names(coach_username="GRIMNIR") == ["Dwarf Giants"]
    assert names(roster="orc") == ["Orcland Raiders"]
    assert names(ruleset="bb2020", status="active", name="giants") == ["Dwarf Giants"]
    assert names(status="retired") == []
    assert api.get("/api/v1/teams/", {"status": "nonsense"}).status_code == 400
    assert dwarfs.pk == dwarf["id"]


@pytest.mark.django_db
def test_team_sheet_has_players_values_and_treasury(api):
    team = drafted_team(roster_slug="human", players={"human-blitzer": 2, "human-lineman": 9})
    buy_reroll(team.coach, team)
    blitzer = team.players.get(position_slug="human-blitzer", number=1)
    PlayerSkillFactory(player=blitzer, skill="Dodge")
    InjuryRecordFactory(player=blitzer, kind=InjuryRecord.Kind.MISS_NEXT_GAME)
    Player.objects.filter(pk=blitzer.pk).update(
        miss_next_game=True, niggling_injuries=1, spp_earned=8, spp_spent=3
    )

    response = api.get(f"/api/v1/teams/{team.pk}/")
    assert response.status_code == 200
    body = response.json()
    assert body["name"] == team.name
    assert body["rerolls"] == 1 and body["reroll_cost"] == 50_000
    assert body["treasury"] == 1_000_000 - 620_000 - 100_000
    value = body["value"]
    assert value["players"] == 2 * 85_000 + 9 * 50_000
    assert value["rerolls"] == 50_000
    assert value["missing_next_game"] == 85_000
    assert value["team_value"] == 670_000
    assert value["current_team_value"] == 670_000 - 85_000
    first = body["players"][0]
    assert first["number"] == 1
    assert first["position"] == "Blitzer"
    assert first["skills"] == ["Block", "Dodge"]
    assert first["gained_skills"] == ["Dodge"]
    assert first["spp"] == 5
    assert first["current_value"] == 85_000
    assert first["niggling_injuries"] == 1
    assert first["available"] is False
    assert [i["kind"] for i in first["injuries"]] == ["miss_next_game"]
    assert (first["ag"], first["pa"], first["av"]) == (3, 4, 9)
    assert body["players"][1]["available"] is True


@pytest.mark.django_db
def test_unknown_team_is_404(api):
    assert api.get("/api/v1/teams/999/").status_code == 404
    assert api.get("/api/v1/teams/999/ledger/").status_code == 404
    assert api.get("/api/v1/players/999/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("players", [11, 16])
def test_team_sheet_takes_the_same_queries_whatever_the_size(
    api, django_assert_num_queries, players
):
    team = sheet_team(players)
    with django_assert_num_queries(SHEET_QUERIES):
        response = api.get(f"/api/v1/teams/{team.pk}/")
    assert len(response.json()["players"]) == players


@pytest.mark.django_db
def test_ledger_is_paginated_oldest_first(api):
    team = drafted_team()
    for _ in range(3):
        buy_reroll(team.coach, team)
    body = api.get(f"/api/v1/teams/{team.pk}/ledger/", {"limit": 2}).json()
    assert body["count"] == 5
    assert [e["reason"] for e in body["results"]] == ["draft_budget", "draft_purchase"]
    assert body["next"]
    rest = api.get(f"/api/v1/teams/{team.pk}/ledger/", {"limit": 2, "offset": 4}).json()
    last = rest["results"][-1]
    assert last["reason"] == "reroll"
    assert last["amount"] == -100_000
    assert last["balance_after"] == team.ledger_entries.order_by("id").last().balance_after
    assert last["created_by"] == team.coach.username


@pytest.mark.django_db
def test_schema_validates_without_warnings(tmp_path):
    out = tmp_path / "schema.yml"
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(out), stdout=io.StringIO()
    )
    schema = out.read_text()
    for path in (
        "/api/v1/teams/",
        "/api/v1/teams/{id}/players/",
        "/api/v1/teams/{id}/ledger/",
        "/api/v1/players/{id}/advancements/",
        "/api/v1/teams/{id}/redraft/",
    ):
        assert f"{path}:" in schema
    assert "TeamsError" in schema
