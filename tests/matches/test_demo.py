"""The demo's first two rounds, played in full through every match service and
agreeing with the results the leagues demo recorded; loading twice changes nothing."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.management import call_command

from leagues.models import Fixture
from leagues.selectors import overall_standings
from matches.models import DiceRoll, Match, PlayerMatchStats, PostGameApplication
from matches.selectors import leaderboards
from tests.factories import assert_treasury_is_ledger


@pytest.mark.django_db
def test_demo_plays_the_recorded_rounds_in_full_and_loads_twice_without_change():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    # The Old World Cup's matches (the classic and Blitz Bowl demo leagues have their own).
    matches = Match.objects.filter(fixture__season__league__name="Old World Cup").select_related(
        "fixture__home", "fixture__away", "fixture__round"
    )
    assert matches.count() == 6
    assert out.getvalue().count("in full") == 6
    for match in matches:
        fixture = match.fixture
        assert match.status == Match.Status.CLOSED
        assert fixture.status == Fixture.Status.PLAYED and fixture.round.number in (1, 2)
        assert PostGameApplication.objects.filter(match=match, phase="final").count() == 1
        assert DiceRoll.objects.filter(match=match, sequence="pre_game").exists()
        assert DiceRoll.objects.filter(match=match, sequence="post_game").exists()
        stats = PlayerMatchStats.objects.filter(match=match)
        home_tds = sum(s.touchdowns for s in stats if s.team_id == fixture.home_id)
        assert home_tds == fixture.home_touchdowns
        assert_treasury_is_ledger(fixture.home)
        assert_treasury_is_ledger(fixture.away)
    season = matches.first().fixture.season
    assert season.fixtures.filter(status=Fixture.Status.PLAYED).count() == 6
    assert sum(r.played for r in overall_standings(season)) == 12
    assert leaderboards(season, "touchdowns")[0]["total"] >= 1
    counts = {m._meta.label: m.objects.count() for m in apps.get_models()}
    call_command("load_demo", stdout=io.StringIO())
    assert {m._meta.label: m.objects.count() for m in apps.get_models()} == counts
