"""Both coaches confirm the result: one submits, the other confirms or
disputes with a note, the commissioner settles a dispute (confirm or send back) or
confirms after the deadline; the post-game starts on confirmation only."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from dashboard.selectors import dashboard_for
from matches.models import Match, MatchEvent, PostGameApplication, Report
from matches.services.postgame.owed import owed_post_games
from teams.models import Team
from tests.factories import UserFactory
from tests.matches.factories import event, kick_off, league_match
from tests.matches.test_pages_flow import html, logged_in

pytestmark = pytest.mark.django_db
API = "/api/v1/matches"


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _submit(s, **extra) -> dict:
    scorer = s.players("home")[0]
    body = {
        "home_touchdowns": 1,
        "away_touchdowns": 0,
        "events": [event("touchdown", scorer)],
        **extra,
    }
    response = client_for(s.home_coach).post(f"{API}/{s.match.pk}/report/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _setup():
    s = league_match()
    kick_off(s)
    return s


def test_the_post_game_waits_for_the_opponents_confirmation(django_capture_on_commit_callbacks):
    s = _setup()
    treasury = Team.objects.get(pk=s.home.pk).treasury
    with django_capture_on_commit_callbacks(execute=True):
        _submit(s)
    url = f"{API}/{s.match.pk}"
    state = client_for(s.away_coach).get(f"{url}/confirmation/").json()
    assert state["status"] == "confirming" and state["confirmation"] == "awaiting"
    assert state["submitted_by"] == s.home_coach.get_username()
    # Each coach's dashboard says whom the report waits for.
    [mine] = dashboard_for(s.home_coach).open_matches
    [theirs] = dashboard_for(s.away_coach).open_matches
    assert mine.waits_for == "Waiting for the opponent's confirmation of the report."
    assert theirs.waits_for == "Waiting for your confirmation of the report."
    # Nothing of the post-game: no winnings, no application, nothing owed to the sweep.
    assert Team.objects.get(pk=s.home.pk).treasury == treasury
    assert not PostGameApplication.objects.exists() and owed_post_games() == []
    # The submitter, a stranger and (before the deadline) the commissioner may not confirm.
    assert client_for(s.home_coach).post(f"{url}/confirm/").status_code == 403
    assert client_for(UserFactory()).post(f"{url}/confirm/").status_code == 403
    early = client_for(s.commissioner).post(f"{url}/confirm/")
    assert (
        early.status_code == 400 and "a commissioner may confirm it after" in early.json()["detail"]
    )
    with django_capture_on_commit_callbacks(execute=True):
        done = client_for(s.away_coach).post(f"{url}/confirm/")
    assert done.status_code == 200 and done.json()["confirmation"] == "confirmed"
    assert done.json()["confirmed_by"] == s.away_coach.get_username()
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED  # step 4
    assert PostGameApplication.objects.filter(match=s.match, phase="results").count() == 1
    again = client_for(s.away_coach).post(f"{url}/confirm/")
    assert again.status_code == 400  # once: the match is past confirmation
    assert PostGameApplication.objects.filter(match=s.match).count() == 1


def test_a_dispute_needs_a_note_and_goes_to_the_commissioner(django_capture_on_commit_callbacks):
    s = _setup()
    _submit(s)
    url = f"{API}/{s.match.pk}"
    blank = client_for(s.away_coach).post(f"{url}/dispute/", {"note": ""}, format="json")
    assert blank.status_code == 400 and "note" in blank.json()["fields"]
    assert client_for(s.home_coach).post(f"{url}/dispute/", {"note": "x"}).status_code == 403
    note = "Their touchdown was ours: #3 scored it."
    disputed = client_for(s.away_coach).post(f"{url}/dispute/", {"note": note}, format="json")
    assert disputed.status_code == 200 and disputed.json()["confirmation"] == "disputed"
    assert disputed.json()["dispute_note"] == note
    twice = client_for(s.away_coach).post(f"{url}/dispute/", {"note": note}, format="json")
    assert twice.status_code == 400
    # The commissioner sees it among his decisions, the coaches see who it waits for.
    decisions = dashboard_for(s.commissioner).decisions
    assert any("disputed" in d.text and note in d.text for d in decisions)
    [row] = dashboard_for(s.home_coach).open_matches
    assert row.waits_for == "Waiting for the commissioner (the report is disputed)."
    # A disputed report may be confirmed by the commissioner at once.
    with django_capture_on_commit_callbacks(execute=True):
        done = client_for(s.commissioner).post(f"{url}/confirm/")
    assert done.status_code == 200 and done.json()["confirmation"] == "confirmed"
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED


def test_the_commissioner_sends_a_report_back_and_it_is_submitted_again():
    s = _setup()
    first = _submit(s)
    url = f"{API}/{s.match.pk}"
    refused = client_for(s.away_coach).post(f"{url}/send-back/", {}, format="json")
    assert refused.status_code == 403
    back = client_for(s.commissioner).post(
        f"{url}/send-back/", {"note": "Recount the touchdowns"}, format="json"
    )
    assert back.status_code == 200 and back.json()["status"] == "in_play"
    # The score is the events' to give again (their tally fills the report form).
    assert "home_touchdowns" not in back.json()["report_draft"]
    # The events are the draft again; the old report stays as history.
    assert MatchEvent.objects.filter(match=s.match, report=None).count() == 1
    assert not Report.objects.get(pk=first["id"]).is_current
    again = _submit(s)
    assert again["version"] == 2
    state = client_for(s.away_coach).get(f"{url}/confirmation/").json()
    assert state["confirmation"] == "awaiting" and state["report"] == again["id"]


def test_the_commissioner_confirms_for_a_silent_opponent_after_the_deadline(
    django_capture_on_commit_callbacks,
):
    s = _setup()
    _submit(s)
    Report.objects.filter(match=s.match).update(
        confirm_deadline=timezone.now() - datetime.timedelta(minutes=1)
    )
    assert any("by the deadline" in d.text for d in dashboard_for(s.commissioner).decisions)
    with django_capture_on_commit_callbacks(execute=True):
        done = client_for(s.commissioner).post(f"{API}/{s.match.pk}/confirm/")
    assert done.status_code == 200 and done.json()["confirmed_by"] == s.commissioner.username


def test_the_report_is_kept_as_a_draft_while_in_play():
    s = _setup()
    url = f"{API}/{s.match.pk}/report-draft/"
    bad = client_for(s.home_coach).post(url, {"home_touchdowns": -1}, format="json")
    assert bad.status_code == 400 and "home_touchdowns" in bad.json()["fields"]
    assert client_for(UserFactory()).post(url, {"home_touchdowns": 2}).status_code == 403
    saved = client_for(s.home_coach).post(
        url, {"home_touchdowns": 2, "away_touchdowns": 1}, format="json"
    )
    assert saved.status_code == 200
    assert saved.json()["report_draft"] == {"home_touchdowns": 2, "away_touchdowns": 1}
    # The page's report form starts from the draft, and saves one too.
    client = logged_in(s.away_coach)
    page = html(client.get(reverse("match-detail", args=[s.match.pk])))
    assert 'name="home_touchdowns" value="2"' in page and "Save as draft" in page
    draft = reverse("match-report-draft", args=[s.match.pk])
    assert client.post(draft, {"home_touchdowns": 3, "away_touchdowns": 0}).status_code == 302
    assert Match.objects.get(pk=s.match.pk).report_draft["home_touchdowns"] == 3
    refused = client.post(draft, {"home_touchdowns": "lots", "away_touchdowns": 0})
    assert refused.status_code == 400 and "home_touchdowns" in html(refused)
    assert Match.objects.get(pk=s.match.pk).report_draft["home_touchdowns"] == 3


def test_the_match_page_confirms_and_disputes(django_capture_on_commit_callbacks):
    s = _setup()
    _submit(s)
    page_url = reverse("match-detail", args=[s.match.pk])
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    mine = html(home.get(page_url))
    assert "waiting for confirmation" in mine and "Confirm the report" not in mine
    assert f"Waiting for {s.away.name}&#x27;s coach to confirm the report." in mine
    theirs = html(away.get(page_url))
    assert "confirm it or dispute it" in theirs and "Dispute the report" in theirs
    empty = away.post(reverse("match-dispute", args=[s.match.pk]), {"note": "  "})
    assert empty.status_code == 400 and "Say what is wrong with the report" in html(empty)
    assert Report.objects.get(match=s.match).confirmation == "awaiting"
    stranger = logged_in(UserFactory()).post(reverse("match-confirm", args=[s.match.pk]))
    assert stranger.status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        done = away.post(reverse("match-confirm", args=[s.match.pk]), follow=True)
    assert "the post-game has begun" in html(done)
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED
