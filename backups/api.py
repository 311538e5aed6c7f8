"""GET /api/v1/leagues/<id>/backup/ (a commissioner: his league's backup) and
POST /api/v1/leagues/restore/ (a signed-in user: a backup restored as a new league he
runs; the backup as a file, multipart, or as the ``backup`` of a JSON body). The restore
answers 400 with every problem of the backup under ``fields`` (``file`` or ``backup``,
whichever carried it, or ``name`` for a name taken); nothing is written."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from backups.sections import BackupError
from backups.services import (
    MAX_BACKUP_BYTES,
    backup_filename,
    league_backup,
    read_backup,
    restore_as_new_league,
)
from core.input import InvalidInput, validated
from leagues.models import League
from leagues.serializers import ErrorSerializer
from teams.serializers import TeamsMessageSerializer


class RestoreInputSerializer(serializers.Serializer):
    file = serializers.FileField(
        required=False,
        help_text=f"A league backup downloaded from Dugout, at most {MAX_BACKUP_BYTES:,} "
        "bytes (multipart/form-data).",
    )
    backup = serializers.JSONField(
        required=False,
        help_text="Or the backup document itself, in a JSON body (within the site's limit "
        "of a request body; a larger backup goes as a file).",
    )
    name = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=100,
        help_text="The new league's name; empty: the backup's.",
    )

    def validate_file(self, upload: Any) -> Any:
        if upload.size > MAX_BACKUP_BYTES:
            raise serializers.ValidationError(
                _("The file is %(size)s bytes; a backup may be at most %(limit)s bytes.")
                % {
                    "size": number_format(upload.size, force_grouping=True),
                    "limit": number_format(MAX_BACKUP_BYTES, force_grouping=True),
                }
            )
        return upload

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("file" in attrs) == ("backup" in attrs):
            raise serializers.ValidationError(
                {"file": _("Send the backup: a file, or the document as backup (one of them).")}
            )
        if "backup" in attrs and not isinstance(attrs["backup"], dict):
            raise serializers.ValidationError({"backup": _("The backup is a JSON object.")})
        return attrs


class RestoredLeagueSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


def _message(description: str) -> OpenApiResponse:
    return OpenApiResponse(TeamsMessageSerializer, description=description)


class LeagueBackupView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="leagues_backup_retrieve",
        summary="A league's backup",
        description="The league's whole history (seasons, teams with their logos, players, "
        "matches, dice, ledgers, audit trail, house rules, kick-off times, news and match "
        "reports) as the JSON document `manage.py export_league` writes, without the "
        "coaches' e-mail addresses. Its commissioners only.",
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The backup document."),
            401: _message("Not signed in."),
            403: _message("Not a commissioner of the league."),
            404: _message("No such league."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        document = league_backup(request.user, league)
        disposition = f'attachment; filename="{backup_filename(league)}"'
        return Response(document, headers={"Content-Disposition": disposition})


class LeagueRestoreView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        operation_id="leagues_restore_create",
        summary="Restore a backup as a new league",
        description="The league of a backup becomes a new league whose only commissioner "
        'is you; teams whose names are taken get "(restored)" after their name. Users '
        "who coach or run a league you run keep their rows; every other user the backup "
        "names is replaced by you (no account is created). The "
        "backup is checked as `manage.py import_league` checks it (players' figures "
        "included) and refused with every problem, nothing written.",
        request={
            "application/json": RestoreInputSerializer,
            "multipart/form-data": RestoreInputSerializer,
        },
        responses={
            201: OpenApiResponse(RestoredLeagueSerializer, description="The new league."),
            400: OpenApiResponse(ErrorSerializer, description="The backup cannot be restored."),
            401: _message("Not signed in."),
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(RestoreInputSerializer, request)
        carrier = "file" if "file" in data else "backup"
        try:
            document = read_backup(data["file"].read()) if "file" in data else data["backup"]
            league = restore_as_new_league(request.user, document, data["name"])
        except BackupError as error:
            field = getattr(error, "field", carrier)
            raise InvalidInput({field: error.messages}) from None
        body = RestoredLeagueSerializer({"id": league.pk, "name": league.name}).data
        return Response(body, status=status.HTTP_201_CREATED)
