"""The classic league rules (LRB era): the pre-match and post-match sequences of the
classic reference sheet, as pure steps over plain data and a ``Dice``.

The classic texts ship no rosters, so the ruleset plays with the Blood Bowl 2020
rosters, star players, skills and inducements (``loaders.classic``); the
sequences take the same ``TeamState``/``MatchReport`` pictures as BB2020's and
return results of the same shape. For a classic team ``TeamState.dedicated_fans``
holds its Fan Factor and ``PlayerState.spp`` its SPP total (never spent).

Public contract: ``pre_game``, ``post_game``, ``STANDINGS``, the rule numbers
(``gate``, ``fame``, ``winnings``, ``fan_factor_change``, ``spiralling_expenses``,
``spp_title``, ``improvement``, ...) and ``take_improvement``.
"""

from rules_engine.classic.improvement import (
    Improvement,
    ImprovementOption,
    improvement,
    improvement_options,
    take_improvement,
)
from rules_engine.classic.postgame import ClassicTeamPostGame, ImprovementRoll, post_game
from rules_engine.classic.pregame import ClassicPreGameResult, inducement_money, pre_game
from rules_engine.classic.rules import (
    ClassicSppEarned,
    agility_target,
    casualty,
    casualty_report,
    classic_agility,
    fame,
    fan_factor_change,
    fan_factor_dice,
    gate,
    injury,
    kick_off_event,
    spiralling_expenses,
    spp_award,
    spp_title,
    titles_reached,
    total_gate,
    weather,
    winnings,
)
from rules_engine.classic.tables import load_classic_tables

# League tables rank by the league's own points scheme, as for BB2020: the classic
# sheet sets no points of its own.
STANDINGS: dict[str, object] = {"rank_by": "league_points"}

__all__ = [
    "STANDINGS",
    "ClassicPreGameResult",
    "ClassicSppEarned",
    "ClassicTeamPostGame",
    "Improvement",
    "ImprovementOption",
    "ImprovementRoll",
    "agility_target",
    "casualty",
    "casualty_report",
    "classic_agility",
    "fame",
    "fan_factor_change",
    "fan_factor_dice",
    "gate",
    "improvement",
    "improvement_options",
    "inducement_money",
    "injury",
    "kick_off_event",
    "load_classic_tables",
    "post_game",
    "pre_game",
    "spiralling_expenses",
    "spp_award",
    "spp_title",
    "take_improvement",
    "titles_reached",
    "total_gate",
    "weather",
    "winnings",
]
