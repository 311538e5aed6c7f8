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
