"""The API of a report's confirmation and draft (/api/v1/matches/{id}/...): the
opponent confirms or disputes a submitted report, a commissioner confirms (after a
dispute or the deadline), sends it back or settles a dispute with the right report,
and a coach keeps the report's score as a draft while in play. The same services as
the match page's buttons (``matches.confirm_views``); 400 with field messages, 403 for
the wrong person."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.input import validated
from matches import selectors, services
from matches.api_common import NOT_FOUND, writes
from matches.models import Confirmation, Match, MatchStatus
from matches.permissions import CORRECT, PLAY
from matches.serializers_input import ReportInputSerializer, SettleInputSerializer, for_league
from matches.services.report.confirmation import MAX_NOTE_LENGTH, settle_dispute


class ConfirmationSerializer(serializers.Serializer):
    """Where the match's report stands between submission and the post-game."""

    match = serializers.IntegerField(source="match.pk")
    status = serializers.ChoiceField(choices=MatchStatus.choices, source="match.status")
    report = serializers.IntegerField(source="report.pk", allow_null=True, default=None)
    confirmation = serializers.ChoiceField(
        choices=Confirmation.choices, source="report.confirmation", allow_null=True, default=None
    )
    submitted_by = serializers.CharField(allow_null=True)
    confirm_deadline = serializers.DateTimeField(
        source="report.confirm_deadline", allow_null=True, default=None
    )
    confirmed_by = serializers.CharField(allow_null=True)
    disputed_by = serializers.CharField(allow_null=True)
    dispute_note = serializers.CharField(source="report.dispute_note", default="")
    report_draft = serializers.DictField(
        source="match.report_draft", help_text="The score and extras saved as a draft."
    )


class DisputeInputSerializer(serializers.Serializer):
    note = StrictCharField(max_length=MAX_NOTE_LENGTH, help_text="What is wrong with the report.")


class SendBackInputSerializer(serializers.Serializer):
    note = StrictCharField(
        max_length=300, required=False, allow_blank=True, default="", help_text="Why."
    )


class ReportDraftInputSerializer(ReportInputSerializer):
    """The report's fields, each optional; the events are the match's draft already."""

    home_touchdowns = serializers.IntegerField(min_value=0, max_value=99, required=False)
    away_touchdowns = serializers.IntegerField(min_value=0, max_value=99, required=False)
    events = None  # type: ignore[assignment]  # DRF: None removes the inherited field


def confirmation_data(match: Match) -> dict[str, Any]:
    return dict(ConfirmationSerializer(selectors.confirmation_state(match)).data)


class _MatchAction(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    def _match(self, pk: int, *, write: bool = True) -> Match:
        match = get_object_or_404(selectors.match_list(), pk=pk)
        if write and not self.request.user.has_perm(PLAY, match):
            raise exceptions.PermissionDenied(
                _("Only the coaches of the two teams or a commissioner may do that.")
            )
        return match

    def _confirmation(self, pk: int) -> Response:
        return Response(confirmation_data(self._match(pk, write=False)))


class ConfirmationView(_MatchAction):
    @extend_schema(
        operation_id="matches_confirmation_retrieve",
        summary="Where the report stands: waiting for confirmation, disputed, confirmed",
        responses={200: ConfirmationSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        return self._confirmation(pk)


class ConfirmView(_MatchAction):
    @extend_schema(
        operation_id="matches_confirm_create",
        summary="Confirm the submitted report (the post-game starts)",
        description=(
            "The coach who did not submit the report confirms it; a commissioner confirms "
            "a disputed report, or any report after its confirm_deadline. 403 for the "
            "submitter or someone else."
        ),
        request=None,
        responses=writes({200: ConfirmationSerializer}),
    )
    def post(self, request: Request, pk: int) -> Response:
        services.confirm_report(request.user, self._match(pk))
        return self._confirmation(pk)


class DisputeView(_MatchAction):
    @extend_schema(
        operation_id="matches_dispute_create",
        summary="Dispute the submitted report, with a note for the commissioner",
        request=DisputeInputSerializer,
        responses=writes({200: ConfirmationSerializer}),
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self._match(pk)
        values = validated(DisputeInputSerializer, request)
        services.dispute_report(request.user, match, note=values["note"])
        return self._confirmation(pk)


class SendBackView(_MatchAction):
    @extend_schema(
        operation_id="matches_send_back_create",
        summary="Send the submitted report back (commissioners): the match is in play again",
        request=SendBackInputSerializer,
        responses=writes({200: ConfirmationSerializer}),
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self._match(pk)
        values = validated(SendBackInputSerializer, request)
        services.send_back_report(request.user, match, note=values["note"])
        return self._confirmation(pk)


class SettleView(_MatchAction):
    @extend_schema(
        operation_id="matches_settle_create",
        summary="Settle a disputed report with the right one (commissioners), in one step",
        description=(
            "The commissioner gives the whole report as he finds it right (the fields of "
            "POST report/; without `events` the disputed report's events are kept) and "
            "why (`note`). It replaces the disputed report as a new version, confirmed, "
            "and the post-game begins as after any confirmation. Checked as a submitted "
            "report (400 with every reason, nothing changed); 400 when the report is not "
            "disputed."
        ),
        request=SettleInputSerializer,
        responses=writes({200: ConfirmationSerializer}),
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self._match(pk, write=False)
        if not request.user.has_perm(CORRECT, match):
            raise exceptions.PermissionDenied(
                _("Only a commissioner of the league settles a dispute.")
            )
        values = validated(for_league(SettleInputSerializer, match), request.data)
        settle_dispute(request.user, match, **values)
        return self._confirmation(pk)


class ReportDraftView(_MatchAction):
    @extend_schema(
        operation_id="matches_report_draft_create",
        summary="Keep the report's score and extras as a draft while in play",
        request=ReportDraftInputSerializer,
        responses=writes({200: ConfirmationSerializer}),
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self._match(pk)
        values = validated(ReportDraftInputSerializer, request)
        services.save_report_draft(request.user, match, **values)
        return self._confirmation(pk)
