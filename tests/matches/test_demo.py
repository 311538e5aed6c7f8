"""The demo's round 3, played through every match service, and loading twice."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.management import call_command

from leagues.models import Fixture
from matches.models import DiceRoll, Match, PlayerMatchStats, PostGameApplication
from tests.factories import assert_treasury_is_ledger


@pytest.mark.django_db
def test_demo_plays_round_three_in_full_and_loads_twice_without_change():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    matches = Match.objects.select_related("fixture__home", "fixture__away")
    assert matches.count() == 3
    assert "full post-game" in out.getvalue()
    for match in matches:
        assert match.status == Match.Status.CLOSED
        assert match.fixture.status == Fixture.Status.PLAYED
        assert match.fixture.round.number == 3
        assert PostGameApplication.objects.filter(match=match).count() == 1
        assert DiceRoll.objects.filter(match=match, sequence="pre_game").exists()
        assert DiceRoll.objects.filter(match=match, sequence="post_game").exists()
        assert_treasury_is_ledger(match.fixture.home)
        assert_treasury_is_ledger(match.fixture.away)
    assert PlayerMatchStats.objects.filter(touchdowns__gt=0).exists()
    counts = {m._meta.label: m.objects.count() for m in apps.get_models()}
    call_command("load_demo", stdout=io.StringIO())
    assert {m._meta.label: m.objects.count() for m in apps.get_models()} == counts
