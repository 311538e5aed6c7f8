"""A season's pages on a phone (390×844), in Debian's chromium: a commissioner opens
his league with a round played, reads the standings' points, finds a played
fixture's score, follows it and the teams' links, and looks at the play-offs; the
page never scrolls sideways and the season's links and his main button stay on the
screen (wide tables scroll inside their own box)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from leagues import services as league_services
from leagues.models import Fixture
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390
TEAMS = ["Altdorf Arrows", "Bogenhafen Barons", "Carroburg Crushers", "Delberz Dragons"]


def a_round_played() -> tuple:
    """A four-team league whose first round is played: the home side of each fixture
    wins 2-1 (3 points a win, 0 a loss)."""
    commissioner = UserFactory(username="commish")
    league = LeagueFactory(name="Reikland League", commissioners=[commissioner])
    season = league_services.open_season(commissioner, league)
    for name in TEAMS:
        league_services.admit_team(commissioner, season, TeamFactory(name=name))
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    played = list(
        Fixture.objects.filter(season=season, round__number=1).select_related("home", "away")
    )
    for fixture in played:
        league_services.record_result(
            commissioner,
            fixture,
            home_touchdowns=2,
            away_touchdowns=1,
            home_casualties=1,
            away_casualties=0,
        )
    return league, season, played


def on_screen(page: Page, locator) -> None:
    """The element is shown within the phone's width: no sideways scroll to reach it."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box


def fits(page: Page) -> None:
    assert page_overflow(page) == 0


def test_a_commissioner_reads_his_season_on_a_phone(phone: Page):
    league, season, played = a_round_played()
    winners = {f.home.name for f in played}
    log_in(phone, "commish")

    phone.goto(f"/leagues/{league.pk}/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Reikland League")
    on_screen(phone, phone.get_by_role("link", name="Manage season 1"))
    fits(phone)

    phone.get_by_role("main").get_by_role("link", name="Standings").first.click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Reikland League, season 1: standings"
    )
    rows = phone.locator(".table-wrap table tbody tr")
    expect(rows).to_have_count(4)
    names = [n.strip() for n in rows.locator("td:nth-child(2) a:first-child").all_inner_texts()]
    points = [int(t) for t in rows.locator("td:last-child").all_inner_texts()]
    assert dict(zip(names, points, strict=True)) == {
        name: 3 if name in winners else 0 for name in TEAMS
    }
    assert set(names[:2]) == winners  # the winners head the table
    leader = rows.first.locator("td:nth-child(2) a:first-child")
    on_screen(phone, leader)  # the leader's name is in view
    fits(phone)

    phone.get_by_role("main").get_by_role("link", name="Fixtures").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Reikland League, season 1: fixtures"
    )
    fixture = played[0]
    row = phone.locator("tr", has=phone.get_by_role("link", name=fixture.home.name, exact=True))
    score = row.first.get_by_role("link", name="2–1")
    on_screen(phone, score)
    fits(phone)
    score.click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        f"{fixture.home.name} v {fixture.away.name}"
    )
    expect(phone.get_by_role("row", name="Touchdowns")).to_contain_text("2–1")
    fits(phone)

    phone.go_back()
    team_link = phone.get_by_role("link", name=fixture.away.name, exact=True).first
    on_screen(phone, team_link)
    team_link.click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(fixture.away.name)
    fits(phone)

    phone.goto(f"/leagues/seasons/{season.pk}/standings/")
    phone.get_by_role("main").get_by_role("link", name="Play-offs").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Reikland League, season 1: play-offs"
    )
    on_screen(phone, phone.get_by_role("main").get_by_role("link", name="Standings"))
    fits(phone)
