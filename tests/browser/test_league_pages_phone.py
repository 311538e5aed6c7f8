"""League pages on a phone (390×844, Debian's chromium): a coach reaches his
league through the folded menu, reads the standings with each team and its points in
view without scrolling sideways, even after the table is swiped to its far side; the
table says that it scrolls; team and coach names link to their pages; a Blitz Bowl
table ends with the points it ranks by; a commissioner admitting teams is told a
division is too small to be scheduled."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from leagues import services as league_services
from leagues.models import Fixture
from tests.browser.conftest import open_menu
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390
TEAMS = [
    "Altdorf Arrows of the Very Long Name",
    "Bogenhafen Barons",
    "Carroburg Crushers",
    "Delberz Dragons",
]


def a_league(ruleset: str = "bb2020", points: bool = False):
    """Four teams (the first coached by "ulrike"), the first round played: each home
    side wins 2-1 (and 9-5 in points where the ruleset scores games in points)."""
    commissioner = UserFactory(username="commish")
    coach = UserFactory(username="ulrike")
    league = LeagueFactory(name="Reikland League", commissioners=[commissioner], ruleset=ruleset)
    season = league_services.open_season(commissioner, league)
    for n, name in enumerate(TEAMS):
        team = TeamFactory(name=name, ruleset=ruleset, **({"coach": coach} if n == 0 else {}))
        league_services.admit_team(commissioner, season, team)
    league_services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    for fixture in Fixture.objects.filter(season=season, round__number=1):
        league_services.record_result(
            commissioner,
            fixture,
            home_touchdowns=2,
            away_touchdowns=1,
            home_casualties=0,
            away_casualties=0,
            **({"home_points": 9, "away_points": 5} if points else {}),
        )
    return league, season


def in_view(locator) -> None:
    """Shown, and inside the phone's width and the table's visible box."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box


def test_a_coach_reads_the_standings_with_team_and_points_in_view(phone: Page):
    league, season = a_league()
    log_in(phone, "ulrike")
    phone.goto(f"/leagues/{league.pk}/")
    open_menu(phone)
    phone.goto(f"/leagues/seasons/{season.pk}/standings/")
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Reikland League, season 1: standings"
    )
    expect(phone.get_by_text("Swipe the table sideways")).to_be_visible()
    rows = phone.locator("table.league-table tbody tr")
    expect(rows).to_have_count(4)
    wrap = phone.locator(".table-wrap", has=phone.locator("table.league-table"))
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")  # the table scrolls
    for edge in ("0", "el.scrollWidth"):  # at rest, then swiped to its far side
        wrap.evaluate(f"el => {{ el.scrollLeft = {edge}; }}")
        for n in range(4):
            in_view(rows.nth(n).locator("td.team a").first)
            in_view(rows.nth(n).locator("td.rank"))
        assert page_overflow(phone) == 0
    points = {
        rows.nth(n).locator("td.team a").first.inner_text().strip(): int(
            rows.nth(n).locator("td.rank").inner_text()
        )
        for n in range(4)
    }
    assert sorted(points.values(), reverse=True) == [3, 3, 0, 0]

    ours = rows.filter(has_text=TEAMS[0])
    ours.get_by_role("link", name="ulrike").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("ulrike")
    phone.go_back()
    phone.locator("table.league-table").get_by_role("link", name=TEAMS[1]).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(TEAMS[1])


def test_a_blitz_bowl_table_ends_with_the_points_it_ranks_by(phone: Page):
    league, season = a_league("blitz_bowl", points=True)
    log_in(phone, "ulrike")
    phone.goto(f"/leagues/seasons/{season.pk}/standings/")
    expect(phone.get_by_text("ranked by wins, then points scored")).to_be_visible()
    header = phone.locator("table.league-table thead th.rank")
    expect(header).to_have_text("Pts+")
    rows = phone.locator("table.league-table tbody tr")
    scored = sorted(int(t) for t in rows.locator("td.rank").all_inner_texts())
    assert scored == [5, 5, 9, 9]
    in_view(rows.first.locator("td.rank"))
    assert page_overflow(phone) == 0


def test_the_manage_page_says_a_division_is_too_small_to_schedule(phone: Page):
    commissioner = UserFactory(username="commish")
    league = LeagueFactory(name="Small League", commissioners=[commissioner])
    season = league_services.open_season(commissioner, league)
    for name in TEAMS[:2]:
        league_services.admit_team(commissioner, season, TeamFactory(name=name))
    log_in(phone, "commish")
    phone.goto(f"/leagues/seasons/{season.pk}/manage/")
    notice = phone.locator("#short-divisions")
    expect(notice).to_contain_text("has 2 teams: a division needs at least 4 to be scheduled")
    expect(notice).to_contain_text("Admit 2 more")
    in_view(notice)
    assert page_overflow(phone) == 0
