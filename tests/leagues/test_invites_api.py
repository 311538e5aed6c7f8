"""Coaches joining a league through the API, as on the coaches page: invite
links made, listed and withdrawn by a commissioner, redeemed by the coach they are
for; open sign-up switched on and off, and a league joined while it is on."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from leagues.models import League, LeagueInvite
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_an_invite_link_made_through_the_api_lets_one_coach_in(league, commissioner):
    made = api(commissioner).post(f"/api/v1/leagues/{league.pk}/invites/", {"days": 3})
    assert made.status_code == 201, made.json()
    invite = made.json()
    assert invite["max_uses"] == 1 and invite["uses"] == 0 and invite["problem"] is None
    assert invite["url"].endswith(f"/invites/{invite['token']}/")
    listed = api(commissioner).get(f"/api/v1/leagues/{league.pk}/invites/").json()
    assert [row["id"] for row in listed] == [invite["id"]]

    newcomer = UserFactory()
    joined = api(newcomer).post("/api/v1/leagues/invites/redeem/", {"token": invite["token"]})
    assert joined.status_code == 200 and joined.json()["id"] == league.pk
    assert league.coaches.filter(pk=newcomer.pk).exists()
    # Used up: the next one is told why and whom to ask; nothing changes.
    late = api(UserFactory()).post("/api/v1/leagues/invites/redeem/", {"token": invite["token"]})
    assert late.status_code == 400 and "already been used" in late.json()["detail"]
    assert league.coaches.count() == 1
    # The coach who came in asks again: he keeps his place and uses nothing.
    again = api(newcomer).post("/api/v1/leagues/invites/redeem/", {"token": invite["token"]})
    assert again.status_code == 200
    assert LeagueInvite.objects.get(pk=invite["id"]).uses == 1


def test_only_commissioners_make_list_and_withdraw_links(league, commissioner):
    coach = UserFactory()
    assert api(coach).post(f"/api/v1/leagues/{league.pk}/invites/", {}).status_code == 403
    assert api(coach).get(f"/api/v1/leagues/{league.pk}/invites/").status_code == 403
    assert api().get(f"/api/v1/leagues/{league.pk}/invites/").status_code == 403
    assert not LeagueInvite.objects.exists()
    invite = api(commissioner).post(f"/api/v1/leagues/{league.pk}/invites/", {"max_uses": 5})
    revoke = f"/api/v1/leagues/invites/{invite.json()['id']}/revoke/"
    assert api(coach).post(revoke).status_code == 403
    withdrawn = api(commissioner).post(revoke)
    assert withdrawn.status_code == 200 and "withdrawn" in withdrawn.json()["problem"]
    refused = api(coach).post("/api/v1/leagues/invites/redeem/", {"token": invite.json()["token"]})
    assert refused.status_code == 400 and "withdrawn" in refused.json()["detail"]


def test_bad_input_is_a_400_by_field(league, commissioner):
    response = api(commissioner).post(
        f"/api/v1/leagues/{league.pk}/invites/", {"max_uses": 51, "days": 0}
    )
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"max_uses", "days"}
    unknown = api(UserFactory()).post("/api/v1/leagues/invites/redeem/", {"token": "nope"})
    assert unknown.status_code == 400 and "no such invite link" in unknown.json()["detail"]
    assert not LeagueInvite.objects.exists()


def test_open_signup_lets_anyone_signed_in_join(league, commissioner):
    coach = UserFactory()
    join = f"/api/v1/leagues/{league.pk}/join/"
    closed = api(coach).post(join)
    assert closed.status_code == 400 and "by invitation only" in closed.json()["detail"]
    toggle = f"/api/v1/leagues/{league.pk}/open-signup/"
    assert api(coach).post(toggle, {"allow_signup": True}).status_code == 403
    opened = api(commissioner).post(toggle, {"allow_signup": True})
    assert opened.status_code == 200 and opened.json()["allow_signup"] is True
    assert api().post(join).status_code in (401, 403)
    assert api(coach).post(join).status_code == 200
    assert league.coaches.filter(pk=coach.pk).exists()
    api(commissioner).post(toggle, {"allow_signup": False})
    assert League.objects.get(pk=league.pk).allow_signup is False
