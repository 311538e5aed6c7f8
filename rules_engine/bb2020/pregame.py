"""The BB2020 pre-game sequence (core rules, "PRE-GAME SEQUENCE"), league or exhibition.

Six named steps - fans, weather, journeymen, inducements, prayers_to_nuffle,
kicking_team - each a ``StepResult`` with its rolls and a plain, JSON-friendly
outcome. Where a coach must decide, the step holds a pending ``Choice`` and
the sequence stops there, rolling nothing after it. ``pre_game`` is a pure
function of its inputs, its dice and the answers given so far: call it again
with the same dice (the same seed, or ``ScriptedDice.replay`` of the stored
rolls) and more answers, and it runs the same way up to where it stopped and
then goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.bb2020 import inducements as shop
from rules_engine.bb2020.inducements import (
    BUDGET,
    NO_MONEY,
    PETTY_CASH,
    TREASURY,
    InducementPurchase,
    Money,
)
from rules_engine.bb2020.journeymen import (
    RIOTOUS_ROOKIES,
    riotous_rookies,
    with_journeymen,
)
from rules_engine.bb2020.pregame_result import SIDES, PreGameResult, pre_game_result
from rules_engine.bb2020.pregame_steps import (
    KICK_OR_RECEIVE,
    PRAYER_GOLD,
    determine_kicking_team,
    higher_side,
    other,
    petty_cash,
    prayers_to_nuffle,
    prayers_to_nuffle_rolls,
    roll_prayers,
    take_on_journeymen,
    the_fans,
    the_weather,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice
from rules_engine.errors import InducementError, RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, StepResult, checked_choices, run_step
from rules_engine.wording import Shown, say

__all__ = [
    "KICK_OR_RECEIVE",
    "PRAYER_GOLD",
    "PRE_GAME",
    "SIDES",
    "PreGameResult",
    "PreGameRules",
    "determine_kicking_team",
    "other",
    "petty_cash",
    "prayers_to_nuffle",
    "prayers_to_nuffle_rolls",
    "pre_game",
    "roll_prayers",
    "take_on_journeymen",
    "the_fans",
    "the_weather",
]

PRE_GAME = "pre-game"
CHOICE_KEYS = frozenset({"journeymen_position", "inducements", "coin_toss", "kick_or_receive"})


class PreGameRules:
    """The pre-game's inducements step and its sequence, as BB2020 runs them; an edition
    built on it (BB2025) gives its own shop (offer, choice, order check) and overrides
    the hooks where its facts differ: ``underdog_money``, ``money_spent``,
    ``side_extra``, ``after_purchase``, ``prayers``, ``kicking_team_step`` and
    ``result_type``."""

    result_type: type[PreGameResult] = PreGameResult
    # Determine Kicking Team's number in the sequence (BB2020: after the Prayers step).
    kicking_team_step = 6
    inducement_offer = staticmethod(shop.inducement_offer)
    inducement_choice = staticmethod(shop.inducement_choice)
    can_buy_anything = staticmethod(shop.can_buy_anything)
    validate_purchase = staticmethod(shop.validate_purchase)

    # --- the hooks -------------------------------------------------------------------

    def underdog_money(
        self, ctv: Mapping[str, int], teams: Mapping[str, TeamState], higher: str, spent: int
    ) -> Money:
        """The lower-CTV team's money once the higher has bought: "petty cash = CTV
        difference + gold the other team spent from its Treasury" (facts section 3)."""
        return Money(petty_cash(ctv[higher], ctv[other(higher)], spent), PETTY_CASH)

    def money_spent(
        self,
        ctv: Mapping[str, int],
        side: str,
        money: Money | None,
        bought: Mapping[str, InducementPurchase],
    ) -> tuple[int, int]:
        """(Treasury spent, petty cash) of ``side``'s purchase."""
        purchase = bought.get(side)
        spent = purchase.total if purchase else 0
        treasury = spent if money and money.source == TREASURY else 0
        return treasury, money.amount if money and money.source == PETTY_CASH else 0

    def side_extra(self, purchase: InducementPurchase | None) -> dict[str, Any]:
        """What else a side's inducements outcome records (BB2020: nothing)."""
        return {}

    def after_purchase(
        self, ruleset: Ruleset, dice: Dice, side: str, team: TeamState, bought: InducementPurchase
    ) -> dict[str, Any]:
        """What a side rolls as soon as its purchase stands, for its inducements outcome:
        Riotous Rookies' 2D3+1 extra journeymen."""
        if bought.count(RIOTOUS_ROOKIES):
            return {"riotous_rookies": riotous_rookies(dice, team.roster(ruleset), side)}
        return {}

    def prayers(
        self, ruleset: Ruleset, dice: Dice, bought: StepResult, *, league: bool
    ) -> StepResult | None:
        """Step 5 after the inducements ``bought`` (None: the edition has no such step)."""
        ctv_after = {side: bought.outcome[side]["ctv_after"] for side in SIDES}
        return prayers_to_nuffle(ruleset, dice, ctv_after, league=league)

    # --- step 4 ----------------------------------------------------------------------

    def moneys(
        self,
        ctv: Mapping[str, int],
        teams: Mapping[str, TeamState],
        league: bool,
        budget: Mapping[str, int],
        bought: Mapping[str, InducementPurchase],
    ) -> dict[str, Money]:
        """What each side may spend; the lower side's only once the higher side has bought."""
        if not league:
            return {side: Money(budget.get(side, 0), BUDGET) for side in SIDES}
        if ctv["home"] == ctv["away"]:
            return {side: Money(0, NO_MONEY) for side in SIDES}
        higher = higher_side(ctv)
        moneys = {higher: Money(max(0, teams[higher].treasury), TREASURY)}
        if higher in bought:
            moneys[other(higher)] = self.underdog_money(ctv, teams, higher, bought[higher].total)
        return moneys

    def buy(
        self,
        ruleset: Ruleset,
        side: str,
        team: TeamState,
        order: Any,
        money: Money,
        opponent: InducementPurchase | None,
    ) -> InducementPurchase | Choice:
        """The side's purchase, or its pending Choice when its coach has not answered."""
        if order is None:
            stars = [star.slug for star in opponent.star_players] if opponent else []
            offer = self.inducement_offer(ruleset, team, money, stars)
            if money.source != NO_MONEY and self.can_buy_anything(offer):
                return self.inducement_choice(side, team, money, offer)
            order = {}
        return self.validate_purchase(ruleset, team, order, money)

    def inducements(
        self,
        ruleset: Ruleset,
        dice: Dice,
        teams: Mapping[str, TeamState],
        orders: Mapping[str, Any],
        *,
        league: bool = True,
        budget: Mapping[str, int] | None = None,
        ctv: Mapping[str, int] | None = None,
    ) -> StepResult:
        """Pre-game step 4, INDUCEMENTS, the errata'd procedure (facts section 3).

        League: "The higher-CTV team may spend Treasury gold first"; the lower-CTV
        team then gets "petty cash = CTV difference + gold the other team spent
        from its Treasury", "may not add Treasury gold; unspent petty cash is
        lost"; "Equal CTV: no petty cash and no Treasury spending".
        Exhibition (core rules: "Inducements are handled differently in
        exhibition play", p.102): there is no Treasury or petty cash; each team
        spends the ``budget`` its coach kept back for inducements, both at once.
        ``teams`` include their journeymen. "If both teams induce the same star
        player ..., neither fields him"; the gold stays spent (the facts sheet
        gives no refund). A team that buys Riotous Rookies rolls 2D3+1 for its extra
        journeymen as soon as its purchase stands (``riotous_rookies`` in its outcome).
        ``ctv``: the teams' CTV when the caller knows it already (step 3's ``ctv_after``).
        """
        spend = budget or {}

        def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
            return self._shop(ruleset, dice, teams, orders, league=league, budget=spend, ctv=ctv)

        return run_step(
            "inducements", say("Inducements"), "Pre-game sequence, 4. Inducements", dice, resolve
        )

    def _shop(
        self,
        ruleset: Ruleset,
        dice: Dice,
        teams: Mapping[str, TeamState],
        orders: Mapping[str, Any],
        *,
        league: bool,
        budget: Mapping[str, int],
        ctv: Mapping[str, int] | None = None,
    ) -> tuple[dict[str, Any], tuple[Choice, ...]]:
        """The inducements step's outcome and the choices it waits for: the sides buy in
        turn (league, CTV unequal: the higher CTV first) or both at once."""
        if ctv is None:
            ctv = {side: teams[side].value_breakdown(ruleset).current_team_value for side in SIDES}
        if league and ctv["home"] != ctv["away"]:
            higher = higher_side(ctv)
            turns: list[tuple[str, ...]] = [(higher,), (other(higher),)]
        else:
            turns = [SIDES]
        bought: dict[str, InducementPurchase] = {}
        rolled: dict[str, dict[str, Any]] = {}
        pending: list[Choice] = []
        problems: dict[str, list[Shown]] = {}
        for turn in turns:
            moneys = self.moneys(ctv, teams, league, budget, bought)
            for side in turn:
                try:
                    answer = self.buy(
                        ruleset,
                        side,
                        teams[side],
                        orders.get(side),
                        moneys[side],
                        bought.get(other(side)),
                    )
                except InducementError as error:
                    problems[side] = error.reasons
                    continue
                self._bought(ruleset, dice, side, teams[side], answer, bought, rolled, pending)
            if pending or problems:
                break
        if problems:
            raise InducementError(_side_messages(problems, teams))
        outcome = self.inducements_outcome(ctv, teams, league, budget, bought)
        for side, extra in rolled.items():
            outcome[side].update(extra)
        return outcome, tuple(pending)

    def _bought(
        self,
        ruleset: Ruleset,
        dice: Dice,
        side: str,
        team: TeamState,
        answer: InducementPurchase | Choice,
        bought: dict[str, InducementPurchase],
        rolled: dict[str, dict[str, Any]],
        pending: list[Choice],
    ) -> None:
        """Record a side's answer: its pending Choice, or its purchase and what it rolls
        for at once (``after_purchase``)."""
        if isinstance(answer, Choice):
            pending.append(answer)
            return
        bought[side] = answer
        extra = self.after_purchase(ruleset, dice, side, team, answer)
        if extra:
            rolled[side] = extra

    def inducements_outcome(
        self,
        ctv: Mapping[str, int],
        teams: Mapping[str, TeamState],
        league: bool,
        budget: Mapping[str, int],
        bought: Mapping[str, InducementPurchase],
    ) -> dict[str, Any]:
        moneys = self.moneys(ctv, teams, league, budget, bought)
        outcome: dict[str, Any] = {"mode": "league" if league else "exhibition"}
        for side in SIDES:
            money = moneys.get(side)
            purchase = bought.get(side)
            treasury_spent, cash = self.money_spent(ctv, side, money, bought)
            outcome[side] = {
                "ctv": ctv[side],
                "money": money.amount if money else None,
                "money_source": money.source if money else None,
                "treasury_spent": treasury_spent,
                "petty_cash": cash,
                "bought": purchase.as_dict() if purchase else None,
                **self.side_extra(purchase),
                "ctv_after": ctv[side] + purchase.total if purchase else None,
            }
        clash: list[str] = []
        if len(bought) == 2:
            away_stars = {star.slug for star in bought["away"].star_players}
            clash = [star.slug for star in bought["home"].star_players if star.slug in away_stars]
        outcome["star_players_not_fielded"] = clash
        return outcome

    # --- the sequence ------------------------------------------------------------------

    def pre_game(
        self,
        ruleset: Ruleset | str,
        home: TeamState,
        away: TeamState,
        dice: Dice,
        *,
        league: bool = True,
        choices: Mapping[str, Any] | None = None,
        budget: Mapping[str, int] | None = None,
    ) -> PreGameResult:
        """Run the pre-game sequence up to its end or to the first decision a coach owes.

        ``choices`` (plain, JSON-friendly; every key optional)::

            {
              "journeymen_position": {"home": "shambling-undead-zombie-lineman"},
                  # one position for all of a side's journeymen, or a list, one each;
                  # only asked where a roster has two Lineman lines
              "inducements": {"home": {"bribes": 1, "star_players": ["griff-oberwald"],
                                       "mercenaries": [{"position": "human-blitzer",
                                                        "skill": "Tackle"}]},
                              "away": {}},          # {} = buys nothing
              "coin_toss": "home",                  # a coin tossed at the table; else a D6 roll-off
              "kick_or_receive": "kick",            # the toss/roll-off winner's decision
            }

        League play: inducements follow the errata (higher CTV spends Treasury,
        then the lower gets petty cash). Exhibition (``league=False``): no
        journeymen, no Prayers to Nuffle; ``budget`` gives each side's gold kept
        for inducements ({"home": 100_000}; missing sides have none).
        Raises InducementError (every reason) for an order the rules refuse, and
        RulesError for an answer that is not one of the options.
        """
        if isinstance(ruleset, str):
            ruleset = get_ruleset(ruleset)
        if league and budget:
            raise RulesError(
                say("A budget is for exhibition play; league teams spend Treasury and petty cash")
            )
        teams = {"home": home, "away": away}
        steps = self._steps(ruleset, dice, teams, _answers(choices), league=league, budget=budget)
        return pre_game_result(self.result_type, PRE_GAME, tuple(steps), league, ruleset.key)

    def _steps(
        self,
        ruleset: Ruleset,
        dice: Dice,
        teams: Mapping[str, TeamState],
        answers: Mapping[str, Any],
        *,
        league: bool,
        budget: Mapping[str, int] | None,
    ) -> list[StepResult]:
        """The sequence's steps in order, up to its end or the first that waits for a coach."""
        steps: list[StepResult] = []

        def stopped(step: StepResult) -> bool:
            steps.append(step)
            return bool(step.pending)

        if stopped(the_fans(dice, teams)) or stopped(the_weather(dice, ruleset)):
            return steps
        positions = answers.get("journeymen_position") or {}
        if stopped(take_on_journeymen(ruleset, dice, teams, positions, league=league)):
            return steps
        hired = steps[-1].outcome
        playing = with_journeymen(teams, hired)
        orders = answers.get("inducements") or {}
        ctv = {side: hired[side]["ctv_after"] for side in SIDES} if league else None
        step = self.inducements(
            ruleset, dice, playing, orders, league=league, budget=budget, ctv=ctv
        )
        if stopped(step):
            return steps
        prayers = self.prayers(ruleset, dice, step, league=league)
        if prayers is not None and stopped(prayers):
            return steps
        stopped(
            determine_kicking_team(
                dice,
                teams,
                answers.get("coin_toss"),
                answers.get("kick_or_receive"),
                number=self.kicking_team_step,
            )
        )
        return steps


def _side_messages(
    problems: Mapping[str, list[Shown]], teams: Mapping[str, TeamState]
) -> list[Shown]:
    if len(problems) == 1:
        return next(iter(problems.values()))
    return [
        say("{team}: {problem}", team=teams[side].name, problem=message)
        for side in SIDES
        for message in problems[side]
    ]


def _answers(choices: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return checked_choices(
        choices, CHOICE_KEYS, sequence="pre-game", per_side=("journeymen_position", "inducements")
    )


BB2020_PRE_GAME = PreGameRules()
inducements = BB2020_PRE_GAME.inducements
# Run the pre-game sequence up to its end or to the first decision a coach owes
# (``PreGameRules.pre_game``).
pre_game = BB2020_PRE_GAME.pre_game
