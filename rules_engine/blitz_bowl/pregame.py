"""The Blitz Bowl set-up (Game Overview, steps 1-7, with Blitz Bowl Arenas), as far as
it decides anything a match sheet records.

Four named steps, each a ``StepResult`` with its rolls:

1. ``coin_toss``: "First, flip one of the team coins to determine which coach wins
   the toss." A coin flipped at the table is given as ``choices["coin_toss"]``;
   otherwise the engine flips it with a D6 through the ``Dice``: 1-3 the home
   coach wins, 4-6 the away coach (a D6 halves evenly, and a roll can be stored
   and replayed like every other).
2. ``regional_rules``: "Before the coach that won the coin toss chooses which pitch
   they want to use, they roll a D8 and consult the following table" (Blitz Bowl
   Arenas).
3. ``pitch``: "The winning coach chooses the pitch they want to use": one trapdoor
   or two. A pending ``Choice`` of the toss winner until ``choices["pitch"]``
   answers it, except under the Lustrian Superleague, where "The coach that won
   the coin toss must choose to use the pitch with two trapdoors".
4. ``ball_placement``: "Finally, place a ball on the trapdoor. If the coaches are
   using the side of the board that has two trapdoors, the coach who won the toss
   rolls a D6. On a result of 1, 2 or 3 the ball is placed on the trapdoor closest
   to their End Zone; on a 4, 5 or 6 it is placed on the trapdoor closest to their
   opponent's End Zone."

``pre_game`` is a pure function of its inputs, its dice and the answers given so
far: stopped at the pitch choice, call it again with the same dice (the same seed,
or ``ScriptedDice.replay`` of the stored rolls) and the answer, and it runs the
same way and goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.state import TeamState
from rules_engine.blitz_bowl.regional import (
    LUSTRIAN_SUPERLEAGUE,
    RegionalRule,
    forced_pitch,
    regional_entry,
    regional_rule,
)
from rules_engine.blitz_bowl.scoring import SIDES, other_side, sudden_death_margin
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, SequenceResult, StepResult, checked_choices, run_step
from rules_engine.tables import TableEntry
from rules_engine.wording import say, side_said

PRE_GAME = "pre-game"
ONE_TRAPDOOR = "one_trapdoor"
TWO_TRAPDOORS = "two_trapdoors"
PITCHES: tuple[str, str] = (ONE_TRAPDOOR, TWO_TRAPDOORS)
CHOICE_KEYS = frozenset({"coin_toss", "pitch"})
# The coin flipped with a D6: this many or fewer and the home coach wins the toss.
COIN_TOSS_HOME_WINS_UP_TO = 3
# Ball placement on two trapdoors: this many or fewer and the ball goes on the
# trapdoor closest to the toss winner's End Zone.
BALL_PLACEMENT_OWN_END_ZONE_UP_TO = 3
SET_UP = "Game Overview (setting up a game of Blitz Bowl)"


def coin_toss_winner(d6: int) -> str:
    """The side that wins a coin toss flipped with a D6: 1-3 home, 4-6 away."""
    _check_d6(d6, "coin toss")
    return "home" if d6 <= COIN_TOSS_HOME_WINS_UP_TO else "away"


def ball_placement_end_zone(d6: int, toss_winner: str) -> str:
    """Set-up step 7 on a two-trapdoor pitch: the side whose End Zone the ball's
    trapdoor is closest to. "On a result of 1, 2 or 3 the ball is placed on the
    trapdoor closest to their End Zone; on a 4, 5 or 6 it is placed on the trapdoor
    closest to their opponent's End Zone" ("their" being the toss winner)."""
    _check_d6(d6, "ball placement")
    return toss_winner if d6 <= BALL_PLACEMENT_OWN_END_ZONE_UP_TO else other_side(toss_winner)


def _check_d6(d6: object, what: str) -> None:
    if isinstance(d6, bool) or not isinstance(d6, int) or not 1 <= d6 <= 6:
        raise RulesError(
            say("The {what} is read with a D6 (1-6); got {d6}", what=what, d6=repr(d6))
        )


# --- the steps ---------------------------------------------------------------------------


def coin_toss(dice: Dice, teams: Mapping[str, TeamState], tossed: str | None = None) -> StepResult:
    """Set-up step 1: "flip one of the team coins to determine which coach wins the toss".

    The loser sets up first and so takes the first turn: "the coach that lost the
    coin toss sets up their team in their End Zone, then the other coach does the
    same" (step 5) and "The coach who set up their team first (coach A) takes the
    first turn" (Playing the Game).
    """
    if tossed is not None and tossed not in SIDES:
        raise RulesError(
            say("The coin toss is won by 'home' or 'away', not {answer}", answer=repr(tossed))
        )

    def resolve() -> dict[str, Any]:
        if tossed is not None:
            winner, roll, method = tossed, None, "coin"
        else:
            roll = dice.d6(
                say("Coin toss (D6: 1-{up_to} home, else away)", up_to=COIN_TOSS_HOME_WINS_UP_TO)
            )
            winner, method = coin_toss_winner(roll), "d6"
        loser = other_side(winner)
        return {
            "method": method,
            "roll": roll,
            "winner": winner,
            "winner_team": teams[winner].name,
            "sets_up_first": loser,
            "first_turn": loser,
        }

    return run_step("coin_toss", say("Coin Toss"), f"{SET_UP}, step 1", dice, resolve)


def regional_rules(dice: Dice, toss_winner: str) -> StepResult:
    """Blitz Bowl Arenas: "Before the coach that won the coin toss chooses which pitch
    they want to use, they roll a D8 and consult the following table to see what
    regional rules apply for the game." The outcome names the row and the Sudden
    Death margin it leaves (10, or 8 under the World's Edge Superleague)."""

    def resolve() -> dict[str, Any]:
        roll = dice.d8(say("Regional league ({side})", side=side_said(toss_winner)))
        entry = regional_rule(roll)
        return {
            "roll": roll,
            "rolled_by": toss_winner,
            "regional_rule": str(entry.name),
            "description": entry.description,
            "sudden_death_margin": sudden_death_margin(entry),
            "forced_pitch": forced_pitch(entry),
        }

    return run_step(
        "regional_rules",
        say("Regional Rules"),
        "Blitz Bowl Arenas: D8 Regional League",
        dice,
        resolve,
    )


def _regional_name(rule: RegionalRule) -> str:
    """The regional rule's name as the D8 table prints it."""
    entry = regional_entry(rule)
    return str(entry.name) if entry is not None else str(rule)


def choose_pitch(
    dice: Dice,
    teams: Mapping[str, TeamState],
    toss_winner: str,
    rule: RegionalRule,
    answer: str | None = None,
) -> StepResult:
    """Set-up step 1: "The winning coach chooses the pitch they want to use" - the side
    of the board with one trapdoor or with two. Under the Lustrian Superleague "The
    coach that won the coin toss must choose to use the pitch with two trapdoors"
    (which two-trapdoor board, if a club owns several, is theirs to pick and not
    recorded here)."""
    if answer is not None and answer not in PITCHES:
        raise RulesError(
            say(
                "The pitch is {pitches}, not {answer}",
                pitches=" or ".join(PITCHES),
                answer=repr(answer),
            )
        )
    forced = forced_pitch(rule)
    if forced is not None and answer is not None and answer != forced:
        raise RulesError(
            say(
                "Under the {rule} the coach that won the coin toss must choose the pitch with "
                "two trapdoors",
                rule=LUSTRIAN_SUPERLEAGUE,
            )
        )

    def resolve() -> dict[str, Any] | tuple[dict[str, Any], tuple[Choice, ...]]:
        outcome: dict[str, Any] = {"chosen_by": toss_winner}
        if forced is not None:
            return {**outcome, "pitch": forced, "forced_by": _regional_name(rule)}
        if answer is None:
            choice = Choice(
                side=toss_winner,
                kind="pitch",
                prompt=say(
                    "{team} won the toss: one trapdoor or two?", team=teams[toss_winner].name
                ),
                options={"answers": list(PITCHES)},
            )
            return outcome, (choice,)
        return {**outcome, "pitch": answer, "forced_by": None}

    return run_step("pitch", say("Pitch"), f"{SET_UP}, step 1", dice, resolve)


def ball_placement(dice: Dice, toss_winner: str, pitch: str) -> StepResult:
    """Set-up step 7: "Finally, place a ball on the trapdoor. If the coaches are using
    the side of the board that has two trapdoors, the coach who won the toss rolls a
    D6. On a result of 1, 2 or 3 the ball is placed on the trapdoor closest to their
    End Zone; on a 4, 5 or 6 it is placed on the trapdoor closest to their
    opponent's End Zone." On one trapdoor nothing is rolled."""

    def resolve() -> dict[str, Any]:
        if pitch == ONE_TRAPDOOR:
            return {"pitch": pitch, "roll": None, "trapdoor": "the trapdoor", "end_zone": None}
        roll = dice.d6(say("Ball placement ({side})", side=side_said(toss_winner)))
        end_zone = ball_placement_end_zone(roll, toss_winner)
        return {
            "pitch": pitch,
            "roll": roll,
            "rolled_by": toss_winner,
            "trapdoor": f"closest to the {end_zone} End Zone",
            "end_zone": end_zone,
        }

    return run_step("ball_placement", say("Ball Placement"), f"{SET_UP}, step 7", dice, resolve)


# --- the sequence ------------------------------------------------------------------------


@dataclass(frozen=True)
class BlitzBowlPreGameResult(SequenceResult):
    """The Blitz Bowl set-up as run so far; each property is None until its step is done."""

    league: bool = True

    def _outcome(self, name: str) -> Mapping[str, Any] | None:
        if name not in self:
            return None
        step = self.step(name)
        return step.outcome if step.complete else None

    @property
    def coin_toss_winner(self) -> str | None:
        outcome = self._outcome("coin_toss")
        return outcome["winner"] if outcome else None

    @property
    def first_turn(self) -> str | None:
        """Coach A: the toss loser, who sets up first and takes the first turn."""
        outcome = self._outcome("coin_toss")
        return outcome["first_turn"] if outcome else None

    @property
    def regional_rule(self) -> TableEntry | None:
        outcome = self._outcome("regional_rules")
        return regional_entry(outcome["regional_rule"]) if outcome else None

    @property
    def sudden_death_margin(self) -> int | None:
        outcome = self._outcome("regional_rules")
        return outcome["sudden_death_margin"] if outcome else None

    @property
    def pitch(self) -> str | None:
        outcome = self._outcome("pitch")
        return outcome["pitch"] if outcome else None

    @property
    def ball_end_zone(self) -> str | None:
        """On two trapdoors, the side whose End Zone the ball's trapdoor is closest to."""
        outcome = self._outcome("ball_placement")
        return outcome["end_zone"] if outcome else None


def _answers(choices: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return checked_choices(choices, CHOICE_KEYS, sequence="Blitz Bowl pre-game")


def _check_team(ruleset: Ruleset, side: str, team: TeamState) -> None:
    if team.roster_slug not in ruleset.rosters:
        raise RulesError(
            say(
                "The {side} team's roster {roster} is not a {ruleset} team; teams are {teams}",
                side=side,
                roster=repr(team.roster_slug),
                ruleset=ruleset.name,
                teams=", ".join(r.name for r in ruleset.rosters.values()),
            )
        )


def pre_game(
    ruleset: Ruleset | str,
    home: TeamState,
    away: TeamState,
    dice: Dice,
    *,
    league: bool = True,
    choices: Mapping[str, Any] | None = None,
) -> BlitzBowlPreGameResult:
    """Run the Blitz Bowl set-up up to its end or to the pitch the toss winner owes.

    ``choices`` (plain, JSON-friendly; every key optional)::

        {"coin_toss": "home",        # a coin flipped at the table; else a D6 (1-3 home)
         "pitch": "two_trapdoors"}   # the toss winner's pitch: one_trapdoor / two_trapdoors

    League and exhibition games set up alike (``league`` is recorded only).
    """
    if isinstance(ruleset, str):
        ruleset = get_ruleset(ruleset)
    answers = _answers(choices)
    teams = {"home": home, "away": away}
    for side, team in teams.items():
        _check_team(ruleset, side, team)
    steps: list[StepResult] = []

    def result() -> BlitzBowlPreGameResult:
        return BlitzBowlPreGameResult(PRE_GAME, tuple(steps), league=league)

    toss = coin_toss(dice, teams, answers.get("coin_toss"))
    winner = toss.outcome["winner"]
    steps.append(toss)
    regional = regional_rules(dice, winner)
    steps.append(regional)
    rule = regional.outcome["regional_rule"]
    pitch = choose_pitch(dice, teams, winner, rule, answers.get("pitch"))
    steps.append(pitch)
    if not pitch.complete:
        return result()
    steps.append(ball_placement(dice, winner, pitch.outcome["pitch"]))
    return result()
