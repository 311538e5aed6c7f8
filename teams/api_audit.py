"""GET /api/v1/teams/<id>/audit/: the audit trail (teams/audit.py; the league's is
leagues/api_audit.py), latest first, paginated like every list. Read-only; anyone may
read it, as anyone reads the league's results and the team's ledger."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, serializers

from core.fields import StrictCharField
from teams.audit import team_entries
from teams.models import AuditEntry, Team
from teams.serializers import TeamsMessageSerializer


class AuditEntrySerializer(serializers.ModelSerializer):
    actor = StrictCharField(
        source="actor.username", allow_null=True, default=None, help_text="Who did it."
    )
    action = StrictCharField(help_text='What was done, a verb key: "fixture.reschedule".')
    message = StrictCharField(
        source="shown_message",
        help_text="The sentence the pages show, in the language the request accepts.",
    )
    team_name = StrictCharField(source="team.name", allow_null=True, default=None)
    other_team_name = StrictCharField(source="other_team.name", allow_null=True, default=None)
    data = serializers.DictField(  # type: ignore[assignment]  # the API's field name
        read_only=True, help_text="The values before and after, amounts, ids (JSON)."
    )

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "at",
            "action",
            "message",
            "actor",
            "league",
            "team",
            "team_name",
            "other_team",
            "other_team_name",
            "data",
        ]


def not_found(what: str) -> OpenApiResponse:
    return OpenApiResponse(TeamsMessageSerializer, description=f"No such {what}.")


class AuditList(generics.ListAPIView, ABC):
    """The audit entries of one object: a subclass names the lookup (``entries``)."""

    serializer_class = AuditEntrySerializer
    filterset_class = None
    filter_backends: list = []

    @abstractmethod
    def entries(self, pk: int) -> Any:
        """The audit entries of the object ``pk`` names (404 if there is none)."""

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return AuditEntry.objects.none()
        return self.entries(self.kwargs["pk"])


@extend_schema(
    summary="A team's audit trail, latest first",
    description="Who changed what and when for the team: its roster, treasury, coach, "
    "and the fixtures and matches it plays.",
    responses={200: AuditEntrySerializer(many=True), 404: not_found("team")},
)
class TeamAuditView(AuditList):
    def entries(self, pk: int) -> Any:
        return team_entries(get_object_or_404(Team, pk=pk))
