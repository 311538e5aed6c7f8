"""The teams API (/api/v1/teams/, /api/v1/players/): team sheets, the draft and
every roster action between games.

Views stay thin: an explicit input serializer checks the request's shape, a
service in ``teams.services`` does the work. Rule problems come back as 400
``{"detail", "errors"}`` with the engine's sentences (core/api.py); badly
shaped input as 400 with the same two keys and ``fields``; someone else's team
as 403; an unknown team or player as 404.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.permissions import (
    AllowAny,
    IsAuthenticatedOrReadOnly,
)
from rest_framework.request import Request
from rest_framework.response import Response

import rules_engine
from core.conditional import conditional_page
from core.input import validated
from core.versions import Stamp
from teams import selectors, services
from teams.api_common import (
    ERRORS,
    NOT_FOUND,
    CoachChangesTeam,
    responses,
    sheet_data,
)
from teams.api_team_league import TeamLeagueActions
from teams.audit import team_stamp
from teams.errors import TeamError
from teams.filters import TeamFilter
from teams.models import AuditEntry, Team
from teams.serializers import (
    DraftInputSerializer,
    DraftPreviewSerializer,
    HirePlayerInputSerializer,
    StaffInputSerializer,
    TransferInputSerializer,
    UndoPurchaseInputSerializer,
)
from teams.serializers_sheet import (
    SheetPlayerSerializer,
    TeamSheetSerializer,
    TeamSummarySerializer,
)

COST_PARTS = (
    "players",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
    "dedicated_fans",
)


# A position's count in a draft: far above any roster's limit (the engine says
# what the limit is), low enough that pricing the draft stays cheap.
MAX_POSITION_COUNT = 99


class DraftRequestSerializer(DraftInputSerializer):
    """The draft's input with each position's count bounded: the engine builds
    every player it prices, so ``{"human-lineman": 10**12}`` would exhaust the
    server's memory instead of coming back as a broken draft rule."""

    players = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_POSITION_COUNT),
        help_text='Position slug -> how many, e.g. {"human-blitzer": 4, "human-lineman": 7}.',
    )


def _sheet_stamp(request: Request, pk: str) -> Stamp:
    return team_stamp(int(pk))


# ETag and 304: the answer is the same whoever asks.
@conditional_page(_sheet_stamp, per_user=False)
def sheet_answer(request: Request, pk: str) -> Response:
    return Response(sheet_data(int(pk), request))


@extend_schema_view(
    list=extend_schema(
        summary="List teams",
        description="Filter by coach, ruleset, roster.",
        # 400 for a refused filter value: core.schema.ApiSchema documents it.
        responses={200: TeamSummarySerializer(many=True)},
    ),
)
class TeamViewSet(mixins.ListModelMixin, TeamLeagueActions):
    serializer_class = TeamSummarySerializer
    filterset_class = TeamFilter
    permission_classes = [IsAuthenticatedOrReadOnly, CoachChangesTeam]
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self) -> Any:
        return selectors.teams_list()

    def get_object(self) -> Team:
        team = get_object_or_404(Team.objects.select_related("coach"), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, team)
        return team

    @extend_schema(
        summary="A team sheet",
        description="Players with stats, skills, SPP, value, injuries and availability; "
        "TV and CTV with their parts; staff, fans and treasury.",
        responses={200: TeamSheetSerializer, 404: NOT_FOUND},
    )
    def retrieve(self, request: Request, pk: str) -> Any:
        return sheet_answer(request, pk)

    @extend_schema(
        summary="Draft a team",
        description="Every broken draft rule comes back at once in `errors`; nothing is saved.",
        request=DraftRequestSerializer,
        responses=responses({201: TeamSheetSerializer}),
    )
    def create(self, request: Request) -> Response:
        data = validated(DraftRequestSerializer, request)
        team = services.draft_team(
            request.user,
            name=data["name"],
            ruleset_key=data["ruleset"],
            roster_slug=data["roster"],
            players=data["players"],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            dedicated_fans=data["dedicated_fans"],
            special_rule_choice=data["special_rule_choice"] or None,
            team_captain=data["team_captain"] or None,
        )
        return Response(sheet_data(team.pk, request), status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Price and check a draft without saving it",
        request=DraftRequestSerializer,
        responses={200: DraftPreviewSerializer, 400: ERRORS[400]},
    )
    @action(detail=False, methods=["post"], url_path="draft-preview", permission_classes=[AllowAny])
    def draft_preview(self, request: Request) -> Response:
        data = validated(DraftRequestSerializer, request)
        if data["ruleset"] not in rules_engine.list_rulesets():
            raise TeamError(_("There is no ruleset %(key)s") % {"key": repr(data["ruleset"])})
        ruleset = rules_engine.get_ruleset(data["ruleset"])
        if data["roster"] not in ruleset.rosters:
            raise TeamError(
                _("There is no %(roster)s roster in %(ruleset)s")
                % {"roster": repr(data["roster"]), "ruleset": ruleset.name}
            )
        proposal = rules_engine.DraftProposal(
            roster_slug=data["roster"],
            players=data["players"],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            dedicated_fans=data["dedicated_fans"],
            special_rule_choice=data["special_rule_choice"] or None,
            captain_position=data["team_captain"] or None,
        )
        cost = rules_engine.draft_cost(ruleset, proposal)
        body = {
            **{part: getattr(cost, part) for part in COST_PARTS},
            "total": cost.total,
            "budget": cost.budget,
            "remaining": cost.remaining,
            "errors": rules_engine.validate_draft(ruleset, proposal),
        }
        return Response(DraftPreviewSerializer(body).data)

    @extend_schema(
        summary="Hire a player from the treasury",
        request=HirePlayerInputSerializer,
        responses=responses({201: SheetPlayerSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="players")
    def hire_player(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        data = validated(HirePlayerInputSerializer, request)
        player = services.hire_player(
            request.user, team, data["position"], name=data["name"], number=data["number"]
        )
        return Response(SheetPlayerSerializer(player).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Buy a team re-roll (double the roster price after the draft)",
        request=None,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="rerolls")
    def buy_reroll(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        services.buy_reroll(request.user, team)
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Hire sideline staff",
        request=StaffInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="staff/hire")
    def hire_staff(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        services.hire_staff(request.user, team, validated(StaffInputSerializer, request)["kind"])
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Let sideline staff go (nothing refunded)",
        request=StaffInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="staff/fire")
    def fire_staff(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        services.fire_staff(request.user, team, validated(StaffInputSerializer, request)["kind"])
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Undo one purchase (commissioners)",
        description="A player hired (while he has played no match since), a re-roll or "
        "staff bought, named by its audit entry: it goes and its price comes back to the "
        "Treasury as a correction. Once per purchase.",
        request=UndoPurchaseInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="undo-purchase")
    def undo_purchase(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        if not request.user.has_perm("teams.correct_treasury", team):
            raise exceptions.PermissionDenied(_("Only a league commissioner may undo a purchase."))
        values = validated(UndoPurchaseInputSerializer, request)
        purchase = get_object_or_404(AuditEntry, pk=values["purchase"], team=team)
        services.undo_purchase(request.user, purchase, note=values["note"])
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Hand the team to another coach",
        description="Only a commissioner of a league the team plays in. The team keeps "
        "its players, treasury and history; the new coach runs it from now on.",
        request=TransferInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"])
    def transfer(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        # Before the input: the team's own coach hears 403 whatever he sends.
        if not request.user.has_perm(services.TRANSFER_TEAM, team):
            raise exceptions.PermissionDenied(
                _("Only a commissioner of a league %(team)s plays in may hand it to another coach.")
                % {"team": team.name}
            )
        new_coach = validated(TransferInputSerializer, request)["coach"]
        services.transfer_team(request.user, team, new_coach)
        return Response(sheet_data(team.pk, request))
