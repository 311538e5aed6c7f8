"""Writes of the teams app. Every service takes the acting user first, checks
``teams.change_team`` (teams/permissions.py), runs in ``transaction.atomic()``, locks
the team row, asks the rules engine, and raises a ``RulesError`` with a
sentence for the coach (the API answers 400) or ``PermissionDenied`` (403).
"""

from teams.services.advancement import AdvancementChoice, spend_spp, undo_advancement
from teams.services.convert import player_state, team_state
from teams.services.draft import draft_team
from teams.services.injuries import end_temporary_retirement, record_injury, temporarily_retire
from teams.services.redraft import RedraftResult
from teams.services.roster import (
    fire_player,
    hire_journeyman_permanently,
    hire_player,
    release_journeymen,
    rename_player,
    take_journeyman,
    take_mercenary,
)
from teams.services.transfer import TRANSFER_TEAM, transfer_team
from teams.services.treasury import (
    StaffKind,
    buy_reroll,
    correct_treasury,
    fire_staff,
    hire_staff,
    post_to_ledger,
    reroll_price_after_draft,
)
from teams.services.undo import undo_purchase, undoable_purchases

__all__ = [
    "AdvancementChoice",
    "RedraftResult",
    "StaffKind",
    "TRANSFER_TEAM",
    "buy_reroll",
    "correct_treasury",
    "draft_team",
    "end_temporary_retirement",
    "fire_player",
    "fire_staff",
    "hire_journeyman_permanently",
    "hire_player",
    "hire_staff",
    "player_state",
    "post_to_ledger",
    "record_injury",
    "release_journeymen",
    "rename_player",
    "reroll_price_after_draft",
    "spend_spp",
    "undo_advancement",
    "undo_purchase",
    "undoable_purchases",
    "take_journeyman",
    "take_mercenary",
    "team_state",
    "temporarily_retire",
    "transfer_team",
]
