"""The players API: a player's page data and the changes his coach makes (fire, rename,
hire for good, retire, advancements), and a team's ledger."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework import generics, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import (
    IsAuthenticatedOrReadOnly,
)
from rest_framework.request import Request
from rest_framework.response import Response

from core.input import validated
from teams import services
from teams.api_common import (
    NOT_FOUND,
    CoachChangesTeam,
    player_data,
    responses,
)
from teams.api_errors import field_errors
from teams.models import Player, Team
from teams.selectors import ledger
from teams.serializers import (
    RenamePlayerInputSerializer,
    SpendSppInputSerializer,
)
from teams.serializers_sheet import (
    AdvancementChoiceSerializer,
    AdvancementSerializer,
    LedgerEntrySerializer,
    PlayerDetailSerializer,
)
from teams.services.advancement import AdvancementChoice, spend_spp


@extend_schema(
    summary="A team's ledger, oldest first",
    description="Every movement of gold; the treasury is their sum.",
    responses={200: LedgerEntrySerializer(many=True), 404: NOT_FOUND},
)
class TeamLedgerView(generics.ListAPIView):
    serializer_class = LedgerEntrySerializer
    filterset_class = None
    filter_backends: list = []

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return ledger(0)
        team = get_object_or_404(Team, pk=self.kwargs["pk"])
        return ledger(team)


class PlayerViewSet(viewsets.GenericViewSet):
    queryset = Player.objects.select_related("team")
    serializer_class = PlayerDetailSerializer
    permission_classes = [IsAuthenticatedOrReadOnly, CoachChangesTeam]
    filter_backends: list = []
    lookup_value_regex = r"[0-9]+"

    def get_object(self) -> Player:
        player = get_object_or_404(self.get_queryset(), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, player)
        return player

    @extend_schema(
        summary="A player with his history",
        description="Stats, skills and how he gained them, advancements, injuries, "
        "and the advancements his SPP pay for now.",
        responses={200: PlayerDetailSerializer, 404: NOT_FOUND},
    )
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(player_data(int(pk), request))

    @extend_schema(
        summary="Fire a player (nothing refunded)",
        request=None,
        responses=responses({200: PlayerDetailSerializer}),
    )
    @action(detail=True, methods=["post"])
    def fire(self, request: Request, pk: str) -> Response:
        player = services.fire_player(request.user, self.get_object())
        return Response(player_data(player.pk, request))

    @extend_schema(
        summary="Rename and/or renumber a player",
        request=RenamePlayerInputSerializer,
        responses=responses({200: PlayerDetailSerializer}),
    )
    @action(detail=True, methods=["post"])
    def rename(self, request: Request, pk: str) -> Response:
        player = self.get_object()
        data = validated(RenamePlayerInputSerializer, request)
        services.rename_player(request.user, player, name=data["name"], number=data["number"])
        return Response(player_data(player.pk, request))

    @extend_schema(
        summary="Hire a journeyman permanently (costs his current value)",
        request=None,
        responses=responses({200: PlayerDetailSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="hire-permanently")
    def hire_permanently(self, request: Request, pk: str) -> Response:
        player = services.hire_journeyman_permanently(request.user, self.get_object())
        return Response(player_data(player.pk, request))

    @extend_schema(
        summary="Temporarily retire a player who suffered a Lasting Injury",
        request=None,
        responses=responses({200: PlayerDetailSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="retire-temporarily")
    def retire_temporarily(self, request: Request, pk: str) -> Response:
        player = services.temporarily_retire(request.user, self.get_object())
        return Response(player_data(player.pk, request))

    @extend_schema(
        summary="Spend SPP on an advancement",
        description="201 with the advancement taken; 200 with the choice the coach must "
        "make first (a category, a skill, what to take after the characteristic roll, or - "
        "BB2025's random skill - which of the two skills rolled to keep, `choice` "
        "`random_skill` with `options.skills`): call again with the same kind and the "
        "answer. A roll already made stands: it is kept on the player (`pending_advancement`"
        " of the player, with the category it was rolled on) and replayed, never rolled "
        "again. 400 with `fields.skill` for a skill that is not one of the two rolled, "
        "`fields.category` for another category than the roll's.",
        request=SpendSppInputSerializer,
        responses=responses({201: AdvancementSerializer, 200: AdvancementChoiceSerializer}),
    )
    @action(detail=True, methods=["post"])
    def advancements(self, request: Request, pk: str) -> Response:
        player = self.get_object()
        data = validated(SpendSppInputSerializer, request)
        result = field_errors(spend_spp)(
            request.user,
            player,
            data["kind"],
            category=data["category"],
            skill=data["skill"],
            characteristic_choice=data["characteristic_choice"],
        )
        if isinstance(result, AdvancementChoice):
            return Response(AdvancementChoiceSerializer(result).data)
        return Response(AdvancementSerializer(result).data, status=status.HTTP_201_CREATED)
