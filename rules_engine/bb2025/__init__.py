"""The Blood Bowl 2025 ("Third Season") sequences: pre-game, post-game, advancement
and re-draft, as pure steps over plain data and a ``Dice``; BB2020's code wherever
the league facts (shared/rules/bb2025-league-facts.md) say "Same as BB2020".

Public contract (acceptance checks call these names): ``winnings``,
``advancement_cost``, ``value_increase``, ``dedicated_fans_change``,
``expensive_mistake``, ``petty_cash``, ``redraft_budget``, ``pre_game``,
``post_game`` and ``take_advancement``, with ``REPORT``, ``STANDINGS``,
``HIRING_STEP`` and ``BETWEEN_SEASONS`` as ``rules_engine.bb2020`` defines them.
``DUGOUTS_READING`` lists the points the facts mark UNVERIFIED and the reading
Dugout takes of each.
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

# Facts marked UNVERIFIED and the reading Dugout takes (shown as "Dugout's reading").
DUGOUTS_READING: tuple[str, ...] = (
    "Re-roll prices: Chaos Chosen 50,000 and Imperial Nobility 60,000 (NAFLM; CZ 60,000/70,000).",
    "Elite skills: Block, Dodge, Guard and Mighty Blow (NAFLM; CZ flags only Mighty Blow).",
    "Temp Agency Cheerleaders 20,000 and Weather Mage 25,000 (NAFLM; CZ 5,000/30,000).",
    "Chaos Chosen choose one of six Favoured of ... rules, Chaos Renegades one of five (no "
    "Hashut), at the draft (NAFLM).",
    "Norse: Team Leagues Chaos Clash and Old World Classic (NAFLM).",
    "Team Captain (Pro while captain) for Human and Orc only (NAFLM); a Big Guy is never captain.",
    "Slann is offered as a BB2025 roster (NAFLM only).",
    "Star players and the 24 positions where the sources differ: NAFLM's values.",
    "Star players play for the rosters that accept them (NAFLM races, as every team list), "
    "and for a Chaos team's chosen Favoured of ... rule.",
    "Random skill: two skills rolled on the category's D12 table (a D6 for the half, a D6 for "
    "the row, as NAFLM), the coach keeps one.",
    "Characteristic table (D8): 1 AV; 2 AV or PA; 3-4 AV, MA or PA; 5 MA or PA; 6 AG or MA; "
    "7 AG or ST; 8 any (CZ).",
    "Dedicated Fans: the winner gains one on a D6 greater than DF (CZ).",
    "Hatred: a casualty other than Badly Hurt, D6 4+ (CZ); the report names the keyword.",
    "Conceding: BB2020's other penalties (D3 Dedicated Fans, players with 3+ advancements "
    "may quit) still apply.",
    "Free prayers: the lower-CTV team gets one per 10,000 of CTV difference after inducements, "
    "at most 16 prayers in all (FFB).",
    "Re-draft: min(Treasury + 1,000,000 + 40,000/win + 30,000/draw + 20,000/loss, 1,300,000) "
    "(CZ); re-hire fees and recovery as BB2020.",
    "Temporary retirement and hiring journeymen permanently: as BB2020.",
    "Weather and the injury tables: BB2020's rows.",
    "Skills' 'compulsory' flags: BB2020's where the skill exists there.",
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
