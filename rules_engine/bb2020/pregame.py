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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.inducements import (
    BUDGET,
    NO_MONEY,
    PETTY_CASH,
    TREASURY,
    InducementPurchase,
    Money,
    can_buy_anything,
    inducement_choice,
    inducement_offer,
    validate_purchase,
)
from rules_engine.bb2020.journeymen import (
    RIOTOUS_ROOKIES,
    journeyman_players,
    journeymen_choice,
    journeymen_for,
    riotous_rookies,
)
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Dice
from rules_engine.errors import InducementError, RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, SequenceResult, StepResult, checked_choices, run_step
from rules_engine.tables import Table, TableEntry
from rules_engine.team_value import current_team_value

PRE_GAME = "pre-game"
SIDES: tuple[str, str] = ("home", "away")
# Step 5: "roll once on the Prayers to Nuffle table for every full 50,000 gold pieces".
PRAYER_GOLD = 50_000
CHOICE_KEYS = frozenset({"journeymen_position", "inducements", "coin_toss", "kick_or_receive"})
KICK_OR_RECEIVE = ("kick", "receive")


def other(side: str) -> str:
    return "away" if side == "home" else "home"


# --- the numbers coaches ask about -------------------------------------------------------


def petty_cash(higher_ctv: int, lower_ctv: int, treasury_spent_by_higher: int) -> int:
    """Step 4, Inducements: the lower-CTV team's petty cash, in gold pieces.

    Facts section 3 (errata): "petty cash = CTV difference + gold the other
    team spent from its Treasury"; "Equal CTV: no petty cash and no Treasury
    spending". The two CTVs may be given in either order.
    """
    if min(higher_ctv, lower_ctv, treasury_spent_by_higher) < 0:
        raise ValueError("CTVs and Treasury spending cannot be negative")
    if higher_ctv == lower_ctv:
        if treasury_spent_by_higher:
            raise ValueError("With equal CTVs neither team spends Treasury on inducements")
        return 0
    return abs(higher_ctv - lower_ctv) + treasury_spent_by_higher


def prayers_to_nuffle_rolls(ctv_difference: int) -> int:
    """Step 5, The Prayers to Nuffle Table: how many D16 the Underdog rolls.

    "The coach of the Underdog team may roll once on the Prayers to Nuffle
    table for every full 50,000 gold pieces of difference in CTV": 49,999 gives
    none, 50,000 one, 149,999 two. The sign of the difference does not matter.
    """
    return abs(ctv_difference) // PRAYER_GOLD


def roll_prayers(
    dice: Dice,
    table: Table,
    count: int,
    side: str,
    in_effect: Sequence[str] = (),
    purpose: str = "Prayers to Nuffle",
) -> tuple[list[dict[str, Any]], list[int]]:
    """Roll ``count`` D16 on the Prayers to Nuffle table, re-rolling repeats.

    Step 5: "re-rolling any duplicate results"; Cheering Fans: "if you roll a
    result that is currently in effect, you must re-roll it" (``in_effect``).
    There are only 16 results, so rolls stop once no new result can come.
    Returns the results and the rolls that were re-rolled.
    """
    taken = {table.entry(name).rolls[0] for name in in_effect}
    results: list[dict[str, Any]] = []
    rerolled: list[int] = []
    for _ in range(count):
        if len(taken) >= len(table.faces):
            break
        while (roll := dice.d16(f"{purpose} ({side})")) in taken:
            rerolled.append(roll)
        taken.add(roll)
        entry = table.lookup(roll)
        results.append({"roll": roll, "name": str(entry.name), "lasts": entry.effect.get("lasts")})
    return results, rerolled


# --- the steps ---------------------------------------------------------------------------


def the_fans(dice: Dice, teams: Mapping[str, TeamState]) -> StepResult:
    """Pre-game step 1, THE FANS: "Both coaches roll a D3 and add their Dedicated
    Fans characteristic. This determines each team's 'Fan Factor'."""

    def resolve() -> dict[str, Any]:
        outcome = {}
        for side in SIDES:
            roll = dice.d3(f"Fair-weather fans ({side})")
            fans = teams[side].dedicated_fans
            outcome[side] = {"roll": roll, "dedicated_fans": fans, "fan_factor": roll + fans}
        return outcome

    return run_step("fans", "The Fans", "Pre-game sequence, 1. The Fans", dice, resolve)


def the_weather(dice: Dice, ruleset: Ruleset) -> StepResult:
    """Pre-game step 2, THE WEATHER: "Both coaches roll a D6, adding the results
    together and consulting the Weather table."

    Sweltering Heat's D3 is one roll for both teams (facts section 7) made when
    a drive ends (``kickoff.end_of_drive``), so only the weather is recorded.
    """

    def resolve() -> dict[str, Any]:
        roll = dice.two_d6("Weather")
        return {"roll": list(roll), "weather": str(ruleset.table("weather").lookup(roll).name)}

    return run_step("weather", "The Weather", "Pre-game sequence, 2. The Weather", dice, resolve)


def take_on_journeymen(
    ruleset: Ruleset,
    dice: Dice,
    teams: Mapping[str, TeamState],
    positions: Mapping[str, Any],
    *,
    league: bool = True,
) -> StepResult:
    """Pre-game step 3, TAKE ON JOURNEYMEN: "If a team cannot field 11 players for
    a league game, the team temporarily takes on a number of Journeyman players."

    Exhibition play skips it ("This step can be skipped during exhibition
    play"). Where a roster has two Lineman lines the coach chooses each
    journeyman's position (``positions[side]``).
    """

    def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
        if not league:
            return {"skipped": "exhibition play"}, ()
        outcome: dict[str, Any] = {}
        pending = []
        for side in SIDES:
            team = teams[side]
            result = journeymen_for(ruleset, team, side, positions.get(side))
            if result is None:
                pending.append(journeymen_choice(ruleset, team, side))
                continue
            outcome[side] = {
                "count": result.needed,
                "positions": list(result.positions),
                "ctv_before": result.ctv_before,
                "ctv_after": result.ctv_after,
            }
        return outcome, tuple(pending)

    title, rule = "Take on Journeymen", "Pre-game sequence, 3. Take on Journeymen"
    return run_step("journeymen", title, rule, dice, resolve)


def _moneys(
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
    higher = max(SIDES, key=lambda side: ctv[side])
    moneys = {higher: Money(max(0, teams[higher].treasury), TREASURY)}
    if higher in bought:
        spent = bought[higher].total
        cash = petty_cash(ctv[higher], ctv[other(higher)], spent)
        moneys[other(higher)] = Money(cash, PETTY_CASH)
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
    """
    budget = budget or {}

    def buy(side: str, money: Money, bought: Mapping[str, InducementPurchase]) -> Any:
        """The side's purchase, or its pending Choice when its coach has not answered."""
        order = orders.get(side)
        if order is None:
            opponent = bought.get(other(side))
            stars = [star.slug for star in opponent.star_players] if opponent else []
            offer = inducement_offer(ruleset, teams[side], money, stars)
            if money.source != NO_MONEY and can_buy_anything(offer):
                return inducement_choice(side, teams[side], money, offer)
            order = {}
        return validate_purchase(ruleset, teams[side], order, money)

    def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
        ctv = {side: current_team_value(ruleset, teams[side].value_input()) for side in SIDES}
        if league and ctv["home"] != ctv["away"]:
            higher = max(SIDES, key=lambda side: ctv[side])
            turns: list[tuple[str, ...]] = [(higher,), (other(higher),)]
        else:
            turns = [SIDES]
        bought: dict[str, InducementPurchase] = {}
        rookies: dict[str, dict[str, Any]] = {}
        pending: list[Choice] = []
        problems: dict[str, list[str]] = {}
        for turn in turns:
            moneys = _moneys(ctv, teams, league, budget, bought)
            for side in turn:
                try:
                    answer = buy(side, moneys[side], bought)
                except InducementError as error:
                    problems[side] = error.messages
                    continue
                if isinstance(answer, Choice):
                    pending.append(answer)
                else:
                    bought[side] = answer
                    if answer.count(RIOTOUS_ROOKIES):
                        rookies[side] = riotous_rookies(dice, teams[side].roster(ruleset), side)
            if pending or problems:
                break
        if problems:
            raise InducementError(_side_messages(problems, teams))
        moneys = _moneys(ctv, teams, league, budget, bought)
        outcome = _inducements_outcome(ctv, moneys, bought, league)
        for side, rolled in rookies.items():
            outcome[side]["riotous_rookies"] = rolled
        return outcome, tuple(pending)

    return run_step(
        "inducements", "Inducements", "Pre-game sequence, 4. Inducements", dice, resolve
    )


def _side_messages(problems: Mapping[str, list[str]], teams: Mapping[str, TeamState]) -> list[str]:
    if len(problems) == 1:
        return next(iter(problems.values()))
    return [f"{teams[side].name}: {message}" for side in SIDES for message in problems[side]]


def _inducements_outcome(
    ctv: Mapping[str, int],
    moneys: Mapping[str, Money],
    bought: Mapping[str, InducementPurchase],
    league: bool,
) -> dict[str, Any]:
    outcome: dict[str, Any] = {"mode": "league" if league else "exhibition"}
    for side in SIDES:
        money = moneys.get(side)
        purchase = bought.get(side)
        spent = purchase.total if purchase else 0
        outcome[side] = {
            "ctv": ctv[side],
            "money": money.amount if money else None,
            "money_source": money.source if money else None,
            "treasury_spent": spent if money and money.source == TREASURY else 0,
            "petty_cash": money.amount if money and money.source == PETTY_CASH else 0,
            "bought": purchase.as_dict() if purchase else None,
            "ctv_after": ctv[side] + spent if purchase else None,
        }
    both = [bought[side] for side in SIDES if side in bought]
    clash = []
    if len(both) == 2:
        away_stars = {star.slug for star in both[1].star_players}
        clash = [star.slug for star in both[0].star_players if star.slug in away_stars]
    outcome["star_players_not_fielded"] = clash
    return outcome


def prayers_to_nuffle(
    ruleset: Ruleset, dice: Dice, ctv_after: Mapping[str, int], *, league: bool = True
) -> StepResult:
    """Pre-game step 5, THE PRAYERS TO NUFFLE TABLE: "the coach of the Underdog team
    may roll once on the Prayers to Nuffle table for every full 50,000 gold
    pieces of difference in CTV", CTV recalculated with inducements; "re-rolling
    any duplicate results". League play only.
    """

    def resolve() -> dict[str, Any]:
        if not league:
            return {"skipped": "exhibition play"}
        difference = abs(ctv_after["home"] - ctv_after["away"])
        underdog = None if difference == 0 else min(SIDES, key=lambda side: ctv_after[side])
        allowed = prayers_to_nuffle_rolls(difference)
        results: list[dict[str, Any]] = []
        rerolled: list[int] = []
        if underdog is not None and allowed:
            table = ruleset.table("prayers_to_nuffle")
            results, rerolled = roll_prayers(dice, table, allowed, underdog)
        return {
            "ctv": dict(ctv_after),
            "difference": difference,
            "underdog": underdog,
            "rolls_allowed": allowed,
            "results": results,
            "rerolled": rerolled,
        }

    title, rule = "The Prayers to Nuffle Table", "Pre-game sequence, 5. The Prayers to Nuffle Table"
    return run_step("prayers_to_nuffle", title, rule, dice, resolve)


def determine_kicking_team(
    dice: Dice,
    teams: Mapping[str, TeamState],
    coin_toss: str | None = None,
    kick_or_receive: str | None = None,
) -> StepResult:
    """Pre-game step 6, DETERMINE KICKING TEAM: "A coin is flipped or dice are rolled
    to determine which team will kick-off (play defence) and which will receive".

    ``coin_toss`` names the winner of a coin tossed at the table; without it a
    D6 roll-off is made, ties rolled again. The winner chooses to kick or to
    receive (``kick_or_receive``), else the step waits for that choice.
    """
    if coin_toss is not None and coin_toss not in SIDES:
        raise RulesError(f"The coin toss is won by 'home' or 'away', not {coin_toss!r}")
    if kick_or_receive is not None and kick_or_receive not in KICK_OR_RECEIVE:
        raise RulesError(f"The winner chooses to 'kick' or 'receive', not {kick_or_receive!r}")

    def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
        outcome: dict[str, Any] = {"method": "coin toss" if coin_toss else "roll-off"}
        winner = coin_toss
        if winner is None:
            rounds = []
            while True:
                rolled = {side: dice.d6(f"Kicking team roll-off ({side})") for side in SIDES}
                rounds.append(rolled)
                if rolled["home"] != rolled["away"]:
                    break
            outcome["roll_off"] = rounds
            winner = max(SIDES, key=lambda side: rounds[-1][side])
        outcome["winner"] = winner
        if kick_or_receive is None:
            choice = Choice(
                side=winner,
                kind="kick_or_receive",
                prompt=f"{teams[winner].name} won the toss: kick or receive?",
                options={"answers": list(KICK_OR_RECEIVE)},
            )
            return outcome, (choice,)
        kicking = winner if kick_or_receive == "kick" else other(winner)
        outcome.update(decision=kick_or_receive, kicking=kicking, receiving=other(kicking))
        return outcome, ()

    title, rule = "Determine Kicking Team", "Pre-game sequence, 6. Determine Kicking Team"
    return run_step("kicking_team", title, rule, dice, resolve)


# --- the sequence ------------------------------------------------------------------------


@dataclass(frozen=True)
class PreGameResult(SequenceResult):
    """The pre-game as run so far, with the numbers a match sheet shows.

    Each property is None while its step has not run (or waits for a choice).
    Per-side values are dicts keyed "home" and "away".
    """

    league: bool = True
    ruleset_key: str = "bb2020"

    def _outcome(self, name: str, *, complete: bool = True) -> Mapping[str, Any] | None:
        if name not in self:
            return None
        step = self.step(name)
        return step.outcome if step.complete or not complete else None

    def _per_side(self, name: str, key: str, *, complete: bool = True) -> dict[str, Any] | None:
        outcome = self._outcome(name, complete=complete)
        if outcome is None or "skipped" in outcome:
            return None
        return {side: outcome[side][key] for side in SIDES}

    @property
    def fan_factor(self) -> dict[str, int] | None:
        return self._per_side("fans", "fan_factor")

    @property
    def weather(self) -> TableEntry | None:
        outcome = self._outcome("weather")
        if outcome is None:
            return None
        entry: TableEntry = get_ruleset(self.ruleset_key).table("weather").entry(outcome["weather"])
        return entry

    @property
    def journeymen(self) -> dict[str, tuple[PlayerState, ...]] | None:
        """Each side's journeymen for the game: step 3's, then its Riotous Rookies
        once step 4 is done (all temporary, Loner (4+), numbered on from step 3's)."""
        outcome = self._outcome("journeymen")
        if outcome is None:
            return None
        positions: dict[str, list[str]] = {side: [] for side in SIDES}
        if "skipped" not in outcome:
            positions = {side: list(outcome[side]["positions"]) for side in SIDES}
        bought = self._outcome("inducements") or {}
        for side in SIDES:
            rookies = (bought.get(side) or {}).get("riotous_rookies")
            if rookies:
                positions[side] += rookies["positions"]
        return {side: journeyman_players(side, positions[side]) for side in SIDES}

    @property
    def ctv_before_inducements(self) -> dict[str, int] | None:
        """Known while the coaches are still choosing inducements, too."""
        return self._per_side("inducements", "ctv", complete=False)

    @property
    def ctv_after_inducements(self) -> dict[str, int] | None:
        return self._per_side("inducements", "ctv_after")

    @property
    def petty_cash(self) -> dict[str, int] | None:
        return self._per_side("inducements", "petty_cash")

    @property
    def treasury_spent(self) -> dict[str, int] | None:
        return self._per_side("inducements", "treasury_spent")

    @property
    def inducements(self) -> dict[str, dict[str, Any]] | None:
        """What each side bought: ``items`` (slug: count), ``star_players``, ``mercenaries``."""
        return self._per_side("inducements", "bought")

    @property
    def star_players_not_fielded(self) -> tuple[str, ...]:
        outcome = self._outcome("inducements")
        return tuple(outcome["star_players_not_fielded"]) if outcome else ()

    @property
    def underdog(self) -> str | None:
        outcome = self._outcome("prayers_to_nuffle")
        return outcome.get("underdog") if outcome else None

    @property
    def prayers(self) -> dict[str, tuple[str, ...]] | None:
        """The Prayers to Nuffle results each side rolled (the Underdog's; none in exhibition)."""
        outcome = self._outcome("prayers_to_nuffle")
        if outcome is None:
            return None
        names = tuple(result["name"] for result in outcome.get("results", ()))
        return {side: names if side == outcome.get("underdog") else () for side in SIDES}

    @property
    def kicking_team(self) -> str | None:
        outcome = self._outcome("kicking_team")
        return outcome["kicking"] if outcome else None

    @property
    def receiving_team(self) -> str | None:
        outcome = self._outcome("kicking_team")
        return outcome["receiving"] if outcome else None


def _answers(choices: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return checked_choices(
        choices, CHOICE_KEYS, sequence="pre-game", per_side=("journeymen_position", "inducements")
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
            "A budget is for exhibition play; league teams spend Treasury and petty cash"
        )
    answers = _answers(choices)
    teams = {"home": home, "away": away}
    steps: list[StepResult] = []

    def stopped(step: StepResult) -> bool:
        steps.append(step)
        return not step.complete

    def result() -> PreGameResult:
        return PreGameResult(PRE_GAME, tuple(steps), league=league, ruleset_key=ruleset.key)

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
    if stopped(prayers_to_nuffle(ruleset, dice, ctv_after, league=league)):
        return result()
    stopped(
        determine_kicking_team(
            dice, teams, answers.get("coin_toss"), answers.get("kick_or_receive")
        )
    )
    return result()
