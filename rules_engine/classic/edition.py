"""The classic league rules (LRB era) as an ``Edition`` (``rules_engine.edition``)."""

from __future__ import annotations

from rules_engine.bb2020 import extra_time
from rules_engine.bb2020.report import MatchReport
from rules_engine.classic import ImprovementRolls, postgame, pregame
from rules_engine.classic.tables import load_classic_tables
from rules_engine.edition import (
    BB2020_PLAYOFF_PRIZES,
    CARRY_OVER,
    IMPROVEMENT_ROLL,
    TOUCHDOWNS,
    Edition,
)

# Classic league play on the BB2020 rosters (``loaders.classic``).
EDITION = Edition(
    key="classic",
    # The classic texts ship no league tables: players live by BB2020's limits.
    league_tables_key="bb2020",
    pre_game_rules=pregame,
    post_game_rules=postgame,
    # The post-match reads BB2020's events report.
    report_type=MatchReport,
    scoring=TOUCHDOWNS,
    casualty_spp=int(load_classic_tables()["spp_awards"]["awards"]["Casualty"]),
    # No post-game step holds for the coaches: the roster is updated at the sequence's
    # last step (6. Update Team Roster), which nothing after it reads.
    hiring_step=None,
    # A new SPP title earns an Improvement roll (post-match step 4); SPP are never spent.
    development=IMPROVEMENT_ROLL,
    development_rules=ImprovementRolls(),
    has_gold=True,
    # The classic roster sheet's name for what TeamState.dedicated_fans holds.
    fans_label="Fan Factor",
    # Dugout's reading: the classic sheet has no play-offs; a classic league's play-offs
    # pay BB2020's prizes and go to BB2020's sudden death, as they always have here.
    playoff_prizes=BB2020_PLAYOFF_PRIZES,
    concession_award=None,
    # The classic sheet says nothing of a fixture left unplayed: the commissioner decides.
    unplayed_fixture=None,
    sudden_death=extra_time.sudden_death,
    # No re-draft: a team plays on from season to season as it stands (Dugout's reading
    # where the text is silent).
    between_seasons=CARRY_OVER,
    redraft=None,
    # The classic sheet sets no points of its own: the league's points scheme ranks
    # (the default ``standings_rank_by``).
)
