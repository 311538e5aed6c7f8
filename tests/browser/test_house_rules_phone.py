"""House rules on a phone (390×844, Debian's chromium): the commissioner bans a star on
the house-rules form he reaches from the season's manage page; everyone reads the ban
on the league's house-rules page; at the next pre-game the coach who picks that star
is refused with the message naming the star and the house rule, and his Treasury is
untouched."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from leagues.models import Season
from teams.services import draft_team
from tests.browser import bb2025_phone_steps as steps
from tests.browser.conftest import phone_pages
from tests.browser.test_phone import log_in
from tests.factories import UserFactory
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory
from tests.test_bb2025_league import minimal_draft

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The home team has the higher CTV (620,000 against the least a Human team may draft)
# and 380,000 in its Treasury: it is asked first, and could pay Griff's 280,000.
HOME = {"human-blitzer": 2, "human-lineman": 9}
BANNED = "Griff Oberwald is banned by this league's house rules."


def test_a_star_banned_by_the_commissioner_is_refused_at_the_next_pre_game(
    browser, live_server
) -> None:
    boss, coach, rival = (UserFactory(username=name) for name in ("boss", "lothar", "gorbag"))
    league = LeagueFactory(name="Reikland Cup", commissioners=[boss], ruleset="bb2025")
    season = SeasonFactory(league=league, ruleset="bb2025", status=Season.Status.REGULAR_SEASON)
    division = DivisionFactory(season=season)
    home_draft = {**minimal_draft("human"), "players": HOME, "team_captain": "human-blitzer"}
    home = draft_team(
        coach, name="Altdorf Arrows", ruleset_key="bb2025", roster_slug="human", **home_draft
    )
    away = draft_team(
        rival,
        name="Nuln Knights",
        ruleset_key="bb2025",
        roster_slug="human",
        **minimal_draft("human"),
    )
    for team in (home, away):
        season.entries.create(team=team, division=division)
    fixture = FixtureFactory(division=division, home=home, away=away)
    treasury = home.treasury

    with phone_pages(browser, live_server, 2) as (commissioner, coach_phone):
        log_in(commissioner, "boss")
        steps.visit(commissioner, f"/leagues/seasons/{season.pk}/manage/")
        commissioner.locator("#manage-house-rules").click()
        expect(steps.heading(commissioner)).to_have_text("Reikland Cup: change the house rules")
        commissioner.locator("#fieldset-banned_stars summary").click()
        commissioner.get_by_label("Griff Oberwald (mega-star)").check()
        steps.fits(commissioner)
        commissioner.get_by_role("button", name="Save the house rules").click()
        expect(commissioner.locator(".messages")).to_contain_text("apply from the next match on")
        expect(steps.heading(commissioner)).to_have_text("Reikland Cup: house rules")
        expect(commissioner.locator("#house-rules")).to_contain_text("Griff Oberwald")
        steps.fits(commissioner)

        log_in(coach_phone, "lothar")
        steps.visit(coach_phone, f"/leagues/{league.pk}/")
        coach_phone.locator("#league-house-rules-link").click()
        expect(coach_phone.locator("#house-rules")).to_contain_text("Griff Oberwald")

        match_pk = steps.open_match(coach_phone, fixture.pk)
        steps.match_page(coach_phone, match_pk)
        decision = coach_phone.locator(
            "#pre-game section.decision", has=coach_phone.locator("form")
        ).first
        expect(decision).to_contain_text("Altdorf Arrows: inducements")
        decision.locator("summary", has_text="Star players").click()
        decision.locator("input[value='griff-oberwald']").check()
        decision.get_by_role("button", name="Buy these inducements").click()
        expect(coach_phone.get_by_text(BANNED)).to_be_visible()
        steps.fits(coach_phone)

    home.refresh_from_db()
    assert home.treasury == treasury
