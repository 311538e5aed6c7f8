"""The demo teams: six rosters, legal drafts near the budget, loaded once."""

from __future__ import annotations

import pytest

import rules_engine
from demo.loader import ensure_users
from teams import demo
from teams.models import Team, TreasuryEntry
from tests.factories import assert_treasury_is_ledger


def test_demo_drafts_are_legal_and_near_the_budget():
    ruleset = rules_engine.get_ruleset("bb2020")
    assert len({d.roster_slug for d in demo.DEMO_TEAMS}) == 6
    for team in demo.DEMO_TEAMS:
        proposal = demo.near_budget(team)
        assert rules_engine.validate_draft(ruleset, proposal) == [], team.name
        assert rules_engine.draft_cost(ruleset, proposal).remaining < 10_000, team.name


@pytest.mark.django_db
def test_load_drafts_each_coach_a_team_once():
    users = ensure_users()
    lines: list[str] = []
    demo.load(users, lines.append)
    assert len(lines) == 6 and all("drafted" in line for line in lines)
    teams = {t.coach.username: t for t in Team.objects.select_related("coach")}
    assert set(teams) == {"grimnir", "lothar", "skrit", "gorbag", "ariel", "morg"}
    assert teams["morg"].special_rule_choice == "Favoured of Khorne"
    for team in teams.values():
        assert team.players.count() >= 11
        assert team.treasury < 10_000
        assert_treasury_is_ledger(team)
    counts = (Team.objects.count(), TreasuryEntry.objects.count())
    again: list[str] = []
    demo.load(users, again.append)
    assert len(again) == 6 and all("already there" in line for line in again)
    assert (Team.objects.count(), TreasuryEntry.objects.count()) == counts
