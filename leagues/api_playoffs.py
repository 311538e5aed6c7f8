"""Settling a play-off left level, through the API (``FixtureViewSet`` takes these).

A play-off whose report leaves it level is played with no winner; the bracket waits.
How it is settled is the league's edition's (``level_playoff_settlement``, the
fixture's ``settle_with``):

- **touchdowns level after extra time** (BB2020, BB2025, classic: "an eight turn
  period of extra time", then "both coaches roll-off five times, each rolling a D6
  and re-rolling ties"): ``POST .../sudden-death/`` rolls the roll-offs on the
  server; the fixture keeps the winner and every roll (``sudden_death_rolls``);
- **points level** (Blitz Bowl: "If both teams have the same score, the game ends in
  a draw!", and the text goes no further): ``POST .../playoff-winner/`` with the
  team a commissioner names (``decided_by`` "commissioner").

Either way the bracket then advances as it does from the fixture's page (the same
services): both semi-finals decided draws the final and the third-place match, both
of those decided pays the prizes and crowns the champion.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from core.filters import id_field
from core.input import validated
from leagues import selectors, services
from leagues.models import DecidedBy
from leagues.serializers import ErrorSerializer, FixtureSerializer
from leagues.services import playoffs

SETTLE_ERRORS = {
    400: OpenApiResponse(
        ErrorSerializer,
        description="Nothing level to settle (not a play-off, not played, a decisive score, "
        "the season not in its play-offs), the wrong way for this league (a sudden death "
        "for a draw on points), or a winner who is not one of the two teams.",
    ),
    401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(ErrorSerializer, description="Not allowed: see the operation."),
    404: OpenApiResponse(ErrorSerializer, description="No such fixture."),
}


class PlayoffWinnerInputSerializer(serializers.Serializer):
    winner = id_field(help_text="The team that goes through: the fixture's home or away team.")
    decided_by = serializers.ChoiceField(
        [
            (DecidedBy.COMMISSIONER, "A commissioner's decision (a draw on points)"),
            (DecidedBy.SUDDEN_DEATH, "A sudden death rolled at the table"),
        ],
        required=False,
        allow_null=True,
        default=None,
        help_text="Omit: the league's rules say which (a draw on points is the "
        "commissioner's decision; touchdowns level after extra time, a sudden death).",
    )


class PlayoffSettlementMixin:
    """The two operations settling a level play-off (see the module), for a viewset of
    fixtures (``get_object``)."""

    get_object: Any

    def _fixture_body(self, pk: int) -> Response:
        return Response(FixtureSerializer(selectors.fixtures().get(pk=pk)).data)

    @extend_schema(
        request=None,
        responses={200: FixtureSerializer, **SETTLE_ERRORS},
        summary="Roll the sudden death of a play-off level after extra time",
        description="The server rolls five D6 roll-offs (ties re-rolled) and the coach who "
        "wins the most goes through; every roll is kept in the fixture's "
        "``sudden_death_rolls``. A coach of either team or a commissioner may ask; asked "
        "again it answers the same winner (nothing is rolled twice). A draw on points "
        "(Blitz Bowl) has no sudden death: see playoff-winner.",
    )
    @action(detail=True, methods=["post"], filter_backends=[], url_path="sudden-death")
    def sudden_death(self, request: Request, pk: str) -> Response:
        fixture = services.resolve_sudden_death(
            request.user, self.get_object(), playoffs.sudden_death_dice()
        )
        return self._fixture_body(fixture.pk)

    @extend_schema(
        request=PlayoffWinnerInputSerializer,
        responses={200: FixtureSerializer, **SETTLE_ERRORS},
        summary="Name who goes through a level play-off",
        description="A play-off drawn on points (Blitz Bowl: the rules end it in a draw): "
        "a commissioner of the league names the winner (403 for anyone else). A play-off "
        "level in touchdowns after extra time whose sudden death was rolled at the table: "
        "a coach of either team or a commissioner records its winner (prefer sudden-death, "
        "which rolls it on the server and keeps the dice).",
    )
    @action(detail=True, methods=["post"], filter_backends=[], url_path="playoff-winner")
    def playoff_winner(self, request: Request, pk: str) -> Response:
        fixture = self.get_object()
        values = validated(PlayoffWinnerInputSerializer, request)
        fixture = services.record_playoff_winner(
            request.user, fixture, winner=values["winner"], decided_by=values["decided_by"]
        )
        return self._fixture_body(fixture.pk)
