"""The classic PRE-MATCH SEQUENCE (classic reference sheet, LEAGUE MATCH SEQUENCE).

"1 Roll on Weather table; 2 Transfer gold to Petty Cash (highest TV first,
adds to TV); 4 Take Inducements; 5 Work out Gate and FAME" - the sheet has no
step 3, and the steps keep its numbers. A last step, not on the sheet, decides
the kicking team as BB2020 does (coin toss or D6 roll-off, the winner chooses),
so a match can start the same way in either ruleset.

Decisions where the sheet is a one-line summary (LRB-era reading):

- "TV" is the engine's current team value: players who miss the game do not
  count (``team_value.current_team_value``, as for BB2020).
- Petty Cash: each coach may move Treasury gold into Petty Cash, the coach of
  the higher-TV team first (so the other knows it); equal TVs answer
  together. Petty Cash adds to the team's TV for working out inducements.
- Inducements: the team whose TV (with Petty Cash) is lower receives
  inducement money equal to the difference, "as in the LRB era". Each team
  spends its inducement money and its Petty Cash on inducements - BB2020's
  list and prices, as the classic sheet has none. The inducement money is
  spent first; unspent Petty Cash goes back to the Treasury and unspent
  inducement money is lost. ``treasury_spent`` is the Petty Cash spent.
- The Fan Factor is ``TeamState.dedicated_fans`` (the field holds a classic
  team's Fan Factor).

Like BB2020's ``pre_game`` this is a pure function of its inputs, its dice and
the answers so far: it stops at the first decision a coach owes; call again
with the same dice and more answers and it runs the same way, then goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.inducements import (
    BUDGET,
    PETTY_CASH,
    InducementPurchase,
    Money,
    can_buy_anything,
    inducement_choice,
    inducement_offer,
    validate_purchase,
)
from rules_engine.bb2020.pregame import PreGameResult, determine_kicking_team
from rules_engine.bb2020.state import TeamState
from rules_engine.classic.rules import fame, gate, total_gate, weather
from rules_engine.dice import Dice
from rules_engine.errors import InducementError, RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, StepResult, checked_choices, run_step
from rules_engine.team_value import current_team_value
from rules_engine.wording import say, side_said, thousands

PRE_GAME = "pre-match"
SIDES: tuple[str, str] = ("home", "away")
RULE = "Classic reference sheet, LEAGUE MATCH SEQUENCE, PRE-MATCH SEQUENCE"
CHOICE_KEYS = frozenset({"petty_cash", "inducements", "coin_toss", "kick_or_receive"})


def other(side: str) -> str:
    return "away" if side == "home" else "home"


def inducement_money(team_value: int, opponent_team_value: int) -> int:
    """Step 4, Take Inducements: the lower-TV team "receives inducement money equal to
    the difference" in TV (Petty Cash included); the other team none."""
    if min(team_value, opponent_team_value) < 0:
        raise RulesError(say("team values cannot be negative"))
    return max(0, opponent_team_value - team_value)


def roll_weather(dice: Dice) -> StepResult:
    """Step 1, "Roll on Weather table": 2D6."""

    def resolve() -> dict[str, Any]:
        roll = dice.two_d6(say("Weather"))
        return {"roll": list(roll), "weather": str(weather(roll).name)}

    return run_step("weather", say("1. Roll on Weather table"), f"{RULE}, 1", dice, resolve)


def _amount(value: Any, side: str, team: TeamState) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(
            say(
                "{team}: Petty Cash is a sum of gold, 0 or more, not {value}",
                team=team.name,
                value=repr(value),
            )
        )
    if value > team.treasury:
        raise RulesError(
            say(
                "{team} cannot move {gold} gp into Petty Cash: the Treasury holds {treasury} gp",
                team=team.name,
                gold=thousands(value),
                treasury=thousands(team.treasury),
            )
        )
    return value


def transfer_petty_cash(
    ruleset: Ruleset,
    dice: Dice,
    teams: Mapping[str, TeamState],
    answers: Mapping[str, Any],
    *,
    league: bool = True,
) -> StepResult:
    """Step 2, "Transfer gold to Petty Cash (highest TV first, adds to TV)".

    The higher-TV team's coach answers first; with equal TVs both at once. A
    team with an empty Treasury transfers nothing and is not asked. Exhibition
    play (``league=False``) skips it: there is no Treasury to draw on.
    """

    def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
        if not league:
            return {"skipped": "exhibition play"}, ()
        tv = {side: current_team_value(ruleset, teams[side].value_input()) for side in SIDES}
        if tv["home"] == tv["away"]:
            turns: list[tuple[str, ...]] = [SIDES]
        else:
            higher = max(SIDES, key=lambda side: tv[side])
            turns = [(higher,), (other(higher),)]
        moved: dict[str, int] = {}
        pending: list[Choice] = []
        for turn in turns:
            for side in turn:
                team = teams[side]
                if side in answers:
                    moved[side] = _amount(answers[side], side, team)
                elif team.treasury <= 0:
                    moved[side] = 0
                else:
                    options = {
                        "treasury": team.treasury,
                        "team_value": tv[side],
                        "moved": dict(moved),
                    }
                    prompt = say(
                        "{team}: how much Treasury gold goes into Petty Cash?", team=team.name
                    )
                    pending.append(Choice(side, "petty_cash", prompt, options))
            if pending:
                break
        outcome: dict[str, Any] = {}
        for side in SIDES:
            outcome[side] = {
                "team_value": tv[side],
                "treasury": teams[side].treasury,
                "petty_cash": moved.get(side),
                "team_value_with_petty_cash": (tv[side] + moved[side] if side in moved else None),
            }
        return outcome, tuple(pending)

    title = say("2. Transfer gold to Petty Cash")
    return run_step("petty_cash", title, f"{RULE}, 2", dice, resolve)


def _purchases(
    ruleset: Ruleset,
    teams: Mapping[str, TeamState],
    orders: Mapping[str, Any],
    money_of: Callable[[str], Money],
) -> tuple[dict[str, InducementPurchase], list[Choice]]:
    """Each side's order checked (every problem of both at once), or its question
    where it has not answered and could buy something."""
    bought: dict[str, InducementPurchase] = {}
    pending: list[Choice] = []
    problems: list[str] = []
    for side in SIDES:
        money = money_of(side)
        order = orders.get(side)
        if order is None:
            offer = inducement_offer(ruleset, teams[side], money)
            if can_buy_anything(offer):
                pending.append(inducement_choice(side, teams[side], money, offer))
                continue
            order = {}
        try:
            bought[side] = validate_purchase(ruleset, teams[side], order, money)
        except InducementError as error:
            problems += [f"{teams[side].name}: {message}" for message in error.messages]
    if problems:
        raise InducementError(problems)
    return bought, pending


def _spending(
    ruleset: Ruleset,
    team: TeamState,
    money: Money,
    cash: int,
    free: int,
    purchase: InducementPurchase | None,
) -> dict[str, Any]:
    """What one side spent: the inducement money goes first; Petty Cash pays the rest."""
    ctv = current_team_value(ruleset, team.value_input())
    spent = purchase.total if purchase else 0
    from_petty_cash = min(cash, max(0, spent - free))
    return {
        "ctv": ctv,
        "petty_cash": cash,
        "inducement_money": free,
        "money": money.amount,
        "money_source": money.source,
        "bought": purchase.as_dict() if purchase else None,
        "treasury_spent": from_petty_cash,
        "petty_cash_returned": cash - from_petty_cash if purchase else None,
        "ctv_after": ctv + spent if purchase else None,
    }


def take_inducements(
    ruleset: Ruleset,
    dice: Dice,
    teams: Mapping[str, TeamState],
    petty: Mapping[str, Any],
    orders: Mapping[str, Any],
    *,
    league: bool = True,
    budget: Mapping[str, int] | None = None,
) -> StepResult:
    """Step 4, "Take Inducements": each team spends its Petty Cash and, for the lower-TV
    team, the inducement money (the TV difference) on BB2020's inducements.

    Both coaches answer together: neither's money depends on the other's
    purchase. Exhibition play: each side spends the ``budget`` its coach kept.
    """
    budget = budget or {}

    def money_of(side: str) -> tuple[Money, int, int]:
        if not league:
            return Money(budget.get(side, 0), BUDGET), 0, 0
        mine = petty[side]["team_value_with_petty_cash"]
        theirs = petty[other(side)]["team_value_with_petty_cash"]
        cash, free = petty[side]["petty_cash"], inducement_money(mine, theirs)
        return Money(cash + free, PETTY_CASH), cash, free

    def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
        bought, pending = _purchases(ruleset, teams, orders, lambda side: money_of(side)[0])
        outcome: dict[str, Any] = {"mode": "league" if league else "exhibition"}
        for side in SIDES:
            outcome[side] = _spending(ruleset, teams[side], *money_of(side), bought.get(side))
        clash: list[str] = []
        if len(bought) == 2:
            away_stars = {star.slug for star in bought["away"].star_players}
            clash = [s.slug for s in bought["home"].star_players if s.slug in away_stars]
        outcome["star_players_not_fielded"] = clash
        return outcome, tuple(pending)

    title = say("4. Take Inducements")
    return run_step("inducements", title, f"{RULE}, 4", dice, resolve)


def gate_and_fame(dice: Dice, teams: Mapping[str, TeamState]) -> StepResult:
    """Step 5, "Work out Gate and FAME": "Each (2D6 + FF) x 1000 fans"; "Total Gate is
    both teams' fans"; FAME +0 for equal fans, +1 for more, +2 for double or more."""

    def resolve() -> dict[str, Any]:
        outcome: dict[str, Any] = {}
        for side in SIDES:
            roll = dice.two_d6(say("Gate ({side})", side=side_said(side)))
            fan_factor = teams[side].dedicated_fans
            fans = gate(roll, fan_factor)
            outcome[side] = {"roll": list(roll), "fan_factor": fan_factor, "fans": fans}
        fames = fame(outcome["home"]["fans"], outcome["away"]["fans"])
        for side, value in zip(SIDES, fames, strict=True):
            outcome[side]["fame"] = value
        outcome["total_gate"] = total_gate(outcome["home"]["fans"], outcome["away"]["fans"])
        return outcome

    title = say("5. Work out Gate and FAME")
    return run_step("gate_and_fame", title, f"{RULE}, 5", dice, resolve)


@dataclass(frozen=True)
class ClassicPreGameResult(PreGameResult):
    """The pre-match as run so far: BB2020's ``PreGameResult`` in shape (``weather``,
    ``petty_cash``, ``treasury_spent``, ``inducements``, ``ctv_*``, ``kicking_team``;
    no journeymen or Prayers to Nuffle), plus the gate, FAME and inducement money.

    ``fan_factor`` is what the post-match reads from ``TeamReport.fan_factor``:
    for classic, each team's gate in thousands of fans (2D6 + Fan Factor), from
    which ``post_game`` works out FAME again. The Fan Factor itself is
    ``TeamState.dedicated_fans``.
    """

    ruleset_key: str = "classic"

    @property
    def fan_factor(self) -> dict[str, int] | None:
        fans = self._per_side("gate_and_fame", "fans")
        return {side: n // 1_000 for side, n in fans.items()} if fans else None

    @property
    def journeymen(self) -> dict[str, tuple[Any, ...]] | None:
        return {side: () for side in SIDES}

    @property
    def gate(self) -> dict[str, int] | None:
        """Each team's fans: (2D6 + FF) x 1,000."""
        return self._per_side("gate_and_fame", "fans")

    @property
    def total_gate(self) -> int | None:
        outcome = self._outcome("gate_and_fame")
        return outcome["total_gate"] if outcome else None

    @property
    def fame(self) -> dict[str, int] | None:
        return self._per_side("gate_and_fame", "fame")

    @property
    def inducement_money(self) -> dict[str, int] | None:
        return self._per_side("inducements", "inducement_money")

    @property
    def team_value(self) -> dict[str, int] | None:
        """Each team's TV, as the classic sheet names it (the engine's current team
        value: ``ctv_before_inducements``, which the apps read as for BB2020)."""
        return self.ctv_before_inducements

    @property
    def team_value_after_inducements(self) -> dict[str, int] | None:
        """Each team's TV with the inducements it bought (``ctv_after_inducements``)."""
        return self.ctv_after_inducements


def _answers(choices: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return checked_choices(
        choices, CHOICE_KEYS, sequence="pre-match", per_side=("petty_cash", "inducements")
    )


def pre_game(
    ruleset: Ruleset | str,
    home: TeamState,
    away: TeamState,
    dice: Dice,
    *,
    league: bool = True,
    choices: Mapping[str, Any] | None = None,
    budget: Mapping[str, int] | None = None,
) -> ClassicPreGameResult:
    """Run the classic pre-match up to its end or to the first decision a coach owes.

    ``choices`` (JSON-friendly, every key optional)::

        {"petty_cash": {"home": 20_000, "away": 0},     # gold moved from the Treasury
         "inducements": {"home": {"bribes": 1}, "away": {}},   # as for BB2020
         "coin_toss": "home", "kick_or_receive": "kick"}

    Exhibition (``league=False``): no Petty Cash; ``budget`` per side buys
    inducements. Raises InducementError for an order the rules refuse and
    RulesError for an answer that is not allowed.
    """
    if isinstance(ruleset, str):
        ruleset = get_ruleset(ruleset)
    if league and budget:
        raise RulesError(say("A budget is for exhibition play; league teams use Petty Cash"))
    answers = _answers(choices)
    teams = {"home": home, "away": away}
    steps: list[StepResult] = []

    def stopped(step: StepResult) -> bool:
        steps.append(step)
        return not step.complete

    def result() -> ClassicPreGameResult:
        return ClassicPreGameResult(PRE_GAME, tuple(steps), league=league, ruleset_key=ruleset.key)

    if stopped(roll_weather(dice)):
        return result()
    petty_answers = answers.get("petty_cash") or {}
    if stopped(transfer_petty_cash(ruleset, dice, teams, petty_answers, league=league)):
        return result()
    petty = steps[-1].outcome
    orders = answers.get("inducements") or {}
    step = take_inducements(ruleset, dice, teams, petty, orders, league=league, budget=budget)
    if stopped(step) or stopped(gate_and_fame(dice, teams)):
        return result()
    stopped(
        determine_kicking_team(
            dice, teams, answers.get("coin_toss"), answers.get("kick_or_receive")
        )
    )
    return result()
