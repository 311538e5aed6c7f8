"""Re-drafting a team between seasons through the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from teams.models import Player, PlayerStatus, TreasuryEntry
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season


@pytest.fixture
def coach():
    return UserFactory()


@pytest.fixture
def team(coach):
    return drafted_team(coach, roster_slug="human", players={"human-lineman": 11}, rerolls=2)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.django_db
def test_redraft_keeps_rehires_and_hires_new_players(coach, team):
    kept = list(team.players.order_by("number")[:10])
    closed_season(team, [WIN, WIN, WIN, DRAW, LOSS, LOSS])
    response = client_for(coach).post(
        f"/api/v1/teams/{team.pk}/redraft/",
        {
            "rehire": [{"player": p.pk} for p in kept],
            "hire": [{"position": "human-blitzer", "name": "Nils", "number": 20}],
            "rerolls": 3,
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    # 1,000,000 + 350,000 treasury + 6 x 20k + 3 x 20k + 1 x 10k
    assert body["budget"] == 1_540_000
    # 10 x (50k + 20k) re-hire fees + 85k + 3 x 50k re-rolls
    assert body["cost"] == 700_000 + 85_000 + 150_000
    assert sorted(body["rehired"]) == sorted(p.pk for p in kept)
    assert len(body["hired"]) == 1 and len(body["left"]) == 1
    assert body["team"]["rerolls"] == 3
    assert body["team"]["treasury"] == 1_540_000 - 935_000
    assert Player.objects.get(pk=body["left"][0]).status == PlayerStatus.RETIRED
    assert_treasury_is_ledger(team)


@pytest.mark.django_db
def test_refused_redraft_lists_every_reason_and_changes_nothing(coach, team):
    closed_season(team, [LOSS])
    entries = TreasuryEntry.objects.count()
    response = client_for(coach).post(
        f"/api/v1/teams/{team.pk}/redraft/",
        {
            "rehire": [{"player": 999}],
            "hire": [{"position": "human-blitzer"}] * 5,
        },
        format="json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any("999" in e for e in errors)
    assert any("at most 4 Blitzers" in e for e in errors)
    assert any("at least 11 players" in e for e in errors)
    assert TreasuryEntry.objects.count() == entries
    assert team.players.filter(status=PlayerStatus.ACTIVE).count() == 11


@pytest.mark.django_db
def test_another_coach_may_not_redraft(team):
    closed_season(team, [WIN])
    response = client_for(UserFactory()).post(
        f"/api/v1/teams/{team.pk}/redraft/", {"rehire": []}, format="json"
    )
    assert response.status_code == 403
    assert team.players.filter(status=PlayerStatus.ACTIVE).count() == 11
