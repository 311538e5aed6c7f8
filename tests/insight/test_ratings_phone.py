"""Ratings, the pre-match estimate and the play-off odds on a phone (390×844, Debian's
chromium): reached from the league's page, readable without the page scrolling
sideways; the odds page polls its progress (htmx) and swaps in the table when the
task is done. Screenshots for review: /tmp/dugout-ratings-phone.png,
/tmp/dugout-estimate-phone.png, /tmp/dugout-odds-progress-phone.png and
/tmp/dugout-odds-phone.png."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from playwright.sync_api import Page, expect

from leagues.insight.odds_run import compute_odds, fingerprint
from tests.browser.conftest import (  # noqa: F401  (the browser fixtures)
    browser_type_launch_args,
    open_menu,
    phone,
)
from tests.browser.test_phone import log_in, page_overflow
from tests.insight.league import build_small_league, fixture_of, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_ratings_estimate_and_odds_on_a_phone(phone: Page):  # noqa: F811
    cache.clear()
    world = build_small_league("Phone")
    c, s, t = world.commissioner, world.season, world.teams
    record(c, s, t["R"], t["M"], (2, 1))
    record(c, s, t["T"], t["I"], (3, 0))
    record(c, s, t["R"], t["T"], (1, 1))

    phone.goto(f"/leagues/{world.league.pk}/")
    phone.get_by_role("link", name="Ratings").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Ratings: Phone League")
    expect(phone.locator("#team-ratings tbody tr")).to_have_count(4)
    expect(phone.locator("#coach-ratings")).to_contain_text("phone-r")
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-ratings-phone.png", full_page=True)

    open_fixture = fixture_of(s, t["M"], t["I"])
    phone.goto(f"/leagues/fixtures/{open_fixture.pk}/")
    expect(phone.locator("#estimate")).to_contain_text("Pre-match estimate")
    expect(phone.locator("#estimate-draw")).to_contain_text("%")
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-estimate-phone.png", full_page=True)

    # A task under way: the page shows its progress and polls until the odds are in.
    progress_key = f"dugout:playoff-odds:{s.pk}:{fingerprint(s)}:progress"
    cache.set(progress_key, 0.4)
    phone.goto(f"/leagues/{world.league.pk}/odds/")
    expect(phone.locator("#odds-progress")).to_be_visible()
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-odds-progress-phone.png", full_page=True)
    cache.delete(progress_key)
    compute_odds(s.pk, simulations=200)
    expect(phone.locator("#odds-table")).to_be_visible()  # swapped in by the poll
    expect(phone.locator("#odds-table tbody tr")).to_have_count(4)
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-odds-phone.png", full_page=True)

    # Signed in, asking for fresh odds after another result runs the task (eager here).
    record(c, s, t["M"], t["I"], (0, 0))
    log_in(phone, "phone-m")
    phone.goto(f"/leagues/{world.league.pk}/odds/")
    phone.get_by_role("button", name="Work out the odds").click()
    expect(phone.locator("#odds-table")).to_contain_text("2 remaining fixtures")
    assert page_overflow(phone) == 0
