"""The BB2025 pre-game sequence (league facts section 4): five steps, in order:
fans, weather, journeymen, inducements, kicking_team.

The Fans (D3 + Dedicated Fans), The Weather (2D6), Take on Journeymen (Loner (4+))
and Determine Kicking Team are BB2020's steps, imported. What differs:

- There is no Prayers to Nuffle step and no free prayers for the underdog: prayers
  are only an inducement (0-3 at 10,000, facts section 5). Each prayer bought rolls
  one D16 on BB2025's table as soon as the team's purchase stands, re-rolling results
  the team already has; the rolls are part of the Inducements step.
- Inducement money (facts section 4): the higher-CTV team spends Treasury first; the
  lower-CTV team gets petty cash = the CTV difference + the gold the other just spent,
  and may add up to 50,000 of its own Treasury; with equal CTVs neither spends any.
  BB2020's lower team could not add Treasury gold.
- Mercenary Players (0-3, facts section 5) join the team for this game only
  (``Bb2025PreGameResult.mercenaries``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.inducements import PETTY_CASH, TREASURY, InducementPurchase, Money
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
from rules_engine.bb2025.inducements import PRAYERS
from rules_engine.bb2025.league_tables import league_section
from rules_engine.dice import Dice
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import StepResult

__all__ = [
    "Bb2025PreGameResult",
    "petty_cash",
    "pre_game",
    "underdog_treasury_allowance",
]

RULESET = "bb2025"


def underdog_treasury_allowance(treasury: int) -> int:
    """Facts section 4, Inducements 3: the lower-CTV team "may add up to 50,000 of its
    own Treasury" to its petty cash."""
    if treasury < 0:
        raise ValueError("A Treasury cannot be negative")
    return min(treasury, int(league_section("inducement_rules")["underdog_treasury_allowance"]))


@dataclass(frozen=True)
class Bb2025PreGameResult(PreGameResult):
    """BB2020's pre-game result without the Prayers step: each side's prayers are the
    ones it bought, rolled in the Inducements step."""

    ruleset_key: str = RULESET

    def _bought(self) -> Mapping[str, Any] | None:
        outcome = self._outcome("inducements")
        if outcome is None or "home" not in outcome:
            return None
        return outcome

    @property
    def underdog(self) -> str | None:
        """The side with the lower CTV at the Inducements step (None when equal)."""
        ctv = self.ctv_before_inducements
        if ctv is None or ctv["home"] == ctv["away"]:
            return None
        return min(SIDES, key=lambda side: ctv[side])

    @property
    def prayers(self) -> dict[str, tuple[str, ...]] | None:
        """The Prayers to Nuffle each side bought, by the results its D16 rolls gave."""
        rolls = self.prayer_rolls
        if rolls is None:
            return None
        return {side: tuple(result["name"] for result in rolls[side]) for side in SIDES}

    @property
    def prayer_rolls(self) -> dict[str, list[dict[str, Any]]] | None:
        """Each side's prayers as rolled: ``{"roll": D16, "name": ..., "lasts": ...}``."""
        outcome = self._bought()
        if outcome is None:
            return None
        return {
            side: list(((outcome[side] or {}).get("prayers") or {}).get("results", ()))
            for side in SIDES
        }

    @property
    def mercenaries(self) -> dict[str, list[dict[str, Any]]] | None:
        """The Mercenary Players each side bought, who play this game only: each his
        ``position`` and ``skills`` (Loner (4+), and the primary skill bought with him)."""
        outcome = self._bought()
        if outcome is None:
            return None
        return {
            side: [
                {"position": m["position"], "skills": list(m["skills"])}
                for m in ((outcome[side] or {}).get("bought") or {}).get("mercenaries", ())
            ]
            for side in SIDES
        }


class Bb2025PreGameRules(PreGameRules):
    """BB2020's pre-game with BB2025's shop, five steps and prayers bought: the underdog's
    petty cash is spent first, then up to 50,000 of its own Treasury; each side rolls
    its prayers (and its Riotous Rookies, 150,000, Low Cost Linemen) as soon as its
    purchase stands."""

    result_type = Bb2025PreGameResult
    kicking_team_step = 5
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

    def inducements_outcome(
        self,
        ctv: Mapping[str, int],
        teams: Mapping[str, TeamState],
        league: bool,
        budget: Mapping[str, int],
        bought: Mapping[str, InducementPurchase],
    ) -> dict[str, Any]:
        """BB2020's outcome, but a star both teams hire plays for both (facts section 5:
        "both teams may hire the same star")."""
        outcome = super().inducements_outcome(ctv, teams, league, budget, bought)
        outcome["star_players_not_fielded"] = []
        return outcome

    def after_purchase(
        self, ruleset: Ruleset, dice: Dice, side: str, team: TeamState, bought: InducementPurchase
    ) -> dict[str, Any]:
        """Riotous Rookies as BB2020, then one D16 per prayer bought (facts section 5,
        "Prayers to Nuffle": a result the team already has is rolled again)."""
        extra = super().after_purchase(ruleset, dice, side, team, bought)
        count = bought.count(PRAYERS)
        if count:
            table = ruleset.table("prayers_to_nuffle")
            results, rerolled = roll_prayers(dice, table, count, side)
            extra["prayers"] = {"bought": count, "results": results, "rerolled": rerolled}
        return extra

    def prayers(
        self, ruleset: Ruleset, dice: Dice, bought: StepResult, *, league: bool
    ) -> StepResult | None:
        return None  # facts section 4: "There is no Prayers to Nuffle step"


BB2025_PRE_GAME = Bb2025PreGameRules()
# Pre-game step 4, Inducements (facts section 4): the higher-CTV team spends Treasury
# first; equal CTVs buy nothing; the underdog's petty cash is spent first, then up to
# 50,000 of its own Treasury.
inducements = BB2025_PRE_GAME.inducements
# Run the BB2025 pre-game up to its end or the first decision a coach owes (BB2020's
# signature and ``choices``; an inducement order may hold ``"prayers-to-nuffle": n`` and
# ``"mercenaries": [{"position": slug, "skill": name}, ...]``).
pre_game = BB2025_PRE_GAME.pre_game
