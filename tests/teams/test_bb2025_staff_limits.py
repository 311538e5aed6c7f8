"""BB2025 staff and re-roll limits after the draft (shared/rules/bb2025-league-facts.md
section 1: cheerleaders 0-6, also when hired later; section 13.8: the League Trophy's
re-roll counts toward the cap of 8)."""

from __future__ import annotations

import pytest
from django.db import transaction

from teams.errors import TreasuryError
from teams.models import LedgerReason, Team
from teams.services import post_to_ledger
from teams.services._common import lock_team
from teams.services.treasury import StaffKind, buy_reroll, hire_staff
from tests.factories import TeamFactory
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


def funded(**fields: object) -> Team:
    team = TeamFactory(ruleset="bb2025", roster_slug="human", **fields)
    with transaction.atomic():
        post_to_ledger(lock_team(team), 500_000, LedgerReason.CORRECTION, "Starting gold", None)
    team.refresh_from_db()
    return team


def test_a_seventh_cheerleader_is_refused() -> None:
    team = funded(cheerleaders=5)
    hire_staff(team.coach, team, StaffKind.CHEERLEADER)
    with pytest.raises(TreasuryError, match="already has 6 cheerleaders"):
        hire_staff(team.coach, team, StaffKind.CHEERLEADER)
    team.refresh_from_db()
    assert team.cheerleaders == 6


def test_the_trophy_reroll_counts_toward_eight() -> None:
    team = funded(rerolls=7)
    LeagueFactory(ruleset="bb2025", trophy_holder=team)
    with pytest.raises(TreasuryError, match="8 team re-rolls with the League Trophy's"):
        buy_reroll(team.coach, team)
    team.refresh_from_db()
    assert team.rerolls == 7 and team.treasury == 500_000
