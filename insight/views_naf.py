"""The NAF tournament report downloads: a season's and a whole league's, as a page
download (``/leagues/seasons/<id>/naf-report.xml``, ``/leagues/<id>/naf-report.xml``)
and the same through the API (``/api/v1/seasons/<id>/naf-report.xml``,
``/api/v1/leagues/<id>/naf-report.xml``).

Only the league's commissioners (and staff) may download it: the results are public
on the site, but the report carries each coach's NAF number, which a coach gives for
the organiser's submission to the NAF, not for everyone to read; and sending the
report is the organiser's act. The organiser named is the commissioner downloading.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from lxml import etree
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from insight.naf import naf_report
from insight.naf_xml import CONTENT_TYPE, report_xml, xml_text
from leagues.models import Fixture, League, Season
from leagues.serializers import ErrorSerializer


def _download(user: Any, league: League, fixtures: Any, filename: str) -> HttpResponse:
    if not user.has_perm("leagues.manage_league", league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s may download its NAF report.")
            % {"league": league.name}
        )
    body = report_xml(naf_report(fixtures, organiser=user.get_username()))
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def season_download(user: Any, season: Season) -> HttpResponse:
    league = season.league
    filename = f"naf-report-{slugify(league.name) or 'league'}-season-{season.number}.xml"
    return _download(user, league, Fixture.objects.filter(season=season), filename)


def league_download(user: Any, league: League) -> HttpResponse:
    filename = f"naf-report-{slugify(league.name) or 'league'}.xml"
    return _download(user, league, Fixture.objects.filter(season__league=league), filename)


@require_safe
def season_naf_report(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    return season_download(request.user, season)


@require_safe
def league_naf_report(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    return league_download(request.user, get_object_or_404(League, pk=pk))


XML = OpenApiResponse(OpenApiTypes.STR, description="The nafReport document (XML).")
ERRORS = {
    401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(ErrorSerializer, description="Not a commissioner of the league."),
    404: OpenApiResponse(ErrorSerializer, description="No such season or league."),
}


class XmlRenderer(BaseRenderer):
    """Lets a client that asks for XML only (``Accept: application/xml``) through; the
    report itself is a finished response. A refusal asked for as XML is an <error>."""

    media_type = "application/xml"
    format = "xml"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: Any = None, context: Any = None) -> bytes:
        if isinstance(data, bytes):
            return data
        root = etree.Element("error")
        root.text = xml_text(data.get("detail", data) if isinstance(data, dict) else data)
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


class SeasonNafReportView(APIView):
    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer, XmlRenderer]

    @extend_schema(
        operation_id="seasons_naf_report_retrieve",
        summary="A season's results as the NAF tournament report (XML)",
        description="nafReport (namespace http://www.bloodbowl.net): organiser, coaches "
        "with NAF number and race, one game per match played. Commissioners only. The "
        "schema and every field: docs/interchange.md.",
        responses={(200, "application/xml"): XML, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
        return season_download(request.user, season)


class LeagueNafReportView(APIView):
    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer, XmlRenderer]

    @extend_schema(
        operation_id="leagues_naf_report_retrieve",
        summary="A league's results, every season, as the NAF tournament report (XML)",
        description="As the season's report, over all the league's seasons.",
        responses={(200, "application/xml"): XML, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return league_download(request.user, get_object_or_404(League, pk=pk))
