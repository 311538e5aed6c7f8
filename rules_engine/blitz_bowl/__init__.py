"""Blitz Bowl: six-a-side exhibition play scored in points, as pure steps over plain
data and a ``Dice``.

Public contract: ``pre_game`` (coin toss, D8 regional rules, pitch, ball placement),
``post_game`` (points and how the game was won, from a ``BlitzBowlReport``),
``STANDINGS``, and the pure rules ``score``, ``sudden_death_margin``,
``is_sudden_death``, ``game_result`` and ``regional_rule``.
"""

from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.blitz_bowl.postgame import (
    BlitzBowlPostGameResult,
    BlitzBowlTeamPostGame,
    post_game,
)
from rules_engine.blitz_bowl.pregame import (
    ONE_TRAPDOOR,
    PITCHES,
    TWO_TRAPDOORS,
    BlitzBowlPreGameResult,
    ball_placement_end_zone,
    coin_toss_winner,
    pre_game,
)
from rules_engine.blitz_bowl.regional import regional_league_table, regional_rule
from rules_engine.blitz_bowl.report import BlitzBowlReport, BlitzBowlTeamReport
from rules_engine.blitz_bowl.scoring import (
    DRAW,
    ENDINGS,
    POINTS_VICTORY,
    SUDDEN_DEATH,
    GameResult,
    game_result,
    is_sudden_death,
    score,
    scoring_rules,
    sudden_death_margin,
)

# League tables of Blitz Bowl leagues rank by wins, then by points scored (the
# issue: "League standings of Blitz Bowl leagues rank by wins and then points
# scored"); Blitz Bowl itself is exhibition play and sets no league points.
STANDINGS: dict[str, object] = {"rank_by": ["wins", "points_scored"]}

__all__ = [
    "DRAW",
    "ENDINGS",
    "ONE_TRAPDOOR",
    "PITCHES",
    "POINTS_VICTORY",
    "STANDINGS",
    "SUDDEN_DEATH",
    "TWO_TRAPDOORS",
    "BlitzBowlPostGameResult",
    "BlitzBowlPreGameResult",
    "BlitzBowlReport",
    "BlitzBowlTeamPostGame",
    "BlitzBowlTeamReport",
    "GameResult",
    "PlayerState",
    "TeamState",
    "ball_placement_end_zone",
    "coin_toss_winner",
    "game_result",
    "is_sudden_death",
    "post_game",
    "pre_game",
    "regional_league_table",
    "regional_rule",
    "score",
    "scoring_rules",
    "sudden_death_margin",
]
