"""What the teams API's views share: the documented error responses, who may write
to a team (checked before the input is read), and a team sheet or a player as the
API answers them."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema_serializer,
)
from rest_framework import exceptions, serializers
from rest_framework.permissions import (
    SAFE_METHODS,
    BasePermission,
)
from rest_framework.request import Request

from teams import selectors
from teams.models import Player, Team
from teams.serializers import (
    TeamsErrorSerializer,
    TeamsMessageSerializer,
)
from teams.serializers_sheet import PlayerDetailSerializer
from teams.sheet_json import team_sheet_json

CHANGE_TEAM = "teams.change_team"


@extend_schema_serializer(component_name="TeamsError")
class TeamsInputErrorSerializer(TeamsErrorSerializer):
    """A 400: ``detail`` sums up, ``errors`` lists every reason; ``fields`` has the
    messages of input of the wrong shape by field, nested as the input was
    (``{"players": {"human-blitzer": ["A valid integer is required."]}}``)."""

    errors = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Every reason (absent when the body is not even JSON).",
    )
    fields = serializers.DictField(
        required=False, help_text="Input of the wrong shape: messages by field (nested as sent)."
    )


NOT_FOUND = OpenApiResponse(TeamsMessageSerializer, description="No such team or player.")
ERRORS: dict[int, Any] = {
    400: OpenApiResponse(
        TeamsInputErrorSerializer, description="The rules (or the input's shape) do not allow it."
    ),
    401: OpenApiResponse(TeamsMessageSerializer, description="Not signed in."),
    403: OpenApiResponse(TeamsMessageSerializer, description="Not signed in, or not your team."),
    404: NOT_FOUND,
}


def responses(ok: dict[int, Any]) -> dict[int, Any]:
    """A write's documented responses: its success plus 400, 401, 403 and 404."""
    return {**ok, **ERRORS}


class CoachChangesTeam(BasePermission):
    """Anyone reads; only who may change the team (teams/permissions.py) writes to it,
    checked before the input so another coach gets 403 whatever he sends."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        team = obj if isinstance(obj, Team) else obj.team
        if not request.user.has_perm(CHANGE_TEAM, team):
            raise exceptions.PermissionDenied(
                _("Only the coach of %(team)s may change it.") % {"team": team.name}
            )
        return True


def sheet_data(team_id: int, request: Request | None = None) -> dict[str, Any]:
    """The team sheet as the API answers it: four shaped queries into plain values
    (``teams.sheet_json``), the JSON ``TeamSheetSerializer`` made from ``team_sheet``
    (which still describes it in the schema). It does not depend on who asks."""
    try:
        return team_sheet_json(team_id)
    except Team.DoesNotExist:
        raise Http404(_("No such team.")) from None


def player_data(player_id: int, request: Request) -> dict[str, Any]:
    try:
        player = selectors.player_with_history(player_id)
    except Player.DoesNotExist:
        raise Http404(_("No such player.")) from None
    return PlayerDetailSerializer(player, context={"request": request}).data
