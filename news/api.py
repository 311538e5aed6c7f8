"""The API of the news (the pages are views.py):

- ``GET /api/v1/leagues/{id}/news/``: a league's news, latest first (paginated:
  ``?limit``, ``?offset``); ``POST`` posts one (its commissioners);
- ``GET /api/v1/news/{id}/``: one post; ``PUT`` changes its title and text,
  ``DELETE`` removes it (its league's commissioners);
- ``GET /api/v1/matches/{id}/match-reports/``: both sides' reports of a match;
- ``PUT /api/v1/matches/{id}/match-reports/{team_id}/``: the team's coach writes his
  side's report, or rewrites it (201 the first time, 200 after), once the match's
  result is confirmed; ``DELETE`` takes it down (its coach, or a commissioner of the
  league moderating it).

Bodies are Markdown as written (``body``) and as the pages show them, sanitised
(``body_html``). A refusal is a 400 with the reason by field (``fields``), a 403 for
who may not, a 404 for what does not exist.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import generics, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.input import validated
from leagues.models import League
from leagues.serializers import ErrorSerializer
from matches.models import Match
from news import selectors, services
from news.markdown import render_cached
from news.models import BODY_MAX_CHARS, TITLE_MAX, LeagueNews, MatchReport
from news.permissions import POST_NEWS, REMOVE_MATCH_REPORT, WRITE_MATCH_REPORT
from teams.models import Team


class _MarkdownBody(serializers.ModelSerializer):
    body_html = serializers.SerializerMethodField(help_text="The body rendered, sanitised.")
    author_username = serializers.CharField(source="author.username", read_only=True)

    @extend_schema_field(serializers.CharField())
    def get_body_html(self, obj: Any) -> str:
        return str(render_cached(obj.body))


class LeagueNewsSerializer(_MarkdownBody):
    class Meta:
        model = LeagueNews
        fields = [
            "id",
            "league",
            "title",
            "body",
            "body_html",
            "author",
            "author_username",
            "created_at",
            "updated_at",
        ]


class MatchReportSerializer(_MarkdownBody):
    team_name = serializers.CharField(source="team.name", read_only=True)

    class Meta:
        model = MatchReport
        fields = [
            "id",
            "match",
            "team",
            "team_name",
            "body",
            "body_html",
            "author",
            "author_username",
            "created_at",
            "updated_at",
        ]


class NewsInputSerializer(serializers.Serializer):
    title = StrictCharField(max_length=TITLE_MAX, help_text="One line.")
    body = StrictCharField(
        max_length=BODY_MAX_CHARS, help_text=f"Markdown, at most {BODY_MAX_CHARS:,} characters."
    )


class MatchReportInputSerializer(serializers.Serializer):
    body = StrictCharField(
        max_length=BODY_MAX_CHARS,
        help_text=f"The coach's report, Markdown, at most {BODY_MAX_CHARS:,} characters.",
    )


def _errors(forbidden: str, missing: str) -> dict[int, OpenApiResponse]:
    return {
        400: OpenApiResponse(ErrorSerializer, description="The input, by field."),
        401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        403: OpenApiResponse(ErrorSerializer, description=forbidden),
        404: OpenApiResponse(ErrorSerializer, description=missing),
    }


NEWS_ERRORS = _errors("Not a commissioner of this league.", "No such league or news.")
REPORT_ERRORS = _errors("Not the coach of this team.", "No such match or team.")


class LeagueNewsView(generics.ListAPIView[LeagueNews]):
    serializer_class = LeagueNewsSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[LeagueNews]:
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular reading the schema
            return LeagueNews.objects.none()
        league = get_object_or_404(League, pk=self.kwargs["pk"])
        return selectors.league_news(league)

    @extend_schema(summary="A league's news, latest first")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=NewsInputSerializer,
        responses={201: LeagueNewsSerializer, **NEWS_ERRORS},
        summary="Post news in a league (commissioners)",
    )
    def post(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        if not request.user.has_perm(POST_NEWS, league):
            return _forbidden(
                _("Only a commissioner of %(league)s writes its news.") % {"league": league.name}
            )
        values = validated(NewsInputSerializer, request)
        news = services.post_news(request.user, league, **values)
        return Response(LeagueNewsSerializer(news).data, status=status.HTTP_201_CREATED)


def _forbidden(message: str) -> Response:
    return Response({"detail": message}, status=status.HTTP_403_FORBIDDEN)


class NewsView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def _news(self, pk: int) -> LeagueNews:
        return get_object_or_404(LeagueNews.objects.select_related("league", "author"), pk=pk)

    @extend_schema(responses={200: LeagueNewsSerializer, **NEWS_ERRORS}, summary="One news post")
    def get(self, request: Request, pk: int) -> Response:
        return Response(LeagueNewsSerializer(self._news(pk)).data)

    @extend_schema(
        request=NewsInputSerializer,
        responses={200: LeagueNewsSerializer, **NEWS_ERRORS},
        summary="Change a news post (commissioners)",
    )
    def put(self, request: Request, pk: int) -> Response:
        news = self._news(pk)
        if not request.user.has_perm(POST_NEWS, news):
            return _forbidden(
                _("Only a commissioner of %(league)s writes its news.")
                % {"league": news.league.name}
            )
        values = validated(NewsInputSerializer, request)
        news = services.edit_news(request.user, news, **values)
        return Response(LeagueNewsSerializer(news).data)

    @extend_schema(request=None, responses={204: None, **NEWS_ERRORS}, summary="Delete a news post")
    def delete(self, request: Request, pk: int) -> Response:
        news = self._news(pk)
        if not request.user.has_perm(POST_NEWS, news):
            return _forbidden(
                _("Only a commissioner of %(league)s writes its news.")
                % {"league": news.league.name}
            )
        services.delete_news(request.user, news)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MatchReportsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={200: MatchReportSerializer(many=True), 404: NEWS_ERRORS[404]},
        summary="Both sides' reports of a match",
    )
    def get(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match, pk=pk)
        return Response(MatchReportSerializer(selectors.match_reports(match), many=True).data)


class MatchReportView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=MatchReportInputSerializer,
        responses={200: MatchReportSerializer, 201: MatchReportSerializer, **REPORT_ERRORS},
        summary="Write or rewrite a side's match report (the team's coach)",
    )
    def put(self, request: Request, pk: int, team_id: int) -> Response:
        match = get_object_or_404(Match, pk=pk)
        team = get_object_or_404(Team, pk=team_id)
        if not request.user.has_perm(WRITE_MATCH_REPORT, team):
            return _forbidden(
                _("Only the coach of %(team)s writes its match reports.") % {"team": team.name}
            )
        values = validated(MatchReportInputSerializer, request)
        existed = MatchReport.objects.filter(match=match, team=team).exists()
        report = services.write_match_report(request.user, match, team, body=values["body"])
        code = status.HTTP_200_OK if existed else status.HTTP_201_CREATED
        return Response(MatchReportSerializer(report).data, status=code)

    @extend_schema(
        request=None,
        responses={204: None, **REPORT_ERRORS},
        summary="Take a side's match report down (its coach, or a commissioner)",
    )
    def delete(self, request: Request, pk: int, team_id: int) -> Response:
        # By the rows' own keys: an id past the database's integers is no row (a
        # foreign-key lookup would hand it to the database as it is).
        match = get_object_or_404(Match.objects.select_related("fixture__season"), pk=pk)
        team = get_object_or_404(Team, pk=team_id)
        report = get_object_or_404(MatchReport, match=match, team=team)
        if not request.user.has_perm(REMOVE_MATCH_REPORT, report):
            return _forbidden(
                _(
                    "Only the coach of %(team)s or a commissioner of the league takes its "
                    "match report down."
                )
                % {"team": report.team.name}
            )
        services.remove_match_report(request.user, report)
        return Response(status=status.HTTP_204_NO_CONTENT)
