"""A BB2025 player whose SPP reach the cost of a characteristic improvement as his next
advancement must take one (shared/rules/bb2025-league-facts.md section 8, step 3: "SPP
may be saved, but ..."): the team sheet and the player page say so to his coach. A
BB2020 player saves his SPP as long as he likes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.models import Player
from teams.services import draft_team
from tests.factories import UserFactory, drafted_team
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db
BADGE = "Must advance"
# Section 8, step 3: a first characteristic improvement costs 14 SPP.
FIRST_CHARACTERISTIC_COST = 14


def with_spp(team, spp: int) -> Player:
    player = team.players.order_by("number").first()
    player.spp_earned = spp
    player.save(update_fields=["spp_earned"])
    return player


def sheet(client, team) -> str:
    client.force_login(team.coach)
    return client.get(reverse("team-detail", args=[team.pk])).content.decode()


def bb2025_team():
    return draft_team(
        UserFactory(), name="Iron Tusks", ruleset_key="bb2025", roster_slug="orc",
        **minimal_draft("orc"),
    )  # fmt: skip


def test_a_bb2025_player_at_the_characteristic_cost_must_advance(client):
    team = bb2025_team()
    player = with_spp(team, FIRST_CHARACTERISTIC_COST)
    assert BADGE in sheet(client, team)
    page = client.get(reverse("player-detail", args=[player.pk])).content.decode()
    assert "he must take an advancement" in page


def test_a_bb2025_player_one_spp_short_may_still_save(client):
    team = bb2025_team()
    with_spp(team, FIRST_CHARACTERISTIC_COST - 1)
    assert BADGE not in sheet(client, team)


def test_a_bb2020_player_saves_as_long_as_he_likes(client):
    team = drafted_team(UserFactory(), name="Reavers")
    with_spp(team, 60)
    assert BADGE not in sheet(client, team)
