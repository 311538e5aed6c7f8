"""The BB2020 pre-game's steps that every pre-game built on BB2020's runs as they are
(core rules, "PRE-GAME SEQUENCE"): the fans, the weather, journeymen, the Prayers to
Nuffle table and the kicking team, each a ``StepResult`` with its rolls; and the
numbers coaches ask about (petty cash, prayers)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.bb2020.journeymen import journeymen_choice, journeymen_for
from rules_engine.bb2020.pregame_result import SIDES
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, StepResult, run_step
from rules_engine.tables import Table
from rules_engine.wording import Shown, say, side_said

# Step 5: "roll once on the Prayers to Nuffle table for every full 50,000 gold pieces".
PRAYER_GOLD = 50_000
KICK_OR_RECEIVE = ("kick", "receive")


def other(side: str) -> str:
    return "away" if side == "home" else "home"


def higher_side(ctv: Mapping[str, int]) -> str:
    """The side of the higher CTV (home when equal, as ``max`` over the sides finds it)."""
    return "away" if ctv["away"] > ctv["home"] else "home"


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
    purpose: Shown | None = None,
) -> tuple[list[dict[str, Any]], list[int]]:
    """Roll ``count`` D16 on the Prayers to Nuffle table, re-rolling repeats.

    Step 5: "re-rolling any duplicate results"; Cheering Fans: "if you roll a
    result that is currently in effect, you must re-roll it" (``in_effect``).
    There are only 16 results, so rolls stop once no new result can come.
    ``purpose``: what the rolls are recorded under ("Prayers to Nuffle (home)" unless
    given). Returns the results and the rolls that were re-rolled.
    """
    taken = {table.entry(name).rolls[0] for name in in_effect} if in_effect else set()
    results: list[dict[str, Any]] = []
    rerolled: list[int] = []
    faces = len(table.faces)
    rolled_for = purpose or say("Prayers to Nuffle ({side})", side=side_said(side))
    for _ in range(count):
        if len(taken) >= faces:
            break
        while (roll := dice.d16(rolled_for)) in taken:
            rerolled.append(roll)
        taken.add(roll)
        entry = table.lookup(roll)
        results.append({"roll": roll, "name": str(entry.name), "lasts": entry.effect.get("lasts")})
    return results, rerolled


def the_fans(dice: Dice, teams: Mapping[str, TeamState]) -> StepResult:
    """Pre-game step 1, THE FANS: "Both coaches roll a D3 and add their Dedicated
    Fans characteristic. This determines each team's 'Fan Factor'."""

    def resolve() -> dict[str, Any]:
        outcome = {}
        for side in SIDES:
            roll = dice.d3(say("Fair-weather fans ({side})", side=side_said(side)))
            fans = teams[side].dedicated_fans
            outcome[side] = {"roll": roll, "dedicated_fans": fans, "fan_factor": roll + fans}
        return outcome

    return run_step("fans", say("The Fans"), "Pre-game sequence, 1. The Fans", dice, resolve)


def the_weather(dice: Dice, ruleset: Ruleset) -> StepResult:
    """Pre-game step 2, THE WEATHER: "Both coaches roll a D6, adding the results
    together and consulting the Weather table."

    Sweltering Heat's D3 is one roll for both teams (facts section 7) made when
    a drive ends (``kickoff.end_of_drive``), so only the weather is recorded.
    """

    def resolve() -> dict[str, Any]:
        roll = dice.two_d6(say("Weather"))
        return {"roll": list(roll), "weather": str(ruleset.table("weather").lookup(roll).name)}

    title = say("The Weather")
    return run_step("weather", title, "Pre-game sequence, 2. The Weather", dice, resolve)


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

    title, rule = say("Take on Journeymen"), "Pre-game sequence, 3. Take on Journeymen"
    return run_step("journeymen", title, rule, dice, resolve)


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

    title = say("The Prayers to Nuffle Table")
    rule = "Pre-game sequence, 5. The Prayers to Nuffle Table"
    return run_step("prayers_to_nuffle", title, rule, dice, resolve)


def determine_kicking_team(
    dice: Dice,
    teams: Mapping[str, TeamState],
    coin_toss: str | None = None,
    kick_or_receive: str | None = None,
    *,
    number: int = 6,
) -> StepResult:
    """Pre-game step 6, DETERMINE KICKING TEAM: "A coin is flipped or dice are rolled
    to determine which team will kick-off (play defence) and which will receive".
    ``number``: the step's place in an edition's sequence (BB2025 has no Prayers step,
    so it is step 5 there).

    ``coin_toss`` names the winner of a coin tossed at the table; without it a
    D6 roll-off is made, ties rolled again. The winner chooses to kick or to
    receive (``kick_or_receive``), else the step waits for that choice.
    """
    if coin_toss is not None and coin_toss not in SIDES:
        raise RulesError(
            say("The coin toss is won by 'home' or 'away', not {got}", got=repr(coin_toss))
        )
    if kick_or_receive is not None and kick_or_receive not in KICK_OR_RECEIVE:
        raise RulesError(
            say("The winner chooses to 'kick' or 'receive', not {got}", got=repr(kick_or_receive))
        )

    def resolve() -> tuple[dict[str, Any], tuple[Choice, ...]]:
        outcome: dict[str, Any] = {"method": "coin toss" if coin_toss else "roll-off"}
        winner = coin_toss
        if winner is None:
            rounds = []
            while True:
                rolled = {
                    side: dice.d6(say("Kicking team roll-off ({side})", side=side_said(side)))
                    for side in SIDES
                }
                rounds.append(rolled)
                if rolled["home"] != rolled["away"]:
                    break
            outcome["roll_off"] = rounds
            winner = higher_side(rounds[-1])  # the higher roll (never level: rolled again)
        outcome["winner"] = winner
        if kick_or_receive is None:
            choice = Choice(
                side=winner,
                kind="kick_or_receive",
                prompt=say("{team} won the toss: kick or receive?", team=teams[winner].name),
                options={"answers": list(KICK_OR_RECEIVE)},
            )
            return outcome, (choice,)
        kicking = winner if kick_or_receive == "kick" else other(winner)
        outcome.update(decision=kick_or_receive, kicking=kicking, receiving=other(kicking))
        return outcome, ()

    title, rule = (
        say("Determine Kicking Team"),
        f"Pre-game sequence, {number}. Determine Kicking Team",
    )
    return run_step("kicking_team", title, rule, dice, resolve)
