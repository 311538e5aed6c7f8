"""A coach on a phone (390×844): drafting a team, reading standings, the team sheet."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from leagues import services as league_services
from leagues.models import Fixture
from tests.browser.conftest import PHONE, open_menu
from tests.factories import TEST_PASSWORD, TeamFactory, UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path("/tmp")


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Log in")
    page.fill("#id_username", username)
    page.fill("#id_password", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    nav = page.get_by_role("navigation", name="Main", include_hidden=True)
    expect(
        nav.get_by_role("button", name=f"Log out {username}", include_hidden=True)
    ).to_have_count(1)


def page_overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than the phone's screen (0: none)."""
    return page.evaluate("Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")


def test_a_coach_drafts_a_team_on_a_phone_watching_the_budget(phone: Page):
    UserFactory(username="lothar")
    log_in(phone, "lothar")

    open_menu(phone)
    phone.get_by_role("navigation", name="Main").get_by_role("link", name="Draft a team").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Draft a team")
    phone.select_option("#roster", "bb2020/human")
    phone.get_by_role("button", name="Build the draft").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Draft a Human team")

    remaining = phone.locator("#draft-remaining")
    expect(remaining).to_have_text("1,000k")
    phone.fill("#id_name", "Reikland Reavers")
    phone.fill("#id_position_human-lineman", "11")
    expect(phone.locator("#draft-total")).to_have_text("550k")  # htmx, no reload
    expect(remaining).to_have_text("450k")
    phone.fill("#id_position_human-blitzer", "2")
    expect(remaining).to_have_text("280k")
    phone.fill("#id_rerolls", "2")
    expect(remaining).to_have_text("180k")
    expect(phone.locator("#draft-problems")).to_have_text("This draft keeps every draft rule.")
    assert page_overflow(phone) == 0
    # The sticky budget leaves most of the screen to the form.
    assert phone.locator("#draft-budget").bounding_box()["height"] <= 0.4 * PHONE["height"]
    phone.screenshot(path=str(SCREENSHOTS / "dugout-draft-phone.png"))  # what the coach sees

    phone.get_by_role("button", name="Draft the team").click()
    expect(phone).to_have_url(re.compile(r"/teams/\d+/$"))
    expect(phone.get_by_role("heading", level=1)).to_have_text("Reikland Reavers")
    # 11 × 50,000 + 2 × 85,000 + 2 re-rolls × 50,000
    expect(phone.locator("#team-value")).to_have_text("820k")
    expect(phone.locator("#treasury")).to_have_text("180k")
    expect(phone.locator("table.roster tbody tr")).to_have_count(13)


def test_anyone_reads_a_leagues_standings_on_a_phone(phone: Page):
    commissioner = UserFactory(username="commish")
    league = LeagueFactory(name="Old World Cup", commissioners=[commissioner])
    season = league_services.open_season(commissioner, league)
    names = ["Altdorf Arrows", "Bogenhafen Barons", "Carroburg Crushers", "Delberz Dragons"]
    for name in names:
        league_services.admit_team(commissioner, season, TeamFactory(name=name))
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    scores = {"Altdorf Arrows": 3, "Bogenhafen Barons": 2, "Carroburg Crushers": 1}
    first_round = Fixture.objects.filter(season=season, round__number=1).select_related(
        "home", "away"
    )
    for fixture in first_round:
        league_services.record_result(
            commissioner,
            fixture,
            home_touchdowns=scores.get(fixture.home.name, 0),
            away_touchdowns=scores.get(fixture.away.name, 0),
            home_casualties=1,
            away_casualties=0,
        )

    phone.goto(f"/leagues/seasons/{season.pk}/standings/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Old World Cup, season 1: standings")
    rows = phone.locator(".table-wrap table tbody tr")
    expect(rows).to_have_count(4)
    played = [int(t) for t in rows.locator("td:nth-child(3)").all_inner_texts()]
    assert played == [1, 1, 1, 1]
    points = [int(t) for t in rows.locator("td:last-child").all_inner_texts()]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 2 * (3 + 0)  # two decided matches: a win 3, a loss 0
    assert page_overflow(phone) == 0
    phone.screenshot(path=str(SCREENSHOTS / "dugout-standings-phone.png"), full_page=True)


def test_the_team_sheet_scrolls_its_tables_not_the_page_on_a_phone(phone: Page):
    coach = UserFactory(username="grimnir")
    team = drafted_team(
        coach,
        name="Grimnir's Guardians of the Very Long Team Name",
        players={"human-lineman": 11, "human-blitzer": 4},
        rerolls=1,
        apothecary=True,
    )
    log_in(phone, "grimnir")
    phone.goto(f"/teams/{team.pk}/")
    expect(phone.get_by_role("heading", level=1)).to_have_text(team.name)
    expect(phone.locator("table.roster tbody tr")).to_have_count(15)

    roster_wrap = phone.locator(".table-wrap", has=phone.locator("table.roster"))
    widths = roster_wrap.evaluate("el => ({scroll: el.scrollWidth, client: el.clientWidth})")
    assert widths["scroll"] > widths["client"], "the players table fits: nothing to scroll"
    assert page_overflow(phone) == 0

    # The wrapper, not the page, scrolls sideways.
    roster_wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    assert roster_wrap.evaluate("el => el.scrollLeft") > 0
    assert phone.evaluate("window.scrollX") == 0
    phone.screenshot(path=str(SCREENSHOTS / "dugout-team-sheet-phone.png"), full_page=True)
