"""The treasury: the ledger, re-rolls and sideline staff."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.db import transaction

from rules_engine import get_ruleset
from teams.errors import TreasuryError
from teams.models import LedgerReason, Team, TreasuryEntry
from teams.services import (
    buy_reroll,
    correct_treasury,
    fire_staff,
    hire_player,
    hire_staff,
    post_to_ledger,
    reroll_price_after_draft,
)
from teams.services._common import lock_team
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team

pytestmark = pytest.mark.django_db

BB2020 = get_ruleset("bb2020")


def snapshot(team: Team) -> tuple:
    team.refresh_from_db()
    return (
        team.treasury,
        team.rerolls,
        team.assistant_coaches,
        team.cheerleaders,
        team.apothecary,
        TreasuryEntry.objects.count(),
        team.players.count(),
    )


def poor_team(roster_slug: str = "human", left: int = 0) -> Team:
    """A drafted team whose treasury holds ``left`` (bought down with re-rolls at draft)."""
    team = drafted_team(roster_slug=roster_slug)
    # An administrator's correction takes it down, through the ledger like any posting.
    admin = UserFactory(is_superuser=True)
    correct_treasury(admin, team, left - team.treasury, "Spent on a test")
    team.refresh_from_db()
    return team


def test_rerolls_cost_double_after_the_draft():
    team = drafted_team()  # 11 Human Linemen: 550,000 spent
    roster = BB2020.roster("human")
    assert reroll_price_after_draft(roster, BB2020) == 2 * roster.reroll_cost == 100_000
    team = buy_reroll(team.coach, team)
    assert (team.rerolls, team.treasury) == (1, 450_000 - 100_000)
    entry = team.ledger_entries.latest("id")
    assert (entry.reason, entry.amount, entry.note) == (
        LedgerReason.REROLL,
        -100_000,
        "Bought team re-roll 1",
    )
    assert entry.balance_after == team.treasury
    assert_treasury_is_ledger(team)


def test_at_most_eight_rerolls():
    team = drafted_team(rerolls=7)
    team = buy_reroll(team.coach, team)
    before = snapshot(team)
    with pytest.raises(TreasuryError, match="already has 8 team re-rolls, the most allowed"):
        buy_reroll(team.coach, team)
    assert snapshot(team) == before


def test_short_of_gold_the_database_is_unchanged():
    team = poor_team(left=60_000)
    before = snapshot(team)
    with pytest.raises(TreasuryError) as caught:
        hire_player(team.coach, team, "human-blitzer", "Karl")
    assert caught.value.messages == [
        "Not enough gold in the treasury: Hiring a new Blitzer costs 85,000 gp; "
        "the treasury holds 60,000 gp"
    ]
    with pytest.raises(TreasuryError, match="A team re-roll after the draft costs 100,000 gp"):
        buy_reroll(team.coach, team)
    assert snapshot(team) == before
    assert_treasury_is_ledger(team)
    other = poor_team(left=40_000)
    before = snapshot(other)
    with pytest.raises(TreasuryError, match="Hiring an apothecary costs 50,000 gp; the trea"):
        hire_staff(other.coach, other, "apothecary")
    assert snapshot(other) == before


def test_staff_prices_and_limits():
    team = drafted_team(assistant_coaches=5, cheerleaders=12)
    start = team.treasury
    team = hire_staff(team.coach, team, "assistant_coach")
    team = hire_staff(team.coach, team, "apothecary")
    assert (team.assistant_coaches, team.apothecary) == (6, True)
    assert team.treasury == start - 10_000 - 50_000
    notes = list(team.ledger_entries.order_by("id").values_list("note", flat=True))
    assert notes[-2:] == ["Hired an assistant coach", "Hired an apothecary"]
    before = snapshot(team)
    for kind, message in (
        ("assistant_coach", "already has 6 assistant coaches, the most allowed"),
        ("cheerleader", "already has 12 cheerleaders, the most allowed"),
        ("apothecary", "already has an apothecary"),
    ):
        with pytest.raises(TreasuryError, match=message):
            hire_staff(team.coach, team, kind)
    with pytest.raises(TreasuryError, match="Sideline staff are one of assistant_coach"):
        hire_staff(team.coach, team, "wizard")
    assert snapshot(team) == before
    assert_treasury_is_ledger(team)


def test_no_apothecary_for_shambling_undead():
    team = drafted_team(roster_slug="shambling-undead")
    with pytest.raises(TreasuryError, match="Shambling Undead teams may not hire an apothecary"):
        hire_staff(team.coach, team, "apothecary")


def test_fire_staff_refunds_nothing():
    team = drafted_team(cheerleaders=2, apothecary=True)
    treasury = team.treasury
    team = fire_staff(team.coach, team, "cheerleader")
    team = fire_staff(team.coach, team, "apothecary")
    assert (team.cheerleaders, team.apothecary, team.treasury) == (1, False, treasury)
    with pytest.raises(TreasuryError, match="has no assistant coach to let go"):
        fire_staff(team.coach, team, "assistant_coach")


def test_another_coach_may_not_spend_the_gold():
    team = drafted_team()
    before = snapshot(team)
    stranger = UserFactory()
    for service, args in (
        (buy_reroll, ()),
        (hire_staff, ("cheerleader",)),
        (fire_staff, ("cheerleader",)),
    ):
        with pytest.raises(PermissionDenied):
            service(stranger, team, *args)
    with pytest.raises(PermissionDenied):
        correct_treasury(team.coach, team, 1_000_000, "Free money")
    assert snapshot(team) == before


def test_a_superuser_may_act_for_a_coach():
    team = drafted_team()
    admin = UserFactory(is_superuser=True)
    team = buy_reroll(admin, team)
    assert team.ledger_entries.latest("id").created_by == admin


def test_post_to_ledger_needs_the_team_locked():
    team = Team.objects.get(pk=drafted_team().pk)  # not from lock_team
    with pytest.raises(transaction.TransactionManagementError, match="locked"):
        post_to_ledger(team, 10_000, LedgerReason.PRIZE, "Prize", team.coach)
    with transaction.atomic():
        locked = lock_team(team)
        entry = post_to_ledger(locked, 30_000, LedgerReason.PRIZE, "3rd place", team.coach)
    assert (entry.match_ref, entry.balance_after) == (None, team.treasury + 30_000)
    assert_treasury_is_ledger(team)


def test_lock_team_needs_a_transaction():
    team = drafted_team()
    # pytest-django wraps the test in a transaction; a bare connection would refuse.
    with transaction.atomic():
        assert lock_team(team.pk).pk == team.pk


def test_correction_needs_a_reason():
    team = drafted_team()
    with pytest.raises(TreasuryError, match="Say why"):
        correct_treasury(UserFactory(is_superuser=True), team, 5_000, " ")
