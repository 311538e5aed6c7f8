"""Agreeing a kick-off on two phones (390×844, Debian's chromium): the home coach
proposes two evenings on the fixture's page, the away coach accepts the second, and
both the page and the league's calendar feed show the agreed time on the league's
clock (Paris)."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.utils import timezone
from icalendar import Calendar
from playwright.sync_api import expect

from leagues import services as league_services
from leagues.models import Fixture, KickoffSlot
from leagues.services.kickoff import when
from tests.browser.conftest import phone_pages
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PARIS = zoneinfo.ZoneInfo("Europe/Paris")


def evening(days: int, hour: int) -> datetime.datetime:
    day = timezone.localdate() + datetime.timedelta(days=days)
    return datetime.datetime.combine(day, datetime.time(hour), tzinfo=PARIS)


def a_fixture() -> Fixture:
    """The first fixture between "anna"'s and "bruno"'s teams in a league on Paris
    time, drawn up today: its deadline a week away or more."""
    commissioner = UserFactory(username="commish")
    league = LeagueFactory(
        name="Bretonnian Cup", commissioners=[commissioner], time_zone="Europe/Paris"
    )
    season = league_services.open_season(commissioner, league)
    coaches = {"anna": UserFactory(username="anna"), "bruno": UserFactory(username="bruno")}
    for n in range(4):
        coach = list(coaches.values())[n] if n < 2 else UserFactory()
        league_services.admit_team(
            commissioner, season, TeamFactory(name=f"Couronne {n + 1}", coach=coach)
        )
    league_services.generate_schedule(commissioner, season, start_date=timezone.localdate())
    fixture = (
        Fixture.objects.select_related("home__coach", "away__coach", "season__league")
        .filter(home__coach__in=coaches.values(), away__coach__in=coaches.values())
        .order_by("round__number")
        .first()
    )
    return fixture


def test_two_coaches_agree_a_kickoff_on_their_phones(browser, live_server):
    fixture = a_fixture()
    proposer, answerer = fixture.home.coach.username, fixture.away.coach.username
    first, second = evening(2, 19), evening(3, 20)
    league = fixture.season.league
    with phone_pages(browser, live_server, 2) as (home, away):
        log_in(home, proposer)
        home.goto(f"/leagues/fixtures/{fixture.pk}/")
        block = home.locator("#kickoff")
        expect(block.get_by_role("heading", name="Kick-off", exact=True)).to_be_visible()
        expect(block.get_by_text("No kick-off time agreed yet")).to_be_visible()
        home.fill("#id_starts_at_1", first.strftime("%Y-%m-%dT%H:%M"))
        home.fill("#id_starts_at_2", second.strftime("%Y-%m-%dT%H:%M"))
        block.get_by_role("button", name="Propose").click()
        expect(home.locator("#kickoff-done")).to_have_text("2 times proposed.")
        expect(home.locator("#kickoff-slots li")).to_have_count(2)
        expect(home.locator("#kickoff-slots")).to_contain_text(when(second, league))
        # The proposer withdraws but never answers his own times.
        expect(home.locator("#kickoff").get_by_role("button", name="Accept")).to_have_count(0)
        assert page_overflow(home) == 0

        log_in(away, answerer)
        away.goto(f"/leagues/fixtures/{fixture.pk}/")
        slot = away.locator("#kickoff-slots li", has_text=when(second, league))
        slot.get_by_role("button", name="Accept").click()
        expect(away.locator("#kickoff-done")).to_have_text("Kick-off agreed.")
        expect(away.locator("#kickoff-agreed")).to_have_text(when(second, league))
        assert page_overflow(away) == 0

        home.reload()
        expect(home.locator("#kickoff-agreed")).to_have_text(when(second, league))
        expect(home.locator("#kickoff-propose")).to_have_count(0)  # agreed: no more proposals

        feed = away.request.get(f"/leagues/{league.pk}/calendar.ics")
        assert feed.ok
        events = {str(e["UID"]): e for e in Calendar.from_ical(feed.body()).walk("VEVENT")}
        event = next(
            e for uid, e in events.items() if uid.startswith(f"dugout-fixture-{fixture.pk}@")
        )
        assert event.start == second
        assert str(event.start.tzinfo) == "Europe/Paris"
    statuses = sorted(KickoffSlot.objects.filter(fixture=fixture).values_list("status", flat=True))
    assert statuses == ["accepted", "declined"]
