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

# Facts section 13: Dugout's reading where the rulebook is unclear, silent or leaves a
# choice, in that section's order (shown on /rulesets/bb2025/ as "Dugout's reading").
DUGOUTS_READING: tuple[str, ...] = (
    "MVP with fewer than six eligible players: every eligible player is nominated and one "
    "is drawn among them. Eligible: played in the game (journeymen too), not a star "
    "player, not killed in it; a mercenary may be nominated but his SPP leave with him.",
    "The opponent of a team that concedes takes the whole Fan Attendance plus its "
    "touchdowns, awarded ones included, times 10,000, without the +1 for not stalling.",
    "Conceding Without Penalty: both teams run the normal post-game (ordinary winnings, "
    "one MVP each, SPP kept, Dedicated Fans rolled as for a win and a loss, no quit rolls).",
    "A fixture conceded for real-life reasons is recorded 0-2: the conceder gets no "
    "winnings, MVP or SPP; the other team D6 x 10,000 and two MVP awards; Dedicated Fans "
    "are rolled as for a loss and a win. A fixture left unplayed is a loss for both, each "
    "rolling Dedicated Fans as for a loss. Either way it counts as a missed game.",
    "Re-draft money counts regular-season fixtures only; a 2-0 concession counts as "
    "played by both and won by one, a fixture left unplayed as not played. The 1,300,000 "
    "cap is on unless the league sets its own.",
    "At a re-draft Dedicated Fans carry over, the league and any Favoured of ... choice "
    "stay for the team's life, and a re-hired Team Captain stays captain (otherwise a "
    "new one is named).",
    "The agent's fee counts each earlier season in which the player was on the roster "
    "for at least one league fixture.",
    "The League Trophy's extra team re-roll counts toward the cap of 8: a holder already "
    "at 8 gets none.",
    "A mercenary may not take the roster above 16 players (those missing the game not "
    "counted), as for star players.",
    "Hatred is rolled for only when the final result (after any apothecary) makes the "
    "player miss the next game, and only when an opposing player caused the casualty; "
    "the keyword is kept with the trait, e.g. Hatred (Orc).",
    "Low Cost Linemen: team value keeps the Lineman's hiring fee, current team value "
    "counts it 0; their journeymen count 0 in current team value and cost their full "
    "fee to hire.",
    "A team's special rules and its one Team League are kept apart; a star plays for it "
    "when his Plays For list holds its league, or its Favoured of ... choice.",
    "Changing a team from BB2020 to BB2025 lists every position over its new maximum "
    "for the coach to fire or re-draft; cheerleaders above 6 and Dedicated Fans above 7 "
    "are cut to the cap without refund.",
    "Outside the rulebook and not offered to a league: the Slann roster, two stars with "
    "no rulebook page (Bryce 'The Slice' Cambuel, Frank N Stein) and other publications' "
    "inducements (their data is kept for a league option). High Elf keeps its earlier "
    "roster.",
    "Where one source disagrees: the Underworld Denizens Skaven Blitzer keeps secondary "
    "A D, and Eldril Sidewinder costs 220,000.",
)

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
