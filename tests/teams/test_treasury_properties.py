"""Invariant: whatever a coach does, the treasury equals its ledger and is never negative."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import DraftProposal, draft_cost, get_ruleset
from rules_engine.errors import RulesError
from teams.models import Player, Team
from teams.services import (
    buy_reroll,
    correct_treasury,
    draft_team,
    fire_player,
    fire_staff,
    hire_journeyman_permanently,
    hire_player,
    hire_staff,
    record_injury,
    take_journeyman,
)
from tests.factories import UserFactory, minimal_draft

BB2020 = get_ruleset("bb2020")
ROSTERS = sorted(BB2020.rosters)
STAFF = ["assistant_coach", "cheerleader", "apothecary"]

actions = st.one_of(
    st.tuples(st.just("hire"), st.integers(0, 10)),
    st.tuples(st.just("fire"), st.integers(0, 20)),
    st.tuples(st.just("reroll"), st.just(0)),
    st.tuples(st.just("staff"), st.integers(0, 2)),
    st.tuples(st.just("fire_staff"), st.integers(0, 2)),
    st.tuples(st.just("journeyman"), st.integers(0, 20)),
    st.tuples(st.just("hurt"), st.integers(0, 20)),
    st.tuples(st.just("windfall"), st.integers(1, 30)),
)


def affordable_rerolls(roster_slug: str, wanted: int) -> int:
    players = minimal_draft(roster_slug)
    while (
        wanted
        and draft_cost(BB2020, DraftProposal(roster_slug, players, rerolls=wanted)).remaining < 0
    ):
        wanted -= 1
    return wanted


def check_ledger(team: Team) -> None:
    team.refresh_from_db(fields=["treasury"])
    total = team.ledger_entries.aggregate(total=Sum("amount"))["total"] or 0
    last = team.ledger_entries.order_by("-id").values_list("balance_after", flat=True).first()
    assert team.treasury == total == last
    assert team.treasury >= 0


def snapshot(team: Team) -> tuple:
    fresh = Team.objects.get(pk=team.pk)
    return (
        fresh.treasury,
        fresh.rerolls,
        fresh.assistant_coaches,
        fresh.cheerleaders,
        fresh.apothecary,
        fresh.ledger_entries.count(),
        tuple(fresh.players.order_by("id").values_list("status", "journeyman", "miss_next_game")),
    )


def act(team: Team, admin, action: str, n: int) -> None:
    coach = team.coach
    players = list(team.players.filter(status=Player.Status.ACTIVE).order_by("number"))
    roster = BB2020.roster(team.roster_slug)
    positions = list(roster.positions)
    pick = players[n % len(players)] if players else None
    if action == "hire":
        hire_player(coach, team, positions[n % len(positions)], f"Rookie {n}")
    elif action == "fire" and pick:
        fire_player(coach, pick)
    elif action == "reroll":
        buy_reroll(coach, team)
    elif action == "staff":
        hire_staff(coach, team, STAFF[n])
    elif action == "fire_staff":
        fire_staff(coach, team, STAFF[n])
    elif action == "journeyman":
        journeymen = [p for p in players if p.journeyman]
        if journeymen:
            hire_journeyman_permanently(coach, journeymen[n % len(journeymen)])
        else:
            take_journeyman(coach, team)
    elif action == "hurt" and pick:
        record_injury(coach, pick, "miss_next_game")
    elif action == "windfall":
        correct_treasury(admin, team, n * 10_000, "Winnings")


@pytest.mark.django_db
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    roster_slug=st.sampled_from(ROSTERS),
    rerolls=st.integers(0, 8),
    steps=st.lists(actions, max_size=30),
)
def test_treasury_is_the_ledger_and_never_negative(roster_slug, rerolls, steps):
    # Each example runs in its own transaction, rolled back at the end.
    with transaction.atomic():
        coach = UserFactory(username="property-coach")
        admin = UserFactory(username="property-admin", is_superuser=True)
        team = draft_team(
            coach,
            name="Property Team",
            ruleset_key="bb2020",
            roster_slug=roster_slug,
            players=minimal_draft(roster_slug),
            rerolls=affordable_rerolls(roster_slug, rerolls),
            # A roster that chooses its special rule when drafted takes its first option.
            special_rule_choice=next(
                iter(get_ruleset("bb2020").roster(roster_slug).special_rule_choices), ""
            ),
        )
        check_ledger(team)
        for action, n in steps:
            before = snapshot(team)
            try:
                act(team, admin, action, n)
            except RulesError:
                assert snapshot(team) == before  # a refusal changes nothing
            check_ledger(team)
        transaction.set_rollback(True)
