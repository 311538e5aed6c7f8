"""Masters of Undeath (BB2025, league facts section 2): the Lineman a team raised from
a dead opponent, kept for good in the post-game's hiring step. He joins as a rookie of
his Lineman position with 0 SPP, costs nothing (no ledger entry) and adds his full
value to Team Value. The post-game (``matches.services.postgame.effects``) calls this once the
coach chose to keep him; the rules engine has checked the offer and the room."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.wording import say
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import Player, Team
from teams.services._common import (
    free_number,
    lock_team,
    position_of,
    require_active,
    require_change,
    roster_of,
    ruleset_of,
)
from teams.services.roster import _check_room, _new_player

LINEMAN = "Lineman"


def keep_raised_lineman(actor: Actor, team: Team, position_slug: str) -> Player:
    """Add the raised Lineman of ``position_slug`` to ``team`` for free, within the 16
    players a roster may hold (TeamError beyond it, or for a position that is not one
    of the roster's Linemen)."""
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        position = position_of(roster, position_slug)
        # A position's keywords (BB2025 on) name its Linemen; none on a roster without.
        if LINEMAN not in getattr(position, "keywords", ()):
            raise TeamError(
                _("%(position)s is not a Lineman of %(roster)s teams")
                % {"position": position.name, "roster": roster.name}
            )
        _check_room(ruleset, roster, team, position)
        player = _new_player(ruleset, roster, team, position, "", free_number(team, None))
        player.save()
        log_action(
            actor,
            "team.keep_raised_lineman",
            say(
                "{team} kept the raised {position} #{number} {name} for free ({rule}).",
                team=team.name,
                position=position.name,
                number=player.number,
                name=player.name,
                rule="Masters of Undeath",
            ),
            team=team,
            player=player.pk,
        )
        return player
