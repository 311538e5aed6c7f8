"""Who may change a team or a player, for the pages: the object, or 403 before any
input is read."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from teams.models import Player, Team

CHANGE_TEAM = "teams.change_team"


def user_may_change(request: HttpRequest, team: Team) -> bool:
    return request.user.has_perm(CHANGE_TEAM, team)


def team_to_change(request: HttpRequest, pk: int) -> Team:
    """The team, if the user may change it (checked before any input is read)."""
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    if not user_may_change(request, team):
        raise PermissionDenied(_("Only the coach of %(team)s may change it.") % {"team": team.name})
    return team


def player_to_change(request: HttpRequest, pk: int) -> Player:
    player = get_object_or_404(Player.objects.select_related("team", "team__coach"), pk=pk)
    if not user_may_change(request, player.team):
        raise PermissionDenied(
            _("Only the coach of %(team)s may change it.") % {"team": player.team.name}
        )
    return player
