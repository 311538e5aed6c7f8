"""Blood Bowl 2020 as an ``Edition`` (``rules_engine.edition``): the object the apps
ask for a BB2020 league's sequences, development, standings, prizes and re-draft."""

from __future__ import annotations

from rules_engine.bb2020 import advancement, extra_time, forfeit, postgame, pregame, redraft
from rules_engine.bb2020.report import MatchReport
from rules_engine.edition import (
    BB2020_PLAYOFF_PRIZES,
    LOSS_FOR_BOTH,
    REDRAFT,
    SPEND_SPP,
    TOUCHDOWNS,
    Edition,
)
from rules_engine.tables import load_league_tables

KEY = "bb2020"

EDITION = Edition(
    key=KEY,
    league_tables_key=KEY,
    pre_game_rules=pregame.BB2020_PRE_GAME,
    post_game_rules=postgame.BB2020_POST_GAME,
    report_type=MatchReport,
    scoring=TOUCHDOWNS,
    casualty_spp=int(load_league_tables(KEY).spp_awards["Casualty"]),
    # The post-game step in which coaches hire, fire and buy from their Treasury before
    # anything else reads it (facts section 4, step 4, then 5: Expensive Mistakes).
    hiring_step="hiring_and_firing",
    development=SPEND_SPP,
    # "Titles after the 1st-6th advancement" (facts section 4, step 3).
    development_rules=advancement.BB2020,
    has_gold=True,
    fans_label="Dedicated Fans",
    playoff_prizes=BB2020_PLAYOFF_PRIZES,
    concession_award=forfeit.real_life_concession_award,
    # Facts section 5 (p.98): "Unplayed fixtures: a loss for both."
    unplayed_fixture=LOSS_FOR_BOTH,
    sudden_death=extra_time.sudden_death,
    # Between seasons every team re-draws its roster (facts section 5).
    between_seasons=REDRAFT,
    redraft=redraft.BB2020_REDRAFT,
    # League tables rank by the league's own points scheme and tie-breakers (facts
    # section 5: W 3 / D 1 / L 0, ties broken by touchdowns then casualties): the default.
)
