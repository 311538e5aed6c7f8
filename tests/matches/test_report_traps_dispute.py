"""After a dispute: a report sent back fills the report form with the events' tally,
so the coaches' corrected events go in at the first try; and a commissioner settles a
dispute with the right report in one action (page and API), confirmed at once, the
post-game beginning as after any confirmation."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches import services
from matches.models import Match, MatchEvent, Report
from teams.models import AuditEntry
from tests.factories import UserFactory
from tests.matches.factories import event
from tests.matches.test_confirmation import client_for
from tests.matches.test_pages_flow import html, idempotency_key, logged_in
from tests.matches.test_report_traps import API, in_play, shirt

pytestmark = pytest.mark.django_db

# --- 2. a report sent back is filled with the events' tally ---------------------------


def _disputed(s: Any) -> None:
    """The home coach reports 1-0 (one touchdown tapped); the away coach disputes it."""
    scorer = s.players("home")[0]
    services.add_event(s.home_coach, s.match, kind="touchdown", player=scorer)
    services.submit_report(s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0)
    services.dispute_report(s.away_coach, s.match, note="We scored too: #1 ran it in.")


def test_a_report_sent_back_is_filled_with_the_events_tally_and_goes_in_at_once():
    s = in_play()
    _disputed(s)
    back = client_for(s.commissioner).post(
        f"{API}/{s.match.pk}/send-back/", {"note": "Add the away touchdown"}, format="json"
    )
    assert back.status_code == 200
    assert "home_touchdowns" not in back.json()["report_draft"]  # the score is the events'
    # The coaches put the events right: the away touchdown the report missed.
    services.add_event(s.away_coach, s.match, kind="touchdown", player=s.players("away")[0])

    client = logged_in(s.home_coach)
    page = html(client.get(reverse("match-detail", args=[s.match.pk])))
    assert 'name="home_touchdowns" value="1"' in page
    assert 'name="away_touchdowns" value="1"' in page  # the tally, not the disputed 0
    # The form as it is filled goes in at the first try.
    body = {"home_touchdowns": 1, "away_touchdowns": 1, "idempotency_key": idempotency_key(page)}
    sent = client.post(reverse("match-report", args=[s.match.pk]), body)
    assert sent.status_code == 302
    report = Report.objects.get(match=s.match, is_current=True)
    assert (report.version, report.home_touchdowns, report.away_touchdowns) == (2, 1, 1)


# --- 4. a commissioner settles a dispute with the right report, in one action ---------


def test_the_commissioner_settles_a_dispute_through_the_api(django_capture_on_commit_callbacks):
    s = in_play()
    _disputed(s)
    h, a = s.players("home"), s.players("away")
    url = f"{API}/{s.match.pk}/settle/"
    right = {
        "home_touchdowns": 1,
        "away_touchdowns": 1,
        "events": [event("touchdown", h[0]), event("touchdown", a[0])],
        "note": "Both touchdowns stand.",
    }
    # Only a commissioner; the coaches and another league's commissioner are refused.
    assert client_for(s.away_coach).post(url, right, format="json").status_code == 403
    assert client_for(UserFactory()).post(url, right, format="json").status_code == 403
    # A report that does not add up, or no note: refused with the reasons, nothing changed.
    wrong = client_for(s.commissioner).post(url, {**right, "away_touchdowns": 2}, format="json")
    assert wrong.status_code == 400
    assert "2, but 1 touchdown event names a scorer" in wrong.json()["detail"]
    unsaid = client_for(s.commissioner).post(url, {**right, "note": " "}, format="json")
    assert unsaid.status_code == 400 and "note" in unsaid.json()["fields"]
    hurt = [*right["events"], event("casualty", h[1], victim=a[1].pk)]
    unresolved = client_for(s.commissioner).post(url, {**right, "events": hurt}, format="json")
    assert unresolved.status_code == 400
    assert (
        f"{shirt(a[1])} of {s.away.name} has no casualty result yet"
        in (unresolved.json()["fields"]["events"][0])
    )
    assert Report.objects.get(match=s.match, is_current=True).version == 1
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.CONFIRMING

    with django_capture_on_commit_callbacks(execute=True):
        settled = client_for(s.commissioner).post(url, right, format="json")
    assert settled.status_code == 200, settled.json()
    assert settled.json()["confirmation"] == "confirmed"
    assert settled.json()["confirmed_by"] == s.commissioner.get_username()
    old, new = Report.objects.filter(match=s.match).order_by("version")
    assert not old.is_current and old.confirmation == "disputed"
    assert new.is_current and (new.home_touchdowns, new.away_touchdowns) == (1, 1)
    assert new.events.filter(kind="touchdown").count() == 2
    # The post-game began as after any confirmation (waiting for step 4 here).
    match = Match.objects.get(pk=s.match.pk)
    assert match.status == Match.Status.REPORT_SUBMITTED and new.post_game_result["steps"]
    entry = AuditEntry.objects.get(action="match.settle")
    assert entry.actor == s.commissioner and "1-1" in entry.message
    assert "Both touchdowns stand." in entry.message
    # Settled once: the match is past its confirmation.
    again = client_for(s.commissioner).post(url, right, format="json")
    assert again.status_code == 400


def test_only_a_disputed_report_is_settled():
    s = in_play()
    services.add_event(s.home_coach, s.match, kind="touchdown", player=s.players("home")[0])
    services.submit_report(s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0)
    body = {"home_touchdowns": 1, "away_touchdowns": 0, "note": "Early"}
    early = client_for(s.commissioner).post(f"{API}/{s.match.pk}/settle/", body, format="json")
    assert early.status_code == 400 and "Only a disputed report" in early.json()["detail"]
    assert Report.objects.get(match=s.match).confirmation == "awaiting"


def test_the_commissioner_settles_a_dispute_on_the_page(django_capture_on_commit_callbacks):
    s = in_play()
    _disputed(s)
    a = s.players("away")
    page_url = reverse("match-detail", args=[s.match.pk])
    settle_url = reverse("match-settle", args=[s.match.pk])
    commissioner = logged_in(s.commissioner)
    assert "Settle it with the right report" in html(commissioner.get(page_url))
    assert "Settle it with the right report" not in html(logged_in(s.home_coach).get(page_url))
    assert logged_in(s.home_coach).get(settle_url).status_code == 403

    form = html(commissioner.get(settle_url))
    assert "We scored too: #1 ran it in." in form and 'name="home_touchdowns" value="1"' in form
    kept = MatchEvent.objects.get(match=s.match, kind="touchdown")
    body: dict[str, Any] = {
        "home_touchdowns": 1,
        "away_touchdowns": 1,
        "keep": [str(kept.pk)],
        "note": "The away touchdown stands.",
        "add-TOTAL_FORMS": 3,
        "add-INITIAL_FORMS": 0,
        "add-0-kind": "touchdown",
        "add-0-player": a[0].pk,
        "add-0-by_block": "on",
    }
    unsaid = commissioner.post(settle_url, {**body, "note": ""})
    assert unsaid.status_code == 400 and "Say why the dispute is settled" in html(unsaid)
    wrong = commissioner.post(settle_url, {**body, "away_touchdowns": 0})
    assert wrong.status_code == 400
    assert "0, but 1 touchdown event names a scorer" in html(wrong)
    assert Report.objects.get(match=s.match, is_current=True).version == 1

    with django_capture_on_commit_callbacks(execute=True):
        done = commissioner.post(settle_url, body, follow=True)
    assert "The dispute is settled" in html(done)
    report = Report.objects.get(match=s.match, is_current=True)
    assert (report.version, report.confirmation) == (2, "confirmed")
    assert (report.home_touchdowns, report.away_touchdowns) == (1, 1)
    assert report.note == "The away touchdown stands."
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED
    # Nothing left to settle: the page says so and sends him back to the match.
    assert commissioner.get(settle_url).status_code == 302
