"""The matches API: a whole match played by two coaches over HTTP, the
idempotent report, the commissioner's correction, reads, refusals and schema."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from leagues import selectors as league_selectors
from matches.models import Match, Report
from tests.factories import UserFactory, assert_treasury_is_ledger
from tests.matches.factories import kick_off, league_match

pytestmark = pytest.mark.django_db

API = "/api/v1/matches"


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def answer(choice: dict) -> object:
    return {
        "inducements": {"bribes": 1} if choice["side"] == "away" else {},
        "kick_or_receive": "kick",
        "journeymen_position": "human-lineman",
    }[choice["kind"]]


def test_two_coaches_play_a_match_over_the_api(django_capture_on_commit_callbacks):
    s = league_match(home_options={"rerolls": 3}, opened=False)
    home, away = client_for(s.home_coach), client_for(s.away_coach)
    opened = home.post(f"{API}/", {"fixture": s.fixture.pk}, format="json")
    assert opened.status_code == 201, opened.json()
    match_id = opened.json()["id"]
    assert opened.json()["permissions"] == {"play": True, "correct": False, "sides": ["home"]}
    assert home.post(f"{API}/", {"fixture": s.fixture.pk}, format="json").status_code == 200
    url = f"{API}/{match_id}"

    state = home.post(f"{url}/start-pre-game/").json()
    assert state["started"] and state["steps"][0]["step"] == "fans"
    coaches = {"home": home, "away": away}
    for _ in range(6):
        if not state["pending"]:
            break
        choice = state["pending"][0]
        other = coaches["away" if choice["side"] == "home" else "home"]
        mine = other.get(f"{url}/pre-game/").json()["pending"][0]
        assert mine["yours"] is False
        body = {"kind": choice["kind"], "answer": answer(choice)}
        assert other.post(f"{url}/pre-game-choices/", body, format="json").status_code == 403
        response = coaches[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json")
        assert response.status_code == 200, response.json()
        state = response.json()
    assert state["complete"] and state["summary"]["weather"]
    assert all(r["sequence"] == "pre_game" for r in state["rolls"])

    started = away.post(f"{url}/start/")
    assert started.json()["status"] == "in_play"
    h, a = s.players("home"), s.players("away")
    taps = [
        (home, {"kind": "touchdown", "player": h[0].pk}),
        (away, {"kind": "casualty", "player": a[1].pk, "victim": h[2].pk}),
        (home, {"kind": "injury", "player": h[2].pk, "injury": "badly_hurt"}),
        (away, {"kind": "completion", "player": a[0].pk}),
        (home, {"kind": "weather_change", "detail": "Very Sunny"}),
    ]
    ids = []
    for client, body in taps:
        response = client.post(f"{url}/events/", body, format="json")
        assert response.status_code == 201, response.json()
        ids.append(response.json()["id"])
    assert home.delete(f"{url}/events/{ids[3]}/").status_code == 204
    assert home.delete(f"{url}/events/{ids[3]}/").status_code == 404
    assert len(home.get(f"{url}/events/").json()) == 4

    report = {"home_touchdowns": 1, "away_touchdowns": 0}
    with django_capture_on_commit_callbacks(execute=True):
        first = home.post(f"{url}/report/", report, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201, first.json()
    again = away.post(f"{url}/report/", report, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    clash = away.post(f"{url}/report/", report, format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    assert clash.status_code == 409
    assert "correct" in clash.json()["detail"] and clash.json()["report"] == first.json()["id"]
    assert Report.objects.filter(match_id=match_id).count() == 1

    # The post-game starts when the other coach confirms: the submitter may not.
    state = away.get(f"{url}/confirmation/").json()
    assert state["status"] == "confirming" and state["confirmation"] == "awaiting"
    assert not home.get(f"{url}/post-game/").json()["pending"]
    assert home.post(f"{url}/confirm/").status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = away.post(f"{url}/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["confirmation"] == "confirmed"
    waiting = home.get(f"{url}/post-game/").json()
    assert not waiting["complete"] and not waiting["applied"]
    assert {c["side"] for c in waiting["pending"]} == {"home", "away"}
    with django_capture_on_commit_callbacks(execute=True):
        for client in (home, away):  # step 4: both coaches are done
            done = client.post(f"{url}/post-game-choices/", {}, format="json")
            assert done.status_code == 200, done.json()
    post_game = home.get(f"{url}/post-game/").json()
    assert post_game["complete"] and post_game["applied"]
    assert post_game["summary"]["home"]["result"] == "win"
    assert [e["kind"] for e in home.get(f"{url}/report/").json()["events"]] == [
        "touchdown",
        "casualty",
        "injury",
        "weather_change",
    ]
    dice = client_for().get(f"{url}/dice/").json()
    assert {r["sequence"] for r in dice} == {"pre_game", "post_game"}
    closed = home.post(f"{url}/close/")
    assert closed.status_code == 200 and closed.json()["status"] == "closed"

    s.refresh()
    assert_treasury_is_ledger(s.home)
    assert_treasury_is_ledger(s.away)
    rows = {r.team_id: r for r in league_selectors.overall_standings(s.season)}
    assert rows[s.home.pk].points == 3 and rows[s.away.pk].casualties_for == 1
    sheet = client_for().get(f"/api/v1/teams/{s.home.pk}/").json()
    scorer = next(p for p in sheet["players"] if p["id"] == h[0].pk)
    assert scorer["spp_earned"] >= 3  # the touchdown (and perhaps the MVP)
    assert next(p for p in sheet["players"] if p["id"] == h[2].pk)["miss_next_game"] is False
    assert sheet["dedicated_fans"] == post_game["summary"]["home"]["dedicated_fans"]
    board = client_for().get("/api/v1/leaderboards/", {"season": s.season.pk, "stat": "touchdowns"})
    assert board.status_code == 200
    assert board.json()[0]["player_id"] == h[0].pk and board.json()[0]["total"] == 1
    listed = client_for().get(f"{API}/", {"season": s.season.pk, "status": "closed"}).json()
    assert [m["id"] for m in listed["results"]] == [match_id]
    assert client_for().get(f"{API}/", {"team": 0}).json()["results"] == []


@pytest.fixture
def reported(django_capture_on_commit_callbacks):
    s = league_match()
    kick_off(s)
    h = s.players("home")
    body = {
        "home_touchdowns": 1,
        "away_touchdowns": 0,
        "events": [{"kind": "touchdown", "player": h[0].pk}],
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(s.home_coach).post(f"{API}/{s.match.pk}/report/", body, format="json")
        assert response.status_code == 201, response.json()
        assert client_for(s.away_coach).post(f"{API}/{s.match.pk}/confirm/").status_code == 200
    return s, body


def test_a_commissioner_corrects_a_coach_may_not(reported):
    s, body = reported
    url = f"{API}/{s.match.pk}/correct/"
    h = s.players("home")
    corrected = {**body, "events": [{"kind": "touchdown", "player": h[1].pk}], "note": "Wrong man"}
    assert client_for(s.home_coach).post(url, corrected, format="json").status_code == 403
    assert client_for().post(url, corrected, format="json").status_code in (401, 403)
    response = client_for(s.commissioner).post(url, corrected, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["version"] == 2 and response.json()["note"] == "Wrong man"
    history = client_for().get(f"{API}/{s.match.pk}/reports/").json()
    assert [(r["version"], r["is_current"]) for r in history] == [(1, False), (2, True)]
    board = client_for().get("/api/v1/leaderboards/", {"stat": "touchdowns"}).json()
    assert [r["player_id"] for r in board] == [h[1].pk]


def test_refusals_are_400_403_404_with_reasons(reported):
    s, body = reported
    stranger = client_for(UserFactory())
    url = f"{API}/{s.match.pk}"
    assert stranger.post(f"{url}/close/").status_code == 403
    assert stranger.post(f"{url}/events/", {"kind": "touchdown"}, format="json").status_code == 403
    assert client_for().post(f"{url}/close/").status_code in (401, 403)
    assert client_for().get(f"{API}/999999/").status_code == 404
    assert client_for(s.home_coach).post(f"{API}/999999/close/").status_code == 404
    # An id past the database's integers is no match either (the read is compiled once).
    assert client_for().get(f"{API}/{2**64}/").status_code == 404
    assert client_for(s.home_coach).post(f"{API}/{2**63}/report/", body).status_code == 404
    # The match is reported: its draft is closed, a second report conflicts.
    late = client_for(s.away_coach).post(
        f"{url}/events/", {"kind": "touchdown", "player": 1}, format="json"
    )
    assert late.status_code == 400 and "record match events" in late.json()["detail"]
    assert client_for(s.away_coach).post(f"{url}/report/", body, format="json").status_code == 409
    shape = client_for(s.home_coach).post(f"{API}/", {"fixture": "x"}, format="json")
    assert shape.status_code == 400 and shape.json()["fields"]["fixture"]
    assert client_for().get("/api/v1/leaderboards/", {"stat": "goals"}).status_code == 400


def test_a_report_that_does_not_add_up_is_a_400_listing_every_reason():
    s = league_match()
    kick_off(s)
    a = s.players("away")
    body = {
        "home_touchdowns": 2,
        "away_touchdowns": 0,
        "events": [
            {"kind": "touchdown", "player": a[0].pk},
            {"kind": "casualty", "player": a[1].pk},
        ],
    }
    response = client_for(s.home_coach).post(f"{API}/{s.match.pk}/report/", body, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any("say who the victim was" in e for e in errors)
    assert any("2, but 0 touchdown event" in e for e in errors)
    assert any("0, but 1 touchdown event" in e for e in errors)
    assert Match.objects.get(pk=s.match.pk).status == "in_play"
    assert not Report.objects.exists()


def test_my_next_match():
    s = league_match(opened=False)
    assert client_for().get(f"{API}/next/").status_code in (401, 403)
    body = client_for(s.away_coach).get(f"{API}/next/").json()
    assert body["fixture"]["id"] == s.fixture.pk and body["match"] is None
    match = client_for(s.home_coach).post(f"{API}/", {"fixture": s.fixture.pk}, format="json")
    client_for(s.home_coach).post(f"{API}/{match.json()['id']}/start-pre-game/")
    body = client_for(s.away_coach).get(f"{API}/next/").json()
    assert body["match"]["id"] == match.json()["id"] and body["match"]["status"] == "pre_game"
    assert client_for(UserFactory()).get(f"{API}/next/").json() == {"fixture": None, "match": None}


def test_schema_documents_the_matches_api(tmp_path):
    out = tmp_path / "schema.yml"
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(out), stdout=io.StringIO()
    )
    schema = out.read_text()
    for path in (
        "/api/v1/matches/{id}/report/",
        "/api/v1/matches/{id}/pre-game-choices/",
        "/api/v1/matches/{id}/events/{event_id}/",
        "/api/v1/matches/next/",
        "/api/v1/leaderboards/",
        "/api/v1/matches/{id}/confirm/",
        "/api/v1/matches/{id}/dispute/",
        "/api/v1/matches/{id}/send-back/",
        "/api/v1/matches/{id}/report-draft/",
    ):
        assert f"{path}:" in schema
    assert "Idempotency-Key" in schema and "'409':" in schema


def test_the_match_list_costs_the_same_queries_for_more_matches(django_assert_max_num_queries):
    for _ in range(3):
        league_match()
    with django_assert_max_num_queries(4):
        response = client_for().get(f"{API}/")
    assert response.status_code == 200 and response.json()["count"] == 3
