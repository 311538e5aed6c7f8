"""The rules of Blood Bowl as pure Python: rulesets as data, dice, team value,
draft rules. Nothing here knows about storage or HTTP.

    >>> from rules_engine import get_ruleset
    >>> get_ruleset("bb2020").rosters["human"].positions["human-blitzer"].cost
    85000
"""

from rules_engine.registry import (
    UnknownRulesetError,
    get_ruleset,
    list_rulesets,
    register_ruleset,
)
from rules_engine.ruleset import (
    Inducement,
    Position,
    Roster,
    Ruleset,
    Skill,
    StarPlayer,
)

__all__ = [
    "Inducement",
    "Position",
    "Roster",
    "Ruleset",
    "Skill",
    "StarPlayer",
    "UnknownRulesetError",
    "get_ruleset",
    "list_rulesets",
    "register_ruleset",
]
