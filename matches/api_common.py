"""What the matches API's endpoints share: their documented error responses, the
permission that lets anyone read and the match's coaches or a commissioner write, and
the 409 of a second report."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions, status
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from matches.errors import ReportConflict
from matches.permissions import CORRECT, PLAY
from matches.serializers import (
    MatchErrorSerializer,
    MatchMessageSerializer,
    ReportConflictSerializer,
)

BAD = OpenApiResponse(MatchErrorSerializer, description="The rules (or the input's shape) refuse.")
DENIED = OpenApiResponse(MatchMessageSerializer, description="Not signed in.")
FORBIDDEN = OpenApiResponse(
    MatchMessageSerializer, description="Not a coach of this match or a commissioner."
)
NOT_FOUND = OpenApiResponse(MatchMessageSerializer, description="No such match (or event).")
CONFLICT = OpenApiResponse(
    ReportConflictSerializer,
    description="The match already has a report: a commissioner corrects it.",
)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Send the same key again with the same report to get the first one back.",
)
EVENT_ID = OpenApiParameter("event_id", OpenApiTypes.INT, OpenApiParameter.PATH)


def writes(ok: dict[int, Any], *, conflict: bool = False) -> dict[int, Any]:
    """A write's documented responses: its success plus 400, 401, 403, 404 (and 409)."""
    errors = {400: BAD, 401: DENIED, 403: FORBIDDEN, 404: NOT_FOUND}
    return {**ok, **errors, **({409: CONFLICT} if conflict else {})}


class MatchPermission(BasePermission):
    """Anyone reads; writes need a coach of the match or a commissioner (a
    correction: a commissioner), checked before the input is read."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or bool(request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        if getattr(view, "action", None) in ("correct", "settle_shortfall", "end_post_game"):
            if not request.user.has_perm(CORRECT, obj):
                raise exceptions.PermissionDenied(
                    _("Only a commissioner of the league may correct a report or decide for it.")
                )
        elif not request.user.has_perm(PLAY, obj):
            raise exceptions.PermissionDenied(
                _("Only the coaches of the two teams or a commissioner may do that.")
            )
        return True


def conflict_response(error: ReportConflict) -> Response:
    return Response(
        {"detail": error.message, "report": error.report_id}, status=status.HTTP_409_CONFLICT
    )
