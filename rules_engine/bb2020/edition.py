"""Blood Bowl 2020 as an ``Edition`` (``rules_engine.edition``): the object the apps
ask for a BB2020 league's sequences, development, standings, prizes and re-draft."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.bb2020 import advancement, extra_time, forfeit, postgame, pregame, redraft
from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
from rules_engine.bb2020.advancement_rules import AdvancementRules
from rules_engine.bb2020.postgame import PostGameRules
from rules_engine.bb2020.pregame import PreGameRules
from rules_engine.bb2020.redraft import SeasonRecovery
from rules_engine.bb2020.report import MatchReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Dice
from rules_engine.edition import (
    BB2020_PLAYOFF_PRIZES,
    LEAGUE_POINTS,
    REDRAFT,
    SPEND_SPP,
    TOUCHDOWNS,
    ConcessionAwardRule,
    Edition,
    RedraftRules,
    SuddenDeathRule,
)
from rules_engine.edition_base import EditionBase
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import SequenceResult
from rules_engine.tables import load_league_tables


class Bb2020Redraft:
    """Facts section 5, "Re-draft between seasons" (``bb2020.redraft``)."""

    base = redraft.REDRAFT_BASE
    per_game_played = redraft.PER_GAME_PLAYED
    per_league_win = redraft.PER_LEAGUE_WIN
    per_league_draw = redraft.PER_LEAGUE_DRAW
    # BB2020 facts section 5: "per game played", play-offs included.
    counts_playoff_games = True
    # The budget's sum, as a class attribute so an edition's re-draft (bb2025) swaps it.
    _budget: Callable[..., int] = staticmethod(redraft.redraft_budget)

    def budget(
        self,
        treasury: int,
        games_played: int,
        league_wins: int,
        league_draws: int,
        cap: int | None = None,
    ) -> int:
        return self._budget(treasury, games_played, league_wins, league_draws, cap)

    def rehire_fee(self, current_value: int, seasons_played: int) -> int:
        return redraft.rehire_fee(current_value, seasons_played)

    def recover(self, team: TeamState, dice: Dice) -> SeasonRecovery:
        return redraft.recover_between_seasons(team, dice)


class Bb2020Edition(EditionBase):
    """Blood Bowl 2020 (Second Season) league play."""

    key = "bb2020"
    report_type: type[Any] = MatchReport
    scoring = TOUCHDOWNS
    # The post-game step in which coaches hire, fire and buy from their Treasury before
    # anything else reads it (facts section 4, step 4, then 5: Expensive Mistakes).
    hiring_step: str | None = "hiring_and_firing"
    development = SPEND_SPP
    earns_spp = True
    # League tables rank by the league's own points scheme and tie-breakers (facts
    # section 5: W 3 / D 1 / L 0, ties broken by touchdowns then casualties).
    standings_rank_by: tuple[str, ...] = (LEAGUE_POINTS,)
    has_gold = True
    fans_label = "Dedicated Fans"
    playoff_prizes = BB2020_PLAYOFF_PRIZES
    # Between seasons every team re-draws its roster (facts section 5).
    between_seasons = REDRAFT
    redraft: RedraftRules | None = Bb2020Redraft()
    concession_award: ConcessionAwardRule | None = staticmethod(forfeit.real_life_concession_award)
    sudden_death: SuddenDeathRule | None = staticmethod(extra_time.sudden_death)
    # The sequences, as class attributes so an edition built on BB2020's (bb2025) swaps
    # its own in and inherits the rest.
    pre_game_rules: PreGameRules = pregame.BB2020_PRE_GAME
    post_game_rules: PostGameRules = postgame.BB2020_POST_GAME
    advancement_rules: AdvancementRules = advancement.BB2020

    @property
    def league_tables_key(self) -> str:
        return self.key

    @property
    def casualty_spp(self) -> int:
        return int(load_league_tables(self.key).spp_awards["Casualty"])

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
        return self.pre_game_rules.pre_game(
            ruleset, home, away, dice, league=league, choices=choices
        )

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
        return self.post_game_rules.post_game(
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
        return self.advancement_rules.take_advancement(
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
        return self.advancement_rules.advancement_options(ruleset, player)

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]:
        return self.advancement_rules.takeable_skills(ruleset, player, category)

    def player_title(self, player: PlayerState) -> str | None:
        # "Titles after the 1st-6th advancement" (facts section 4, step 3).
        return self.advancement_rules.advancement_title(player.advancements)


EDITION: Edition = Bb2020Edition()
