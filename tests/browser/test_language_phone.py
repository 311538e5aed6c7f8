"""The language switch on a phone: a visitor picks Français at the foot of a page and
reads the site in French from then on, the league page his browser already held
included."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.test_phone import page_overflow
from tests.leagues.factories import LeagueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_switches_to_french_on_a_phone_and_stays_in_it(phone: Page):
    league = LeagueFactory(name="Lustria League")
    league_page = reverse("league-home", args=[league.pk])
    phone.goto(league_page)
    html = phone.locator("html")
    expect(html).to_have_attribute("lang", "en-gb")

    switch = phone.locator("#language-switch")
    switch.scroll_into_view_if_needed()
    expect(switch.get_by_label("Language")).to_be_visible()
    assert page_overflow(phone) == 0
    switch.get_by_label("Language").select_option(label="Français")
    switch.get_by_role("button").tap()

    # Back on the same page (which the browser had cached in English), in French.
    phone.wait_for_url(f"**{league_page}")
    expect(html).to_have_attribute("lang", "fr")
    expect(phone.locator("#language-select")).to_have_value("fr")
    phone.screenshot(path="/tmp/language-phone.png", full_page=True)  # for review

    # It stays after navigating: another page, and the first one again.
    phone.locator("a.brand").tap()
    phone.wait_for_url("**/")
    expect(html).to_have_attribute("lang", "fr")
    phone.go_back()
    expect(html).to_have_attribute("lang", "fr")
    phone.goto(league_page)
    expect(html).to_have_attribute("lang", "fr")
    assert page_overflow(phone) == 0
