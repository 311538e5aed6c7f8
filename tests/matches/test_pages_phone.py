"""A coach records a match on a phone (390x844) in Debian's chromium: each tap is one
htmx request that swaps the live section in place (the page never reloads), the
running score follows, an event comes out with one tap and a confirmation."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from matches.models import MatchEvent
from tests.browser.conftest import browser_type_launch_args, phone  # noqa: F401 (fixtures)
from tests.browser.test_phone import log_in, page_overflow
from tests.matches.factories import kick_off, league_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_coach_taps_the_match_in_on_a_phone(phone: Page):  # noqa: F811
    s = league_match()
    kick_off(s)
    h, a = s.players("home"), s.players("away")
    log_in(phone, s.home_coach.username)
    phone.goto(f"/matches/{s.match.pk}/")
    expect(phone.get_by_role("heading", level=1)).to_contain_text(f"{s.home.name} v {s.away.name}")
    phone.evaluate("window.notReloaded = true")

    picker = phone.locator("#picker")
    picker.get_by_role("link", name="Touchdown").click()
    picker.get_by_role("button", name=re.compile(rf"#{h[0].number} ")).click()
    expect(phone.locator("#score-home")).to_have_text("1")
    expect(phone.locator("#live [role=status]")).to_contain_text("Recorded: Touchdown")

    picker.get_by_role("link", name="Casualty").click()
    picker.get_by_role("button", name=re.compile(rf"#{h[1].number} ")).click()
    expect(picker.get_by_role("heading")).to_contain_text("who was hurt?")
    picker.get_by_label("Foul or anything else (no SPP)").check()
    picker.get_by_role("button", name=re.compile(rf"#{a[2].number} ")).click()
    expect(phone.locator("#events li")).to_have_count(2)
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/match-live-phone.png")

    phone.once("dialog", lambda dialog: dialog.accept())
    phone.locator("#events li", has_text="Casualty").get_by_role("button").click()
    expect(phone.locator("#events li")).to_have_count(1)
    assert phone.evaluate("window.notReloaded") is True
    assert [e.kind for e in MatchEvent.objects.filter(match=s.match)] == ["touchdown"]
    # The report form under the events has the score the taps made.
    expect(phone.locator("#id_home_touchdowns")).to_have_value("1")
    expect(phone.locator("#id_away_touchdowns")).to_have_value("0")
