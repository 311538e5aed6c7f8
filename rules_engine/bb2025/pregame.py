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

from rules_engine.bb2020.inducements import BUDGET, NO_MONEY, PETTY_CASH, TREASURY, Money
from rules_engine.bb2020.journeymen import journeyman_players
from rules_engine.bb2020.pregame import (
    PRE_GAME,
    SIDES,
    PreGameResult,
    _answers,
    determine_kicking_team,
    other,
    petty_cash,
    roll_prayers,
    take_on_journeymen,
    the_fans,
    the_weather,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025.inducements import (
    PRAYERS,
    InducementPurchase,
    can_buy_anything,
    inducement_choice,
    inducement_offer,
    validate_purchase,
)
from rules_engine.bb2025.league_tables import league_section
from rules_engine.dice import Dice
from rules_engine.errors import InducementError, RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, StepResult, run_step
from rules_engine.team_value import current_team_value

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


def _moneys(
    ctv: Mapping[str, int],
    teams: Mapping[str, TeamState],
    league: bool,
    budget: Mapping[str, int],
    bought: Mapping[str, InducementPurchase],
) -> dict[str, Money]:
    """What each side may spend: the higher-CTV side its Treasury; the underdog, once
    the other has bought, its petty cash plus up to 50,000 of its own Treasury."""
    if not league:
        return {side: Money(budget.get(side, 0), BUDGET) for side in SIDES}
    if ctv["home"] == ctv["away"]:
        return {side: Money(0, NO_MONEY) for side in SIDES}
    higher = max(SIDES, key=lambda side: ctv[side])
    moneys = {higher: Money(max(0, teams[higher].treasury), TREASURY)}
    if higher in bought:
        underdog = other(higher)
        cash = petty_cash(ctv[higher], ctv[underdog], bought[higher].total)
        extra = underdog_treasury_allowance(max(0, teams[underdog].treasury))
        moneys[underdog] = Money(cash + extra, PETTY_CASH)
    return moneys


def inducements(
    ruleset: Ruleset,
    dice: Dice,
    teams: Mapping[str, TeamState],
    orders: Mapping[str, Any],
    *,
    league: bool = True,
    budget: Mapping[str, int] | None = None,
) -> StepResult:
    """Pre-game step 4, Inducements (facts section 4): BB2020's errata'd order (the
    higher-CTV team spends Treasury first; equal CTVs buy nothing), and the underdog's
    petty cash is spent first, then up to 50,000 of its own Treasury."""
    budget = budget or {}

    def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
        ctv = {side: current_team_value(ruleset, teams[side].value_input()) for side in SIDES}
        if league and ctv["home"] != ctv["away"]:
            higher = max(SIDES, key=lambda side: ctv[side])
            turns: list[tuple[str, ...]] = [(higher,), (other(higher),)]
        else:
            turns = [SIDES]
        bought: dict[str, InducementPurchase] = {}
        pending: list[Choice] = []
        problems: dict[str, list[str]] = {}
        for turn in turns:
            moneys = _moneys(ctv, teams, league, budget, bought)
            for side in turn:
                order = orders.get(side)
                money = moneys[side]
                if order is None:
                    opponent = bought.get(other(side))
                    stars = [s.slug for s in opponent.star_players] if opponent else []
                    offer = inducement_offer(ruleset, teams[side], money, stars)
                    if money.source != NO_MONEY and can_buy_anything(offer):
                        pending.append(inducement_choice(side, teams[side], money, offer))
                        continue
                    order = {}
                try:
                    bought[side] = validate_purchase(ruleset, teams[side], order, money)
                except InducementError as error:
                    problems[side] = error.messages
            if pending or problems:
                break
        if problems:
            if len(problems) == 1:
                raise InducementError(next(iter(problems.values())))
            raise InducementError(
                [f"{teams[s].name}: {m}" for s in SIDES for m in problems.get(s, [])]
            )
        return _outcome(ctv, teams, league, budget, bought), tuple(pending)

    return run_step(
        "inducements", "Inducements", "Pre-game sequence, 4. Inducements", dice, resolve
    )


def _outcome(
    ctv: Mapping[str, int],
    teams: Mapping[str, TeamState],
    league: bool,
    budget: Mapping[str, int],
    bought: Mapping[str, InducementPurchase],
) -> dict[str, Any]:
    moneys = _moneys(ctv, teams, league, budget, bought)
    outcome: dict[str, Any] = {"mode": "league" if league else "exhibition"}
    higher = max(SIDES, key=lambda side: ctv[side]) if ctv["home"] != ctv["away"] else None
    for side in SIDES:
        money = moneys.get(side)
        purchase = bought.get(side)
        spent = purchase.total if purchase else 0
        cash = 0
        treasury_spent = 0
        if money is not None and money.source == TREASURY:
            treasury_spent = spent
        elif money is not None and money.source == PETTY_CASH and higher is not None:
            cash = petty_cash(ctv[higher], ctv[side], bought[higher].total)
            treasury_spent = max(0, spent - cash)
        outcome[side] = {
            "ctv": ctv[side],
            "money": money.amount if money else None,
            "money_source": money.source if money else None,
            "treasury_spent": treasury_spent,
            "petty_cash": cash,
            "bought": purchase.as_dict() if purchase else None,
            "prayers_bought": purchase.count(PRAYERS) if purchase else 0,
            "ctv_after": ctv[side] + spent if purchase else None,
        }
    clash: list[str] = []
    if len(bought) == 2:
        away_stars = {star.slug for star in bought["away"].star_players}
        clash = [s.slug for s in bought["home"].star_players if s.slug in away_stars]
    outcome["star_players_not_fielded"] = clash
    return outcome


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


def pre_game(
    ruleset: Ruleset | str,
    home: TeamState,
    away: TeamState,
    dice: Dice,
    *,
    league: bool = True,
    choices: Mapping[str, Any] | None = None,
    budget: Mapping[str, int] | None = None,
) -> Bb2025PreGameResult:
    """Run the BB2025 pre-game up to its end or the first decision a coach owes
    (BB2020's signature and ``choices``; an inducement order may hold
    ``"prayers-to-nuffle": n``)."""
    if isinstance(ruleset, str):
        ruleset = get_ruleset(ruleset)
    if league and budget:
        raise RulesError(
            "A budget is for exhibition play; league teams spend Treasury and petty cash"
        )
    answers = _answers(choices)
    teams = {"home": home, "away": away}
    steps: list[StepResult] = []

    def stopped(step: StepResult) -> bool:
        steps.append(step)
        return not step.complete

    def result() -> Bb2025PreGameResult:
        return Bb2025PreGameResult(PRE_GAME, tuple(steps), league=league, ruleset_key=ruleset.key)

    if stopped(the_fans(dice, teams)) or stopped(the_weather(dice, ruleset)):
        return result()
    positions = answers.get("journeymen_position") or {}
    if stopped(take_on_journeymen(ruleset, dice, teams, positions, league=league)):
        return result()
    hired = steps[-1].outcome
    playing = {
        side: team.evolve(players=team.players + journeyman_players(side, hired[side]["positions"]))
        if side in hired
        else team
        for side, team in teams.items()
    }
    orders = answers.get("inducements") or {}
    step = inducements(ruleset, dice, playing, orders, league=league, budget=budget)
    if stopped(step):
        return result()
    ctv_after = {side: step.outcome[side]["ctv_after"] for side in SIDES}
    prayers = {side: step.outcome[side]["prayers_bought"] for side in SIDES}
    if stopped(prayers_to_nuffle(ruleset, dice, ctv_after, prayers, league=league)):
        return result()
    stopped(
        determine_kicking_team(
            dice, teams, answers.get("coin_toss"), answers.get("kick_or_receive")
        )
    )
    return result()
