"""The Blood Bowl 2025 ("Third Season") sequences: pre-game, post-game, advancement
and re-draft, as pure steps over plain data and a ``Dice``, as the rulebook has them
(shared/rules/bb2025-league-facts.md, from the BBBase transcription with the May 2026
Designer's Commentary); BB2020's code wherever the facts say "Same as BB2020".

Public contract (acceptance checks call these names): ``winnings``,
``advancement_cost``, ``value_increase``, ``dedicated_fans_change``,
``expensive_mistake``, ``petty_cash``, ``redraft_budget``, ``pre_game``,
``post_game`` and ``take_advancement``, with ``REPORT``, ``STANDINGS``,
``HIRING_STEP`` and ``BETWEEN_SEASONS`` as ``rules_engine.bb2020`` defines them.
``DUGOUTS_READING`` lists the decisions of the facts' section 13, where the text is
unclear, silent or leaves a choice, in its order.
"""

from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025.advancement import advancement_cost, take_advancement, value_increase
from rules_engine.bb2025.data import DUGOUTS_READING
from rules_engine.bb2025.postgame import (
    dedicated_fans_change,
    expensive_mistake,
    post_game,
    winnings,
)
from rules_engine.bb2025.pregame import petty_cash, pre_game
from rules_engine.bb2025.redraft import redraft_budget
from rules_engine.bb2025.report import Bb2025MatchReport, Bb2025PlayerReport, Bb2025TeamReport

# League tables rank by the league's own points scheme and tie-breakers, as BB2020's.
STANDINGS: dict[str, object] = {"rank_by": "league_points"}
# The report the post-game reads: BB2020's, with stalling and safe landings.
REPORT = Bb2025MatchReport
# Between seasons every team re-drafts (facts section 9).
BETWEEN_SEASONS = "redraft"  # rules_engine.editions.REDRAFT
# Coaches hire, fire and buy in post-game step 4 before Expensive Mistakes (as BB2020).
HIRING_STEP: str | None = "hiring_and_firing"

__all__ = [
    "BETWEEN_SEASONS",
    "DUGOUTS_READING",
    "HIRING_STEP",
    "REPORT",
    "STANDINGS",
    "Bb2025MatchReport",
    "Bb2025PlayerReport",
    "Bb2025TeamReport",
    "PlayerState",
    "TeamState",
    "advancement_cost",
    "dedicated_fans_change",
    "expensive_mistake",
    "petty_cash",
    "post_game",
    "pre_game",
    "redraft_budget",
    "take_advancement",
    "value_increase",
    "winnings",
]
