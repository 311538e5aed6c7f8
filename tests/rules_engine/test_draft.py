"""The team draft, facts sheet section 1 (p.28-35)."""

from __future__ import annotations

import pytest

from rules_engine.draft import DraftProposal, check_draft, draft_cost
from rules_engine.errors import DraftError, RulesError
from tests.rules_engine.english import validate_draft

HUMAN_PLAYERS = {"human-blitzer": 4, "human-catcher": 2, "human-thrower": 1, "human-lineman": 5}


def human(**changes) -> DraftProposal:
    # 4 x 85,000 + 2 x 65,000 + 80,000 + 5 x 50,000 = 800,000 for 12 players
    base = dict(
        roster_slug="human",
        players=HUMAN_PLAYERS,
        rerolls=3,
        assistant_coaches=1,
        cheerleaders=1,
        dedicated_fans=2,
    )
    base.update(changes)
    return DraftProposal(**base)


def test_a_legal_human_draft_passes(bb2020):
    assert validate_draft(bb2020, human()) == []
    cost = check_draft(bb2020, human())
    assert (cost.players, cost.rerolls, cost.assistant_coaches, cost.cheerleaders) == (
        800_000,
        150_000,
        10_000,
        10_000,
    )
    assert (cost.apothecary, cost.dedicated_fans) == (0, 10_000)
    assert (cost.total, cost.remaining, cost.budget) == (980_000, 20_000, 1_000_000)


def test_draft_cost_is_live_for_a_half_built_team(bb2020):
    cost = draft_cost(bb2020, DraftProposal("human", {"blitzer": 2}, rerolls=1))
    assert (cost.total, cost.remaining) == (220_000, 780_000)


def test_every_problem_is_reported_at_once(bb2020):
    proposal = DraftProposal(
        "shambling-undead",
        players={
            "shambling-undead-wight-blitzer": 3,
            "shambling-undead-mummy": 2,
            "shambling-undead-ghoul-runner": 4,
            "shambling-undead-skeleton-lineman": 4,
        },
        rerolls=3,
        apothecary=True,
    )
    # 3 x 90,000 + 2 x 125,000 + 4 x 75,000 + 4 x 40,000 + 3 x 70,000 = 1,190,000
    problems = validate_draft(bb2020, proposal)
    assert problems == [
        "Shambling Undead teams may have at most 2 Wight Blitzers; this draft has 3",
        "Shambling Undead teams may not hire an apothecary",
        "This draft costs 1,190,000 gp, 190,000 gp over the 1,000,000 gp budget",
    ]
    with pytest.raises(DraftError) as caught:
        check_draft(bb2020, proposal)
    assert caught.value.messages == problems
    assert isinstance(caught.value, RulesError)


def test_too_many_blitzers_says_so_in_the_coachs_words(bb2020):
    proposal = human(players={**HUMAN_PLAYERS, "human-blitzer": 5, "human-lineman": 4})
    assert "Human teams may have at most 4 Blitzers; this draft has 5" in validate_draft(
        bb2020, proposal
    )


def test_a_single_position_is_named_in_the_singular(bb2020):
    proposal = human(players={"human-ogre": 2, "human-lineman": 10}, rerolls=0)
    assert validate_draft(bb2020, proposal) == [
        "Human teams may have at most 1 Ogre; this draft has 2"
    ]


def test_aliases_of_one_position_add_up(bb2020):
    proposal = human(players={"human-blitzer": 3, "blitzer": 2, "human-lineman": 7}, rerolls=0)
    assert validate_draft(bb2020, proposal) == [
        "Human teams may have at most 4 Blitzers; this draft has 5"
    ]


def test_player_count_limits(bb2020):
    few = validate_draft(bb2020, human(players={"human-lineman": 10}))
    assert few == ["A new team needs at least 11 players; this draft has 10"]
    many = validate_draft(
        bb2020, human(players={"human-lineman": 16, "human-catcher": 1}, rerolls=0)
    )
    assert "A team may have at most 16 players; this draft has 17" in many


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rerolls": 9}, "A new team may have at most 8 team re-rolls; this draft has 9"),
        ({"rerolls": -1}, "The number of team re-rolls cannot be negative; got -1"),
        (
            {"assistant_coaches": 7},
            "A new team may have at most 6 assistant coaches; this draft has 7",
        ),
        ({"cheerleaders": 13}, "A new team may have at most 12 cheerleaders; this draft has 13"),
        ({"apothecary": 2}, "A new team may have at most 1 apothecary; this draft has 2"),
        ({"dedicated_fans": 0}, "A new team must have at least 1 Dedicated Fan; this draft has 0"),
        ({"dedicated_fans": 7}, "A new team may have at most 6 Dedicated Fans; this draft has 7"),
        ({"cheerleaders": 1.5}, "The number of cheerleaders must be a whole number; got 1.5"),
    ],
)
def test_staff_and_fan_limits(bb2020, change, message):
    proposal = human(players={"human-lineman": 11}, budget=2_000_000, **change)
    assert validate_draft(bb2020, proposal) == [message]


def test_unknown_and_negative_positions(bb2020):
    proposal = human(players={**HUMAN_PLAYERS, "human-wizard": 1, "human-catcher": -1})
    problems = validate_draft(bb2020, proposal)
    assert "Human teams have no position 'human-wizard'" in problems
    assert "The number of Catchers cannot be negative; got -1" in problems
    assert draft_cost(bb2020, proposal).players == 800_000 - 2 * 65_000


def test_big_guy_limit_from_the_roster_note(bb2020):
    players = {
        "chaos-chosen-chaos-troll": 1,
        "chaos-chosen-chaos-ogre": 1,
        "chaos-chosen-beastman-runner-lineman": 9,
    }
    proposal = DraftProposal("chaos-chosen", players, special_rule_choice="Favoured of Khorne")
    problems = validate_draft(bb2020, proposal)
    assert problems == ["Chaos Chosen teams may have at most 1 Big Guy; this draft has 2"]


def test_extra_dedicated_fans_cost_10000_each(bb2020):
    proposal = human(players={"human-lineman": 11}, rerolls=0, dedicated_fans=6)
    cost = draft_cost(bb2020, proposal)
    assert cost.dedicated_fans == 50_000
    assert cost.total == 550_000 + 10_000 + 10_000 + 50_000


def test_apothecary_costs_50000(bb2020):
    proposal = human(players={"human-lineman": 11}, apothecary=True)
    assert draft_cost(bb2020, proposal).apothecary == 50_000
    assert validate_draft(bb2020, proposal) == []


def test_favoured_of_choice_is_checked(bb2020):
    players = {"chaos-chosen-beastman-runner-lineman": 11}
    assert (
        validate_draft(
            bb2020, DraftProposal("chaos-chosen", players, special_rule_choice="Favoured of Nurgle")
        )
        == []
    )
    problems = validate_draft(
        bb2020, DraftProposal("chaos-chosen", players, special_rule_choice="Favoured of Sigmar")
    )
    assert problems == [
        "Chaos Chosen teams choose one of Favoured of Chaos Undivided, Favoured of Hashut, "
        "Favoured of Khorne, Favoured of Nurgle, Favoured of Slaanesh, Favoured of Tzeentch; "
        "'Favoured of Sigmar' is not one of them"
    ]


def test_a_bigger_budget_for_a_redraft(bb2020):
    proposal = human(rerolls=8, budget=1_300_000)
    assert validate_draft(bb2020, proposal) == []
    assert draft_cost(bb2020, proposal).remaining == 1_300_000 - 1_230_000


def test_unknown_roster(bb2020):
    assert validate_draft(bb2020, DraftProposal("wizards", {})) == [
        "There is no 'wizards' roster in Blood Bowl 2020"
    ]


def test_low_cost_linemen_still_pay_to_hire(bb2020):
    proposal = DraftProposal("ogre", {"ogre-gnoblar-lineman": 6, "ogre-ogre-blocker": 5})
    assert draft_cost(bb2020, proposal).players == 6 * 15_000 + 5 * 140_000
    assert validate_draft(bb2020, proposal) == []
