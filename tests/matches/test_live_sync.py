"""Live match day: the match page polls a small fragment of what changed;
an unchanged match answers 304, a tap of the other coach comes back as the new events
and score, a match that moved on asks the page to reload; each poll is a few queries."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from matches import services
from tests.matches.factories import kick_off, league_match
from tests.matches.test_pages_flow import html, logged_in

pytestmark = pytest.mark.django_db


def _sync_url(page: str) -> str:
    found = re.search(r'id="match-sync"[^>]*hx-get="([^"]+)"', page)
    assert found, "the match page polls"
    return found.group(1).replace("&amp;", "&")


def test_the_other_coachs_tap_reaches_the_page_and_nothing_else_is_sent(
    django_assert_max_num_queries,
):
    s = league_match()
    kick_off(s)
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    page = html(away.get(reverse("match-detail", args=[s.match.pk])))
    assert 'hx-trigger="every 1s"' in page
    sync = _sync_url(page)
    first = away.get(sync)
    assert first.status_code == 200 and "HX-Trigger" not in first  # the page is current
    etag = first["ETag"]
    with django_assert_max_num_queries(4):  # the session, the user, the stamp
        same = away.get(sync, HTTP_IF_NONE_MATCH=etag)
    assert same.status_code == 304 and not same.content
    scorer = s.players("home")[0]
    services.add_event(s.home_coach, s.match, kind="touchdown", player=scorer)
    with django_assert_max_num_queries(12):
        changed = away.get(sync, HTTP_IF_NONE_MATCH=etag)
    body = html(changed)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert f"Touchdown: #{scorer.number} {scorer.name}" in body
    assert 'id="score-home">1<' in body and 'hx-swap-oob="true"' in body
    # Read-only fragments only: never a form a coach may be typing in.
    assert "<input" not in body and "<textarea" not in body and "<select" not in body
    assert "HX-Trigger" not in changed  # an event is swapped in place, no reload
    # The report submitted: the page's shape changed, the poll says so.
    home_page = html(home.get(reverse("match-detail", args=[s.match.pk])))
    assert "Save as draft" in home_page
    services.submit_report(s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0)
    moved = away.get(sync)
    assert moved["HX-Trigger"] == "match-moved"
    assert "confirm it or dispute it" in html(moved)


def test_a_watcher_polls_too_and_an_unknown_match_is_404():
    s = league_match()
    kick_off(s)
    watcher = Client()
    page = html(watcher.get(reverse("match-detail", args=[s.match.pk])))
    response = watcher.get(_sync_url(page))
    assert response.status_code == 200 and "In play" in html(response)
    assert "Remove" not in html(response)
    assert watcher.get(reverse("match-sync", args=[999_999])).status_code == 404
