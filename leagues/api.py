"""The leagues API (/api/v1/leagues/...): everyone reads; writes go through the services.

A refusal by the league rules is a 400 with the service's message
(``core.api.exception_handler``); input of the wrong shape a 400 in the same
body (``detail``, ``errors``) with ``fields``; an action reserved to the league's
commissioners (or the team's coach) is a 403; an unknown object a 404.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import versions
from core.cache import cached
from core.conditional import conditional_page, stamp_of
from core.input import validated
from core.versions import Stamp
from leagues import selectors, services
from leagues.api_invites import LeagueInvitesMixin
from leagues.api_playoffs import PlayoffSettlementMixin
from leagues.filters import FixtureFilter, SeasonFilter
from leagues.models import Division, League, Season
from leagues.serializers import (
    AdmitTeamSerializer,
    BracketSerializer,
    DivisionCreateSerializer,
    DivisionSerializer,
    DivisionTableSerializer,
    DockPointsSerializer,
    EnterTeamSerializer,
    ErrorSerializer,
    FixtureSerializer,
    ForfeitSerializer,
    FriendlySerializer,
    GenerateScheduleSerializer,
    LeagueCreateSerializer,
    LeagueLanguageSerializer,
    LeagueSerializer,
    OpenSeasonSerializer,
    PointsAdjustmentSerializer,
    RescheduleSerializer,
    RollOverInputSerializer,
    RolloverSerializer,
    SeasonSerializer,
    StandingRowSerializer,
    TeamEntrySerializer,
)

BAD_REQUEST = OpenApiResponse(
    ErrorSerializer, description="The league rules (or the input's shape) refuse: the reasons."
)
ERRORS = {
    400: BAD_REQUEST,
    401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(ErrorSerializer, description="Not a commissioner of this league."),
}
NOT_FOUND = {404: OpenApiResponse(ErrorSerializer, description="No such object.")}


def _read(serializer_class: type) -> Any:
    """A list and a detail view's documented answers (a list's 400 for a refused
    filter value comes from core.schema.ApiSchema, where it has filters)."""
    return extend_schema_view(
        list=extend_schema(responses={200: serializer_class(many=True)}),
        retrieve=extend_schema(responses={200: serializer_class, **NOT_FOUND}),
    )


def _write(serializer_class: type, request_class: type | None = None, code: int = 201) -> Any:
    return extend_schema(
        request=request_class,
        responses={code: serializer_class, **ERRORS, **NOT_FOUND},
    )


@_read(LeagueSerializer)
class LeagueViewSet(LeagueInvitesMixin, mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Leagues: anyone signed in may create one and becomes its commissioner."""

    serializer_class = LeagueSerializer
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self):
        return selectors.league_list().order_by("name")

    @_write(LeagueSerializer, LeagueCreateSerializer)
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        league = services.create_league(request.user, **validated(LeagueCreateSerializer, request))
        league = self.get_queryset().get(pk=league.pk)
        return Response(LeagueSerializer(league).data, status=status.HTTP_201_CREATED)

    @_write(SeasonSerializer, OpenSeasonSerializer)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="open-season")
    def open_season(self, request: Request, pk: str) -> Response:
        """Open the league's next season for sign-up (commissioners)."""
        league = self.get_object()
        season = services.open_season(
            request.user, league, **validated(OpenSeasonSerializer, request)
        )
        season = selectors.season_detail().get(pk=season.pk)
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


@_read(SeasonSerializer)
@extend_schema_view(list=extend_schema(summary="Seasons (filter by league, status)"))
class SeasonViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = SeasonSerializer
    filterset_class = SeasonFilter
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self):
        return selectors.season_detail().order_by("league__name", "-number")

    def _season(self) -> Season:
        return self.get_object()

    @_write(DivisionSerializer, DivisionCreateSerializer)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="add-division")
    def add_division(self, request: Request, pk: str) -> Response:
        season = self._season()
        name = validated(DivisionCreateSerializer, request)["name"]
        division = services.add_division(request.user, season, name)
        return Response(DivisionSerializer(division).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: TeamEntrySerializer(many=True), **NOT_FOUND})
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def entries(self, request: Request, pk: str) -> Response:
        """The teams entered in the season, admitted (with a division) or waiting."""
        return Response(TeamEntrySerializer(selectors.entries(self._season()), many=True).data)

    @_write(TeamEntrySerializer, EnterTeamSerializer)
    @action(detail=True, methods=["post"], filter_backends=[])
    def enter(self, request: Request, pk: str) -> Response:
        """A coach enters his own team (sign-up only); a commissioner then admits it."""
        season = self._season()
        entry = services.enter_team(
            request.user, season, validated(EnterTeamSerializer, request)["team"]
        )
        return Response(TeamEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @_write(TeamEntrySerializer, AdmitTeamSerializer)
    @action(detail=True, methods=["post"], filter_backends=[])
    def admit(self, request: Request, pk: str) -> Response:
        """A commissioner admits a team into a division (sign-up only)."""
        season = self._season()
        values = validated(AdmitTeamSerializer, request)
        entry = services.admit_team(request.user, season, values["team"], values.get("division"))
        return Response(TeamEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @_write(SeasonSerializer, GenerateScheduleSerializer)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="generate-schedule")
    def generate_schedule(self, request: Request, pk: str) -> Response:
        """Draw up the round robin of every division and start the regular season."""
        season = self._season()
        services.generate_schedule(
            request.user, season, **validated(GenerateScheduleSerializer, request)
        )
        season = selectors.season_detail().get(pk=season.pk)
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    @_write(PointsAdjustmentSerializer, DockPointsSerializer)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="dock-points")
    def dock_points(self, request: Request, pk: str) -> Response:
        """Dock a team's league points, with the reason (3 unless told)."""
        season = self._season()
        values = validated(DockPointsSerializer, request)
        adjustment = services.dock_points(
            request.user,
            season,
            values["team"],
            reason=values["reason"],
            points=values["points"],
        )
        return Response(PointsAdjustmentSerializer(adjustment).data, status=status.HTTP_201_CREATED)

    @_write(FixtureSerializer, FriendlySerializer)
    @action(detail=True, methods=["post"], filter_backends=[])
    def friendly(self, request: Request, pk: str) -> Response:
        """Arrange a friendly between two teams of the season (no league points)."""
        season = self._season()
        values = validated(FriendlySerializer, request)
        fixture = services.schedule_friendly(
            request.user,
            season,
            home=values["home"],
            away=values["away"],
            deadline=values.get("deadline"),
        )
        return Response(
            FixtureSerializer(selectors.fixtures().get(pk=fixture.pk)).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(responses={200: PointsAdjustmentSerializer(many=True), **NOT_FOUND})
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def adjustments(self, request: Request, pk: str) -> Response:
        return Response(
            PointsAdjustmentSerializer(selectors.adjustments(self._season()), many=True).data
        )

    @_write(BracketSerializer, None)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="start-playoffs")
    def start_playoffs(self, request: Request, pk: str) -> Response:
        """Seed the play-offs from the standings and draw the semi-finals."""
        season = self._season()
        services.start_playoffs(request.user, season)
        return Response(
            BracketSerializer(selectors.bracket(season)).data, status=status.HTTP_201_CREATED
        )

    @_write(RolloverSerializer, RollOverInputSerializer)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="roll-over")
    def roll_over(self, request: Request, pk: str) -> Response:
        """Close the season (its play-offs decided, or its league fixtures settled and
        ``without_playoffs``) and open the league's next season (commissioners).
        BB2020 teams then re-draft into it; classic and Blitz Bowl teams carry over."""
        season = self._season()
        values = validated(RollOverInputSerializer, request)
        rollover = services.roll_over_season(request.user, season, **values)
        body = {
            "closed": selectors.season_detail().get(pk=rollover.closed.pk),
            "opened": selectors.season_detail().get(pk=rollover.opened.pk),
            "carried_over": rollover.carried_over,
            "awaiting_redraft": rollover.awaiting_redraft,
        }
        return Response(RolloverSerializer(body).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: DivisionTableSerializer(many=True), **NOT_FOUND})
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def standings(self, request: Request, pk: str) -> Any:
        """Every division's table, best first."""
        return season_standings_answer(request, pk)

    @extend_schema(responses={200: BracketSerializer, **NOT_FOUND})
    @action(detail=True, methods=["get"], filter_backends=[])
    def bracket(self, request: Request, pk: str) -> Response:
        season = get_object_or_404(Season, pk=pk)
        return Response(BracketSerializer(selectors.bracket(season)).data)


def _season_stamp(request: Request, pk: str) -> Stamp:
    return versions.read(leagues=Season.objects.filter(pk=pk).values("league_id"))


# ETag and 304, and the tables kept under the league's version: the same whoever asks.
@conditional_page(_season_stamp, per_user=False)
def season_standings_answer(request: Request, pk: str) -> Response:
    token = stamp_of(request, lambda: _season_stamp(request, pk)).token

    def tables() -> Any:
        season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
        return DivisionTableSerializer(selectors.season_standings(season), many=True).data

    return Response(cached(f"leagues/season_standings:{pk}:{token}", tables))


@_read(DivisionSerializer)
class DivisionViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = DivisionSerializer
    filterset_fields = ["season"]
    lookup_value_regex = r"[0-9]+"
    queryset = Division.objects.order_by("season", "name")

    @extend_schema(responses={200: StandingRowSerializer(many=True), **NOT_FOUND})
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def standings(self, request: Request, pk: str) -> Response:
        """The division's table: points, then the league's tie-breakers."""
        division = get_object_or_404(Division.objects.select_related("season__league"), pk=pk)
        rows = selectors.division_standings(division)
        return Response(StandingRowSerializer(rows, many=True).data)


@_read(FixtureSerializer)
class FixtureViewSet(PlayoffSettlementMixin, viewsets.ReadOnlyModelViewSet):
    """Fixtures; filter by season, round (number), division, team, status, kind."""

    serializer_class = FixtureSerializer
    filterset_class = FixtureFilter
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self):
        return selectors.fixtures()

    @_write(FixtureSerializer, RescheduleSerializer, code=200)
    @action(detail=True, methods=["post"], filter_backends=[])
    def reschedule(self, request: Request, pk: str) -> Response:
        """Move a fixture still to play to another round and/or deadline (commissioners)."""
        fixture = self.get_object()
        values = validated(RescheduleSerializer, request)
        fixture = services.reschedule_fixture(
            request.user,
            fixture,
            deadline=values.get("deadline"),
            round_number=values.get("round"),
        )
        return Response(FixtureSerializer(selectors.fixtures().get(pk=fixture.pk)).data)

    @_write(FixtureSerializer, ForfeitSerializer, code=200)
    @action(detail=True, methods=["post"], filter_backends=[])
    def forfeit(self, request: Request, pk: str) -> Response:
        """Settle a fixture not played: "unplayed" (a loss for both) or "concession" (1-0)."""
        fixture = self.get_object()
        values = validated(ForfeitSerializer, request)
        fixture = services.award_forfeit(
            request.user,
            fixture,
            kind=values["kind"],
            conceded_by=values.get("conceded_by"),
        )
        return Response(FixtureSerializer(selectors.fixtures().get(pk=fixture.pk)).data)

    @_write(FixtureSerializer, ForfeitSerializer, code=200)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="correct-forfeit")
    def correct_forfeit(self, request: Request, pk: str) -> Response:
        """Change a forfeit (kind or conceding team): what it paid is taken back first."""
        fixture = self.get_object()
        values = validated(ForfeitSerializer, request)
        fixture = services.correct_forfeit(
            request.user,
            fixture,
            kind=values["kind"],
            conceded_by=values.get("conceded_by"),
        )
        return Response(FixtureSerializer(selectors.fixtures().get(pk=fixture.pk)).data)

    @_write(FixtureSerializer, None, code=200)
    @action(detail=True, methods=["post"], filter_backends=[], url_path="undo-forfeit")
    def undo_forfeit(self, request: Request, pk: str) -> Response:
        """Undo a forfeit: the fixture is to play again and what it paid is taken back."""
        fixture = services.undo_forfeit(request.user, self.get_object())
        return Response(FixtureSerializer(selectors.fixtures().get(pk=fixture.pk)).data)


class LeagueLanguageView(APIView):
    """A commissioner sets the league's language: ``PUT /api/v1/leagues/{id}/language/``
    with ``{"language": "fr"}``, one of the site's languages."""

    @extend_schema(
        operation_id="leagues_language_update",
        request=LeagueLanguageSerializer,
        responses={200: LeagueLanguageSerializer, **ERRORS, **NOT_FOUND},
        summary="Set the league's language (commissioners)",
    )
    def put(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        language = validated(LeagueLanguageSerializer, request)["language"]
        league = services.set_language(request.user, league, language)
        return Response({"language": league.language})
