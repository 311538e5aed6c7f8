"""The site's header on a phone: one line (the brand and a Menu button), the
navigation a tap away; on a wide screen the links show without the button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import open_menu
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import UserFactory, drafted_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_on_a_phone_the_nav_is_one_line_behind_a_menu_button(phone: Page):
    UserFactory(username="griff")
    log_in(phone, "griff")
    header = phone.locator("header.site-header")
    box = header.bounding_box()
    assert box is not None and box["height"] <= 64, box  # it took ~360 of 844 px before
    nav = phone.get_by_role("navigation", name="Main")
    expect(nav).to_be_hidden()
    open_menu(phone)
    expect(nav.get_by_role("link", name="My teams")).to_be_visible()
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/nav-open-phone.png")  # for review
    nav.get_by_role("link", name="My teams").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("My teams")
    # The menu folds again on the next page.
    expect(phone.get_by_role("navigation", name="Main")).to_be_hidden()


def test_the_dashboard_fits_a_phone(phone: Page):
    coach = UserFactory(username="varag")
    drafted_team(coach, roster_slug="orc", name="Varag's Boyz")
    log_in(phone, "varag")
    expect(phone.get_by_role("heading", name="My teams")).to_be_visible()
    expect(phone.get_by_role("link", name="Varag's Boyz")).to_be_visible()
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dashboard-phone.png", full_page=True)  # for review


def test_on_a_wide_screen_the_links_show_without_a_button(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url)
    page = context.new_page()
    page.goto("/")
    expect(page.locator("label.menu-button")).to_be_hidden()
    expect(
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Leagues")
    ).to_be_visible()
    context.close()
