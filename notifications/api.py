"""The API of the notifications (the pages are views.py; the rules webhooks.py, emails.py):

- ``GET/POST /api/v1/leagues/{id}/webhooks/``: a commissioner lists the league's
  webhooks (each with its latest deliveries) or adds one;
- ``DELETE /api/v1/leagues/{id}/webhooks/{webhook_id}/``: removes one;
- ``POST /api/v1/leagues/{id}/webhooks/{webhook_id}/test/``: queues a test message;
- ``GET/POST /api/v1/notifications/preferences/``: the signed-in coach's e-mails.

The secret is write-only: the API says whether a webhook has one, never what it is.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import URLValidator
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.input import validated
from leagues.models import League
from leagues.serializers import ErrorSerializer
from notifications import emails, webhooks
from notifications.forms import HTTP_ONLY
from notifications.models import Webhook, WebhookDelivery, WebhookFormat


class DeliverySerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "event_key",
            "kind",
            "summary",
            "status",
            "attempts",
            "last_status_code",
            "last_error",
            "created_at",
            "delivered_at",
            "next_attempt_at",
        ]


class WebhookSerializer(serializers.ModelSerializer):
    signed = serializers.SerializerMethodField(help_text="Whether a secret signs its bodies.")
    deliveries = serializers.SerializerMethodField(help_text="Its ten latest deliveries.")

    class Meta:
        model = Webhook
        fields = [
            "id",
            "league",
            "url",
            "payload_format",
            "signed",
            "on_results",
            "on_level_ups",
            "on_deaths",
            "on_fixtures",
            "on_news",
            "created_at",
            "deliveries",
        ]

    def get_signed(self, webhook: Webhook) -> bool:
        return bool(webhook.secret)

    @extend_schema_field(DeliverySerializer(many=True))
    def get_deliveries(self, webhook: Webhook) -> list[dict[str, Any]]:
        latest = webhook.deliveries.order_by("-created_at", "-id")[:10]
        return list(DeliverySerializer(latest, many=True).data)


class WebhookCreateSerializer(serializers.Serializer):
    url = serializers.URLField(
        max_length=500,
        help_text="http:// or https:// only.",
        validators=[URLValidator(schemes=["http", "https"], message=HTTP_ONLY, code="scheme")],
    )
    payload_format = serializers.ChoiceField(
        choices=WebhookFormat.choices, default=WebhookFormat.DISCORD
    )
    secret = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
    on_results = serializers.BooleanField(default=True)
    on_level_ups = serializers.BooleanField(default=True)
    on_deaths = serializers.BooleanField(default=True)
    on_fixtures = serializers.BooleanField(
        default=True, help_text="Kick-off times, reminders, deadline warnings, deadlines passed."
    )
    on_news = serializers.BooleanField(default=True, help_text="League news and match reports.")


class PreferenceSerializer(serializers.Serializer):
    next_match = serializers.BooleanField(help_text="E-mail me my next match.")
    decisions = serializers.BooleanField(
        help_text="E-mail me when a report or a post-game waits for my decision."
    )
    # Added later than the two above: left out, a coach's current choice stands.
    fixtures = serializers.BooleanField(
        required=False,
        help_text="E-mail me kick-off times, reminders before kick-off and deadlines, and "
        "deadlines passed.",
    )
    news = serializers.BooleanField(
        required=False, help_text="E-mail me my league's news and match reports on my matches."
    )


def _errors(forbidden: str) -> dict[int, OpenApiResponse]:
    return {
        400: OpenApiResponse(ErrorSerializer, description="The input's shape or the rules."),
        401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        403: OpenApiResponse(ErrorSerializer, description=forbidden),
        404: OpenApiResponse(ErrorSerializer, description="No such league or webhook."),
    }


ERRORS = _errors("Not a commissioner of this league.")


def _league(request: Request, pk: int) -> League:
    league = get_object_or_404(League, pk=pk)
    webhooks.require_commissioner(request.user, league)
    return league


class LeagueWebhooksView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={200: WebhookSerializer(many=True), **ERRORS},
        summary="A league's webhooks (commissioners)",
    )
    def get(self, request: Request, pk: int) -> Response:
        league = _league(request, pk)
        hooks = webhooks.league_webhooks(league)
        return Response(WebhookSerializer(hooks, many=True).data)

    @extend_schema(
        request=WebhookCreateSerializer,
        responses={201: WebhookSerializer, **ERRORS},
        summary="Add a webhook to a league (commissioners)",
    )
    def post(self, request: Request, pk: int) -> Response:
        league = _league(request, pk)
        values = validated(WebhookCreateSerializer, request)
        webhook = webhooks.create_webhook(request.user, league, **values)
        return Response(WebhookSerializer(webhook).data, status=status.HTTP_201_CREATED)


class WebhookView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None, responses={204: None, **ERRORS}, summary="Remove a webhook (commissioners)"
    )
    def delete(self, request: Request, pk: int, webhook_id: int) -> Response:
        league = _league(request, pk)
        try:
            webhooks.delete_webhook(request.user, league, webhook_id)
        except Webhook.DoesNotExist as error:
            raise Http404(_("No such webhook.")) from error
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookTestView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None,
        responses={202: DeliverySerializer, **ERRORS},
        summary="Queue a test message to a webhook (commissioners)",
    )
    def post(self, request: Request, pk: int, webhook_id: int) -> Response:
        league = _league(request, pk)
        try:
            made = webhooks.send_test(request.user, league, webhook_id)
        except Webhook.DoesNotExist as error:
            raise Http404(_("No such webhook.")) from error
        return Response(DeliverySerializer(made).data, status=status.HTTP_202_ACCEPTED)


class PreferencesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: PreferenceSerializer, **ERRORS}, summary="My e-mail preferences")
    def get(self, request: Request) -> Response:
        current = emails.preferences_of(request.user)
        return Response(PreferenceSerializer(current).data)

    @extend_schema(
        request=PreferenceSerializer,
        responses={200: PreferenceSerializer, **ERRORS},
        summary="Choose my e-mails",
    )
    def post(self, request: Request) -> Response:
        values = validated(PreferenceSerializer, request)
        saved = emails.set_preferences(request.user, **values)
        return Response(PreferenceSerializer(saved).data)
