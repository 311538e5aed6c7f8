"""The event kinds a league's report is offered are its edition's: a thrown team-mate's
safe landing only where the report counts landings (BB2025), on the live page, the
correction page and the API; elsewhere a landing is refused as a field error and
nothing is saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import MatchEvent
from tests.matches.bb2025 import MATCHES, client_for, edition_match, kick_off_by_api, played
from tests.matches.factories import kick_off, league_match, submit_and_confirm

pytestmark = pytest.mark.django_db
LANDING_TAP = "Safe landing (thrown team-mate)"


@pytest.fixture
def bb2020():
    s = league_match()
    kick_off(s)
    return s


@pytest.fixture
def bb2025():
    s = edition_match("bb2025", "human", "orc")
    kick_off_by_api(s)
    return s


def live_page(client, s, **params) -> str:
    client.force_login(s.home_coach)
    response = client.get(reverse("match-detail", args=[s.match.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_a_bb2020_live_page_offers_no_landing(client, bb2020):
    html = live_page(client, bb2020)
    assert "Touchdown" in html
    assert LANDING_TAP not in html
    assert "kind=landing" not in html


def test_a_bb2025_live_page_offers_the_landing_and_records_it(client, bb2025):
    html = live_page(client, bb2025)
    assert LANDING_TAP in html
    html = live_page(client, bb2025, side="home", kind="landing")
    thrown = played(bb2025, "home")[0]
    assert f"{LANDING_TAP}: which" in html and thrown.name in html
    response = client.post(
        reverse("match-add-event", args=[bb2025.match.pk]),
        {"kind": "landing", "side": "home", "player": thrown.pk},
    )
    assert response.status_code == 302
    assert MatchEvent.objects.filter(match=bb2025.match, kind="landing").count() == 1


def test_a_landing_posted_to_a_bb2020_page_is_a_form_error(client, bb2020):
    client.force_login(bb2020.home_coach)
    player = bb2020.players("home")[0]
    response = client.post(
        reverse("match-add-event", args=[bb2020.match.pk]),
        {"kind": "landing", "side": "home", "player": player.pk},
    )
    assert response.status_code == 400
    assert "Choose what happened from the list." in response.content.decode()
    assert not MatchEvent.objects.filter(match=bb2020.match).exists()


def test_the_api_refuses_a_bb2020_landing_as_a_field_error(bb2020):
    coach = client_for(bb2020.home_coach)
    url = f"{MATCHES}/{bb2020.match.pk}"
    player = bb2020.players("home")[0]
    response = coach.post(f"{url}/events/", {"kind": "landing", "player": player.pk})
    assert response.status_code == 400
    body = response.json()
    assert "this league's report records" in body["fields"]["kind"][0]
    report = {
        "home_touchdowns": 0,
        "away_touchdowns": 0,
        "events": [
            {"kind": "completion", "player": player.pk},
            {"kind": "landing", "player": player.pk},
        ],
    }
    response = coach.post(f"{url}/report/", report, format="json")
    assert response.status_code == 400
    assert "this league's report records" in response.json()["fields"]["events"]["1"]["kind"][0]
    assert not MatchEvent.objects.filter(match=bb2020.match).exists()
    assert not bb2020.match.reports.exists()


def test_the_api_takes_a_bb2025_landing(bb2025):
    coach = client_for(bb2025.home_coach)
    thrown = played(bb2025, "home")[0]
    url = f"{MATCHES}/{bb2025.match.pk}/events/"
    response = coach.post(url, {"kind": "landing", "player": thrown.pk})
    assert response.status_code == 201, response.json()


def kinds_offered_to_correct(client, s) -> list[str]:
    client.force_login(s.commissioner)
    response = client.get(reverse("match-correct", args=[s.match.pk]))
    assert response.status_code == 200
    form = response.context["formset"].forms[0]
    return [value for value, _label in form.fields["kind"].choices if value]


def report(s) -> None:
    submit_and_confirm(s.home_coach, s.match, home_touchdowns=0, away_touchdowns=0)


def test_the_correction_page_offers_the_landing_only_in_bb2025(client, bb2020, bb2025):
    report(bb2020)
    report(bb2025)
    assert "landing" not in kinds_offered_to_correct(client, bb2020)
    offered = kinds_offered_to_correct(client, bb2025)
    assert "landing" in offered and "touchdown" in offered
