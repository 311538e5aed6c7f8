"""GET /api/v1/leagues/<id>/ratings/: the league's Glicko-2 ratings of teams and
coaches. GET /api/v1/leagues/<id>/odds/: the play-off odds of its current season, as
far as they are worked out; POST the same to have them worked out (a Celery task; any
signed-in user), then GET until ``status`` is "ready"."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.errors import LeagueError
from leagues.insight.odds_run import OddsState, odds_season, odds_state
from leagues.insight.ratings_read import league_ratings
from leagues.models import League
from leagues.serializers import ErrorSerializer
from leagues.tasks import start_odds
from teams.serializers import TeamsMessageSerializer


class RatedSubjectSerializer(serializers.Serializer):
    subject_id = serializers.IntegerField(help_text="The team's id, or the coach's user id.")
    name = serializers.CharField(help_text="The team's name, or the coach's username.")
    rating = serializers.FloatField(help_text="Glicko-2 rating (a new one: 1500).")
    deviation = serializers.FloatField(help_text="Rating deviation (a new one: 350).")
    volatility = serializers.FloatField()
    low = serializers.FloatField(help_text="Rating less two deviations.")
    games = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    change = serializers.FloatField(help_text="What its last match did to the rating.")


class LeagueRatingsSerializer(serializers.Serializer):
    teams = RatedSubjectSerializer(many=True)
    coaches = RatedSubjectSerializer(many=True)
    draw_rate = serializers.FloatField(
        help_text="The chance of a draw between equals the estimates use."
    )
    games = serializers.IntegerField(help_text="Rated matches.")


class TeamOddsSerializer(serializers.Serializer):
    team_id = serializers.IntegerField()
    team_name = serializers.CharField()
    coach = serializers.CharField()
    division_name = serializers.CharField()
    points = serializers.IntegerField(help_text="League points now.")
    played = serializers.IntegerField()
    rating = serializers.FloatField()
    playoffs = serializers.FloatField(help_text="Chance of a play-off place, 0 to 1.")
    top_seed = serializers.FloatField(help_text="Chance of the first seed, 0 to 1.")


class SeasonOddsSerializer(serializers.Serializer):
    season_id = serializers.IntegerField()
    season_number = serializers.IntegerField()
    simulations = serializers.IntegerField()
    seed = serializers.IntegerField()
    remaining = serializers.IntegerField(help_text="League fixtures still to play.")
    places = serializers.IntegerField(help_text="Play-off places.")
    teams = TeamOddsSerializer(many=True)
    note = serializers.CharField(allow_blank=True)


class OddsStateSerializer(serializers.Serializer):
    season_id = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(
        choices=["none", "running", "ready", "no_season"],
        help_text='"none": not worked out for the current results; POST to start.',
    )
    progress = serializers.FloatField(help_text="0 to 1 while running.")
    odds = SeasonOddsSerializer(allow_null=True)


def _state_data(state: OddsState | None) -> dict[str, Any]:
    if state is None:
        return {"season_id": None, "status": "no_season", "progress": 0.0, "odds": None}
    return {
        "season_id": state.season.pk,
        "status": state.status,
        "progress": state.progress,
        "odds": state.odds,
    }


NOT_FOUND = OpenApiResponse(TeamsMessageSerializer, description="No such league.")


@extend_schema(
    summary="A league's ratings of teams and coaches (Glicko-2)",
    responses={200: LeagueRatingsSerializer, 404: NOT_FOUND},
)
class LeagueRatingsView(APIView):
    permission_classes: list[Any] = []

    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(LeagueRatingsSerializer(league_ratings(league)).data)


class LeagueOddsView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The play-off odds of a league's current season, as far as worked out",
        responses={200: OddsStateSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        season = odds_season(league)
        state = odds_state(season) if season is not None else None
        return Response(OddsStateSerializer(_state_data(state)).data)

    @extend_schema(
        summary="Have the play-off odds of a league's current season worked out",
        request=None,
        responses={
            200: OddsStateSerializer,
            202: OddsStateSerializer,
            400: OpenApiResponse(ErrorSerializer, description="No season in its regular season."),
            401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
            403: OpenApiResponse(
                ErrorSerializer, description="Not signed in (session without CSRF)."
            ),
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        season = odds_season(league)
        if season is None:
            raise LeagueError(
                _("%(league)s has no season in its regular season.") % {"league": league.name}
            )
        state = start_odds(season)
        code = status.HTTP_200_OK if state.status == "ready" else status.HTTP_202_ACCEPTED
        return Response(OddsStateSerializer(_state_data(state)).data, status=code)
