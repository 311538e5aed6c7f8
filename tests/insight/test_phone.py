"""Records and dice luck on a phone (390×844, Debian's chromium): reached from the
league's page and the menu, readable without the page scrolling sideways (wide tables scroll in
their own box). Screenshots for review: /tmp/dugout-records-phone.png and
/tmp/dugout-dice-phone.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (  # noqa: F401  (the browser fixtures)
    browser_type_launch_args,
    open_menu,
    phone,
)
from tests.browser.test_phone import page_overflow
from tests.insight.league import build_small_league, play_history

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_records_and_dice_luck_on_a_phone(phone: Page):  # noqa: F811
    world = play_history(build_small_league("Phone"))
    phone.goto(f"/leagues/{world.league.pk}/")
    phone.get_by_role("link", name="Records & hall of fame").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Records and hall of fame: Phone League"
    )
    expect(phone.locator("#record-touchdowns-game")).to_contain_text("3")
    expect(phone.locator("#unbeaten-runs")).to_contain_text("Phone Tigers")
    expect(phone.locator("#memorial")).to_contain_text(world.players["M1"].name)
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-records-phone.png", full_page=True)

    phone.get_by_role("link", name="Dice luck").first.click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Dice luck: Phone League")
    phone.get_by_role("link", name="Phone Reavers").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Dice luck: Phone Reavers")
    expect(phone.locator("#luck-verdict")).to_be_visible()
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-dice-phone.png", full_page=True)

    open_menu(phone)
    phone.get_by_role("navigation", name="Main").get_by_role("link", name="Records").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Records and hall of fame: all leagues"
    )
    assert page_overflow(phone) == 0
