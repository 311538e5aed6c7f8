"""Blood Bowl 2025 as an ``Edition`` (``rules_engine.edition``), shaped like BB2020's:
the object the apps ask for a BB2025 league's sequences, development, standings,
prizes, unplayed fixtures and re-draft (bb2025-league-facts.md sections 8-11)."""

from __future__ import annotations

from typing import Any

from rules_engine.bb2020.advancement_rules import AdvancementRules
from rules_engine.bb2020.edition import Bb2020Edition, Bb2020Redraft
from rules_engine.bb2020.postgame import PostGameRules
from rules_engine.bb2020.pregame import PreGameRules
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025 import advancement, forfeit, postgame, pregame, redraft
from rules_engine.bb2025.report import Bb2025MatchReport
from rules_engine.dice import Dice
from rules_engine.edition import ConcessionAwardRule, Edition, ForfeitAftermathRule, RedraftRules

KEY = "bb2025"


class Bb2025Redraft(Bb2020Redraft):
    """Facts section 11 (``bb2025.redraft``): 20,000 per fixture played, 20,000 per win,
    10,000 per draw; the 1,300,000 cap on by default; the agent's fee as BB2020's;
    Rest & Relaxation also rolls for acquired Hatred and a Temporarily Retired
    player's characteristic reductions."""

    base = redraft.REDRAFT_BASE
    per_game_played = redraft.PER_FIXTURE_PLAYED
    per_league_win = redraft.PER_LEAGUE_WIN
    per_league_draw = redraft.PER_LEAGUE_DRAW
    # Facts section 13.5: League Fixtures only; the text keeps play-offs apart.
    counts_playoff_games = False
    _budget = staticmethod(redraft.redraft_budget)

    def recover(self, team: TeamState, dice: Dice) -> redraft.SeasonRecovery:
        return redraft.recover_between_seasons(team, dice)


class Bb2025Edition(Bb2020Edition):
    """Blood Bowl 2025 (Third Season) league play: BB2020's shape, with BB2025's
    sequences, report, prizes, unplayed fixtures and re-draft."""

    key = KEY
    report_type: type[Any] = Bb2025MatchReport
    # Facts section 10: 1st 100,000 (and the League Trophy), 2nd 60,000, 3rd 30,000 to
    # the third-place play-off's winner; paid after the last post-game sequence.
    playoff_prizes = redraft.PLAYOFF_PRIZES
    # Facts section 10: each team plays every other team of its division once.
    regular_season_meetings = 1
    redraft: RedraftRules | None = Bb2025Redraft()
    # Facts sections 9 and 13.4: the opponent of a real-life concession wins 2-0 and
    # gains D6 x 10,000 and two MVP awards.
    concession_award: ConcessionAwardRule | None = staticmethod(forfeit.real_life_concession_award)
    forfeit_score: tuple[int, int] = forfeit.FORFEIT_SCORE
    # Section 13.4: Dedicated Fans rolled as for a loss (both, or the conceder) and a win;
    # players due to miss a game count the fixture as the game they missed.
    forfeit_aftermath: ForfeitAftermathRule | None = staticmethod(forfeit.forfeit_aftermath)
    pre_game_rules: PreGameRules = pregame.BB2025_PRE_GAME
    post_game_rules: PostGameRules = postgame.BB2025_POST_GAME
    advancement_rules: AdvancementRules = advancement.BB2025

    def must_advance(self, player: PlayerState) -> bool:
        return advancement.must_advance(player)


EDITION: Edition = Bb2025Edition()
