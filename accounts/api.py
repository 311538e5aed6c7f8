"""GET and POST /api/v1/account/naf-number/: the signed-in coach's NAF number, which
his commissioners' NAF tournament reports number him by. POST
``{"naf_number": 12345}`` sets it, ``{"naf_number": null}`` removes it; a number out of
range or on another coach's profile answers 400 under ``fields.naf_number``."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.input import InvalidInput, validated
from leagues.serializers import ErrorSerializer
from teams.models_coach import NAF_NUMBER_MAX
from teams.profile import NafNumberError, naf_number_of, set_naf_number


class NafNumberSerializer(serializers.Serializer):
    naf_number = serializers.IntegerField(
        allow_null=True,
        min_value=1,
        max_value=NAF_NUMBER_MAX,
        help_text="Your NAF membership number; null for none.",
    )


ERRORS = {
    401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(ErrorSerializer, description="Not signed in (session without CSRF)."),
}


class NafNumberView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_naf_number_retrieve",
        summary="Your NAF number",
        responses={200: NafNumberSerializer, **ERRORS},
    )
    def get(self, request: Request) -> Response:
        return Response({"naf_number": naf_number_of(request.user)})

    @extend_schema(
        operation_id="account_naf_number_create",
        summary="Set or remove your NAF number",
        request=NafNumberSerializer,
        responses={
            200: NafNumberSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Out of range, or taken."),
            **ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        number = validated(NafNumberSerializer, request)["naf_number"]
        try:
            profile = set_naf_number(request.user, number)
        except NafNumberError as error:
            raise InvalidInput({"naf_number": error.messages}) from None
        return Response({"naf_number": profile.naf_number})
