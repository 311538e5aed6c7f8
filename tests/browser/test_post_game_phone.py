"""Issue 12 on a phone (390×844), in Debian's chromium: both coaches go through the
post-game's step 4 (hiring, firing and temporarily retiring) and see Expensive
Mistakes roll on the Treasury their team sheet shows; a commissioner corrects a
closed match whose scorer had spent his SPP, and undoes the advancement."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from matches import services
from matches.models import Match, SppShortfall
from teams.models import Player
from teams.services import spend_spp
from tests.browser.conftest import open_menu
from tests.browser.test_phone import log_in, page_overflow
from tests.matches.factories import POST_GAME_SEED, Setup, all_done, event, kick_off, league_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TAP = 40  # CSS pixels: the least height of a button a thumb hits


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    """The post-game task runs in the process that queues it (the live server's
    thread, or the test's), even when REDIS_URL points the app at a broker."""
    yield


def log_out(page: Page) -> None:
    open_menu(page)
    page.get_by_role("button", name=re.compile(r"^Log out ")).click()
    open_menu(page)
    expect(
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Log in")
    ).to_be_visible()


def assert_fits(page: Page) -> None:
    """The page body never scrolls sideways on the phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page_overflow(page) == 0


def assert_tappable(button) -> None:
    box = button.bounding_box()
    assert box is not None and box["height"] >= TAP, box


def apart(a, b, gap: float = 6) -> bool:
    """Two buttons with room between them for a thumb to miss one (CSS pixels)."""
    a, b = a.bounding_box(), b.bounding_box()
    return (
        a["y"] + a["height"] + gap <= b["y"]
        or b["y"] + b["height"] + gap <= a["y"]
        or a["x"] + a["width"] + gap <= b["x"]
        or b["x"] + b["width"] + gap <= a["x"]
    )


def reported(s: Setup, body: dict) -> None:
    """The home coach submits the report and the away coach confirms it; the commit (a transactional
    test) queues the post-game task, which applies the results phase at once."""
    services.submit_report(s.home_coach, s.match, seed=POST_GAME_SEED, **body)
    services.confirm_report(s.away_coach, s.match)  # the other coach confirms
    s.refresh()


def test_both_coaches_finish_step_4_on_a_phone_and_the_treasury_is_the_sheets(phone: Page):
    s = league_match()
    kick_off(s)
    reported(
        s,
        {
            "home_touchdowns": 1,
            "away_touchdowns": 0,
            "events": [event("touchdown", s.players("home")[0])],
        },
    )
    assert s.match.status == Match.Status.REPORT_SUBMITTED  # waiting for step 4
    url = f"/matches/{s.match.pk}/"

    log_in(phone, s.away_coach.username)
    phone.goto(url)
    post_game = phone.locator("#post-game")
    expect(post_game.get_by_role("status").first).to_contain_text(
        "Step 4, hiring, firing and temporarily retiring"
    )
    away_card = post_game.locator("section.card", has=phone.locator("#post-game-away"))
    expect(away_card.get_by_role("link", name=f"{s.away.name}'s page")).to_have_attribute(
        "href", f"/teams/{s.away.pk}/"
    )
    # Only his own team's button: the home card waits for its coach.
    done = post_game.get_by_role("button", name="Done with step 4")
    expect(done).to_have_count(1)
    expect(post_game.locator(".waiting")).to_contain_text(f"Waiting for the coach of {s.home.name}")
    expect(post_game).not_to_contain_text("Expensive mistakes")
    assert_fits(phone)
    done.scroll_into_view_if_needed()
    assert_tappable(done)
    phone.screenshot(path="/tmp/dugout-post-game-step-4-phone.png")

    done.tap()
    expect(phone.locator(".messages")).to_contain_text(f"{s.away.name}: decided.")
    expect(post_game.get_by_role("button", name="Done with step 4")).to_have_count(0)
    expect(post_game.locator(".waiting")).to_have_text(
        re.compile(rf"^Waiting for the coach of {re.escape(s.home.name)} to decide")
    )
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED
    assert_fits(phone)
    log_out(phone)

    log_in(phone, s.home_coach.username)
    phone.goto(url)
    done = post_game.get_by_role("button", name="Done with step 4")
    expect(done).to_have_count(1)
    assert_tappable(done)
    done.tap()
    expect(phone.locator(".messages")).to_contain_text(f"{s.home.name}: decided.")
    expect(post_game.get_by_role("button", name="Done with step 4")).to_have_count(0)
    expect(post_game).not_to_contain_text("Step 4, hiring, firing")
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.POST_GAME

    for side, team in (("home", s.home), ("away", s.away)):
        card = post_game.locator("section.card", has=phone.locator(f"#post-game-{side}"))
        rows = card.locator("table.post-game-summary")
        expect(rows.locator("tr", has_text="Expensive mistakes")).to_have_count(1)
        shown = rows.locator("tr", has=phone.locator("th", has_text=re.compile(r"^Treasury$")))
        treasury = shown.locator("td").inner_text()
        assert_fits(phone)
        if side == "home":
            phone.screenshot(path="/tmp/dugout-post-game-done-phone.png", full_page=True)
        phone.goto(f"/teams/{team.pk}/")
        expect(phone.locator("#treasury")).to_have_text(treasury)
        phone.goto(url)


def test_a_commissioner_corrects_a_closed_match_on_a_phone_and_undoes_spent_spp(phone: Page):
    s = league_match()
    kick_off(s)
    h = s.players("home")
    scorer, really = h[0], h[1]
    # As first reported: 2-0, both touchdowns (6 SPP) by the home team's first player.
    reported(
        s,
        {
            "home_touchdowns": 2,
            "away_touchdowns": 0,
            "events": [event("touchdown", scorer), event("touchdown", scorer)],
        },
    )
    all_done(s)
    services.close_match(s.home_coach, s.match)
    spend_spp(s.home_coach, Player.objects.get(pk=scorer.pk), "chosen_primary", skill="Block")
    s.refresh()
    assert s.match.status == Match.Status.CLOSED

    log_in(phone, s.commissioner.username)
    phone.goto(f"/matches/{s.match.pk}/correct/")
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        f"Correct the report: {s.home.name} v {s.away.name}"
    )
    assert_fits(phone)
    expect(phone.locator("#id_home_touchdowns")).to_have_value("2")
    # Both touchdowns were the other man's: drop them, add his two.
    kept = phone.locator(".keep-list input[name=keep]")
    expect(kept).to_have_count(2)
    for i in range(2):
        kept.nth(i).uncheck()
    for row in range(2):
        phone.select_option(f"#id_add-{row}-kind", "touchdown")
        phone.select_option(f"#id_add-{row}-player", str(really.pk))
    phone.fill("#id_note", "Both touchdowns were scored by the second lineman")
    save = phone.get_by_role("button", name="Save the corrected report")
    save.scroll_into_view_if_needed()
    assert_tappable(save)
    assert_fits(phone)
    phone.screenshot(path="/tmp/dugout-correct-phone.png", full_page=True)
    save.tap()

    expect(phone).to_have_url(re.compile(rf"/matches/{s.match.pk}/#history$"))
    expect(phone.locator(".messages")).to_contain_text("The report is corrected")
    history = phone.locator("#history")
    expect(history.get_by_role("heading", level=2)).to_have_text("The report and its corrections")
    versions = history.locator("article.report-version")
    expect(versions).to_have_count(2)
    current = versions.filter(has=phone.locator("h3", has_text="Version 2"))
    expect(current.locator(".badge")).to_have_text("current")
    expect(current).to_contain_text("Both touchdowns were scored by the second lineman")
    expect(current.locator(".event-list li")).to_have_text(
        [f"Touchdown: #{really.number} {really.name}"] * 2
    )
    replaced = versions.filter(has=phone.locator("h3", has_text="Version 1"))
    expect(replaced.locator(".badge")).to_have_text("replaced")
    expect(replaced).to_have_class(re.compile(r"\breplaced\b"))

    shortfalls = phone.locator("#shortfalls")
    expect(shortfalls.get_by_role("heading")).to_contain_text("SPP a correction took back")
    row = shortfalls.locator("li", has_text=scorer.name)
    expect(row).to_contain_text("waiting for the commissioner")
    keep = row.get_by_role("button", name="Let him keep them")
    undo = row.get_by_role("button", name="Undo his latest advancements")
    expect(keep).to_be_visible()
    expect(undo).to_be_visible()
    undo.scroll_into_view_if_needed()
    assert_tappable(keep)
    assert_tappable(undo)
    assert apart(keep, undo), "the two decisions touch: a thumb takes the wrong one"
    assert_fits(phone)
    phone.screenshot(path="/tmp/dugout-shortfall-phone.png")

    undo.tap()
    expect(phone.locator(".messages")).to_contain_text(
        f"{scorer.name}: the SPP are taken back with his latest advancements."
    )
    row = phone.locator("#shortfalls li", has_text=scorer.name)
    expect(row).to_contain_text("advancements undone")
    expect(row.get_by_role("button")).to_have_count(0)
    assert_fits(phone)
    assert SppShortfall.objects.get().status == SppShortfall.Status.UNDONE
    player = Player.objects.get(pk=scorer.pk)
    assert (player.advancements, player.spp_spent) == (0, 0)
    assert not player.skills.filter(skill="Block").exists()
