"""Blitz Bowl as an ``Edition`` (``rules_engine.edition``): six-a-side play scored in
points, with no gold, no development and no seasons of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.blitz_bowl import postgame, pregame
from rules_engine.blitz_bowl.report import BlitzBowlReport
from rules_engine.dice import Dice
from rules_engine.edition import (
    CARRY_OVER,
    NO_DEVELOPMENT,
    POINTS,
    POINTS_SCORED,
    WINS,
    ConcessionAwardRule,
    Edition,
    RedraftRules,
    SuddenDeathRule,
)
from rules_engine.errors import AdvancementError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import SequenceResult


class BlitzBowlEdition:
    """Blitz Bowl leagues."""

    key = "blitz_bowl"
    # The post-game reads a report in points, not BB2020's events report.
    report_type: type[Any] = BlitzBowlReport
    scoring = POINTS
    casualty_spp = 0  # "no Star Player Points"
    # No post-game step holds for the coaches: Blitz Bowl teams buy nothing after a game.
    hiring_step: str | None = None
    development = NO_DEVELOPMENT
    earns_spp = False
    # League tables rank by wins, then points scored (Blitz Bowl sets no league points).
    standings_rank_by: tuple[str, ...] = (WINS, POINTS_SCORED)
    # "no gold, re-rolls, staff or fans": no prizes; the champion is still crowned.
    has_gold = False
    playoff_prizes: tuple[tuple[int, int], ...] = ()
    # "If both teams have the same score, the game ends in a draw!": no roll-offs; the
    # commissioner names who goes through a drawn play-off.
    sudden_death: SuddenDeathRule | None = None
    concession_award: ConcessionAwardRule | None = None
    # A team goes into the next season as it is (Dugout's reading: the text has no seasons).
    between_seasons = CARRY_OVER
    redraft: RedraftRules | None = None
    # Blitz Bowl ships no league tables; its players never develop past BB2020's limits.
    league_tables_key = "bb2020"

    @property
    def name(self) -> str:
        return self.ruleset().name

    def ruleset(self) -> Ruleset:
        return get_ruleset(self.key)

    def pre_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        dice: Dice,
        *,
        league: bool = True,
        choices: Mapping[str, Any] | None = None,
    ) -> SequenceResult:
        return pregame.pre_game(ruleset, home, away, dice, league=league, choices=choices)

    def post_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        report: Any,
        dice: Dice,
        *,
        choices: Mapping[str, Any] | None = None,
        league: bool = True,
        hold_hiring: bool = False,
    ) -> SequenceResult:
        del hold_hiring  # no hiring step to hold at
        return postgame.post_game(ruleset, home, away, report, dice, choices=choices, league=league)

    def take_advancement(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        kind: str,
        dice: Dice,
        *,
        category: str | None = None,
        skill: str | None = None,
        characteristic_choice: str | None = None,
    ) -> AdvancementResult:
        raise AdvancementError("Blitz Bowl players do not gain advancements")

    def advancement_options(
        self, ruleset: Ruleset, player: PlayerState
    ) -> tuple[AdvancementOption, ...]:
        return ()

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]:
        return ()

    def player_title(self, player: PlayerState) -> str | None:
        return None  # players never develop


EDITION: Edition = BlitzBowlEdition()
