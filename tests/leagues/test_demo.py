"""The demo league loads, is under way, and loading it again changes nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from leagues.models import Fixture, League, PointsAdjustment, Season, TeamEntry
from leagues.selectors import division_standings
from teams.models import Team

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, ...]:
    return tuple(
        m.objects.count() for m in (League, Season, TeamEntry, Fixture, PointsAdjustment, Team)
    )


def test_demo_league_is_idempotent(client):
    call_command("load_demo", stdout=io.StringIO())
    first = counts()
    league = League.objects.get(name="Old World Cup")
    assert league.ruleset == "bb2020"
    assert [u.username for u in league.commissioners.all()] == ["commissioner"]
    season = league.seasons.get()
    assert season.status == Season.Status.REGULAR_SEASON
    division = season.divisions.get()
    assert division.entries.count() == 6
    assert season.rounds.count() == 10 and season.fixtures.count() == 30
    assert season.fixtures.filter(status=Fixture.Status.PLAYED).count() == 6
    rows = division_standings(division)
    assert sum(r.played for r in rows) == 12

    call_command("load_demo", stdout=io.StringIO())
    assert counts() == first
    page = client.get(reverse("league-home", args=[league.pk]))
    assert page.status_code == 200 and "Round 3" in page.content.decode()
