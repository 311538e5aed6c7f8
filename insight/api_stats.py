"""GET /api/v1/statistics/races/, /api/v1/leagues/<id>/statistics/races/,
/api/v1/leagues/<id>/statistics/stars/ and /api/v1/leagues/<id>/live/: the figures the
statistics pages and the live board show, as JSON. Read-only; anyone may read them."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from insight.live_board import STATE_LABELS, live_board
from insight.race_stats import race_statistics
from insight.star_usage import star_usage
from leagues.models import League
from teams.serializers import TeamsMessageSerializer

PER_GAME = "Per game; null while the race has no game."


class RaceFiguresSerializer(serializers.Serializer):
    race = serializers.CharField(help_text='The roster\'s name, e.g. "Human".')
    teams = serializers.IntegerField()
    games = serializers.IntegerField(help_text="League games, as the standings count them.")
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True, help_text="Wins per game, as a percentage.")
    touchdowns_for = serializers.IntegerField()
    touchdowns_against = serializers.IntegerField()
    casualties_caused = serializers.IntegerField(source="casualties_for")
    casualties_suffered = serializers.IntegerField(source="casualties_against")
    touchdowns_for_per_game = serializers.FloatField(allow_null=True, help_text=PER_GAME)
    touchdowns_against_per_game = serializers.FloatField(allow_null=True, help_text=PER_GAME)
    casualties_caused_per_game = serializers.FloatField(allow_null=True, help_text=PER_GAME)
    casualties_suffered_per_game = serializers.FloatField(allow_null=True, help_text=PER_GAME)


class RaceHiresSerializer(serializers.Serializer):
    race = serializers.CharField()
    hires = serializers.IntegerField()


class StarUsageSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    hires = serializers.IntegerField(help_text="Games he was hired for (and fielded).")
    races = RaceHiresSerializer(many=True, help_text="The races that hired him, most first.")
    games = serializers.IntegerField(help_text="Hires whose game has a result.")
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    win_rate = serializers.FloatField(
        allow_null=True, help_text="The hiring teams' wins per game with a result, in %."
    )
    spp = serializers.IntegerField(
        allow_null=True, help_text="Null: a star is on no roster; no SPP are recorded for him."
    )
    touchdowns = serializers.IntegerField(allow_null=True, help_text="Null: not recorded.")
    casualties = serializers.IntegerField(allow_null=True, help_text="Null: not recorded.")


class LiveMatchSerializer(serializers.Serializer):
    match_id = serializers.IntegerField()
    home_id = serializers.IntegerField()
    home = serializers.CharField()
    away_id = serializers.IntegerField()
    away = serializers.CharField()
    state = serializers.ChoiceField(choices=list(STATE_LABELS))
    state_label = serializers.CharField()
    home_score = serializers.IntegerField(
        allow_null=True, help_text="Touchdowns so far; null before the kick-off."
    )
    away_score = serializers.IntegerField(allow_null=True)
    disputed = serializers.BooleanField()
    round_number = serializers.IntegerField(allow_null=True)


NOT_FOUND = OpenApiResponse(TeamsMessageSerializer, description="No such league.")


class _Read(APIView):
    permission_classes: list[Any] = []


@extend_schema(
    summary="Figures per race across every league",
    responses={200: RaceFiguresSerializer(many=True)},
)
class SiteRaceStatisticsView(_Read):
    def get(self, request: Request) -> Response:
        return Response(RaceFiguresSerializer(race_statistics(), many=True).data)


@extend_schema(
    summary="A league's figures per race",
    responses={200: RaceFiguresSerializer(many=True), 404: NOT_FOUND},
)
class LeagueRaceStatisticsView(_Read):
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(RaceFiguresSerializer(race_statistics(league), many=True).data)


@extend_schema(
    summary="The star players hired in a league",
    responses={200: StarUsageSerializer(many=True), 404: NOT_FOUND},
)
class LeagueStarUsageView(_Read):
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(StarUsageSerializer(star_usage(league), many=True).data)


@extend_schema(
    summary="A league's matches in play now, with the score so far",
    responses={200: LiveMatchSerializer(many=True), 404: NOT_FOUND},
)
class LeagueLiveView(_Read):
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(LiveMatchSerializer(live_board(league), many=True).data)
