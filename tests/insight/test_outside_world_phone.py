"""Issue 16's outside-world pieces on a phone (390×844, Debian's chromium): the team
sheet loads the team's rating and its chart into its slot (htmx); the coach's profile
shows his ratings per league and, to him, the NAF number form; the commissioner's
league page offers the NAF report download. Nothing scrolls sideways. Screenshots for
review: /tmp/dugout-team-rating-phone.png, /tmp/dugout-coach-profile-phone.png and
/tmp/dugout-league-naf-phone.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from teams.models import CoachProfile
from tests.browser.conftest import (  # noqa: F401  (the browser fixtures)
    browser_type_launch_args,
    phone,
)
from tests.browser.test_phone import log_in, page_overflow
from tests.insight.league import build_small_league, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_ratings_naf_number_and_naf_report_on_a_phone(phone: Page):  # noqa: F811
    world = build_small_league("Outer")
    c, s, t = world.commissioner, world.season, world.teams
    record(c, s, t["R"], t["M"], (2, 1))
    record(c, s, t["R"], t["T"], (1, 1))

    phone.goto(f"/teams/{t['R'].pk}/")
    panel = phone.locator("#team-rating")  # swapped into the sheet's slot by htmx
    expect(panel).to_contain_text("Outer League")
    expect(panel).to_contain_text("1-1-0")
    panel.locator("summary", has_text="Rating after each match").click()
    expect(phone.locator(f"#chart-team-rating-{world.league.pk} svg")).to_be_visible()
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-team-rating-phone.png", full_page=True)

    log_in(phone, "outer-r")
    phone.goto("/accounts/profile/")
    expect(phone.locator("#coach-ratings")).to_contain_text("Outer League")
    phone.fill("#id_naf_number", "31415")
    phone.get_by_role("button", name="Save NAF number").click()
    expect(phone.locator("body")).to_contain_text("NAF number 31415 saved.")
    assert CoachProfile.objects.get(user=t["R"].coach).naf_number == 31415
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-coach-profile-phone.png", full_page=True)

    phone.context.clear_cookies()  # signed out
    log_in(phone, "outer-commissioner")
    phone.goto(f"/leagues/{world.league.pk}/")
    link = phone.get_by_role("link", name="NAF report (XML)")
    expect(link).to_be_visible()
    with phone.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == "naf-report-outer-league-season-1.xml"
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-league-naf-phone.png", full_page=True)
