"""Blood Bowl 2025 as an ``Edition`` (``rules_engine.edition``): BB2020's edition with
BB2025's sequences, report, development, prizes, unplayed fixtures and re-draft
(bb2025-league-facts.md sections 8-11)."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.bb2020.edition import EDITION as BB2020
from rules_engine.bb2025 import advancement, forfeit, postgame, pregame, redraft
from rules_engine.bb2025.report import Bb2025MatchReport
from rules_engine.edition import LOSS_FOR_BOTH, Edition
from rules_engine.tables import load_league_tables

KEY = "bb2025"

EDITION: Edition = replace(
    BB2020,
    key=KEY,
    league_tables_key=KEY,
    pre_game_rules=pregame.BB2025_PRE_GAME,
    post_game_rules=postgame.BB2025_POST_GAME,
    report_type=Bb2025MatchReport,
    casualty_spp=int(load_league_tables(KEY).spp_awards["Casualty"]),
    development_rules=advancement.BB2025,
    # Facts section 10: 1st 100,000 (and the League Trophy), 2nd 60,000, 3rd 30,000 to
    # the third-place play-off's winner; paid after the last post-game sequence.
    playoff_prizes=redraft.PLAYOFF_PRIZES,
    # Facts section 10: each team plays every other team of its division once.
    regular_season_meetings=1,
    redraft=redraft.BB2025_REDRAFT,
    # Facts sections 9 and 13.4: the opponent of a real-life concession wins 2-0 and
    # gains D6 x 10,000 and two MVP awards.
    concession_award=forfeit.real_life_concession_award,
    forfeit_score=forfeit.FORFEIT_SCORE,
    # Section 13.4: Dedicated Fans rolled as for a loss (both, or the conceder) and a win;
    # players due to miss a game count the fixture as the game they missed.
    forfeit_aftermath=forfeit.forfeit_aftermath,
    # Facts section 9 ("League Fixtures"): a fixture not played by the commissioner's
    # deadline is a loss for both, with no MVP and no winnings for either.
    unplayed_fixture=LOSS_FOR_BOTH,
)
