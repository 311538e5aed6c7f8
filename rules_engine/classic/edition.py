"""The classic league rules (LRB era) as an ``Edition`` (``rules_engine.edition``)."""

from __future__ import annotations

from typing import Any

import rules_engine.classic as classic
from rules_engine.bb2020 import extra_time
from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
from rules_engine.bb2020.report import MatchReport
from rules_engine.bb2020.state import PlayerState
from rules_engine.classic import postgame, pregame
from rules_engine.classic.improvement import takeable_skills
from rules_engine.classic.tables import load_classic_tables
from rules_engine.dice import Dice
from rules_engine.edition import (
    BB2020_PLAYOFF_PRIZES,
    CARRY_OVER,
    IMPROVEMENT_ROLL,
    LEAGUE_POINTS,
    TOUCHDOWNS,
    ConcessionAwardRule,
    Edition,
    RedraftRules,
    SuddenDeathRule,
)
from rules_engine.edition_base import ModuleSequencesEdition
from rules_engine.ruleset import Ruleset


class ClassicEdition(ModuleSequencesEdition):
    """Classic league play on the BB2020 rosters (``loaders.classic``)."""

    key = "classic"
    # The post-match reads BB2020's events report.
    report_type: type[Any] = MatchReport
    scoring = TOUCHDOWNS
    # No post-game step holds for the coaches: the roster is updated at the sequence's
    # last step (6. Update Team Roster), which nothing after it reads.
    hiring_step: str | None = None
    _pre_game = staticmethod(pregame.pre_game)
    _post_game = staticmethod(postgame.post_game)
    # A new SPP title earns an Improvement roll (post-match step 4); SPP are never spent.
    development = IMPROVEMENT_ROLL
    earns_spp = True
    # The classic sheet sets no points of its own: the league's points scheme ranks.
    standings_rank_by: tuple[str, ...] = (LEAGUE_POINTS,)
    has_gold = True
    # The classic roster sheet's name for what TeamState.dedicated_fans holds.
    fans_label = "Fan Factor"
    # Dugout's reading: the classic sheet has no play-offs; a classic league's play-offs
    # pay BB2020's prizes and go to BB2020's sudden death, as they always have here.
    playoff_prizes = BB2020_PLAYOFF_PRIZES
    sudden_death: SuddenDeathRule | None = staticmethod(extra_time.sudden_death)
    # No re-draft: a team plays on from season to season as it stands (Dugout's reading
    # where the text is silent).
    between_seasons = CARRY_OVER
    redraft: RedraftRules | None = None
    concession_award: ConcessionAwardRule | None = None
    # The classic texts ship no league tables: players live by BB2020's limits.
    league_tables_key = "bb2020"

    @property
    def casualty_spp(self) -> int:
        return int(load_classic_tables()["spp_awards"]["awards"]["Casualty"])

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
        return classic.take_advancement(
            ruleset,
            player,
            kind,
            dice,
            category=category,
            skill=skill,
            characteristic_choice=characteristic_choice,
        )

    def advancement_options(
        self, ruleset: Ruleset, player: PlayerState
    ) -> tuple[AdvancementOption, ...]:
        return ()  # nothing is bought: the Improvement roll waits on the player

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]:
        return takeable_skills(ruleset, player, category)

    def player_title(self, player: PlayerState) -> str | None:
        # STAR PLAYER POINTS: the title his SPP reach (SPP are never spent here).
        return classic.spp_title(player.spp)


EDITION: Edition = ClassicEdition()
