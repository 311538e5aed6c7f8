"""Blitz Bowl: six-a-side exhibition play scored in points, as pure steps over plain
data and a ``Dice``.

Public contract: ``pre_game`` (coin toss, D8 regional rules, pitch, ball placement),
``post_game`` (points and how the game was won, from a ``BlitzBowlReport``),
``STANDINGS``, and the pure rules ``score``, ``sudden_death_margin``,
``is_sudden_death``, ``game_result`` and ``regional_rule``; ``REPORT`` (the report its
post-game reads) and ``take_advancement`` (refusing: Blitz Bowl players never develop).
"""

from typing import Any

from rules_engine.bb2020.advancement import AdvancementResult
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
from rules_engine.dice import Dice
from rules_engine.errors import AdvancementError
from rules_engine.ruleset import Ruleset
from rules_engine.wording import say

# League tables of Blitz Bowl leagues rank by wins, then by points scored (Dugout's
# reading): Blitz Bowl itself is exhibition play and sets no league points.
STANDINGS: dict[str, object] = {"rank_by": ["wins", "points_scored"]}
# The post-game reads a report in points, not BB2020's events report.
REPORT = BlitzBowlReport
# Blitz Bowl teams have no gold, development or injuries to carry: a team goes into
# the next season as it is (Dugout's reading; the text has no seasons).
BETWEEN_SEASONS = "carry_over"  # rules_engine.editions.CARRY_OVER
# No post-game step holds for the coaches: Blitz Bowl teams buy nothing after a game.
HIRING_STEP: str | None = None


def take_advancement(
    ruleset: Ruleset, player: PlayerState, kind: str, dice: Dice, **choices: Any
) -> AdvancementResult:
    """BB2020's ``take_advancement`` signature, refusing: Blitz Bowl has no Star Player
    Points and no advancement ("no Star Player Points" - see ``post_game``)."""
    raise AdvancementError(say("Blitz Bowl players do not gain advancements"))


__all__ = [
    "BETWEEN_SEASONS",
    "HIRING_STEP",
    "DRAW",
    "ENDINGS",
    "ONE_TRAPDOOR",
    "PITCHES",
    "POINTS_VICTORY",
    "REPORT",
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
    "take_advancement",
]
