"""After a dispute: a report sent back fills the report form with the events' tally,
so the coaches' corrected events go in at the first try."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches import services
from matches.models import Report
from tests.matches.test_confirmation import client_for
from tests.matches.test_pages_flow import html, idempotency_key, logged_in
from tests.matches.test_report_traps import API, in_play

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
