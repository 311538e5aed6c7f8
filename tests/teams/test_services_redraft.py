"""Re-drafting between seasons, and the team as the engine's TeamState."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from leagues.services.team_redraft import redraft_team
from rules_engine import get_ruleset
from rules_engine.bb2020.redraft import redraft_budget, rehire_fee
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import ScriptedDice
from rules_engine.errors import DraftError
from teams.models import LedgerReason, Player, Team, TreasuryEntry
from teams.services import (
    correct_treasury,
    record_injury,
    spend_spp,
    take_journeyman,
    team_state,
)
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season

pytestmark = pytest.mark.django_db

BB2020 = get_ruleset("bb2020")


def a_season_old_team() -> Team:
    """11 Human Linemen and 2 Blitzers, one advanced, one hurt, one niggled, 100,000 gp."""
    team = drafted_team(players={"human-lineman": 11, "human-blitzer": 2})
    admin = UserFactory(is_superuser=True)
    correct_treasury(admin, team, 100_000 - team.treasury, "End of season")
    star = team.players.get(number=12)
    Player.objects.filter(pk=star.pk).update(spp_earned=6)
    spend_spp(team.coach, star, "chosen_primary", skill="Tackle")
    record_injury(team.coach, team.players.get(number=1), "miss_next_game")
    record_injury(team.coach, team.players.get(number=2), "niggling")
    record_injury(team.coach, team.players.get(number=2), "niggling")
    return Team.objects.get(pk=team.pk)


def test_redraft_keeps_who_is_rehired_and_pays_from_the_budget():
    team = a_season_old_team()
    kept = list(team.players.filter(number__in=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]))
    star = next(p for p in kept if p.number == 12)
    assert star.current_value == 85_000 + 20_000
    closed_season(team, [WIN, WIN, WIN, DRAW, LOSS, LOSS])

    result = redraft_team(
        team.coach,
        team,
        rehire=[p.pk for p in kept],
        hire=[{"position_slug": "human-catcher", "name": "Ulf", "number": 11}],
        rerolls=2,
        apothecary=True,
        dice=ScriptedDice([4, 2]),  # the two Niggling Injuries of #2
    )

    budget = redraft_budget(100_000, 6, 3, 1)
    assert result.budget == budget == 1_000_000 + 100_000 + 120_000 + 60_000 + 10_000
    fees = sum(rehire_fee(p.current_value, 1) for p in kept)
    assert fees == 10 * 70_000 + 125_000
    assert result.cost == fees + 65_000 + 2 * 50_000 + 50_000
    team.refresh_from_db()
    assert team.treasury == budget - result.cost
    assert (team.rerolls, team.apothecary, team.assistant_coaches) == (2, True, 0)
    assert_treasury_is_ledger(team)
    redraft = team.ledger_entries.filter(reason=LedgerReason.REDRAFT).order_by("id")
    assert [e.amount for e in redraft] == [budget - 100_000, -result.cost]

    active = {p.number: p for p in team.players.filter(status=Player.Status.ACTIVE)}
    assert sorted(active) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert active[11].name == "Ulf" and active[12].current_value == 105_000  # fee is no value
    assert not active[1].miss_next_game
    assert active[2].niggling_injuries == 1 and result.niggling_removed == {active[2].pk: 1}
    assert [r["result"] for r in result.rolls] == [4, 2]
    gone = team.players.get(number=13)
    assert gone.status == Player.Status.RETIRED and gone in result.left


def test_a_redraft_that_breaks_the_rules_reports_everything_and_changes_nothing():
    team = a_season_old_team()
    closed_season(team, [LOSS], cap=1_000_000)
    rows = (TreasuryEntry.objects.count(), Player.objects.filter(status="active").count())
    with pytest.raises(DraftError) as caught:
        redraft_team(
            team.coach,
            team,
            rehire=[p.pk for p in team.players.all()] + [999_999],
            hire={"human-blitzer": 3},
            rerolls=8,
        )
    messages = caught.value.messages
    assert messages[0] == f"Player 999999 is not a permanent player of {team.name}"
    assert "Human teams may have at most 4 Blitzers; this draft has 5" in messages
    assert "A team may have at most 16 players; this draft has 16" not in messages
    assert (
        messages[-1].startswith("This re-draft costs ") and "over the 1,000,000 gp" in messages[-1]
    )
    assert rows == (TreasuryEntry.objects.count(), Player.objects.filter(status="active").count())
    with pytest.raises(PermissionDenied):
        redraft_team(UserFactory(), team)


def test_journeymen_leave_at_the_redraft():
    team = drafted_team()
    record_injury(team.coach, team.players.get(number=1), "miss_next_game")
    journeyman = take_journeyman(team.coach, team)
    closed_season(team, [])
    result = redraft_team(
        team.coach,
        team,
        rehire=[p.pk for p in team.players.filter(journeyman=False)],
        dice=ScriptedDice([]),
    )
    journeyman.refresh_from_db()
    assert journeyman.status == Player.Status.RETIRED and journeyman in result.left
    assert_treasury_is_ledger(team)


def test_team_state_is_what_the_engine_reads(django_assert_max_num_queries):
    team = a_season_old_team()
    Player.objects.filter(team=team, number=13).update(status=Player.Status.FIRED)
    with django_assert_max_num_queries(4):  # team, players, skills, advancements
        state = team_state(team.pk)
    assert isinstance(state, TeamState)
    assert (state.id, state.name, state.roster_slug, state.treasury) == (
        team.pk,
        team.name,
        "human",
        100_000,
    )
    assert [p.number for p in state.players] == list(range(1, 13))
    star = state.players[-1]
    assert (star.skills, star.advancements, star.value_increases, star.spp) == (
        ("Tackle",),
        1,
        20_000,
        0,
    )
    assert state.players[0].miss_next_game and state.players[1].niggling_injuries == 2
    assert state.value_input().rerolls == 0
