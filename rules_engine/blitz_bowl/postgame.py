"""After a Blitz Bowl game: record the points and how the game was won.

Blitz Bowl keeps no league economy: no winnings or Treasury, no Star Player
Points, no fans, no injuries that outlast the game ("Injured Players: ... placed
in their team's dugout, becoming a Reserves player"). So the post-game is two
steps over the ``BlitzBowlReport`` and rolls nothing:

1. ``scoring``: each team's points (Scoring Points).
2. ``winning_the_game``: Sudden Death Victory, Points Victory or draw (Winning the Game).

``post_game`` returns a ``BlitzBowlPostGameResult``, shaped as the BB2020
``PostGameResult`` (a ``SequenceResult`` with ``.teams``, ``.home`` and ``.away``),
so the matches app applies it with the same code: each side's
``BlitzBowlTeamPostGame`` carries the same names (``result``, ``touchdowns``,
``treasury_changes``, ``spp``, ``dead``, ``team`` ...) with nothing changed, and
adds the Blitz Bowl outcome (``points``, ``opponent_points``, ``ending``, the
Challenge cards and Clean Sweeps).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rules_engine.bb2020.postgame import TreasuryChange
from rules_engine.bb2020.state import TeamState
from rules_engine.blitz_bowl.report import BlitzBowlReport
from rules_engine.blitz_bowl.scoring import SIDES, GameResult, other_side, scoring_rules
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import SequenceResult, StepResult, run_step
from rules_engine.team_value import current_team_value, team_value
from rules_engine.wording import say

POST_GAME = "post-game"


@dataclass(frozen=True)
class BlitzBowlTeamPostGame:
    """One team's game: its points and result, and the team for the next game (unchanged).

    ``result`` is "win", "draw" or "loss"; ``ending`` is how the game ended:
    "sudden_death", "points_victory" or "draw". The fields after ``team`` mirror
    BB2020's ``TeamPostGame`` and are all empty or zero: a Blitz Bowl game changes
    no Treasury, fans, SPP or roster. ``concession``, ``mvp`` and
    ``expensive_mistake`` are None: Blitz Bowl has none of them.
    """

    side: str
    result: str
    ending: str
    points: int
    opponent_points: int
    touchdowns: int
    challenge_cards: tuple[int, ...]
    challenge_points: int
    clean_sweeps: int
    bonus_play_points: int
    team: TeamState
    team_value: int
    current_team_value: int
    winnings: int = 0
    treasury_changes: tuple[TreasuryChange, ...] = ()
    dedicated_fans_before: int = 0
    dedicated_fans_after: int = 0
    dedicated_fans_roll: int | None = None
    concession: None = None
    mvp: None = None
    spp: tuple[Any, ...] = ()
    dead: tuple[Any, ...] = ()
    quit: tuple[Any, ...] = ()
    miss_next_game: tuple[Any, ...] = ()
    recovered: tuple[Any, ...] = ()
    niggling_injuries: tuple[Any, ...] = ()
    characteristic_losses: tuple[tuple[Any, str], ...] = ()
    advancement_options: Mapping[Any, tuple[Any, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    advancement_choices: tuple[Any, ...] = ()
    hireable_journeymen: Mapping[Any, int] = field(default_factory=lambda: MappingProxyType({}))
    hired_journeymen: tuple[Any, ...] = ()
    released_journeymen: tuple[Any, ...] = ()
    retirable: tuple[Any, ...] = ()
    retired: tuple[Any, ...] = ()
    fired: tuple[Any, ...] = ()
    expensive_mistake: None = None

    @property
    def sudden_death(self) -> bool:
        return self.ending == "sudden_death"

    @property
    def treasury_delta(self) -> int:
        return sum(change.amount for change in self.treasury_changes)

    @property
    def dedicated_fans_change(self) -> int:
        return self.dedicated_fans_after - self.dedicated_fans_before

    def spp_of(self, player_id: Any) -> int:
        return 0

    def as_dict(self) -> dict[str, Any]:
        """The Blitz Bowl outcome, JSON-friendly (what a results page and standings read)."""
        return {
            "side": self.side,
            "result": self.result,
            "ending": self.ending,
            "points": self.points,
            "opponent_points": self.opponent_points,
            "touchdowns": self.touchdowns,
            "challenge_cards": list(self.challenge_cards),
            "challenge_points": self.challenge_points,
            "clean_sweeps": self.clean_sweeps,
            "bonus_play_points": self.bonus_play_points,
        }


@dataclass(frozen=True)
class BlitzBowlPostGameResult(SequenceResult):
    """The post-game: its steps (``SequenceResult``), the game's ``GameResult`` and each
    team's ``BlitzBowlTeamPostGame``."""

    teams: Mapping[str, BlitzBowlTeamPostGame] = field(default_factory=dict)
    game: GameResult | None = None
    league: bool = True

    @property
    def home(self) -> BlitzBowlTeamPostGame | None:
        return self.teams.get("home")

    @property
    def away(self) -> BlitzBowlTeamPostGame | None:
        return self.teams.get("away")


def _check_team(ruleset: Ruleset, side: str, team: TeamState) -> tuple[int, int]:
    """The team's TV and CTV (0: nothing in Blitz Bowl costs gold); an error if it is not
    a team of this ruleset."""
    if team.roster_slug not in ruleset.rosters:
        raise RulesError(
            say(
                "The {side} team's roster {roster} is not a {ruleset} team",
                side=side,
                roster=repr(team.roster_slug),
                ruleset=ruleset.name,
            )
        )
    try:
        value_input = team.value_input()
        return team_value(ruleset, value_input), current_team_value(ruleset, value_input)
    except ValueError as error:
        raise RulesError(say("The {side} team: {error}", side=side, error=str(error))) from None


def scoring(report: BlitzBowlReport, dice: Dice) -> StepResult:
    """Scoring Points: "Teams are awarded points during their turn by scoring touchdowns
    and claiming Challenge cards" - 4 points a touchdown, each card's own points, 2
    bonus points a Clean Sweep, and any points Bonus Play cards scored."""
    rules = scoring_rules()

    def resolve() -> dict[str, Any]:
        outcome: dict[str, Any] = {}
        for side in SIDES:
            team = report.side(side)
            outcome[side] = {
                "touchdowns": team.touchdowns,
                "touchdown_points": team.touchdowns * rules.touchdown_points,
                "challenge_cards": list(team.challenge_cards),
                "challenge_points": team.challenge_points,
                "clean_sweeps": team.clean_sweeps,
                "clean_sweep_points": team.clean_sweeps * rules.clean_sweep_points,
                "bonus_play_points": team.bonus_play_points,
                "points": team.total,
            }
        return outcome

    return run_step("scoring", say("Scoring Points"), "Scoring Points", dice, resolve)


def winning_the_game(report: BlitzBowlReport, dice: Dice) -> StepResult:
    """Winning the Game: "There are two ways the game can end - with a Sudden Death
    Victory or with a Points Victory"; a Points Victory on equal scores is a draw."""

    def resolve() -> dict[str, Any]:
        return {**report.result().as_dict(), "regional_rule": report.regional_rule}

    title = say("Winning the Game")
    return run_step("winning_the_game", title, "Winning the Game", dice, resolve)


def post_game(
    ruleset: Ruleset | str,
    home: TeamState,
    away: TeamState,
    report: BlitzBowlReport | Mapping[str, Any],
    dice: Dice,
    *,
    choices: Mapping[str, Any] | None = None,
    league: bool = True,
    hold_hiring: bool = False,
) -> BlitzBowlPostGameResult:
    """Record a Blitz Bowl game: points and result per team; nothing is rolled.

    ``report`` is a ``BlitzBowlReport`` (or its ``as_dict`` form); building it checks
    that each team's points add up and that a Sudden Death claim fits the score and
    the regional rule. Blitz Bowl's post-game asks no coach anything, so ``choices``
    must be empty; league and exhibition games are recorded alike. ``hold_hiring``
    changes nothing: no step holds for the coaches.
    """
    del hold_hiring
    if isinstance(ruleset, str):
        ruleset = get_ruleset(ruleset)
    if isinstance(report, Mapping):
        report = BlitzBowlReport.from_dict(report)
    if not isinstance(report, BlitzBowlReport):
        raise RulesError(
            say(
                "A {ruleset} game is reported with a BlitzBowlReport, not {given}",
                ruleset=ruleset.name,
                given=type(report).__name__,
            )
        )
    if choices:
        raise RulesError(
            say(
                "The {ruleset} post-game asks no choices; got {choices}",
                ruleset=ruleset.name,
                choices=sorted(choices),
            )
        )
    teams = {"home": home, "away": away}
    values = {side: _check_team(ruleset, side, team) for side, team in teams.items()}
    steps = (scoring(report, dice), winning_the_game(report, dice))
    game = report.result()
    outcomes = {}
    for side, team in teams.items():
        team_report = report.side(side)
        outcomes[side] = BlitzBowlTeamPostGame(
            side=side,
            result=game.result(side),
            ending=game.ending,
            points=team_report.total,
            opponent_points=report.points(other_side(side)),
            touchdowns=team_report.touchdowns,
            challenge_cards=team_report.challenge_cards,
            challenge_points=team_report.challenge_points,
            clean_sweeps=team_report.clean_sweeps,
            bonus_play_points=team_report.bonus_play_points,
            team=team,
            team_value=values[side][0],
            current_team_value=values[side][1],
            dedicated_fans_before=team.dedicated_fans,
            dedicated_fans_after=team.dedicated_fans,
        )
    return BlitzBowlPostGameResult(
        POST_GAME, steps, teams=MappingProxyType(outcomes), game=game, league=league
    )
