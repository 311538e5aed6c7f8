"""Kick-off times through the API (the rules are leagues/services/kickoff.py; the
pages leagues/views_kickoff.py):

- ``GET /api/v1/leagues/fixtures/{id}/kickoff-slots/``: the fixture's kick-off, agreed
  or not, and every time proposed for it (anyone);
- ``POST /api/v1/leagues/fixtures/{id}/kickoff-slots/``: a coach of either team
  proposes times, ``{"starts_at": ["2026-12-05T19:00:00+01:00", ...]}``;
- ``POST /api/v1/leagues/kickoff-slots/{id}/accept/`` and ``.../decline/``: the other
  team's coach answers a proposed time; ``.../withdraw/``: its proposer takes it back;
- ``PUT /api/v1/leagues/fixtures/{id}/kickoff/``: a commissioner sets the kick-off,
  ``{"kickoff_at": "2026-12-05T19:00:00+01:00"}``, or clears it (``null``);
- ``PUT /api/v1/leagues/{id}/time-zone/``: a commissioner sets the league's time zone,
  ``{"time_zone": "Europe/Paris"}``.

Times are ISO 8601 with their offset from UTC (``Z`` or ``+01:00``); a time without one
is refused, as the league's clock and the client's may differ. Answers give each time
with the offset of the league's time zone (``time_zone``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.dateparse import parse_datetime
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.input import validated
from leagues.models import Fixture, KickoffSlot, League
from leagues.serializers import ErrorSerializer
from leagues.services import kickoff

ISO_HELP = "ISO 8601 with its offset from UTC, e.g. 2026-12-05T19:00:00+01:00."
ISO_WORDS = gettext_lazy("ISO 8601 with its offset from UTC, e.g. 2026-12-05T19:00:00+01:00.")


def _errors(forbidden: str) -> dict[int, OpenApiResponse]:
    return {
        400: OpenApiResponse(
            ErrorSerializer,
            description="The input's shape, or the kick-off rules: a time passed, after the "
            "deadline, proposed already, the kick-off agreed already, the fixture settled.",
        ),
        401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        403: OpenApiResponse(ErrorSerializer, description=forbidden),
        404: OpenApiResponse(ErrorSerializer, description="No such fixture or proposed time."),
    }


@extend_schema_field(OpenApiTypes.DATETIME)
class OffsetDateTimeField(serializers.Field):
    """An ISO 8601 date and time with its offset from UTC; a naive time is refused."""

    default_error_messages = {
        "invalid": format_lazy(gettext_lazy("Give a date and time in {iso}"), iso=ISO_WORDS),
        "naive": format_lazy(
            gettext_lazy("Give the time with its offset from UTC: {iso}"), iso=ISO_WORDS
        ),
    }

    def to_internal_value(self, data: Any) -> datetime.datetime:
        try:
            parsed = parse_datetime(data) if isinstance(data, str) else None
        except ValueError:
            parsed = None
        if parsed is None:
            self.fail("invalid")
        assert parsed is not None  # self.fail raised otherwise
        if parsed.tzinfo is None:
            self.fail("naive")
        return parsed

    def to_representation(self, value: datetime.datetime) -> str:
        return value.isoformat()


class KickoffSlotSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    fixture = serializers.IntegerField(source="fixture_id")
    starts_at = serializers.SerializerMethodField(
        help_text="The proposed time, with the offset of the league's time zone."
    )
    status = serializers.ChoiceField(KickoffSlot.Status.choices)
    proposed_by_team = serializers.IntegerField(source="proposed_by_team_id")
    proposed_by = serializers.SerializerMethodField(help_text="The proposing coach's username.")
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(OpenApiTypes.DATETIME)
    def get_starts_at(self, slot: KickoffSlot) -> str:
        return kickoff.in_league_time(slot.starts_at, self.context["league"]).isoformat()

    @extend_schema_field(StrictCharField(allow_null=True))
    def get_proposed_by(self, slot: KickoffSlot) -> str | None:
        return slot.proposed_by.get_username() if slot.proposed_by else None


class FixtureKickoffSerializer(serializers.Serializer):
    """A fixture's kick-off: the time agreed (null: none yet) and the times proposed."""

    fixture = serializers.IntegerField(source="pk")
    time_zone = StrictCharField(source="season.league.time_zone")
    kickoff_at = serializers.SerializerMethodField(
        help_text="The agreed kick-off, with the offset of the league's time zone; null: none."
    )
    deadline_ends_at = serializers.SerializerMethodField(
        help_text="When the fixture's deadline passes (midnight at its end, league time)."
    )
    slots = serializers.SerializerMethodField()

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_kickoff_at(self, fixture: Fixture) -> str | None:
        if fixture.kickoff_at is None:
            return None
        return kickoff.in_league_time(fixture.kickoff_at, fixture.season.league).isoformat()

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_deadline_ends_at(self, fixture: Fixture) -> str | None:
        end = kickoff.deadline_end(fixture, fixture.season.league)
        return end.isoformat() if end else None

    @extend_schema_field(KickoffSlotSerializer(many=True))
    def get_slots(self, fixture: Fixture) -> Any:
        slots = fixture.kickoff_slots.select_related("proposed_by").order_by("starts_at", "id")
        context = {"league": fixture.season.league}
        return KickoffSlotSerializer(slots, many=True, context=context).data


class ProposeKickoffSerializer(serializers.Serializer):
    starts_at = serializers.ListField(
        child=OffsetDateTimeField(),
        min_length=1,
        max_length=kickoff.MAX_OPEN_SLOTS,
        help_text=f"The times proposed, each {ISO_HELP}",
    )


class SetKickoffSerializer(serializers.Serializer):
    kickoff_at = OffsetDateTimeField(
        allow_null=True, help_text=f"The kick-off, {ISO_HELP} null clears it."
    )


class TimeZoneSerializer(serializers.Serializer):
    time_zone = StrictCharField(
        max_length=64, help_text="An IANA time zone name, e.g. Europe/Paris or UTC."
    )


def _fixture(pk: Any) -> Fixture:
    fixtures = Fixture.objects.select_related("season__league", "home", "away", "round")
    return get_object_or_404(fixtures, pk=pk)


def _answer(fixture_id: int, status: int = 200) -> Response:
    return Response(FixtureKickoffSerializer(_fixture(fixture_id)).data, status=status)


class FixtureKickoffSlotsView(APIView):
    """The fixture's kick-off and the times proposed; a coach proposes more."""

    @extend_schema(
        operation_id="leagues_fixtures_kickoff_slots_list",
        responses={200: FixtureKickoffSerializer, 404: _errors("")[404]},
        summary="A fixture's kick-off and the times proposed for it",
    )
    def get(self, request: Request, pk: int) -> Response:
        return _answer(pk)

    @extend_schema(
        operation_id="leagues_fixtures_kickoff_slots_create",
        request=ProposeKickoffSerializer,
        responses={
            201: FixtureKickoffSerializer,
            **_errors("Not a coach of either team (a commissioner sets the kick-off)."),
        },
        summary="Propose kick-off times (a coach of either team)",
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = _fixture(pk)
        values = validated(ProposeKickoffSerializer, request)
        kickoff.propose_kickoffs(request.user, fixture, values["starts_at"])
        return _answer(fixture.pk, 201)


class FixtureKickoffView(APIView):
    """A commissioner sets or clears a fixture's kick-off."""

    @extend_schema(
        operation_id="leagues_fixtures_kickoff_update",
        request=SetKickoffSerializer,
        responses={
            200: FixtureKickoffSerializer,
            **_errors("Not a commissioner of this league."),
        },
        summary="Set or clear a fixture's kick-off (commissioners)",
    )
    def put(self, request: Request, pk: int) -> Response:
        fixture = _fixture(pk)
        values = validated(SetKickoffSerializer, request)
        kickoff.set_kickoff(request.user, fixture, values["kickoff_at"])
        return _answer(fixture.pk)


class KickoffSlotViewSet(viewsets.GenericViewSet):
    """A proposed time: answered by the other team's coach, withdrawn by its proposer."""

    lookup_value_regex = r"[0-9]+"
    queryset = KickoffSlot.objects.select_related("fixture__season__league", "proposed_by")
    serializer_class = KickoffSlotSerializer

    def _slot(self) -> KickoffSlot:
        return get_object_or_404(self.queryset, pk=self.kwargs["pk"])

    @extend_schema(
        request=None,
        responses={
            200: FixtureKickoffSerializer,
            **_errors("Not the coach of the other team."),
        },
        summary="Accept a proposed kick-off time (the other team's coach)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def accept(self, request: Request, pk: str) -> Response:
        slot = kickoff.accept_kickoff(request.user, self._slot())
        return _answer(slot.fixture_id)

    @extend_schema(
        request=None,
        responses={
            200: FixtureKickoffSerializer,
            **_errors("Not the coach of the other team."),
        },
        summary="Decline a proposed kick-off time (the other team's coach)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def decline(self, request: Request, pk: str) -> Response:
        slot = kickoff.decline_kickoff(request.user, self._slot())
        return _answer(slot.fixture_id)

    @extend_schema(
        request=None,
        responses={
            200: FixtureKickoffSerializer,
            **_errors("Not the coach of the team that proposed the time."),
        },
        summary="Withdraw a kick-off time one proposed (its team's coach)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def withdraw(self, request: Request, pk: str) -> Response:
        slot = kickoff.withdraw_kickoff(request.user, self._slot())
        return _answer(slot.fixture_id)


class LeagueTimeZoneView(APIView):
    """A commissioner sets the league's time zone."""

    @extend_schema(
        operation_id="leagues_time_zone_update",
        request=TimeZoneSerializer,
        responses={200: TimeZoneSerializer, **_errors("Not a commissioner of this league.")},
        summary="Set the league's time zone (commissioners)",
    )
    def put(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        zone = validated(TimeZoneSerializer, request)["time_zone"]
        league = kickoff.set_time_zone(request.user, league, zone)
        return Response({"time_zone": league.time_zone})
