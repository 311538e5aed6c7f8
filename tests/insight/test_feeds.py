"""The iCalendar feeds, parsed back with the icalendar library: one all-day event per
fixture on its deadline, named after its round and teams, the score once played."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from icalendar import Calendar

from leagues import services as league_services
from tests.factories import UserFactory, drafted_team
from tests.insight.league import build_small_league, fixture_of, record

pytestmark = pytest.mark.django_db

START = datetime.date(2026, 3, 2)  # tests/insight/league.py: a round a week


@pytest.fixture
def world():
    return build_small_league("Cal")


def _feed(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = Calendar.from_ical(response.content)
    return calendar, {str(e["UID"]): e for e in calendar.walk("VEVENT")}


def test_the_league_feed(client, world):
    calendar, events = _feed(client, reverse("league-calendar", args=[world.league.pk]))
    assert str(calendar["X-WR-CALNAME"]) == "Dugout: Cal League"
    assert str(calendar["VERSION"]) == "2.0"
    fixtures = list(world.season.fixtures.select_related("home", "away", "round"))
    assert len(events) == len(fixtures) == 6  # four teams, single round robin
    for fixture in fixtures:
        event = events[f"dugout-fixture-{fixture.pk}@testserver"]
        deadline = START + datetime.timedelta(days=7 * fixture.round.number)
        assert event.start == deadline  # an all-day event on the round's deadline
        assert event.end == deadline + datetime.timedelta(days=1)
        summary = f"Round {fixture.round.number}: {fixture.home.name} v {fixture.away.name}"
        assert str(event["SUMMARY"]) == summary
        assert "To be played by" in str(event["DESCRIPTION"])
        assert str(event["URL"]).endswith(f"/leagues/fixtures/{fixture.pk}/")


def test_a_result_shows_in_the_feed(client, world):
    t = world.teams
    record(world.commissioner, world.season, t["R"], t["M"], (3, 1))
    fixture = fixture_of(world.season, t["R"], t["M"])
    _, events = _feed(client, reverse("league-calendar", args=[world.league.pk]))
    event = events[f"dugout-fixture-{fixture.pk}@testserver"]
    score = "3-1" if fixture.home_id == t["R"].pk else "1-3"
    assert f"{fixture.home.name} {score} {fixture.away.name}" in str(event["SUMMARY"])
    assert "Played" in str(event["DESCRIPTION"])


def test_a_rescheduled_fixture_moves(client, world):
    t = world.teams
    fixture = fixture_of(world.season, t["R"], t["T"])
    moved = datetime.date(2026, 5, 1)
    league_services.reschedule_fixture(world.commissioner, fixture, deadline=moved)
    _, events = _feed(client, reverse("league-calendar", args=[world.league.pk]))
    event = events[f"dugout-fixture-{fixture.pk}@testserver"]
    assert event.start == moved
    assert "Postponed" in str(event["DESCRIPTION"])


def test_the_team_and_coach_feeds(client, world):
    t = world.teams
    _, events = _feed(client, reverse("team-calendar", args=[t["R"].pk]))
    assert len(events) == 3  # the Reavers' three fixtures
    assert all("Cal Reavers" in str(e["SUMMARY"]) for e in events.values())
    # The Reavers' coach drafts a second team and enters it in another league of four
    # teams: his feed has his six fixtures, three from each league.
    coach = t["R"].coach
    boss = world.commissioner
    far = league_services.create_league(boss, name="Far League", ruleset="bb2020")
    season = league_services.open_season(boss, far, format="single")
    league_services.admit_team(boss, season, drafted_team(coach, name="Cal Second"))
    for n in range(3):
        team = drafted_team(UserFactory(username=f"far-{n}"), name=f"Far Team {n}")
        league_services.admit_team(boss, season, team)
    league_services.generate_schedule(boss, season, start_date=START, days_per_round=7)
    _, events = _feed(client, reverse("coach-calendar", args=[coach.get_username()]))
    assert len(events) == 6
    assert {str(e["CATEGORIES"].cats[0]) for e in events.values()} == {"Cal League", "Far League"}


def test_unknown_feeds_are_404(client):
    assert client.get(reverse("league-calendar", args=[999_999])).status_code == 404
    assert client.get(reverse("team-calendar", args=[999_999])).status_code == 404
    assert client.get(reverse("coach-calendar", args=["nobody"])).status_code == 404
