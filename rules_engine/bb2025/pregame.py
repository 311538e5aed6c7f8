"""The BB2025 pre-game sequence (league facts section 4), in BB2020's six steps:
fans, weather, journeymen, inducements, prayers_to_nuffle, kicking_team.

The Fans (Dedicated Fans + D3), the Weather (2D6, "table unchanged as far as
seen"), Take on Journeymen (Loner (4+)) and Determine Kicking Team are BB2020's
steps, imported. What differs (facts section 4):

- Inducements: "the underdog ... may add up to 50,000 from its own treasury"
  (FFB StepBuyInducements MAX_UNDERDOG_ALLOWANCE). Differs from BB2020 (underdog
  could not add treasury gold).
- "Prayers to Nuffle are bought as an inducement: 10,000 each, up to 3", and the
  lower-CTV team also gets free prayers: the CTV difference after inducements
  divided by the prayer's price, at most the table's 16 results less those it
  bought (FFB StepPrayers.java; "Exact free-prayer rule UNVERIFIED"). Differs
  from BB2020 (free D16 rolls per 50k only). The results come off BB2025's D16
  table, re-rolling a team's duplicates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.inducements import PETTY_CASH, TREASURY, Money
from rules_engine.bb2020.pregame import (
    SIDES,
    PreGameResult,
    PreGameRules,
    other,
    petty_cash,
    roll_prayers,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025 import inducements as shop
from rules_engine.bb2025.inducements import PRAYERS, InducementPurchase
from rules_engine.bb2025.league_tables import league_section
from rules_engine.dice import Dice
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import StepResult, run_step

__all__ = [
    "Bb2025PreGameResult",
    "free_prayers",
    "petty_cash",
    "pre_game",
    "underdog_treasury_allowance",
]

RULESET = "bb2025"


def underdog_treasury_allowance(treasury: int) -> int:
    """Facts section 4: the underdog "may add up to 50,000 from its own treasury"."""
    if treasury < 0:
        raise ValueError("A Treasury cannot be negative")
    return min(treasury, int(league_section("inducement_rules")["underdog_treasury_allowance"]))


def free_prayers(ctv_difference: int, bought: int = 0, table_size: int = 16) -> int:
    """Facts section 4 (FFB StepPrayers.java, UNVERIFIED): the lower-CTV team's free
    prayers, "difference / prayer cost, capped by the table size" less those it bought."""
    if bought < 0:
        raise ValueError("Prayers bought cannot be negative")
    per = int(league_section("inducement_rules")["free_prayers_per"])
    return max(0, min(abs(ctv_difference) // per, table_size - bought))


def prayers_to_nuffle(
    ruleset: Ruleset,
    dice: Dice,
    ctv_after: Mapping[str, int],
    prayers_bought: Mapping[str, int],
    *,
    league: bool = True,
) -> StepResult:
    """Pre-game step 5, Prayers to Nuffle (facts section 4): each team rolls once on the
    BB2025 D16 table per prayer it bought, the lower-CTV team also per free prayer;
    a team's duplicate results are re-rolled. Exhibition play buys prayers too but
    gets no free ones (as BB2020's exhibition has no Prayers step)."""

    def resolve() -> dict[str, Any]:
        difference = abs(ctv_after["home"] - ctv_after["away"])
        underdog = None if difference == 0 else min(SIDES, key=lambda side: ctv_after[side])
        table = ruleset.table("prayers_to_nuffle")
        outcome: dict[str, Any] = {
            "ctv": dict(ctv_after),
            "difference": difference,
            "underdog": underdog,
        }
        for side in SIDES:
            bought = prayers_bought.get(side, 0)
            free = 0
            if league and side == underdog:
                free = free_prayers(difference, bought, len(table.faces))
            results, rerolled = roll_prayers(dice, table, bought + free, side)
            outcome[side] = {
                "bought": bought,
                "free": free,
                "results": results,
                "rerolled": rerolled,
            }
        return outcome

    title, rule = "Prayers to Nuffle", "Pre-game sequence, 5. Prayers to Nuffle"
    return run_step("prayers_to_nuffle", title, rule, dice, resolve)


@dataclass(frozen=True)
class Bb2025PreGameResult(PreGameResult):
    """BB2020's pre-game result; each side's prayers are its own (bought and free)."""

    ruleset_key: str = RULESET

    @property
    def prayers(self) -> dict[str, tuple[str, ...]] | None:
        outcome = self._outcome("prayers_to_nuffle")
        if outcome is None:
            return None
        return {
            side: tuple(result["name"] for result in outcome[side]["results"]) for side in SIDES
        }


class Bb2025PreGameRules(PreGameRules):
    """BB2020's pre-game with BB2025's shop and prayers: the underdog's petty cash is
    spent first, then up to 50,000 of its own Treasury; prayers bought are rolled with
    the free ones. Riotous Rookies (150,000, Low Cost Linemen) roll their 2D3+1 extra
    journeymen as BB2020's do, as soon as the purchase stands."""

    result_type = Bb2025PreGameResult
    inducement_offer = staticmethod(shop.inducement_offer)
    inducement_choice = staticmethod(shop.inducement_choice)
    can_buy_anything = staticmethod(shop.can_buy_anything)
    validate_purchase = staticmethod(shop.validate_purchase)

    def underdog_money(
        self, ctv: Mapping[str, int], teams: Mapping[str, TeamState], higher: str, spent: int
    ) -> Money:
        underdog = other(higher)
        cash = petty_cash(ctv[higher], ctv[underdog], spent)
        extra = underdog_treasury_allowance(max(0, teams[underdog].treasury))
        return Money(cash + extra, PETTY_CASH)

    def money_spent(
        self,
        ctv: Mapping[str, int],
        side: str,
        money: Money | None,
        bought: Mapping[str, InducementPurchase],
    ) -> tuple[int, int]:
        """The underdog's petty cash is spent first, the rest from its Treasury."""
        purchase = bought.get(side)
        spent = purchase.total if purchase else 0
        higher = max(SIDES, key=lambda s: ctv[s]) if ctv["home"] != ctv["away"] else None
        if money is not None and money.source == TREASURY:
            return spent, 0
        if money is not None and money.source == PETTY_CASH and higher is not None:
            cash = petty_cash(ctv[higher], ctv[side], bought[higher].total)
            return max(0, spent - cash), cash
        return 0, 0

    def side_extra(self, purchase: InducementPurchase | None) -> dict[str, Any]:
        return {"prayers_bought": purchase.count(PRAYERS) if purchase else 0}

    def prayers(
        self, ruleset: Ruleset, dice: Dice, bought: StepResult, *, league: bool
    ) -> StepResult:
        ctv_after = {side: bought.outcome[side]["ctv_after"] for side in SIDES}
        prayers = {side: bought.outcome[side]["prayers_bought"] for side in SIDES}
        return prayers_to_nuffle(ruleset, dice, ctv_after, prayers, league=league)


BB2025_PRE_GAME = Bb2025PreGameRules()
# Pre-game step 4, Inducements (facts section 4): BB2020's errata'd order (the
# higher-CTV team spends Treasury first; equal CTVs buy nothing), and the underdog's
# petty cash is spent first, then up to 50,000 of its own Treasury.
inducements = BB2025_PRE_GAME.inducements
# Run the BB2025 pre-game up to its end or the first decision a coach owes (BB2020's
# signature and ``choices``; an inducement order may hold ``"prayers-to-nuffle": n``).
pre_game = BB2025_PRE_GAME.pre_game
