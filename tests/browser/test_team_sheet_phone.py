"""Issue 13: on a phone (390×844) the team sheet keeps what a coach looks for in view:
each player's SPP and value beside his name, and the coach's actions at the right
edge, while the characteristics and skills scroll sideways under them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from teams.services import draft_team
from tests.browser.conftest import PHONE
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _in_view(page: Page, locator) -> bool:
    """Whether the element is within the phone's width and nothing covers its middle
    (a sticky column scrolled over it would)."""
    box = locator.bounding_box()
    if box is None or box["x"] < 0 or box["x"] + box["width"] > PHONE["width"] + 0.5:
        return False
    return locator.evaluate(
        """el => { const r = el.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                   return hit !== null && (hit === el || el.contains(hit)); }"""
    )


def test_the_coach_sees_spp_value_and_actions_without_scrolling(phone: Page):
    coach = UserFactory(username="reiner")
    team = draft_team(
        coach,
        name="Middenheim Marauders",
        ruleset_key="bb2020",
        roster_slug="human",
        players={"human-lineman": 11, "human-blitzer": 2},
    )
    log_in(phone, "reiner")
    phone.goto(f"/teams/{team.pk}/")
    roster = phone.locator("table.roster")
    headers = roster.locator("thead th")
    expect(headers.nth(2)).to_have_text("SPP")
    expect(headers.nth(3)).to_have_text("Value")
    assert _in_view(phone, headers.nth(2)) and _in_view(phone, headers.nth(3))
    assert _in_view(phone, roster.locator("thead th.actions"))
    phone.screenshot(path="/tmp/dugout-team-sheet-phone.png")
    first = roster.locator("tbody tr").first
    for cell in (first.locator("td").nth(2), first.locator("td").nth(3)):
        assert _in_view(phone, cell)
    expect(first.locator("td").nth(3)).to_have_text("50k")
    # The actions fold into one "Manage" button at the right edge; a tap opens them.
    manage = first.locator("td.actions summary")
    assert _in_view(phone, manage)
    manage.tap()
    fire = first.locator("td.actions .phone-actions").get_by_role("link", name="Fire")
    assert _in_view(phone, fire)
    fire.tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Fire")
    phone.go_back()
    # The skills are further right, reached by scrolling the table, not the page.
    assert not _in_view(phone, roster.locator("thead th", has_text="Skills"))
    assert page_overflow(phone) == 0
    expect(phone.locator(".scroll-hint").first).to_be_visible()

    # The printable sheet keeps the paper roster's order.
    phone.goto(f"/teams/{team.pk}/print/")
    printed = [h.strip() for h in phone.locator("table.roster thead th").all_inner_texts()]
    assert printed.index("SPP") > printed.index("Skills")
