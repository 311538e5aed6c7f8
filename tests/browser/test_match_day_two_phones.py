"""Issue 13 on two phones (390×844, Debian's chromium, two browser contexts): the two
coaches record one match, each sees the other's taps appear without reloading, the
home coach submits the report, the away coach confirms it, the post-game runs (eager
Celery), both finish step 4, and each one's home dashboard shows the next match."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match
from tests.browser.conftest import open_menu, phone_pages
from tests.browser.test_phone import log_in
from tests.leagues.factories import FixtureFactory
from tests.matches.factories import kick_off, league_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    """Every test here runs the post-game in the live server's thread."""


@pytest.fixture
def two_phones(browser, live_server):
    """Two phones, one per coach: separate contexts (cookies, sessions)."""
    with phone_pages(browser, live_server, 2) as pages:
        yield pages


def tap_event(page: Page, kind: str, player) -> None:
    """One event, as a coach taps it: the kind, then his player."""
    picker = page.locator("#picker")
    picker.get_by_role("link", name=kind, exact=True).tap()
    picker.get_by_role("button", name=f"#{player.number} {player.name}", exact=True).tap()
    expect(page.locator("#live .ok")).to_contain_text(f"Recorded: {kind}")


def test_two_coaches_play_a_match_on_two_phones(two_phones):
    home_phone, away_phone = two_phones
    s = league_match()
    nxt = FixtureFactory(division=s.fixture.division, home=s.away, away=s.home)
    kick_off(s)
    url = f"/matches/{s.match.pk}/"
    log_in(home_phone, s.home_coach.username)
    log_in(away_phone, s.away_coach.username)
    home_phone.goto(url)
    away_phone.goto(url)
    expect(away_phone.locator("#match-waiting")).to_contain_text("In play")

    scorer = s.players("home")[0]
    tap_event(home_phone, "Touchdown", scorer)
    # The away coach's page shows it within two seconds, without a reload.
    away_phone.evaluate("window.__same_page = true")
    events = away_phone.locator("#events")
    expect(events).to_contain_text(f"Touchdown: #{scorer.number} {scorer.name}", timeout=2_500)
    expect(away_phone.locator("#score-home")).to_have_text("1")
    passer = s.players("away")[0]
    tap_event(away_phone, "Completion", passer)
    expect(home_phone.locator("#events")).to_contain_text(
        f"Completion: #{passer.number} {passer.name}", timeout=2_500
    )
    assert away_phone.evaluate("window.__same_page === true")  # never reloaded

    # The home coach submits 1-0; the away coach's page moves on to the confirmation.
    report = home_phone.locator("#report")
    expect(report.locator("#id_home_touchdowns")).to_have_value("1")
    report.get_by_role("button", name="Submit report").tap()
    expect(home_phone.locator(".messages")).to_contain_text("waiting for the opponent")
    expect(home_phone.locator("#confirmation")).to_contain_text("waiting for confirmation")
    confirm = away_phone.get_by_role("button", name="Confirm the report")
    expect(confirm).to_be_visible(timeout=4_000)
    expect(away_phone.locator("#confirmation")).to_contain_text("1 – 0")
    assert away_phone.evaluate("document.documentElement.scrollWidth") <= 390
    away_phone.screenshot(path="/tmp/dugout-confirm-phone.png", full_page=True)
    confirm.tap()
    # The post-game began: both pages reach step 4 (each page may reload itself once
    # when it sees the new stage, so the check is on the page's state, not a message).

    # The post-game ran to step 4 on confirmation; each coach says he is done.
    for phone in (away_phone, home_phone):
        done = phone.get_by_role("button", name="Done with step 4")
        expect(done).to_have_count(1, timeout=10_000)
        done.tap()
        expect(phone.get_by_role("button", name="Done with step 4")).to_have_count(
            0, timeout=10_000
        )
    expect(home_phone.locator("#post-game")).to_contain_text("Expensive mistakes", timeout=10_000)
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.POST_GAME

    # Each coach's home page shows the next match.
    for match_page in (home_phone, away_phone):
        # A fresh tab: the match page's own poll may be reloading it at this moment.
        phone = match_page.context.new_page()
        phone.goto("/")
        open_menu(phone)
        mine = phone.locator("section", has=phone.locator("#open-matches"))
        row = mine.locator("li", has_text=f"{s.away.name} v {s.home.name}")
        expect(row).to_have_count(1)
        expect(row.get_by_role("link", name="Open the fixture")).to_have_attribute(
            "href", f"/leagues/fixtures/{nxt.pk}/"
        )
