"""A thrower's Superb Throw whose team-mate lands on his feet earns him 1 SPP in a BB2025
league (shared/rules/bb2025-league-facts.md section 6, "Star Player Points"): the live
page and the API record it as a player event where the league's report counts it, the
post-game pays it, and a BB2020 league refuses it as a field error."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import MatchEvent, PlayerMatchStats
from tests.matches.bb2025 import (
    MATCHES,
    client_for,
    edition_match,
    finish_post_game,
    kick_off_by_api,
    played,
)
from tests.matches.factories import kick_off, league_match

pytestmark = pytest.mark.django_db
SUPERB_THROW_TAP = "Superb Throw (team-mate landed)"
MVP_SPP = 4


def test_the_bb2025_live_page_offers_the_superb_throw(client):
    s = edition_match("bb2025", "human", "orc")
    kick_off_by_api(s)
    client.force_login(s.home_coach)
    html = client.get(reverse("match-detail", args=[s.match.pk])).content.decode()
    assert SUPERB_THROW_TAP in html
    thrower = played(s, "home")[0]
    response = client.post(
        reverse("match-add-event", args=[s.match.pk]),
        {"kind": "superb_throw", "side": "home", "player": thrower.pk},
    )
    assert response.status_code == 302
    assert MatchEvent.objects.filter(match=s.match, kind="superb_throw").count() == 1


def test_a_bb2020_league_refuses_a_superb_throw():
    s = league_match()
    kick_off(s)
    coach = client_for(s.home_coach)
    player = s.players("home")[0]
    response = coach.post(
        f"{MATCHES}/{s.match.pk}/events/", {"kind": "superb_throw", "player": player.pk}
    )
    assert response.status_code == 400
    assert "this league's report records" in response.json()["fields"]["kind"][0]
    assert not MatchEvent.objects.filter(match=s.match).exists()


def test_the_thrower_earns_one_spp_and_the_landed_team_mate_one(
    django_capture_on_commit_callbacks,
):
    s = edition_match("bb2025", "human", "orc")
    coaches = kick_off_by_api(s)
    url = f"{MATCHES}/{s.match.pk}"
    thrower, thrown = played(s, "home")[:2]
    for kind, player in (("superb_throw", thrower), ("landing", thrown)):
        response = coaches["home"].post(f"{url}/events/", {"kind": kind, "player": player.pk})
        assert response.status_code == 201, response.json()
    with django_capture_on_commit_callbacks(execute=True):
        report = {"home_touchdowns": 0, "away_touchdowns": 0}
        assert coaches["home"].post(f"{url}/report/", report, format="json").status_code == 201
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    finish_post_game(s, coaches, django_capture_on_commit_callbacks)
    for player in (thrower, thrown):
        stats = PlayerMatchStats.objects.get(player=player, match=s.match)
        assert stats.spp - MVP_SPP * stats.mvp == 1, player.name
