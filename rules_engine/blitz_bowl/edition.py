"""Blitz Bowl as an ``Edition`` (``rules_engine.edition``): six-a-side play scored in
points, with no gold, no development and no seasons of its own."""

from __future__ import annotations

from rules_engine.blitz_bowl import postgame, pregame
from rules_engine.blitz_bowl.report import BlitzBowlReport
from rules_engine.edition import (
    CARRY_OVER,
    NO_DEVELOPMENT,
    POINTS,
    POINTS_SCORED,
    WINS,
    Edition,
)

EDITION = Edition(
    key="blitz_bowl",
    # Blitz Bowl ships no league tables; its players never develop past BB2020's limits.
    league_tables_key="bb2020",
    pre_game_rules=pregame,
    post_game_rules=postgame,
    # The post-game reads a report in points, not BB2020's events report.
    report_type=BlitzBowlReport,
    scoring=POINTS,
    casualty_spp=0,  # "no Star Player Points"
    # No post-game step holds for the coaches: Blitz Bowl teams buy nothing after a game.
    hiring_step=None,
    development=NO_DEVELOPMENT,
    development_rules=None,  # players never develop
    # "no gold, re-rolls, staff or fans": no prizes; the champion is still crowned.
    has_gold=False,
    fans_label="Fans",  # never shown: no fans in Blitz Bowl
    playoff_prizes=(),
    concession_award=None,
    # The Blitz Bowl text has no league fixtures or deadlines: the commissioner decides.
    unplayed_fixture=None,
    # "If both teams have the same score, the game ends in a draw!": no roll-offs; the
    # commissioner names who goes through a drawn play-off.
    sudden_death=None,
    # A team goes into the next season as it is (Dugout's reading: the text has no seasons).
    between_seasons=CARRY_OVER,
    redraft=None,
    # League tables rank by wins, then points scored (Blitz Bowl sets no league points).
    standings_rank_by=(WINS, POINTS_SCORED),
)
