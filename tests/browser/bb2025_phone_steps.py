"""What a coach or a commissioner does on the BB2025 pages, one step a function, for
the season played on two phones (test_bb2025_season_phone.py). Every step goes through
the pages: it fills and taps what a user would, and reads what the page shows."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from tests.browser.test_phone import page_overflow


def visit(page: Page, url: str) -> None:
    """Go to ``url``. The match page reloads itself when its poll sees the match move
    on, which would interrupt a navigation begun at that moment: its poll is stopped
    first (htmx stops polling an element taken out of the page), and a reload already
    under way is let finish before going again."""
    for attempt in range(5):
        try:
            page.evaluate("document.getElementById('match-sync')?.remove()")
            page.goto(url)
            return
        except PlaywrightError as error:
            if attempt == 4 or not re.search(r"ERR_ABORTED|interrupted|destroyed", str(error)):
                raise
            page.wait_for_load_state()


def fits(page: Page) -> None:
    """The page never scrolls sideways on the phone."""
    assert page_overflow(page) == 0, page.url


def heading(page: Page) -> Locator:
    return page.get_by_role("heading", level=1)


def draft(
    page: Page,
    roster: str,
    name: str,
    players: Mapping[str, int],
    *,
    rerolls: int = 0,
    captain: str | None = None,
    special_rule: str | None = None,
) -> int:
    """Draft a BB2025 team on the draft page; the team's id (from the sheet's address)."""
    visit(page, "/teams/draft/")
    page.select_option("#roster", f"bb2025/{roster}")
    page.get_by_role("button", name="Build the draft").click()
    expect(heading(page)).to_contain_text("Draft a ")
    page.fill("#id_name", name)
    for slug, count in players.items():
        page.fill(f"#id_position_{slug}", str(count))
    if rerolls:
        page.fill("#id_rerolls", str(rerolls))
    if special_rule is not None:
        page.select_option("#id_special_rule_choice", special_rule)
    if captain is not None:
        page.select_option("#id_team_captain", captain)
    expect(page.locator("#draft-problems")).to_have_text("This draft keeps every draft rule.")
    fits(page)
    page.get_by_role("button", name="Draft the team").click()
    expect(page).to_have_url(re.compile(r"/teams/\d+/$"))
    expect(heading(page)).to_have_text(name)
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def enter_season(page: Page, season_pk: int, team_name: str) -> None:
    """The coach enters his team into the season in sign-up."""
    visit(page, f"/leagues/seasons/{season_pk}/enter/")
    page.select_option("#id_team", label=team_name)
    page.get_by_role("button", name="Enter the team").click()
    expect(page.locator(".messages")).to_be_visible()


def admit_all(page: Page, season_pk: int, team_pks: list[int]) -> None:
    """The commissioner admits each entered team into the season's only division."""
    for pk in team_pks:
        visit(page, f"/leagues/seasons/{season_pk}/manage/")
        page.select_option("#id_team", str(pk))
        page.select_option("#id_division", label="Division 1")
        page.get_by_role("button", name="Admit", exact=True).click()
        expect(page.locator(".messages")).to_contain_text("Team admitted.")


def draw_schedule(page: Page, season_pk: int, start: str) -> None:
    """The commissioner draws up the schedule, which closes sign-up."""
    visit(page, f"/leagues/seasons/{season_pk}/manage/")
    page.fill("#id_start_date", start)
    page.get_by_role("button", name="Generate the schedule").click()
    expect(page.locator(".messages")).to_contain_text("the regular season has begun")


def match_page(page: Page, match_pk: int) -> None:
    """The match page, loaded afresh (its own poll may have moved it on)."""
    visit(page, f"/matches/{match_pk}/")
    expect(page.locator("#match-waiting")).to_be_attached()


def open_match(page: Page, fixture_pk: int) -> int:
    """Open the fixture's match from its page and start the pre-game; the match's id."""
    visit(page, f"/leagues/fixtures/{fixture_pk}/")
    page.get_by_role("button", name="Play this match").click()
    page.get_by_role("button", name="Start the pre-game").click()
    expect(page.locator(".messages")).to_contain_text("The pre-game has begun.")
    return int(re.search(r"/matches/(\d+)/", page.url).group(1))


def answer_pre_game(
    phones: Mapping[str, Page],
    match_pk: int,
    buys: Mapping[str, Mapping[str, int]] | None = None,
    look: Callable[[str, Page, Locator], None] | None = None,
) -> None:
    """Each coach answers, on his own phone, the pre-game decisions waiting for him
    (inducements: ``buys[side]``, field name: value, after ``look`` has read the offer;
    kick or receive: receive; anything else: its first answer) until the match may kick
    off; then kicks off."""
    for _ in range(12):
        answered = False
        for page in phones.values():
            match_page(page, match_pk)
            kick_off = page.get_by_role("button", name="Kick off: start the match")
            if kick_off.count():
                kick_off.click()
                expect(page.locator(".messages")).to_contain_text("Kick-off!")
                return
            decision = page.locator("#pre-game section.decision", has=page.locator("form"))
            if not decision.count():
                continue
            decision = decision.first
            kind = decision.get_attribute("id").split("-", 2)[2]
            answered_side = decision.get_attribute("id").split("-", 2)[1]
            if kind == "inducements":
                if look is not None:
                    look(answered_side, page, decision)
                for name, value in (buys or {}).get(answered_side, {}).items():
                    selector = f"[name$='-inducements-{name}']"
                    field = decision.locator(selector)
                    if not field.is_visible():
                        folded = decision.locator("details").filter(has=page.locator(selector))
                        folded.locator("summary").click()
                    if field.evaluate("el => el.tagName") == "SELECT":
                        field.select_option(str(value))
                    else:
                        field.fill(str(value))
                decision.get_by_role("button", name="Buy these inducements").click()
            elif kind == "kick_or_receive":
                decision.get_by_role("button", name=re.compile("receive", re.I)).click()
            elif kind == "journeymen_position":
                decision.locator("input[type=radio]").first.check()
                decision.get_by_role("button", name="Take them on").click()
            elif kind == "petty_cash":
                decision.get_by_role("button", name="Move the gold").click()
            else:
                decision.locator("button[type=submit]").first.click()
            expect(page.locator(".messages")).to_contain_text("answered")
            answered = True
            break
        if not answered:
            raise AssertionError("The pre-game waits, but no phone has a decision to answer")
    raise AssertionError("The pre-game did not end")


def tap_touchdown(page: Page, match_pk: int, side: str) -> None:
    """On the match page in play, the side's coach taps a touchdown by the first of his
    players who played; the event list grows by one without a reload."""
    match_page(page, match_pk)
    events = page.locator("#events .event-text")
    before = events.count()
    page.locator(f"#picker a[href*='side={side}&kind=touchdown']").click()
    page.locator("#picker .tap-grid.players button").first.click()
    expect(events).to_have_count(before + 1)
    expect(page.locator("#live .ok")).to_contain_text("Recorded: Touchdown")


def tap_injury(page: Page, match_pk: int, side: str, outcome: str) -> str:
    """The side's coach taps an injury to the first of his players who played, with
    the result he ended the game with (its button's words); the player's name."""
    match_page(page, match_pk)
    events = page.locator("#events .event-text")
    before = events.count()
    page.locator(f"#picker a[href*='side={side}&kind=injury']").click()
    player = page.locator("#picker .tap-grid.players button").first
    name = re.sub(r"^#\d+\s+", "", player.inner_text().strip())
    player.click()
    page.locator("#picker").get_by_role("button", name=outcome).click()
    expect(events).to_have_count(before + 1)
    return name


def nominate_mvp(card: Locator, count: int | None = None) -> None:
    """Tick the first nominees the form asks for (its legend says how many), submit."""
    legend = card.locator("fieldset.nominees legend").inner_text()
    wanted = count or int(re.search(r"Nominate (\d+)", legend).group(1))
    boxes = card.locator("input[type=checkbox][name$='-mvp_nominees']")
    for n in range(wanted):
        boxes.nth(n).check()
    card.get_by_role("button", name="Nominate for the MVP").click()


def finish_post_game(phones: Mapping[str, Page], match_pk: int) -> None:
    """Each coach, on his phone, nominates his MVP candidates and says he is done with
    step 4, as his team's card asks, until the match may be closed; then closes it."""
    for _ in range(12):
        acted = False
        for page in phones.values():
            match_page(page, match_pk)
            close = page.get_by_role("button", name="Close the match")
            if close.count():
                close.click()
                expect(page.locator(".messages")).to_be_visible()
                return
            for card_side in ("home", "away"):
                card = page.locator(
                    "#post-game section.card", has=page.locator(f"#post-game-{card_side}")
                )
                if card.locator("fieldset.nominees").count():
                    nominate_mvp(card)
                elif card.get_by_role("button", name="Done with step 4").count():
                    card.get_by_role("button", name="Done with step 4").click()
                else:
                    continue
                expect(page.locator(".messages")).to_contain_text("decided")
                acted = True
                break
            if acted:
                break
        if not acted:
            raise AssertionError("The post-game waits, but no phone has a decision to make")
    raise AssertionError("The post-game did not end")


def submit_report(page: Page, match_pk: int) -> None:
    """Submit the report: the score the tapped touchdowns filled in."""
    match_page(page, match_pk)
    page.locator("#report").get_by_role("button", name="Submit report").click()
    expect(page.locator(".messages")).to_be_visible()


def confirm_report(page: Page, match_pk: int) -> None:
    """The other coach confirms the report on his phone."""
    match_page(page, match_pk)
    page.get_by_role("button", name="Confirm the report").click()
    expect(page.locator(".messages")).to_contain_text("confirmed")


def fixtures(page: Page, url: str) -> dict[tuple[str, str], int]:
    """The fixtures a season's page lists: (home, away) -> the fixture's id."""
    visit(page, url)
    found = {}
    for row in page.locator("main table tbody tr").all():
        links = row.locator("a[href*='/leagues/fixtures/']")
        if not links.count():
            continue
        names = [a.inner_text().strip() for a in row.locator("a[href^='/teams/']").all()]
        pk = int(re.search(r"/fixtures/(\d+)/", links.first.get_attribute("href")).group(1))
        found[(names[0], names[1])] = pk
    return found
