"""Input a game cannot hold, numbers the database cannot store and bodies no client
sends are refused with a 400 (or a form error) that says what to change, and
nothing is written: a report's events are bounded by what a game can hold (and so
is the draft a match in play collects one tap at a time), the re-draft budget cap by
what a league could use, and a JSON body by its size and nesting."""

from __future__ import annotations

import json
import time

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from core.parsers import MAX_JSON_BYTES, MAX_JSON_DEPTH
from leagues.models import MAX_REDRAFT_BUDGET_CAP, League
from matches.models import EventKind, MatchEvent, Report
from matches.services.validation import EVENT_LIMITS, MAX_REPORT_EVENTS
from tests.factories import UserFactory
from tests.matches.factories import kick_off, league_match

pytestmark = pytest.mark.django_db

MATCHES = "/api/v1/matches"


@pytest.fixture(autouse=True)
def _eager_celery():
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def weather(n: int) -> list[dict[str, str]]:
    return [{"kind": "weather_change", "detail": "Nice"} for _ in range(n)]


# --- a report's events ------------------------------------------------------------------


def test_the_event_limits_are_what_a_game_can_hold():
    # 2 halves of 8 turns a team and Extra Time: 48 turns; 16 players a team.
    assert EVENT_LIMITS[EventKind.TOUCHDOWN][0] == 96
    assert EVENT_LIMITS[EventKind.INJURY][0] == 64
    assert EVENT_LIMITS[EventKind.KICK_OFF][0] == 99
    assert MAX_REPORT_EVENTS == sum(limit for limit, _ in EVENT_LIMITS.values()) < 1000


def test_a_report_of_20000_events_is_refused_at_once_and_nothing_is_saved():
    s = league_match()
    kick_off(s)
    body = {"home_touchdowns": 0, "away_touchdowns": 0, "events": weather(20_000)}
    started = time.monotonic()
    response = client_for(s.home_coach).post(f"{MATCHES}/{s.match.pk}/report/", body)
    elapsed = time.monotonic() - started
    assert response.status_code == 400, response.content[:300]
    assert f"at most {MAX_REPORT_EVENTS} events" in response.json()["detail"]
    assert "events" in response.json()["fields"]
    assert elapsed < 10  # refused before any event is read, not after
    assert not Report.objects.exists()
    s.match.refresh_from_db()
    assert s.match.status == "in_play"


def test_a_report_with_more_events_of_a_kind_than_a_game_holds_is_refused():
    s = league_match()
    kick_off(s)
    body = {"home_touchdowns": 0, "away_touchdowns": 0, "events": weather(100)}
    response = client_for(s.home_coach).post(f"{MATCHES}/{s.match.pk}/report/", body)
    assert response.status_code == 400
    assert (
        "at most 99 weather change events (one per kick-off); this one lists 100"
        in (response.json()["detail"])
    )
    assert not Report.objects.exists()
    # At the limit, the report stands.
    body["events"] = weather(99)
    response = client_for(s.home_coach).post(f"{MATCHES}/{s.match.pk}/report/", body)
    assert response.status_code == 201, response.json()
    assert len(response.json()["events"]) == 99


def test_the_draft_of_a_match_in_play_takes_no_more_events_than_a_game_holds():
    s = league_match()
    match = kick_off(s)
    MatchEvent.objects.bulk_create(
        MatchEvent(match=match, kind="weather_change", detail="Nice", created_by=s.home_coach)
        for _ in range(99)
    )
    client = client_for(s.home_coach)
    refused = client.post(f"{MATCHES}/{match.pk}/events/", weather(1)[0])
    assert refused.status_code == 400
    assert (
        "already has 99 weather change events, the most a game can hold"
        in (refused.json()["detail"])
    )
    assert match.events.count() == 99
    # Another kind still fits.
    kick = {"kind": "kick_off", "side": "home", "detail": "Blitz!"}
    assert client.post(f"{MATCHES}/{match.pk}/events/", kick).status_code == 201


# --- the re-draft budget cap ------------------------------------------------------------


@pytest.mark.parametrize("cap", [2**31, 2**63, MAX_REDRAFT_BUDGET_CAP + 1])
def test_a_redraft_cap_beyond_any_budget_is_a_400_in_the_api(cap):
    user = UserFactory()
    body = {"name": "Big Money", "ruleset": "bb2020", "redraft_budget_cap": cap}
    response = client_for(user).post("/api/v1/leagues/", body)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["fields"]["redraft_budget_cap"]
    assert f"{MAX_REDRAFT_BUDGET_CAP:,}" in response.json()["detail"]
    assert not League.objects.exists()
    body["redraft_budget_cap"] = MAX_REDRAFT_BUDGET_CAP
    assert client_for(user).post("/api/v1/leagues/", body).status_code == 201


@pytest.mark.parametrize("cap", [2**31, 10**30])
def test_a_redraft_cap_beyond_any_budget_is_a_form_error_on_the_page(client, cap):
    client.force_login(UserFactory())
    form = {
        "name": "Big Money",
        "ruleset": "bb2020",
        "points_for_win": 3,
        "points_for_draw": 1,
        "points_for_loss": 0,
        "redraft_budget_cap": cap,
    }
    response = client.post(reverse("league-create"), form)
    assert response.status_code == 200
    assert f"at most {MAX_REDRAFT_BUDGET_CAP:,} gp" in response.content.decode()
    assert not League.objects.exists()


def test_the_model_field_refuses_a_cap_beyond_any_budget():
    from django.core.exceptions import ValidationError

    league = League(name="Model", ruleset="bb2020", redraft_budget_cap=2**31)
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert "redraft_budget_cap" in refused.value.message_dict


# --- JSON bodies ------------------------------------------------------------------------


def post_raw(client: APIClient, url: str, body: str | bytes):
    return client.generic("POST", url, body, content_type="application/json")


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_json_nested_100000_deep_is_a_400_anonymously(opening):
    body = opening * 100_000
    response = post_raw(client_for(), "/api/v1/teams/draft-preview/", body)
    assert response.status_code == 400
    assert f"nested more than {MAX_JSON_DEPTH} deep" in response.json()["detail"]


def test_json_nested_deep_is_a_400_on_every_json_endpoint():
    s = league_match()
    kick_off(s)
    deep = '{"home_touchdowns": 0, "events": ' + "[" * 5_000 + "]" * 5_000 + "}"
    for user, url in [
        (s.home_coach, f"{MATCHES}/{s.match.pk}/report/"),
        (s.home_coach, f"{MATCHES}/{s.match.pk}/events/"),
        (s.commissioner, "/api/v1/leagues/"),
    ]:
        response = post_raw(client_for(user), url, deep)
        assert response.status_code == 400, (url, response.content[:200])
        assert "nested more than" in response.json()["detail"]


def test_a_json_body_larger_than_any_request_needs_is_a_400():
    body = json.dumps({"name": "x" * MAX_JSON_BYTES})
    response = post_raw(client_for(), "/api/v1/teams/draft-preview/", body)
    assert response.status_code == 400
    assert f"larger than {MAX_JSON_BYTES:,} bytes" in response.json()["detail"]


def test_ordinary_json_still_reads():
    body = {"name": "[{" * 100, "roster": "human", "players": {"human-lineman": 11}}
    response = client_for().post("/api/v1/teams/draft-preview/", body)
    assert response.status_code == 200, response.content[:300]
    assert response.json()["players"] == 11 * 50_000
    escaped = '{"name": "\\"[[[[", "roster": "human", "players": {"human-lineman": 11}}'
    response = post_raw(client_for(), "/api/v1/teams/draft-preview/", escaped)
    assert response.status_code == 200, response.content[:300]
