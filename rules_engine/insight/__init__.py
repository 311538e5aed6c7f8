"""Insight from what a league recorded: dice luck against fair dice (chi-square, in
closed form) and the plain-language verdicts the pages show. Pure Python."""

from rules_engine.insight.chi_square import chi_square_p_value, chi_square_statistic
from rules_engine.insight.dice_luck import (
    DIE_LABELS,
    JUDGED_DICE,
    SIDE_MARKERS,
    DieLuck,
    Face,
    FaceCount,
    LuckSummary,
    enough_rolls,
    expected_distribution,
    face_of,
    judge_dice,
    judge_die,
    minimum_rolls,
    side_of_purpose,
    verdict,
)

__all__ = [
    "DIE_LABELS",
    "JUDGED_DICE",
    "SIDE_MARKERS",
    "DieLuck",
    "Face",
    "FaceCount",
    "LuckSummary",
    "chi_square_p_value",
    "chi_square_statistic",
    "enough_rolls",
    "expected_distribution",
    "face_of",
    "judge_dice",
    "judge_die",
    "minimum_rolls",
    "side_of_purpose",
    "verdict",
]
