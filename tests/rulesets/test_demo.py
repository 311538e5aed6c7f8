"""The demo holds one league of each other ruleset, "Classic Cup" and "Blitz Bowl Bash",
each with four teams of its ruleset, a single round robin and its first round played
through the match services; loading twice changes nothing."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.management import call_command

from leagues.models import Fixture, League
from leagues.selectors import overall_standings
from matches.models import Match, PostGameApplication
from tests.factories import assert_treasury_is_ledger


@pytest.mark.django_db
def test_demo_has_a_classic_and_a_blitz_bowl_league_and_loads_twice_without_change():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert set(League.objects.values_list("ruleset", flat=True)) == {
        "bb2020",
        "classic",
        "blitz_bowl",
    }
    for name, ruleset in (("Classic Cup", "classic"), ("Blitz Bowl Bash", "blitz_bowl")):
        league = League.objects.get(name=name, ruleset=ruleset)
        season = league.seasons.get(number=1)
        entries = season.entries.select_related("team")
        assert entries.count() == 4 and {e.team.ruleset for e in entries} == {ruleset}
        assert season.fixtures.count() == 6  # a single round robin of four teams
        played = season.fixtures.filter(status=Fixture.Status.PLAYED)
        assert played.count() == 2 and {f.round.number for f in played} == {1}
        for match in Match.objects.filter(fixture__season=season):
            assert match.status == Match.Status.CLOSED
            assert PostGameApplication.objects.filter(match=match).count() == 1
        for entry in entries:
            assert_treasury_is_ledger(entry.team)
        assert sum(r.played for r in overall_standings(season)) == 4
        assert out.getvalue().count(f"{name} ({ruleset}): played") == 2
    blitz = Fixture.objects.filter(season__league__name="Blitz Bowl Bash", status="played")
    assert all(f.home_points is not None for f in blitz)
    counts = {m._meta.label: m.objects.count() for m in apps.get_models()}
    call_command("load_demo", stdout=io.StringIO())
    assert {m._meta.label: m.objects.count() for m in apps.get_models()} == counts
