"""Skills a post-game itself gives a player, applied and reverted with its other effects.

BB2025's post-game rolls Hatred after a casualty (facts section 8; the keyword comes
from the report, ``matches.services.hatred``); its team outcome lists each roll under
``hatred`` as ``{"player_id", "roll", "gained"}``, ``gained`` the skill or None. An
outcome without such a list (any other edition's) gains nothing here.
"""

from __future__ import annotations

from typing import Any

from matches.models import AppliedEffect, EffectKind
from teams.models import PlayerSkill
from teams.services._common import lock_player


def gained(outcome: Any) -> list[tuple[Any, str]]:
    """(player id, skill) for each skill the outcome's rolls gave."""
    return [
        (entry["player_id"], entry["gained"])
        for entry in getattr(outcome, "hatred", ()) or ()
        if entry.get("gained")
    ]


def apply_gained(record: Any, outcome: Any) -> None:
    """Give each player the skill his roll gained (kept once: a player who already has
    it gains nothing more) and record it for a correction to take back."""
    for player_id, skill in gained(outcome):
        player, _ = lock_player(player_id)
        _, created = PlayerSkill.objects.get_or_create(
            player=player, skill=skill, defaults={"source": PlayerSkill.Source.OTHER}
        )
        if created:
            record(EffectKind.SKILL_GAINED, player, after={"skill": skill})


def revert_gained(effect: AppliedEffect) -> None:
    assert effect.player_id is not None, "a gained skill names its player"
    PlayerSkill.objects.filter(player_id=effect.player_id, skill=effect.after["skill"]).delete()
