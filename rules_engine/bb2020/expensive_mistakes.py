"""Post-game step 5, "Expensive Mistakes" (league facts section 4): "only with >= 100,000
gp in the Treasury", a D6 in the Treasury's column of the table (``tables_league.json``
``expensive_mistakes``, pinned by tests/rules_engine/test_tables.py), then the outcome's
effect on the Treasury."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.dice import Dice, Roll
from rules_engine.errors import RulesError
from rules_engine.tables import load_league_tables
from rules_engine.wording import say, side_said

RULESET = "bb2020"


def expensive_mistake(treasury: int, d6: int) -> str:
    """Step 5, "Expensive Mistakes": the outcome of ``d6`` in the Treasury's column.

    "Only with >= 100,000 gp in the Treasury": below it the answer is "Crisis
    Averted" whatever the die (no roll is made).
    """
    table = load_league_tables(RULESET).expensive_mistakes
    return table.outcome(treasury, d6).name if table.applies(treasury) else "Crisis Averted"


@dataclass(frozen=True)
class ExpensiveMistakeResult:
    """One team's Expensive Mistakes: outcome, the D6 (None: no roll was made), the D3
    or 2D6 of its effect, the gold lost and the Treasury left."""

    treasury_before: int
    outcome: str
    roll: int | None
    effect_roll: int | tuple[int, int] | None
    gold_lost: int
    rolls: tuple[Roll, ...] = ()

    @property
    def treasury_after(self) -> int:
        return self.treasury_before - self.gold_lost

    def as_dict(self) -> dict[str, Any]:
        data = vars(self).copy()  # its fields but the rolls, then the Treasury left
        del data["rolls"]
        if isinstance(self.effect_roll, tuple):
            data["effect_roll"] = list(self.effect_roll)
        data["treasury_after"] = self.treasury_after
        return data


def resolve_expensive_mistake(
    treasury: int, dice: Dice, *, side: str | None = None
) -> ExpensiveMistakeResult:
    """Step 5, "Expensive Mistakes": roll and apply the outcome.

    - "Minor Incident: lose D3 x 10,000" (never below 0).
    - "Major Incident: lose half the Treasury, rounded down to 5,000": the half
      lost is what is rounded down to a multiple of 5,000 (Decision: the
      sentence rounds "half the Treasury", the amount lost; 215,000 loses
      105,000 and keeps 110,000).
    - "Catastrophe: keep only 2D6 x 10,000" (a Treasury already lower is kept).
    """
    if treasury < 0:
        raise RulesError(say("A Treasury cannot be negative"))
    table = load_league_tables(RULESET).expensive_mistakes
    if not table.applies(treasury):
        return ExpensiveMistakeResult(
            treasury_before=treasury,
            outcome="Crisis Averted",
            roll=None,
            effect_roll=None,
            gold_lost=0,
            rolls=(),
        )
    label = (
        say("Expensive Mistakes: {side}", side=side_said(side))
        if side
        else say("Expensive Mistakes")
    )
    effect_roll: int | tuple[int, int] | None = None
    lost = 0
    start = len(dice.rolls)  # the rolls made from here on are the step's (``recording``)
    d6 = dice.d6(label)
    entry = table.outcome(treasury, d6)
    effect = entry.effect
    if "lose_d3_times" in effect:
        effect_roll = dice.d3(say("{roll}: {result}", roll=label, result=entry.name))
        lost = min(treasury, effect_roll * effect["lose_d3_times"])
    elif "lose_half_rounded_down_to" in effect:
        step = effect["lose_half_rounded_down_to"]
        lost = treasury // 2 // step * step
    elif "keep_2d6_times" in effect:
        effect_roll = dice.two_d6(say("{roll}: {result}", roll=label, result=entry.name))
        lost = max(0, treasury - sum(effect_roll) * effect["keep_2d6_times"])
    return ExpensiveMistakeResult(
        treasury_before=treasury,
        outcome=entry.name,
        roll=d6,
        effect_roll=effect_roll,
        gold_lost=lost,
        rolls=tuple(dice.rolls[start:]),
    )
