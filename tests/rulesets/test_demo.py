"""The demo holds one league of each other ruleset, "Classic Cup", "Blitz Bowl Bash" and
"Third Season Cup" (BB2025),
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
from teams.models import Team
from tests.factories import assert_treasury_is_ledger


@pytest.mark.django_db
def test_demo_has_a_classic_and_a_blitz_bowl_league_and_loads_twice_without_change():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert set(League.objects.values_list("ruleset", flat=True)) == {
        "bb2020",
        "classic",
        "blitz_bowl",
        "bb2025",
    }
    for name, ruleset in (
        ("Classic Cup", "classic"),
        ("Blitz Bowl Bash", "blitz_bowl"),
        ("Third Season Cup", "bb2025"),
    ):
        league = League.objects.get(name=name, ruleset=ruleset)
        season = league.seasons.get(number=1)
        entries = season.entries.select_related("team")
        assert entries.count() == 4 and {e.team.ruleset for e in entries} == {ruleset}
        assert season.fixtures.count() == 6  # a single round robin of four teams
        played = season.fixtures.filter(status=Fixture.Status.PLAYED)
        assert played.count() == 2 and {f.round.number for f in played} == {1}
        for match in Match.objects.filter(fixture__season=season):
            assert match.status == Match.Status.CLOSED
            assert PostGameApplication.objects.filter(match=match, phase="final").count() == 1
        for entry in entries:
            assert_treasury_is_ledger(entry.team)
        assert sum(r.played for r in overall_standings(season)) == 4
        assert out.getvalue().count(f"{name} ({ruleset}): played") == 2
    blitz = Fixture.objects.filter(season__league__name="Blitz Bowl Bash", status="played")
    assert all(f.home_points is not None for f in blitz)
    # BB2025 as the rulebook has it (bb2025-league-facts.md): a Team Captain (Pro) for
    # the Human team (section 2), the Chaos Chosen Favoured of Khorne, the Goblins (two
    # Team Leagues) in the one they chose (section 2), only rulebook rosters (no Slann,
    # section 13.14), a team that stalled.
    third = Team.objects.filter(league_entries__season__league__name="Third Season Cup")
    assert third.filter(roster_slug="human", players__skills__skill="Pro").count() == 1
    choices = dict(third.values_list("roster_slug", "special_rule_choice"))
    assert choices == {
        "human": "",
        "chaos-chosen": "Favoured of Khorne",
        "dwarf": "",
        "goblin": "Underworld Challenge",
    }
    third_matches = Match.objects.filter(fixture__season__league__name="Third Season Cup")
    assert any(m.reports.get(is_current=True).team_extras for m in third_matches)
    # Played through the match services: the five-step pre-game, no prayer rolled
    # unless bought (section 4).
    for match in third_matches:
        steps = [step["title"] for step in match.pre_game_result["steps"]]
        assert steps == [
            "The Fans",
            "The Weather",
            "Take on Journeymen",
            "Inducements",
            "Determine Kicking Team",
        ]
        assert match.pre_game_result["summary"]["prayers"] == {"home": [], "away": []}
    counts = {m._meta.label: m.objects.count() for m in apps.get_models()}
    call_command("load_demo", stdout=io.StringIO())
    assert {m._meta.label: m.objects.count() for m in apps.get_models()} == counts
