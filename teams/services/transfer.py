"""Handing a team to another coach (a coach leaves the league, a team changes hands).

The team keeps everything it has (players, treasury, ledger, entries, matches);
only its coach changes, so from then on the new coach runs it and the old one
no longer may.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.wording import say
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import Team
from teams.services._common import lock_team

TRANSFER_TEAM = "teams.transfer_team"


def transfer_team(actor: Actor, team: Team, new_coach: Any) -> Team:
    """Make ``new_coach`` the coach of ``team``.

    Only a commissioner of a league the team plays in (or a superuser) may: the
    coach cannot give his team away, nor anyone take it (teams/permissions.py).
    """
    with transaction.atomic():
        locked = lock_team(team)
        if actor is None or not actor.has_perm(TRANSFER_TEAM, locked):
            raise PermissionDenied(
                _("Only a commissioner of a league %(team)s plays in may hand it to another coach.")
                % {"team": locked.name}
            )
        if new_coach is None or not new_coach.is_active:
            raise TeamError(_("The new coach's account is closed: choose an active coach."))
        if new_coach.pk == locked.coach_id:
            raise TeamError(
                _("%(coach)s already coaches %(team)s.")
                % {"coach": new_coach.username, "team": locked.name}
            )
        old_coach = locked.coach
        locked.coach = new_coach
        locked.save(update_fields=["coach", "updated_at"])
        log_action(
            actor,
            "team.transfer",
            say(
                "{team} handed from {old} to {new}.",
                team=locked.name,
                old=old_coach.username,
                new=new_coach.username,
            ),
            team=locked,
            before={"coach": old_coach.pk, "username": old_coach.username},
            after={"coach": new_coach.pk, "username": new_coach.username},
        )
    team.coach = new_coach
    return locked
