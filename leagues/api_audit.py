"""GET /api/v1/leagues/<id>/audit/: the league's audit trail (teams/audit.py), latest
first, paginated like every list. Read-only; anyone may read it, as anyone reads the
league's results."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema

from leagues.models import League
from teams.api_audit import AuditEntrySerializer, AuditList, not_found
from teams.audit import league_entries


@extend_schema(
    summary="A league's audit trail, latest first",
    description="Who changed what and when in the league: results, fixtures, forfeits, "
    "points, seasons, and its teams' treasuries and rosters.",
    responses={200: AuditEntrySerializer(many=True), 404: not_found("league")},
)
class LeagueAuditView(AuditList):
    def entries(self, pk: int) -> Any:
        league = get_object_or_404(League, pk=pk)
        return league_entries(league)
