"""The rules of Blood Bowl as pure Python: rulesets as data, dice, team value,
draft rules. Nothing here knows about storage or HTTP.

    >>> from rules_engine import get_ruleset
    >>> get_ruleset("bb2020").rosters["human"].positions["human-blitzer"].cost
    85000
"""

from rules_engine.draft import DraftCost, DraftProposal, check_draft, draft_cost, validate_draft
from rules_engine.edition import Edition
from rules_engine.editions import UnknownEditionError, edition_for
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
from rules_engine.team_value import (
    PlayerValueInput,
    TeamValueBreakdown,
    TeamValueInput,
    current_team_value,
    player_current_value,
    team_value,
    team_value_breakdown,
)

__all__ = [
    "DraftCost",
    "DraftProposal",
    "Edition",
    "Inducement",
    "PlayerValueInput",
    "Position",
    "Roster",
    "Ruleset",
    "Skill",
    "StarPlayer",
    "TeamValueBreakdown",
    "TeamValueInput",
    "UnknownEditionError",
    "UnknownRulesetError",
    "check_draft",
    "current_team_value",
    "draft_cost",
    "edition_for",
    "get_ruleset",
    "list_rulesets",
    "player_current_value",
    "register_ruleset",
    "team_value",
    "team_value_breakdown",
    "validate_draft",
]
