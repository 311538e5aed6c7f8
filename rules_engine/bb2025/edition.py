"""Blood Bowl 2025 as an ``Edition`` (``rules_engine.edition``), shaped like BB2020's:
the object the apps ask for a BB2025 league's sequences, development, standings,
prizes and re-draft."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.bb2020 import extra_time, forfeit
from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025 import advancement, postgame, pregame, redraft
from rules_engine.bb2025.report import Bb2025MatchReport
from rules_engine.dice import Dice
from rules_engine.edition import (
    LEAGUE_POINTS,
    REDRAFT,
    SPEND_SPP,
    TOUCHDOWNS,
    ConcessionAwardRule,
    Edition,
    RedraftRules,
    SuddenDeathRule,
)
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import SequenceResult
from rules_engine.tables import load_league_tables

KEY = "bb2025"


class Bb2025Redraft:
    """Facts section 9, re-draft (``bb2025.redraft``): wins, draws and losses earn, no
    per-game amount; the budget is capped at 1,300,000."""

    base = redraft.REDRAFT_BASE
    per_game_played = redraft.PER_LEAGUE_LOSS  # every game earns at least a loss's 20,000
    per_league_win = redraft.PER_LEAGUE_WIN - redraft.PER_LEAGUE_LOSS
    per_league_draw = redraft.PER_LEAGUE_DRAW - redraft.PER_LEAGUE_LOSS

    def budget(
        self,
        treasury: int,
        games_played: int,
        league_wins: int,
        league_draws: int,
        cap: int | None = None,
    ) -> int:
        return redraft.redraft_budget(treasury, games_played, league_wins, league_draws, cap)

    def rehire_fee(self, current_value: int, seasons_played: int) -> int:
        return redraft.rehire_fee(current_value, seasons_played)

    def recover(self, team: TeamState, dice: Dice) -> redraft.SeasonRecovery:
        return redraft.recover_between_seasons(team, dice)


class Bb2025Edition:
    """Blood Bowl 2025 (Third Season) league play."""

    key = KEY
    report_type: type[Any] = Bb2025MatchReport
    scoring = TOUCHDOWNS
    hiring_step: str | None = "hiring_and_firing"
    development = SPEND_SPP
    earns_spp = True
    standings_rank_by: tuple[str, ...] = (LEAGUE_POINTS,)
    has_gold = True
    # Facts section 9: winner 100,000, runner-up 60,000, semi-final losers 30,000.
    playoff_prizes = redraft.PLAYOFF_PRIZES
    between_seasons = REDRAFT
    redraft: RedraftRules | None = Bb2025Redraft()
    # No BB2025 source for these: BB2020's (Dugout's reading).
    concession_award: ConcessionAwardRule | None = staticmethod(forfeit.real_life_concession_award)
    sudden_death: SuddenDeathRule | None = staticmethod(extra_time.sudden_death)

    @property
    def name(self) -> str:
        return self.ruleset().name

    @property
    def league_tables_key(self) -> str:
        return self.key

    @property
    def casualty_spp(self) -> int:
        return int(load_league_tables(self.key).spp_awards["Casualty"])

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
        return postgame.post_game(
            ruleset,
            home,
            away,
            report,
            dice,
            choices=choices,
            league=league,
            hold_hiring=hold_hiring,
        )

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
        return advancement.take_advancement(
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
        return advancement.advancement_options(ruleset, player)

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]:
        return advancement.takeable_skills(ruleset, player, category)


EDITION: Edition = Bb2025Edition()
