"""A team's logo and description in the API (the page is ``views_profile``):

- ``GET /api/v1/teams/{id}/profile/``: the description (Markdown, as written) and the
  logo's address (null without one);
- ``PUT /api/v1/teams/{id}/description/``: ``{"description": "..."}`` (empty removes it);
- ``PUT /api/v1/teams/{id}/logo/``: a ``multipart/form-data`` upload, the file in the
  ``logo`` field (a PNG, JPEG, GIF or WebP image of at most 2 MiB; stored resized to at
  most 256×256 and re-encoded as a PNG), or JSON ``{"logo_base64": "..."}`` with the
  file's bytes in base64 (as every JSON body of the API, at most 1 MiB: an image of
  about 750 KiB at most);
- ``DELETE /api/v1/teams/{id}/logo/``: takes the logo down.

The writes answer with the profile as ``GET`` does; the team's coach, a commissioner
of a league it plays in or a superuser may make them (403 otherwise, before the input
is read); a refused file or description is a 400 naming the field.
"""

from __future__ import annotations

import base64
import binascii
import math
from typing import Any

from django.core.files.base import ContentFile
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.input import validated
from core.parsers import BoundedJSONParser
from teams.api_common import CHANGE_TEAM, NOT_FOUND, responses
from teams.errors import TeamProfileError
from teams.logos import MAX_BYTES, refuse_oversized
from teams.models import TEAM_DESCRIPTION_MAX, Team
from teams.services.profile import remove_team_logo, set_team_description, set_team_logo


def logo_url(team: Team) -> str | None:
    """The address the team's logo is served from, changed by every new logo."""
    if not team.logo:
        return None
    return f"{reverse('team-logo', args=[team.pk])}?v={slugify(team.logo.name or '')}"


class TeamProfileSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    description = serializers.CharField(help_text="Markdown, as written (shown sanitised).")
    logo_url = serializers.CharField(
        allow_null=True, help_text="Where the logo (a PNG) is served; null without one."
    )


class DescriptionInputSerializer(serializers.Serializer):
    description = StrictCharField(
        allow_blank=True,
        trim_whitespace=True,
        max_length=TEAM_DESCRIPTION_MAX,
        help_text=f"Markdown, at most {TEAM_DESCRIPTION_MAX:,} characters; empty removes it.",
    )


class LogoInputSerializer(serializers.Serializer):
    logo = serializers.FileField(
        help_text="A PNG, JPEG, GIF or WebP image of at most 2 MiB (multipart/form-data)."
    )


class LogoBase64InputSerializer(serializers.Serializer):
    logo_base64 = StrictCharField(
        max_length=4 * math.ceil(MAX_BYTES / 3),
        help_text=(
            "The image file's bytes in base64 (a PNG, JPEG, GIF or WebP; the JSON body is at "
            "most 1 MiB: upload a larger file as multipart/form-data)."
        ),
    )


def _decoded(text: str) -> ContentFile[bytes]:
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as error:
        raise TeamProfileError(
            _("logo_base64 is not base64: send the file's bytes base64-encoded."), field="logo"
        ) from error
    return ContentFile(data, name="logo")


def profile_data(team: Team) -> dict[str, Any]:
    return {"id": team.pk, "description": team.description, "logo_url": logo_url(team)}


def _team_to_change(request: Request, pk: int) -> Team:
    team = get_object_or_404(Team, pk=pk)
    if not request.user.has_perm(CHANGE_TEAM, team):
        raise exceptions.PermissionDenied(
            _("Only the coach of %(team)s may change it.") % {"team": team.name}
        )
    return team


class TeamProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: TeamProfileSerializer, 404: NOT_FOUND},
        summary="A team's logo and description",
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(profile_data(get_object_or_404(Team, pk=pk)))


class TeamDescriptionView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=DescriptionInputSerializer,
        responses=responses({200: TeamProfileSerializer}),
        summary="Write the team's description (Markdown)",
    )
    def put(self, request: Request, pk: int) -> Response:
        team = _team_to_change(request, pk)
        values = validated(DescriptionInputSerializer, request)
        team = set_team_description(request.user, team, values["description"])
        return Response(profile_data(team))


class TeamLogoView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [BoundedJSONParser, MultiPartParser, FormParser]

    @extend_schema(
        request={
            "application/json": LogoBase64InputSerializer,
            "multipart/form-data": LogoInputSerializer,
        },
        responses=responses({200: TeamProfileSerializer}),
        summary="Upload the team's logo (multipart field logo, or JSON logo_base64)",
    )
    def put(self, request: Request, pk: int) -> Response:
        team = _team_to_change(request, pk)
        # Before the body is read (a token client's: no CSRF check reads it first), so an
        # enormous upload is refused rather than spooled to disk.
        refuse_oversized(request.META.get("CONTENT_LENGTH"))
        if request.content_type.startswith(("multipart/form-data", "application/x-www-form")):
            upload: Any = validated(LogoInputSerializer, request)["logo"]
        else:
            upload = _decoded(validated(LogoBase64InputSerializer, request)["logo_base64"])
        team = set_team_logo(request.user, team, upload)
        return Response(profile_data(team))

    @extend_schema(
        request=None,
        responses=responses({200: TeamProfileSerializer}),
        summary="Take the team's logo down",
    )
    def delete(self, request: Request, pk: int) -> Response:
        team = _team_to_change(request, pk)
        return Response(profile_data(remove_team_logo(request.user, team)))
