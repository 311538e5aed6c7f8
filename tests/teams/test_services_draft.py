"""draft_team: the engine validates, the ledger pays, nothing half-saved."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from rules_engine import DraftProposal, draft_cost, get_ruleset
from rules_engine.draft import draft_rules_for
from rules_engine.errors import DraftError, RulesError
from teams.errors import TeamError
from teams.models import LedgerReason, Player, PlayerSkill, Team, TreasuryEntry
from teams.services import draft_team
from tests.factories import (
    TeamFactory,
    UserFactory,
    assert_treasury_is_ledger,
    drafted_team,
    minimal_draft,
)

pytestmark = pytest.mark.django_db

BB2020 = get_ruleset("bb2020")
BUDGET = draft_rules_for(BB2020).budget


def row_counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Team, Player, PlayerSkill, TreasuryEntry))


@pytest.mark.parametrize("roster_slug", list(BB2020.rosters))
def test_every_roster_can_be_drafted(roster_slug):
    players = minimal_draft(roster_slug)
    cost = draft_cost(BB2020, DraftProposal(roster_slug, players)).total
    coach = UserFactory()

    team = drafted_team(coach, roster_slug=roster_slug, players=players)

    roster = BB2020.roster(roster_slug)
    assert team.status == Team.Status.ACTIVE
    assert (team.coach, team.ruleset, team.roster_slug) == (coach, "bb2020", roster.slug)
    assert team.treasury == BUDGET - cost
    assert_treasury_is_ledger(team)
    entries = list(team.ledger_entries.order_by("id"))
    assert [(e.reason, e.amount) for e in entries] == [
        (LedgerReason.DRAFT_BUDGET, BUDGET),
        (LedgerReason.DRAFT_PURCHASE, -cost),
    ]
    assert entries[-1].balance_after == team.treasury
    hired = list(team.players.order_by("number"))
    assert [p.number for p in hired] == list(range(1, sum(players.values()) + 1))
    for player in hired:
        position = roster.positions[player.position_slug]
        assert player.name == f"{position.name} {player.number}"
        assert (player.ma, player.st, player.ag, player.pa, player.av) == (
            position.ma,
            position.st,
            position.ag,
            position.pa,
            position.av,
        )
        assert player.status == Player.Status.ACTIVE and not player.journeyman


def test_a_full_human_draft_with_names_numbers_and_staff():
    coach = UserFactory()
    team = draft_team(
        coach,
        name="Reikland Reavers",
        ruleset_key="bb2020",
        roster_slug="human",
        players=[
            {"position_slug": "human-blitzer", "name": "Griff", "number": 7},
            {"position_slug": "blitzer", "name": "Karl"},
            {"position_slug": "human-thrower", "number": 12},
            *[{"position_slug": "human-lineman"} for _ in range(8)],
        ],
        rerolls=3,
        assistant_coaches=1,
        cheerleaders=2,
        apothecary=True,
        dedicated_fans=3,
    )
    # 2 x 85,000 + 80,000 + 8 x 50,000 + 3 x 50,000 + 10,000 + 20,000 + 50,000 + 20,000 fans
    assert team.treasury == BUDGET - 900_000
    assert (team.rerolls, team.assistant_coaches, team.cheerleaders) == (3, 1, 2)
    assert (team.apothecary, team.dedicated_fans) == (True, 3)
    by_number = {p.number: p for p in team.players.all()}
    assert by_number[7].name == "Griff" and by_number[7].position_slug == "human-blitzer"
    assert by_number[1].name == "Karl" and by_number[1].current_value == 85_000
    assert by_number[12].name == "Thrower 12"
    assert sorted(by_number) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]
    purchase = team.ledger_entries.get(reason=LedgerReason.DRAFT_PURCHASE)
    assert purchase.note == (
        "Draft: 11 players, 3 team re-rolls, 1 assistant coach, 2 cheerleaders, "
        "an apothecary, Dedicated Fans 3 (900,000 gp)"
    )
    assert purchase.created_by == coach
    assert_treasury_is_ledger(team)


def test_every_problem_at_once_and_nothing_saved():
    before = row_counts()
    with pytest.raises(DraftError) as caught:
        draft_team(
            UserFactory(),
            name="Too Much",
            ruleset_key="bb2020",
            roster_slug="shambling-undead",
            players={
                "shambling-undead-wight-blitzer": 3,
                "shambling-undead-mummy": 2,
                "shambling-undead-ghoul-runner": 4,
                "shambling-undead-skeleton-lineman": 4,
            },
            rerolls=3,
            apothecary=True,
        )
    assert caught.value.messages == [
        "Shambling Undead teams may have at most 2 Wight Blitzers; this draft has 3",
        "Shambling Undead teams may not hire an apothecary",
        "This draft costs 1,190,000 gp, 190,000 gp over the 1,000,000 gp budget",
    ]
    assert isinstance(caught.value, RulesError)
    assert row_counts() == before


def test_name_and_number_problems_join_the_engines():
    TeamFactory(name="Taken Name")
    before = row_counts()
    with pytest.raises(DraftError) as caught:
        draft_team(
            UserFactory(),
            name="taken name",
            ruleset_key="bb2020",
            roster_slug="human",
            players=[
                {"position_slug": "human-lineman", "number": 3},
                {"position_slug": "human-lineman", "number": 3},
                {"position_slug": "human-lineman", "number": 100},
                {"name": "nobody"},
            ],
        )
    assert caught.value.messages == [
        "A team named 'taken name' already exists; choose another name",
        "Player 4 of the draft needs a position",
        "Two players of the draft wear number 3",
        "Shirt numbers run from 1 to 99; got 100",
        "A new team needs at least 11 players; this draft has 3",
    ]
    assert row_counts() == before


def test_blank_name_and_unknown_position():
    with pytest.raises(DraftError) as caught:
        draft_team(
            UserFactory(),
            name="  ",
            ruleset_key="bb2020",
            roster_slug="human",
            players={"human-lineman": 11, "human-wizard": 1},
        )
    assert caught.value.messages[:2] == [
        "The team needs a name",
        "Human teams have no position 'human-wizard'",
    ]


def test_special_rule_choice_is_kept_and_checked():
    team = drafted_team(roster_slug="chaos-chosen", special_rule_choice="Favoured of Nurgle")
    assert team.special_rule_choice == "Favoured of Nurgle"
    with pytest.raises(DraftError, match="is not one of them"):
        drafted_team(roster_slug="chaos-chosen", special_rule_choice="Favoured of Sigmar")


def test_unknown_ruleset_is_a_coach_readable_error():
    with pytest.raises(TeamError, match="There is no ruleset 'bb1987'; choose one of bb2020"):
        draft_team(
            UserFactory(),
            name="Old Timers",
            ruleset_key="bb1987",
            roster_slug="human",
            players=minimal_draft("human"),
        )


def test_signed_out_users_cannot_draft():
    before = row_counts()
    with pytest.raises(PermissionDenied):
        draft_team(
            AnonymousUser(),
            name="Ghosts",
            ruleset_key="bb2020",
            roster_slug="human",
            players=minimal_draft("human"),
        )
    assert row_counts() == before


def test_spending_the_whole_budget_leaves_an_empty_treasury():
    # 16 Snotling Linemen at 15,000 plus 8 re-rolls at 60,000 and the rest in fans/staff.
    players = {"snotling-lineman": 16}
    team = drafted_team(roster_slug="snotling", players=players, rerolls=8)
    spent = draft_cost(BB2020, DraftProposal("snotling", players, rerolls=8)).total
    assert team.treasury == BUDGET - spent
    assert_treasury_is_ledger(team)
