"""POST /api/v1/teams/<id>/redraft/: the client sends choices, the server the numbers."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from leagues.models import TeamEntry
from teams.models import Player, Redraft, Team, TreasuryEntry
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def team():
    # 11 Linemen (550k) and 2 re-rolls (100k): 350,000 gp left in the treasury.
    return drafted_team(players={"human-lineman": 11}, rerolls=2)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def url(team: Team) -> str:
    return f"/api/v1/teams/{team.pk}/redraft/"


def linemen(team: Team) -> list[dict]:
    return [{"player": p.pk} for p in team.players.filter(status="active").order_by("number")]


def db_state(team: Team) -> tuple:
    team.refresh_from_db()
    return (
        TreasuryEntry.objects.count(),
        Redraft.objects.count(),
        TeamEntry.objects.count(),
        team.treasury,
        team.rerolls,
        sorted(team.players.filter(status="active").values_list("pk", flat=True)),
    )


def test_the_budget_ignores_the_numbers_a_client_sends(team):
    """The defect: season_games 99, league_wins 99, cap null gave a 5,100,000 gp budget."""
    closed_season(team, [WIN, DRAW, LOSS], cap=1_300_000)
    response = client_for(team.coach).post(
        url(team),
        {
            "season_games": 99,
            "league_wins": 99,
            "league_draws": 0,
            "cap": None,
            "rehire": [{**row, "seasons": 0} for row in linemen(team)],
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    # 1,000,000 + 350,000 treasury + 3 games x 20k + 1 win x 20k + 1 draw x 10k = 1,440,000,
    # capped by the league at 1,300,000.
    assert body["budget"] == 1_300_000
    assert body["budget_parts"] == {
        "base": 1_000_000,
        "treasury": 350_000,
        "games_played": 3,
        "conceded_not_counted": 0,
        "for_games": 60_000,
        "league_wins": 1,
        "for_wins": 20_000,
        "league_draws": 1,
        "for_draws": 10_000,
        "uncapped": 1_440_000,
        "cap": 1_300_000,
        "budget": 1_300_000,
    }
    # Each re-hired Lineman: 50,000 + 20,000 for his one season (not 0 seasons as sent).
    assert body["cost"] == 11 * 70_000
    assert body["cost_parts"]["rehire_fees"] == 770_000
    assert set(body["fees"].values()) == {70_000}
    assert body["team"]["treasury"] == 1_300_000 - 770_000
    assert_treasury_is_ledger(team)


def test_the_options_show_the_servers_budget_and_fees(team):
    _, following = closed_season(team, [WIN, WIN])
    response = APIClient().get(url(team))
    assert response.status_code == 200
    body = response.json()
    assert body["to_season"] == following.pk
    assert body["budget"]["budget"] == 1_000_000 + 350_000 + 40_000 + 40_000
    assert [p["fee"] for p in body["players"]] == [70_000] * 11
    assert {p["seasons"] for p in body["players"]} == {1}


def test_a_redraft_enters_the_team_into_the_new_season(team):
    _, following = closed_season(team, [WIN])
    response = client_for(team.coach).post(
        url(team),
        {
            "rehire": linemen(team)[:10],
            "hire": [{"position": "human-blitzer", "name": "Nils", "number": 20}],
            "rerolls": 3,
            "apothecary": True,
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    entry = TeamEntry.objects.get(team=team, season=following)
    assert body["to_season"] == following.pk and body["division"] == entry.division_id
    assert body["cost_parts"] == {
        "rehire_fees": 700_000,
        "new_players": 85_000,
        "rerolls": 150_000,
        "assistant_coaches": 0,
        "cheerleaders": 0,
        "apothecary": 50_000,
        "total": 985_000,
    }
    assert len(body["left"]) == 1
    assert Player.objects.get(pk=body["left"][0]).status == Player.Status.RETIRED
    assert body["team"]["rerolls"] == 3
    assert Redraft.objects.get(pk=body["id"]).cost == 985_000


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"rerolls": "many"}, "rerolls"),
        ({"rerolls": -1}, "rerolls"),
        ({"rehire": [{"player": "Karl"}]}, "rehire"),
        ({"rehire": "everyone"}, "rehire"),
        ({"hire": [{"name": "No position"}]}, "hire"),
        ({"apothecary": "perhaps"}, "apothecary"),
        ({"season": 0}, "season"),
    ],
)
def test_input_of_the_wrong_shape_is_400_by_field_and_changes_nothing(team, payload, field):
    closed_season(team, [WIN])
    before = db_state(team)
    response = client_for(team.coach).post(url(team), payload, format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]
    assert db_state(team) == before


def test_a_redraft_the_rules_refuse_lists_every_reason_and_changes_nothing(team):
    closed_season(team, [LOSS])
    before = db_state(team)
    response = client_for(team.coach).post(
        url(team),
        {"rehire": [{"player": 999}], "hire": [{"position": "human-blitzer"}] * 5},
        format="json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any("999" in e for e in errors)
    assert any("at most 4 Blitzers" in e for e in errors)
    assert any("at least 11 players" in e for e in errors)
    assert db_state(team) == before


def test_no_redraft_while_the_season_is_under_way(team):
    before = db_state(team)
    response = client_for(team.coach).post(url(team), {"rehire": linemen(team)}, format="json")
    assert response.status_code == 400
    assert "no league season" in response.json()["detail"]
    assert APIClient().get(url(team)).status_code == 400
    assert db_state(team) == before


def test_another_coach_may_not_redraft(team):
    closed_season(team, [WIN])
    before = db_state(team)
    response = client_for(UserFactory()).post(url(team), {"rehire": linemen(team)}, format="json")
    assert response.status_code == 403
    assert db_state(team) == before
