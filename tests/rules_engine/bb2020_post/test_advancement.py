"""Player advancement against the league facts sheet, section 4 step 3."""

from __future__ import annotations

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.advancement import (
    advancement_choice,
    advancement_cost,
    advancement_options,
    advancement_title,
    improvable_characteristics,
    take_advancement,
    value_increase,
)
from rules_engine.bb2020.report import PlayerReport
from rules_engine.bb2020.spp import SppEarned, pick_at_random, spp_earned
from rules_engine.bb2020.state import PlayerState
from rules_engine.dice import ScriptedDice
from rules_engine.errors import AdvancementError
from rules_engine.wording import english

# The facts sheet's cost table, row by row (1st..6th advancement).
COSTS = {
    "random_primary": [3, 4, 6, 8, 10, 15],
    "chosen_primary": [6, 8, 12, 16, 20, 30],
    "random_secondary": [6, 8, 12, 16, 20, 30],
    "chosen_secondary": [12, 14, 18, 22, 26, 40],
    "random_characteristic": [18, 20, 24, 28, 32, 50],
}
RULESET = get_ruleset("bb2020")
TITLES = ["Experienced", "Veteran", "Emerging Star", "Star", "Super Star", "Legend"]


def lineman(**changes: object) -> PlayerState:
    """A Human Lineman: MA6 ST3 AG3+ PA4+ AV9+, primary General, secondary Agility, Strength."""
    player = PlayerState(id=7, name="Lothar", position_slug="human-lineman", spp=100)
    return player.evolve(**changes)


@pytest.mark.parametrize(
    ("kind", "previous", "cost"),
    [(kind, n, cost) for kind, costs in COSTS.items() for n, cost in enumerate(costs)],
)
def test_advancement_cost_every_cell(kind: str, previous: int, cost: int) -> None:
    assert advancement_cost(kind, previous) == cost


def test_seventh_advancement_is_refused() -> None:
    with pytest.raises(AdvancementError, match="players may have at most six advancements"):
        advancement_cost("random_primary", 6)
    with pytest.raises(AdvancementError):
        advancement_cost("skill", 0)


@pytest.mark.parametrize(
    ("kind", "gold"),
    [
        ("random_primary", 10_000),
        ("chosen_primary", 20_000),
        ("random_secondary", 20_000),
        ("chosen_secondary", 40_000),
        ("av", 10_000),
        ("ma", 20_000),
        ("pa", 20_000),
        ("ag", 40_000),
        ("st", 80_000),
    ],
)
def test_value_increase(kind: str, gold: int) -> None:
    assert value_increase(kind) == gold


def test_value_increase_of_a_random_characteristic_needs_the_characteristic() -> None:
    assert value_increase("random_characteristic", "st") == 80_000
    with pytest.raises(AdvancementError):
        value_increase("random_characteristic")


def test_titles() -> None:
    assert advancement_title(0) is None
    assert [advancement_title(n) for n in range(1, 7)] == TITLES


def test_spp_awards() -> None:
    report = PlayerReport(
        1,
        touchdowns=2,
        completions=3,
        deflections=1,
        interceptions=1,
        casualties=2,
        other_casualties=5,
    )
    earned = spp_earned(report, 1, mvp=True)
    # 2 x 3 + 3 x 1 + 1 + 2 + 2 x 2 + 4; casualties not from a Block earn nothing
    assert earned.total == 20
    assert earned.breakdown == {
        "Completion": 3,
        "Deflection": 1,
        "Interception": 2,
        "Casualty": 4,
        "Touchdown": 6,
        "MVP": 4,
    }
    assert SppEarned(2).total == 0


@pytest.mark.parametrize(
    ("count", "script", "die", "index"),
    [
        (2, [3, 2], "d3", 1),  # a 3 is out of range: re-rolled
        (6, [6], "d6", 5),
        (7, [8, 8, 1], "d8", 0),
        (11, [12, 16, 11], "d16", 10),
        (20, [2, 16, 1, 4], "d16", 3),  # (2-1) x 16 + 16 = 32: re-rolled; then 4
    ],
)
def test_random_pick_is_fair(count: int, script: list[int], die: str, index: int) -> None:
    dice = ScriptedDice(script)
    pick = pick_at_random(dice, count, "MVP: home")
    assert pick.index == index and dice.remaining == 0
    assert {r.die for r in pick.rolls} == {die}
    assert pick_at_random(ScriptedDice([]), 1, "MVP").index == 0


# --- taking advancements -----------------------------------------------------------------


def test_random_primary_rerolls_a_skill_the_player_has() -> None:
    player = lineman(skills=("Block",), spp=3)
    # General (1-3, 1) is Block, which he has: re-rolled; (4-6, 5) is Tackle.
    dice = ScriptedDice([(2, 1), (5, 5)])
    result = take_advancement(RULESET, player, "random_primary", dice, category="G")
    assert result.applied and result.skill == "Tackle" and result.category == "General"
    assert result.skill_rolls == ((2, 1), (5, 5))
    assert [english(r.purpose) for r in result.rolls] == ["Random skill: General"] * 2
    changed = result.player
    assert changed.skills == ("Block", "Tackle")
    assert (changed.spp, changed.advancements, changed.value_increases) == (0, 1, 10_000)
    assert result.title == "Experienced"


def test_random_skill_category_must_be_primary_and_is_asked_for() -> None:
    ruleset = RULESET
    with pytest.raises(AdvancementError, match="primary skills from General, not Agility"):
        take_advancement(ruleset, lineman(), "random_primary", ScriptedDice([]), category="A")
    pending = take_advancement(ruleset, lineman(), "random_secondary", ScriptedDice([]))
    assert not pending.applied and pending.pending is not None
    assert pending.pending.options["categories"] == ["Agility", "Strength"]
    assert pending.player == lineman()


def test_chosen_skills_follow_primary_and_secondary_access() -> None:
    ruleset = RULESET
    result = take_advancement(
        ruleset, lineman(), "chosen_secondary", ScriptedDice([]), skill="dodge"
    )
    assert result.skill == "Dodge" and result.value_increase == 40_000 and result.spp_cost == 12
    with pytest.raises(AdvancementError, match="Passing is not one of his secondary"):
        take_advancement(ruleset, lineman(), "chosen_secondary", ScriptedDice([]), skill="Pass")
    with pytest.raises(AdvancementError, match="already has Block"):
        take_advancement(
            ruleset, lineman(skills=("Block",)), "chosen_primary", ScriptedDice([]), skill="Block"
        )
    with pytest.raises(AdvancementError, match="not a skill a player can learn"):
        take_advancement(ruleset, lineman(), "chosen_primary", ScriptedDice([]), skill="Loner")


def test_not_enough_spp_and_journeymen() -> None:
    ruleset = RULESET
    with pytest.raises(AdvancementError, match="has 5 SPP; a chosen primary advancement costs 6"):
        take_advancement(ruleset, lineman(spp=5), "chosen_primary", ScriptedDice([]), skill="Pro")
    with pytest.raises(AdvancementError, match="journeyman"):
        take_advancement(
            ruleset, lineman(journeyman=True), "chosen_primary", ScriptedDice([]), skill="Pro"
        )


def test_random_characteristic_improvements() -> None:
    ruleset = RULESET
    strong = take_advancement(
        ruleset, lineman(), "random_characteristic", ScriptedDice([16]), characteristic_choice="st"
    )
    assert strong.player.st == 4 and strong.value_increase == 80_000
    assert strong.player.characteristic_improvements == ("st",)
    assert strong.improvement == "Any" and strong.spp_cost == 18
    # AG is a target number: improving it lowers it (AG3+ -> AG2+).
    agile = take_advancement(
        ruleset, lineman(), "random_characteristic", ScriptedDice([14]), characteristic_choice="ag"
    )
    assert agile.player.ag == 2 and agile.value_increase == 40_000
    # AV is the number the armour roll must reach: improving it raises it (AV9+ -> AV10+).
    armoured = take_advancement(
        ruleset, lineman(), "random_characteristic", ScriptedDice([3]), characteristic_choice="AV"
    )
    assert armoured.player.av == 10 and armoured.value_increase == 10_000
    with pytest.raises(AdvancementError, match="improve MA, AV, not AG"):
        take_advancement(
            ruleset,
            lineman(),
            "random_characteristic",
            ScriptedDice([1]),
            characteristic_choice="ag",
        )


def test_random_characteristic_waits_for_the_coach_then_replays() -> None:
    ruleset = RULESET
    pending = take_advancement(ruleset, lineman(), "random_characteristic", ScriptedDice([9]))
    assert not pending.applied and pending.pending is not None
    assert pending.pending.options["characteristics"] == ["ma", "pa", "av"]
    assert pending.characteristic_roll == 9 and pending.player.spp == 100
    finished = take_advancement(
        ruleset,
        lineman(),
        "random_characteristic",
        ScriptedDice.replay(pending.rolls),
        characteristic_choice="pa",
    )
    assert finished.player.pa == 3 and finished.rolls == pending.rolls


def test_skill_instead_of_the_rolled_characteristic() -> None:
    ruleset = RULESET
    result = take_advancement(
        ruleset, lineman(), "random_characteristic", ScriptedDice([2]), skill="Guard"
    )
    # Strength is secondary for a Lineman: valued as a chosen secondary skill.
    assert result.skill == "Guard" and result.value_increase == 40_000
    assert result.spp_cost == 18 and result.player.spp == 82


def test_characteristic_limits() -> None:
    ruleset = RULESET
    twice = lineman(ma=8, characteristic_improvements=("ma", "ma"))
    assert "ma" not in improvable_characteristics(ruleset, twice)
    assert improvable_characteristics(ruleset, lineman(ma=9)) == ("st", "ag", "pa", "av")
    assert "st" not in improvable_characteristics(ruleset, lineman(st=8))
    assert "ag" not in improvable_characteristics(ruleset, lineman(ag=1))
    assert "pa" not in improvable_characteristics(ruleset, lineman(pa=1))
    assert "av" not in improvable_characteristics(ruleset, lineman(av=11))
    assert "av" in improvable_characteristics(ruleset, lineman(av=10))
    # No PA ("-"): no target number to improve.
    slayer = lineman(position_slug="dwarf-troll-slayer")
    assert "pa" not in improvable_characteristics(ruleset, slayer)
    with pytest.raises(AdvancementError, match="improve nothing"):
        take_advancement(
            ruleset,
            lineman(ma=9, av=11),
            "random_characteristic",
            ScriptedDice([1]),
            characteristic_choice="ma",
        )


def test_sixth_advancement_then_no_more() -> None:
    ruleset = RULESET
    veteran = lineman(advancements=5, spp=15, skills=("Block", "Tackle"))
    result = take_advancement(
        ruleset, veteran, "random_primary", ScriptedDice([(1, 2)]), category="General"
    )
    assert result.spp_cost == 15 and result.player.spp == 0
    assert result.player.advancements == 6 and result.title == "Legend"
    assert advancement_options(ruleset, result.player.evolve(spp=200)) == ()
    with pytest.raises(AdvancementError, match="at most six advancements"):
        take_advancement(
            ruleset,
            result.player.evolve(spp=200),
            "random_primary",
            ScriptedDice([]),
            category="General",
        )


def test_choices_of_players_alike_are_equal_but_share_nothing_a_caller_could_change() -> None:
    # The options of players alike are worked out once; what a choice hands out is its own.
    first = advancement_choice(RULESET, lineman(spp=12), "home")
    second = advancement_choice(RULESET, lineman(spp=12), "home")
    assert first == second and first is not None and second is not None
    mine, theirs = first.options["options"], second.options["options"]
    assert mine is not theirs and mine[2] is not theirs[2]
    mine[2]["categories"].append("Mutation")
    mine[2]["cost"] = 0
    assert theirs[2] == {
        "kind": "random_secondary",
        "cost": 6,
        "value_increase": 20_000,
        "categories": ["Agility", "Strength"],
    }
    third = advancement_choice(RULESET, lineman(spp=12), "home")
    assert third is not None and third.options["options"] == theirs


def test_advancement_options_list_what_the_spp_pay_for() -> None:
    ruleset = RULESET
    options = advancement_options(ruleset, lineman(spp=12))
    assert [(o.kind, o.cost) for o in options] == [
        ("random_primary", 3),
        ("chosen_primary", 6),
        ("random_secondary", 6),
        ("chosen_secondary", 12),
    ]
    assert options[2].categories == ("Agility", "Strength")
    assert advancement_options(ruleset, lineman(spp=2)) == ()
    assert advancement_options(ruleset, lineman(journeyman=True)) == ()
