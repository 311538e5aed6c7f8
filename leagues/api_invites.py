"""Coaches joining a league, through the API (the pages are leagues/views_invites.py;
the rules are leagues/invites.py):

- ``GET/POST /api/v1/leagues/{id}/invites/``: a commissioner lists the league's
  invite links, or makes one (for 1 to 50 coaches, valid 1 to 30 days);
- ``POST /api/v1/leagues/invites/{id}/revoke/``: a commissioner withdraws a link;
- ``POST /api/v1/leagues/{id}/open-signup/``: a commissioner opens or closes the
  league's sign-up without an invite;
- ``POST /api/v1/leagues/invites/redeem/``: a signed-in user becomes a coach of the
  league an invite link is for (the token in the body, never in a URL);
- ``POST /api/v1/leagues/{id}/join/``: a signed-in user joins a league open for
  sign-up.

A link that can no longer be used (expired, used up, withdrawn) or a league that
takes coaches by invitation only answers 400 with the reason and whom to ask.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from core.fields import StrictCharField
from core.input import validated
from leagues import invites as invite_rules
from leagues import selectors
from leagues.models import League, LeagueInvite
from leagues.serializers import ErrorSerializer, LeagueSerializer

MANAGE_LEAGUE = "leagues.manage_league"


def _errors(forbidden: str, bad: str) -> dict[int, OpenApiResponse]:
    return {
        400: OpenApiResponse(ErrorSerializer, description=bad),
        401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        403: OpenApiResponse(ErrorSerializer, description=forbidden),
        404: OpenApiResponse(ErrorSerializer, description="No such league or invite."),
    }


COMMISSIONER_ERRORS = _errors(
    "Not a commissioner of this league.", "The input's shape (fields) or the invite rules."
)
JOIN_ERRORS = _errors(
    "Not allowed.",
    "The link cannot be used (no such link, expired, used up or withdrawn) or the league "
    "takes coaches by invitation only: the reason and whom to ask.",
)


class LeagueInviteSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(help_text="The link to send: the invite page.")
    problem = serializers.SerializerMethodField(
        help_text="Why the link can no longer be used; null while it can."
    )

    class Meta:
        model = LeagueInvite
        fields = [
            "id",
            "league",
            "token",
            "url",
            "max_uses",
            "uses",
            "created_at",
            "expires_at",
            "revoked_at",
            "problem",
        ]

    def get_url(self, invite: LeagueInvite) -> str:
        path = reverse("invite-accept", args=[invite.token])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    def get_problem(self, invite: LeagueInvite) -> str | None:
        return invite_rules.invite_problem(invite)


class InviteCreateSerializer(serializers.Serializer):
    max_uses = serializers.IntegerField(
        default=1,
        min_value=1,
        max_value=invite_rules.MAX_USES,
        help_text="For how many coaches: 1 for one person, more for a group's link.",
    )
    days = serializers.IntegerField(
        default=invite_rules.DEFAULT_DAYS, min_value=1, max_value=invite_rules.MAX_DAYS
    )


class OpenSignupSerializer(serializers.Serializer):
    allow_signup = serializers.BooleanField(
        help_text="True: anyone signed in may join; false: by invite link only."
    )


class RedeemSerializer(serializers.Serializer):
    token = StrictCharField(max_length=64, help_text="The invite link's token.")


def _league_body(league: League, status_code: int = 200) -> Response:
    league = selectors.league_list().get(pk=league.pk)
    return Response(LeagueSerializer(league).data, status=status_code)


class LeagueInvitesMixin:
    """The league's own operations: its invite links, its open sign-up, joining it."""

    get_object: Any

    @extend_schema(
        methods=["GET"],
        request=None,
        responses={200: LeagueInviteSerializer(many=True), **COMMISSIONER_ERRORS},
        summary="The league's invite links (commissioners)",
    )
    @extend_schema(
        methods=["POST"],
        request=InviteCreateSerializer,
        responses={201: LeagueInviteSerializer, **COMMISSIONER_ERRORS},
        summary="Make an invite link (commissioners)",
    )
    @action(
        detail=True,
        methods=["get", "post"],
        filter_backends=[],
        pagination_class=None,
        url_path="invites",
    )
    def invites(self, request: Request, pk: str) -> Response:
        league: League = self.get_object()
        if request.method == "GET":
            if not request.user.has_perm(MANAGE_LEAGUE, league):
                raise PermissionDenied(
                    _("Only a commissioner of %(league)s sees its invites.")
                    % {"league": league.name}
                )
            links = league.invites.select_related("league")[:100]
            context = {"request": request}
            return Response(LeagueInviteSerializer(links, many=True, context=context).data)
        values = validated(InviteCreateSerializer, request)
        invite = invite_rules.create_invite(request.user, league, **values)
        body = LeagueInviteSerializer(invite, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=OpenSignupSerializer,
        responses={200: LeagueSerializer, **COMMISSIONER_ERRORS},
        summary="Open or close the league's sign-up without an invite (commissioners)",
    )
    @action(detail=True, methods=["post"], filter_backends=[], url_path="open-signup")
    def open_signup(self, request: Request, pk: str) -> Response:
        league = self.get_object()
        allow = validated(OpenSignupSerializer, request)["allow_signup"]
        return _league_body(invite_rules.set_open_signup(request.user, league, allow))

    @extend_schema(
        request=None,
        responses={200: LeagueSerializer, **JOIN_ERRORS},
        summary="Join a league open for sign-up as a coach",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def join(self, request: Request, pk: str) -> Response:
        league = self.get_object()
        if not invite_rules.is_league_coach(request.user, league):
            league = invite_rules.join_league(request.user, league)
        return _league_body(league)


class InviteViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """An invite link: withdrawn by a commissioner, redeemed by the coach it is for."""

    serializer_class = LeagueInviteSerializer
    lookup_value_regex = r"[0-9]+"
    queryset = LeagueInvite.objects.select_related("league")

    def get_object(self) -> LeagueInvite:
        return get_object_or_404(self.queryset, pk=self.kwargs["pk"])

    @extend_schema(
        request=None,
        responses={200: LeagueInviteSerializer, **COMMISSIONER_ERRORS},
        summary="An invite link (commissioners of its league)",
    )
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        invite = self.get_object()
        if not request.user.has_perm(MANAGE_LEAGUE, invite.league):
            raise PermissionDenied(
                _("Only a commissioner of %(league)s sees its invites.")
                % {"league": invite.league.name}
            )
        return Response(LeagueInviteSerializer(invite, context={"request": request}).data)

    @extend_schema(
        request=None,
        responses={200: LeagueInviteSerializer, **COMMISSIONER_ERRORS},
        summary="Withdraw an invite link at once (commissioners)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def revoke(self, request: Request, pk: str) -> Response:
        invite = invite_rules.revoke_invite(request.user, self.get_object())
        return Response(LeagueInviteSerializer(invite, context={"request": request}).data)

    @extend_schema(
        request=RedeemSerializer,
        responses={200: LeagueSerializer, **JOIN_ERRORS},
        summary="Become a coach of the league an invite link is for",
        description="One use of the link; a user who already coaches the league uses nothing.",
    )
    @action(detail=False, methods=["post"], filter_backends=[])
    def redeem(self, request: Request) -> Response:
        token = validated(RedeemSerializer, request)["token"]
        return _league_body(invite_rules.redeem_invite(request.user, token))
