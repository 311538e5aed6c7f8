"""The Blood Bowl 2020 sequences: pre-game, kick-off, post-game, conceding,
extra time and re-drafting, as pure steps over plain data and a ``Dice``.

Public contract (acceptance checks call these names):
``winnings``, ``petty_cash``, ``prayers_to_nuffle_rolls``, ``advancement_cost``,
``value_increase``, ``expensive_mistake``, ``dedicated_fans_change``,
``redraft_budget``, ``pre_game`` and ``post_game``; and ``real_life_concession_award``
(league play's real-life concession, which the other rulesets do not have).
"""

from rules_engine.bb2020.advancement import advancement_cost, take_advancement, value_increase
from rules_engine.bb2020.forfeit import RealLifeConcessionAward, real_life_concession_award
from rules_engine.bb2020.postgame import (
    dedicated_fans_change,
    expensive_mistake,
    post_game,
    winnings,
)
from rules_engine.bb2020.pregame import petty_cash, prayers_to_nuffle_rolls, pre_game
from rules_engine.bb2020.redraft import redraft_budget
from rules_engine.bb2020.report import MatchReport
from rules_engine.bb2020.state import PlayerState, TeamState

# League tables rank by the league's own points scheme and tie-breakers
# (facts section 5: W 3 / D 1 / L 0, ties broken by touchdowns then casualties).
STANDINGS: dict[str, object] = {"rank_by": "league_points"}
# The report the post-game reads (every sequences module names its own).
REPORT = MatchReport
# Between seasons every team re-draws its roster (facts section 5, "Re-draft between
# seasons": a budget from the season's record, re-hire fees, MNG recovery, Niggling
# Injury rolls; ``bb2020.redraft``).
BETWEEN_SEASONS = "redraft"  # rules_engine.editions.REDRAFT
# The post-game step in which coaches hire, fire and buy from their Treasury before
# anything else reads it (facts section 4, step 4, then 5: Expensive Mistakes): a
# league holds the sequence there until each coach is done (``hold_hiring``).
HIRING_STEP: str | None = "hiring_and_firing"

__all__ = [
    "BETWEEN_SEASONS",
    "HIRING_STEP",
    "REPORT",
    "STANDINGS",
    "MatchReport",
    "PlayerState",
    "RealLifeConcessionAward",
    "TeamState",
    "advancement_cost",
    "dedicated_fans_change",
    "expensive_mistake",
    "petty_cash",
    "post_game",
    "prayers_to_nuffle_rolls",
    "pre_game",
    "real_life_concession_award",
    "redraft_budget",
    "take_advancement",
    "value_increase",
    "winnings",
]
