"""Blood Bowl 2025 as an ``Edition`` (``rules_engine.edition``), shaped like BB2020's:
the object the apps ask for a BB2025 league's sequences, development, standings,
prizes and re-draft."""

from __future__ import annotations

from typing import Any

from rules_engine.bb2020.advancement_rules import AdvancementRules
from rules_engine.bb2020.edition import Bb2020Edition, Bb2020Redraft
from rules_engine.bb2020.postgame import PostGameRules
from rules_engine.bb2020.pregame import PreGameRules
from rules_engine.bb2025 import advancement, postgame, pregame, redraft
from rules_engine.bb2025.report import Bb2025MatchReport
from rules_engine.edition import (
    Edition,
    RedraftRules,
)

KEY = "bb2025"


class Bb2025Redraft(Bb2020Redraft):
    """Facts section 9, re-draft (``bb2025.redraft``): wins, draws and losses earn, no
    per-game amount; the budget is capped at 1,300,000. Re-hire fees and the close
    season's recovery are BB2020's (Dugout's reading), inherited."""

    base = redraft.REDRAFT_BASE
    per_game_played = redraft.PER_LEAGUE_LOSS  # every game earns at least a loss's 20,000
    per_league_win = redraft.PER_LEAGUE_WIN - redraft.PER_LEAGUE_LOSS
    per_league_draw = redraft.PER_LEAGUE_DRAW - redraft.PER_LEAGUE_LOSS
    _budget = staticmethod(redraft.redraft_budget)


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
    pre_game_rules: PreGameRules = pregame.BB2025_PRE_GAME
    post_game_rules: PostGameRules = postgame.BB2025_POST_GAME
    advancement_rules: AdvancementRules = advancement.BB2025


EDITION: Edition = Bb2025Edition()
