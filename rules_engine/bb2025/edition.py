"""Blood Bowl 2025 as an ``Edition`` (``rules_engine.edition``), shaped like BB2020's:
the object the apps ask for a BB2025 league's sequences, development, standings,
prizes and re-draft."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
from rules_engine.bb2020.edition import Bb2020Edition
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025 import advancement, postgame, pregame, redraft
from rules_engine.bb2025.report import Bb2025MatchReport
from rules_engine.dice import Dice
from rules_engine.edition import (
    Edition,
    RedraftRules,
)
from rules_engine.sequence import SequenceResult

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


class Bb2025Edition(Bb2020Edition):
    """Blood Bowl 2025 (Third Season) league play: BB2020's shape, with BB2025's
    sequences, report, prizes and re-draft."""

    key = KEY
    report_type: type[Any] = Bb2025MatchReport
    # Facts section 9: winner 100,000, runner-up 60,000, semi-final losers 30,000.
    playoff_prizes = redraft.PLAYOFF_PRIZES
    redraft: RedraftRules | None = Bb2025Redraft()
    # The concession award and sudden death: no BB2025 source, BB2020's (Dugout's
    # reading), inherited.
    _pre_game: Callable[..., SequenceResult] = staticmethod(pregame.pre_game)
    _post_game: Callable[..., SequenceResult] = staticmethod(postgame.post_game)
    _take_advancement: Callable[..., AdvancementResult] = staticmethod(advancement.take_advancement)
    _advancement_options: Callable[..., tuple[AdvancementOption, ...]] = staticmethod(
        advancement.advancement_options
    )
    _takeable_skills: Callable[..., tuple[str, ...]] = staticmethod(advancement.takeable_skills)


EDITION: Edition = Bb2025Edition()
