"""Issue 13: "No page reload loses what a coach typed." On two phones (390×844,
Debian's chromium), the home coach is half-way through the report form when the
away coach's taps arrive: the events and the score change under him, his typing
stays. When the match moves on (the away coach submits the report), his page does
not reload by itself while he has typed: it offers a Refresh button instead."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_match_day_two_phones import _eager_celery, tap_event, two_phones
from tests.browser.test_phone import log_in
from tests.matches.factories import kick_off, league_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["_eager_celery", "two_phones"]  # fixtures shared with the match-day test


def test_what_a_coach_typed_survives_the_other_coachs_taps(two_phones):
    home_phone, away_phone = two_phones
    s = league_match()
    kick_off(s)
    url = f"/matches/{s.match.pk}/"
    log_in(home_phone, s.home_coach.username)
    log_in(away_phone, s.away_coach.username)
    home_phone.goto(url)
    away_phone.goto(url)

    # The home coach starts filling the report: 2–1, not submitted yet.
    report = home_phone.locator("#report")
    report.locator("#id_home_touchdowns").fill("2")
    report.locator("#id_away_touchdowns").fill("1")
    home_phone.evaluate("window.__same_page = true")

    # The away coach records a touchdown: it reaches the home phone by the poll ...
    scorer = s.players("away")[0]
    tap_event(away_phone, "Touchdown", scorer)
    expect(home_phone.locator("#events")).to_contain_text(
        f"Touchdown: #{scorer.number} {scorer.name}", timeout=2_500
    )
    expect(home_phone.locator("#score-away")).to_have_text("1")
    # ... and the figures he typed are still there, on the same page.
    expect(report.locator("#id_home_touchdowns")).to_have_value("2")
    expect(report.locator("#id_away_touchdowns")).to_have_value("1")
    assert home_phone.evaluate("window.__same_page === true")

    # The away coach submits the report: the match moves on. The home page, with
    # typing in it, says so and waits for him instead of reloading.
    away_report = away_phone.locator("#report")
    away_report.locator("#id_home_touchdowns").fill("0")
    away_report.locator("#id_away_touchdowns").fill("1")
    away_report.get_by_role("button", name="Submit report").tap()
    expect(away_phone.locator("#confirmation")).to_contain_text("waiting for confirmation")
    moved = home_phone.locator("#match-moved")
    expect(moved).to_be_visible(timeout=4_000)
    expect(report.locator("#id_home_touchdowns")).to_have_value("2")
    assert home_phone.evaluate("window.__same_page === true")

    # He taps Refresh when he is ready: now the page shows the report to confirm.
    moved.get_by_role("button", name="Refresh").tap()
    expect(home_phone.get_by_role("button", name="Confirm the report")).to_be_visible()
    assert home_phone.evaluate("window.__same_page === undefined")
