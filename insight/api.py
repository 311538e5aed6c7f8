"""GET /api/v1/records/, /api/v1/leagues/<id>/records/, /api/v1/dice/,
/api/v1/leagues/<id>/dice/, /api/v1/teams/<id>/dice/, /api/v1/coaches/<name>/dice/:
the records and dice luck the pages show, as JSON. Read-only; anyone may read them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from insight import dice
from insight.records import records
from leagues.models import League
from teams.models import Team
from teams.serializers import TeamsMessageSerializer

# --- records -------------------------------------------------------------------------


class PlayerRecordSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    team_id = serializers.IntegerField()
    team_name = serializers.CharField()
    value = serializers.IntegerField(help_text="The touchdowns, casualties or SPP.")
    games = serializers.IntegerField(help_text="Games the figure was made in.")
    season_id = serializers.IntegerField(allow_null=True)
    season_number = serializers.IntegerField(allow_null=True)
    league_name = serializers.CharField(allow_blank=True)
    match_id = serializers.IntegerField(allow_null=True, help_text="The game, for a game record.")


class RecordBoardSerializer(serializers.Serializer):
    stat = serializers.ChoiceField(choices=["touchdowns", "casualties", "spp"])
    scope = serializers.ChoiceField(choices=["game", "season", "career"])
    title = serializers.CharField()
    column = serializers.CharField(help_text='The figure\'s heading: "TD", "CAS", "SPP".')
    rows = PlayerRecordSerializer(many=True)


class WinRecordSerializer(serializers.Serializer):
    fixture_id = serializers.IntegerField()
    match_id = serializers.IntegerField(allow_null=True)
    winner_id = serializers.IntegerField()
    winner_name = serializers.CharField()
    loser_id = serializers.IntegerField()
    loser_name = serializers.CharField()
    winner_score = serializers.IntegerField()
    loser_score = serializers.IntegerField()
    margin = serializers.IntegerField()
    season_number = serializers.IntegerField()
    league_name = serializers.CharField()


class UnbeatenRunSerializer(serializers.Serializer):
    team_id = serializers.IntegerField()
    team_name = serializers.CharField()
    games = serializers.IntegerField(help_text="Games in a row without a loss.")
    ongoing = serializers.BooleanField(help_text="The team has not lost since.")


class ChampionSerializer(serializers.Serializer):
    season_id = serializers.IntegerField()
    season_number = serializers.IntegerField()
    league_id = serializers.IntegerField()
    league_name = serializers.CharField()
    team_id = serializers.IntegerField()
    team_name = serializers.CharField()
    coach_name = serializers.CharField()


class FallenSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    number = serializers.IntegerField()
    team_id = serializers.IntegerField()
    team_name = serializers.CharField()
    match_id = serializers.IntegerField(allow_null=True, help_text="The match he died in.")
    games = serializers.IntegerField()
    touchdowns = serializers.IntegerField()
    casualties = serializers.IntegerField()
    spp_earned = serializers.IntegerField()


class RecordsSerializer(serializers.Serializer):
    league = serializers.IntegerField(source="league.pk", allow_null=True, default=None)
    boards = RecordBoardSerializer(many=True)
    biggest_wins = WinRecordSerializer(many=True)
    unbeaten_runs = UnbeatenRunSerializer(many=True)
    champions = ChampionSerializer(many=True)
    memorial = FallenSerializer(many=True)


# --- dice luck -----------------------------------------------------------------------


class FaceCountSerializer(serializers.Serializer):
    face = serializers.SerializerMethodField()
    observed = serializers.IntegerField()
    expected = serializers.FloatField(help_text="What fair dice give in as many rolls.")

    @extend_schema_field(serializers.CharField(help_text='"4", or a block die face "POW!".'))
    def get_face(self, obj: Any) -> str:
        return str(obj.face)


class DieLuckSerializer(serializers.Serializer):
    die = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # the API's field name
    rolls = serializers.IntegerField()
    faces = FaceCountSerializer(many=True)
    average = serializers.FloatField(allow_null=True)
    fair_average = serializers.FloatField(allow_null=True)
    chi_square = serializers.FloatField(allow_null=True)
    degrees_of_freedom = serializers.IntegerField()
    p_value = serializers.FloatField(allow_null=True, help_text="Null: too few rolls.")
    verdict = serializers.CharField()


class LuckSerializer(serializers.Serializer):
    dice = DieLuckSerializer(many=True)
    rolls = serializers.IntegerField()
    chi_square = serializers.FloatField(allow_null=True)
    degrees_of_freedom = serializers.IntegerField()
    p_value = serializers.FloatField(allow_null=True)
    verdict = serializers.CharField()


class TeamLuckSerializer(serializers.Serializer):
    team_id = serializers.IntegerField()
    team_name = serializers.CharField()
    coach_name = serializers.CharField()
    luck = LuckSerializer()


def _not_found(what: str) -> OpenApiResponse:
    return OpenApiResponse(TeamsMessageSerializer, description=f"No such {what}.")


class _Read(APIView):
    """A read anyone may make; no filters, no pages (the answers are short)."""

    permission_classes: list[Any] = []


@extend_schema(summary="All-time records and hall of fame", responses={200: RecordsSerializer})
class AllTimeRecordsView(_Read):
    def get(self, request: Request) -> Response:
        return Response(RecordsSerializer(records()).data)


@extend_schema(
    summary="A league's records and hall of fame",
    responses={200: RecordsSerializer, 404: _not_found("league")},
)
class LeagueRecordsView(_Read):
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(RecordsSerializer(records(league)).data)


@extend_schema(summary="The fairness of the app's own dice", responses={200: LuckSerializer})
class SiteDiceView(_Read):
    def get(self, request: Request) -> Response:
        return Response(LuckSerializer(dice.site_fairness()).data)


@extend_schema(
    summary="Each team's dice luck in a league",
    responses={200: TeamLuckSerializer(many=True), 404: _not_found("league")},
)
class LeagueDiceView(_Read):
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(TeamLuckSerializer(dice.league_luck(league), many=True).data)


@extend_schema(
    summary="A team's dice luck", responses={200: LuckSerializer, 404: _not_found("team")}
)
class TeamDiceView(_Read):
    def get(self, request: Request, pk: int) -> Response:
        team = get_object_or_404(Team, pk=pk)
        return Response(LuckSerializer(dice.team_luck(team)).data)


@extend_schema(
    summary="A coach's dice luck", responses={200: LuckSerializer, 404: _not_found("coach")}
)
class CoachDiceView(_Read):
    def get(self, request: Request, username: str) -> Response:
        coach = get_object_or_404(get_user_model(), username=username, is_active=True)
        return Response(LuckSerializer(dice.coach_luck(coach)).data)
