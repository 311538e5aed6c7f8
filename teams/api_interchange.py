"""The interchange API: a team's ``dugout-team`` file (GET, public like the sheet) and
importing a team from a file (POST, a signed-in coach; the new team is his).

An import the site cannot read or map answers 400 with every reason under ``fields``
(``content`` or ``file``, whichever carried the file); nothing is written.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.input import InvalidInput, validated
from teams.api_common import NOT_FOUND, responses, sheet_data
from teams.interchange import ImportRequest, InterchangeError, export_team, import_team
from teams.interchange.serializers import DugoutTeamSerializer, ImportInputSerializer
from teams.models import Team
from teams.serializers_sheet import TeamSheetSerializer


class TeamExportView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="teams_export_retrieve",
        summary="A team as a dugout-team file",
        description="The team, its staff, players (changes, skills, injuries, SPP, status) "
        "and ledger, in the versioned format of docs/interchange.md.",
        responses={200: DugoutTeamSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        try:
            data = export_team(pk)
        except Team.DoesNotExist:
            raise Http404(_("No such team.")) from None
        filename = f"team-{pk}.dugout.json"
        return Response(data, headers={"Content-Disposition": f'inline; filename="{filename}"'})


class TeamImportView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    @extend_schema(
        operation_id="teams_import_create",
        summary="Import a team from a file",
        description="A dugout-team export, a FUMBBL team (its API's JSON, or XML) or a NAFLM/OBBLM "
        "team import (XML) becomes a new team of yours; its treasury is its first ledger "
        "entry. Every unknown roster, position or skill comes back at once.",
        request={
            "application/json": ImportInputSerializer,
            "multipart/form-data": ImportInputSerializer,
        },
        responses=responses(
            {201: OpenApiResponse(TeamSheetSerializer, description="The imported team.")}
        ),
    )
    def post(self, request: Request) -> Response:
        data = validated(ImportInputSerializer, request)
        carrier = "file" if data.get("file") is not None else "content"
        try:
            team = import_team(
                request.user,
                ImportRequest(
                    data["source_format"], data["content"], data["ruleset"], data["name"]
                ),
            )
        except InterchangeError as error:
            raise InvalidInput({carrier: error.messages}) from None
        return Response(sheet_data(team.pk, request), status=status.HTTP_201_CREATED)
