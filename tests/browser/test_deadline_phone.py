"""Deadlines that act, on a phone (390×844, Debian's chromium): round 1's deadline
passes with one fixture unplayed, the deadline task runs as Celery beat runs it, and
the coach reads on the fixture page, the fixtures and the standings that the rules
settled it as a loss for both. In a league whose house rules hold unplayed fixtures,
the commissioner finds the fixture on the season's manage page and decides it with
the forfeit form."""

from __future__ import annotations

import datetime

import pytest
from django.db.models import Q
from django.urls import reverse
from playwright.sync_api import Page, expect

from leagues import services as league_services
from leagues.models import Fixture, HouseRules
from leagues.tasks import act_on_deadlines
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = ["Altdorf Arrows", "Bogenhafen Barons", "Carroburg Crushers", "Delberz Dragons"]


def a_league_past_round_one(*, hold: bool = False):
    """Four teams (the first coached by "ulrike") in a league in the commissioner's time
    zone; round 1's deadline was three days ago; one fixture of it was played (the home
    side won 2-1), the other, ulrike's, was not. The deadline task has not run yet."""
    commissioner = UserFactory(username="commish")
    coach = UserFactory(username="ulrike")
    league = LeagueFactory(
        name="Reikland League", commissioners=[commissioner], time_zone="Europe/Berlin"
    )
    if hold:
        HouseRules.objects.create(league=league, unplayed_fixtures="hold")
    season = league_services.open_season(commissioner, league)
    for n, name in enumerate(TEAMS):
        team = TeamFactory(name=name, **({"coach": coach} if n == 0 else {}))
        league_services.admit_team(commissioner, season, team)
    start = datetime.date.today() - datetime.timedelta(days=10)
    league_services.generate_schedule(commissioner, season, start_date=start, days_per_round=7)
    round_one = Fixture.objects.filter(season=season, round__number=1)
    unplayed = round_one.select_related("home", "away").get(
        Q(home__coach=coach) | Q(away__coach=coach)
    )
    played = round_one.exclude(pk=unplayed.pk).get()
    league_services.record_result(
        commissioner,
        played,
        home_touchdowns=2,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
    )
    return season, unplayed


def test_the_deadline_settles_the_unplayed_fixture_as_the_rules_say(phone: Page):
    season, fixture = a_league_past_round_one()
    act_on_deadlines.apply()  # as a worker runs it for Celery beat

    log_in(phone, "ulrike")
    phone.goto(reverse("fixture-detail", args=[fixture.pk]))
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        f"{fixture.home.name} v {fixture.away.name}"
    )
    note = phone.locator("#deadline-passed")
    expect(note).to_have_text("Deadline passed: settled as a loss for both.")
    expect(phone.locator("table").first).to_contain_text("Unplayed: a loss for both")
    assert page_overflow(phone) == 0

    phone.goto(reverse("season-fixtures", args=[season.pk]))
    expect(phone.locator("small.deadline-passed")).to_have_text(
        ["Deadline passed: settled as a loss for both."]
    )

    phone.goto(reverse("season-standings", args=[season.pk]))
    ours = phone.locator("table.league-table tbody tr").filter(has_text=TEAMS[0])
    cells = ours.locator("td.num").all_inner_texts()
    # #, P, W, D, L ... Pts: played one, lost it, no points.
    assert cells[1:5] == ["1", "0", "0", "1"], cells
    expect(ours.locator("td.rank")).to_have_text("0")
    assert page_overflow(phone) == 0


def test_held_for_the_commissioner_who_decides_on_his_phone(phone: Page):
    season, fixture = a_league_past_round_one(hold=True)
    act_on_deadlines.apply()

    log_in(phone, "commish")
    phone.goto(reverse("season-manage", args=[season.pk]))
    held = phone.locator("#deadline-held")
    expect(held).to_contain_text("Deadlines passed: your decision")
    held.get_by_role("link", name=f"Decide {fixture.home.name} v {fixture.away.name}").click()

    expect(phone.locator("#deadline-passed")).to_contain_text(
        "Deadline passed: waiting for the commissioner's decision."
    )
    assert page_overflow(phone) == 0
    phone.get_by_label("Unplayed: a loss for both").check()
    phone.get_by_role("button", name="Award the forfeit").click()
    expect(phone.get_by_text("Fixture updated.")).to_be_visible()
    expect(phone.locator("table").first).to_contain_text("Unplayed: a loss for both")

    phone.goto(reverse("season-manage", args=[season.pk]))
    expect(phone.locator("#deadline-held")).to_have_count(0)
