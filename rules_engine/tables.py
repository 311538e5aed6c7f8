"""Rule tables as data.

A dice table (weather, kick-off event, Prayers to Nuffle, injury, casualty, ...)
is a ``Table``: rows that cover every face of its die exactly once, looked up
by roll. The data live in ``rules_engine/data/<ruleset>/tables*.json``; every
table names the rule-text section it was transcribed from, and a table that
misses or repeats a face fails at load with ``RulesetDataError``.

League tables that are not read off one die (expensive mistakes by Treasury,
advancement SPP costs, value increases, SPP awards, the 2D6 random skill table)
live in the same files under their own keys and load through
``load_league_tables``; the module-level helpers answer for one ruleset.
"""

from rules_engine.dice_tables import (
    DATA_DIR,
    TABLE_DIE_FACES,
    RuleName,
    Table,
    TableEntry,
    load_tables,
    table_from_data,
)
from rules_engine.league_tables import (
    AdvancementCosts,
    ExpensiveMistakes,
    LeagueTables,
    TreasuryColumn,
    advancement_spp_cost,
    expensive_mistakes_outcome,
    load_league_tables,
    random_skill,
    skill_category,
    spp_award,
    value_increase,
)

__all__ = [
    "DATA_DIR",
    "TABLE_DIE_FACES",
    "AdvancementCosts",
    "ExpensiveMistakes",
    "LeagueTables",
    "RuleName",
    "Table",
    "TableEntry",
    "TreasuryColumn",
    "advancement_spp_cost",
    "expensive_mistakes_outcome",
    "load_league_tables",
    "load_tables",
    "random_skill",
    "skill_category",
    "spp_award",
    "table_from_data",
    "value_increase",
]
