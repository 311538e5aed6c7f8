"""A journeyman hired permanently costs his hiring fee plus value increases, a Low Cost
Linemen team's too, in both editions (shared/rules/bb2025-league-facts.md section 8,
step 4: the 0 of Low Cost Linemen is CTV's, not a price)."""

from __future__ import annotations

import pytest
from django.db import transaction

from teams.models import LedgerReason
from teams.services import post_to_ledger
from teams.services._common import lock_team
from teams.services.roster import hire_journeyman_permanently
from tests.factories import PlayerFactory, TeamFactory, assert_treasury_is_ledger

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
def test_a_low_cost_linemen_journeyman_costs_his_fee(ruleset: str) -> None:
    team = TeamFactory(ruleset=ruleset, roster_slug="ogre")
    with transaction.atomic():
        post_to_ledger(lock_team(team), 50_000, LedgerReason.CORRECTION, "Starting gold", None)
    for _ in range(10):
        PlayerFactory(team=team)
    journeyman = PlayerFactory(team=team, journeyman=True, value_increases=10_000)
    hire_journeyman_permanently(team.coach, journeyman)
    team.refresh_from_db()
    paid = team.ledger_entries.get(reason=LedgerReason.JOURNEYMAN_HIRE).amount
    assert paid == -(15_000 + 10_000)
    assert team.treasury == 50_000 - 25_000
    assert_treasury_is_ledger(team)


def test_bb2025_low_cost_linemen_tv_keeps_the_fee_ctv_drops_it() -> None:
    """Facts §3 and §13.11: TV keeps a Low Cost Linemen Lineman's fee, CTV counts it 0
    (journeymen too); as the team sheet sums them."""
    from teams.selectors import value_breakdown

    team = TeamFactory(ruleset="bb2025", roster_slug="ogre")
    PlayerFactory(team=team, value_increases=20_000)  # a Gnoblar, 15,000 + 20,000
    PlayerFactory(team=team, position_slug="ogre-blocker")
    PlayerFactory(team=team, journeyman=True)
    PlayerFactory(team=team, miss_next_game=True)  # out of CTV with his fee
    values = value_breakdown(team)
    assert values.team_value == 35_000 + 140_000 + 15_000
    assert values.current_team_value == 20_000 + 140_000
