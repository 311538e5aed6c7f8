"""Blitz Bowl as an ``Edition`` (``rules_engine.edition``): six-a-side play scored in
points, with no gold, no development and no seasons of its own."""

from __future__ import annotations

from typing import Any

from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
from rules_engine.bb2020.state import PlayerState
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
from rules_engine.edition_base import ModuleSequencesEdition
from rules_engine.errors import AdvancementError
from rules_engine.ruleset import Ruleset


class BlitzBowlEdition(ModuleSequencesEdition):
    """Blitz Bowl leagues."""

    key = "blitz_bowl"
    # The post-game reads a report in points, not BB2020's events report.
    report_type: type[Any] = BlitzBowlReport
    scoring = POINTS
    casualty_spp = 0  # "no Star Player Points"
    # No post-game step holds for the coaches: Blitz Bowl teams buy nothing after a game.
    hiring_step: str | None = None
    _pre_game = staticmethod(pregame.pre_game)
    _post_game = staticmethod(postgame.post_game)
    development = NO_DEVELOPMENT
    earns_spp = False
    # League tables rank by wins, then points scored (Blitz Bowl sets no league points).
    standings_rank_by: tuple[str, ...] = (WINS, POINTS_SCORED)
    # "no gold, re-rolls, staff or fans": no prizes; the champion is still crowned.
    has_gold = False
    fans_label = "Fans"  # never shown: no fans in Blitz Bowl
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
