"""The D8 Regional League table (Blitz Bowl Arenas): which regional rules apply.

"Before the coach that won the coin toss chooses which pitch they want to use,
they roll a D8 and consult the following table to see what regional rules apply
for the game." The rows live in ``data/blitz_bowl/tables.json`` as the table
``regional_league``; two of them change what the engine resolves: World's Edge
Superleague's Sudden Death margin (``effect["sudden_death_margin"]``) and
Lustrian Superleague's pitch (``effect["pitch"]``).
"""

from __future__ import annotations

from rules_engine.errors import RulesError
from rules_engine.tables import Table, TableEntry, load_tables
from rules_engine.wording import say

RULESET = "blitz_bowl"
REGIONAL_LEAGUE = "regional_league"
WORLDS_EDGE_SUPERLEAGUE = "World's Edge Superleague"
LUSTRIAN_SUPERLEAGUE = "Lustrian Superleague"

# A regional rule as callers hold it: the row's name, the row itself, or none.
RegionalRule = str | TableEntry | None


def regional_league_table() -> Table:
    """The D8 Regional League table."""
    return load_tables(RULESET)[REGIONAL_LEAGUE]


def regional_rule(d8: int) -> TableEntry:
    """The row of the Regional League table a D8 roll lands on. Blitz Bowl Arenas: the
    coach that won the coin toss "roll[s] a D8 and consult[s] the following table to see
    what regional rules apply for the game": 1 Halfling Moot Madness, 2 Underworld
    Challenge, 3 Sylvanian Spotlight, 4 Elven Kingdoms League, 5 The Gut Cup Grind,
    6 The Badlands Brawl, 7 World's Edge Superleague, 8 Lustrian Superleague."""
    if isinstance(d8, bool) or not isinstance(d8, int):
        raise RulesError(
            say("The Regional League table is read with a D8 roll; got {roll}", roll=repr(d8))
        )
    return regional_league_table().lookup(d8)


def _plain(name: str) -> str:
    # "World's Edge" and "Worlds Edge" (BB2020's spelling) name the same league.
    return " ".join(name.replace("\u2019", "").replace("'", "").casefold().split())


def regional_entry(rule: RegionalRule) -> TableEntry | None:
    """The Regional League row ``rule`` names (None stays None).

    Case and apostrophes do not matter; a name the table does not hold is an
    error naming the eight rows.
    """
    if rule is None or isinstance(rule, TableEntry):
        return rule
    if not isinstance(rule, str):
        raise RulesError(
            say("A regional rule is named by its row of the table; got {rule}", rule=repr(rule))
        )
    table = regional_league_table()
    for entry in table.entries:
        if _plain(entry.name) == _plain(rule):
            return entry
    raise RulesError(
        say(
            "{rule} is not a regional rule; the Regional League table holds {rows}",
            rule=repr(rule),
            rows=", ".join(table.names),
        )
    )


def forced_pitch(rule: RegionalRule) -> str | None:
    """The pitch a regional rule forces ("two_trapdoors" under Lustrian Superleague)."""
    entry = regional_entry(rule)
    return entry.effect.get("pitch") if entry is not None else None
