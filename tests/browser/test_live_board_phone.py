"""The live board on a phone (390×844): a visitor watches a league's matches in play;
a touchdown recorded on the match shows on the board without a reload, as the live
match page shows the other coach's taps (htmx polling, 304 while unchanged)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from matches import services as match_services
from matches.selectors import players_who_played
from tests.browser.test_phone import page_overflow
from tests.league_world import build_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_touchdown_shows_on_the_live_board_without_a_reload(phone: Page, eager_celery):
    world = build_world("Board")
    phone.goto(f"/leagues/{world.league.pk}/")
    phone.get_by_role("link", name="Live board").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Live board: Board League")
    card = phone.locator(f"#live-match-{world.in_play.pk}")
    expect(card).to_contain_text("In play")
    expect(card.locator(".score")).to_have_text("1–0")
    expect(phone.locator(f"#live-match-{world.pre_game.pk}")).to_contain_text("Pre-game")
    assert page_overflow(phone) == 0

    phone.evaluate("window.notReloaded = true")
    match = world.in_play
    scorer = list(players_who_played(match, "away"))[-1]
    match_services.add_event(match.fixture.home.coach, match, kind="touchdown", player=scorer)
    expect(card.locator(".score")).to_have_text("1–1", timeout=10_000)
    assert phone.evaluate("window.notReloaded") is True
    expect(card.get_by_role("link", name="Follow the match")).to_have_attribute(
        "href", re.compile(rf"/matches/{match.pk}/$")
    )
    phone.screenshot(path="/tmp/dugout-live-board-phone.png", full_page=True)
