"""The signed-in coach's own settings:

- GET and POST /api/v1/account/naf-number/: his NAF number, which his commissioners' NAF
  tournament reports number him by. POST ``{"naf_number": 12345}`` sets it,
  ``{"naf_number": null}`` removes it; a number out of range or on another coach's
  profile answers 400 under ``fields.naf_number``.
- GET and POST /api/v1/account/language/: the language of the site's pages for him
  (``{"language": "fr"}``, one of ``settings.LANGUAGES``; null or "" for none chosen:
  his browser's). An unknown code answers 400 under ``fields.language``. The API's own
  messages follow each request's ``Accept-Language``.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.language import remember
from core.i18n import site_languages
from core.input import InvalidInput, validated
from leagues.serializers import ErrorSerializer
from teams.models_coach import NAF_NUMBER_MAX
from teams.profile import (
    LanguageError,
    NafNumberError,
    naf_number_of,
    preferred_language,
    set_language_of,
    set_naf_number,
)


class NafNumberSerializer(serializers.Serializer):
    naf_number = serializers.IntegerField(
        allow_null=True,
        min_value=1,
        max_value=NAF_NUMBER_MAX,
        help_text="Your NAF membership number; null for none.",
    )


class LanguageSerializer(serializers.Serializer):
    # A string, checked by the service: an unknown code is refused with the site's list.
    language = serializers.CharField(
        allow_null=True,
        allow_blank=True,
        max_length=20,
        help_text=(
            "The language of the pages for you: one of "
            + ", ".join(site_languages())
            + "; null or empty for none chosen (your browser's, else English)."
        ),
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


class LanguageView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_language_retrieve",
        summary="Your language",
        responses={200: LanguageSerializer, **ERRORS},
    )
    def get(self, request: Request) -> Response:
        return Response({"language": preferred_language(request.user)})

    @extend_schema(
        operation_id="account_language_create",
        summary="Choose your language, or forget the choice",
        request=LanguageSerializer,
        responses={
            200: LanguageSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Not one of the site's languages."),
            **ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        language = validated(LanguageSerializer, request)["language"]
        try:
            profile = set_language_of(request.user, language)
        except LanguageError as error:
            raise InvalidInput({"language": error.messages}) from None
        # A browser signed in on this session reads its pages in it at once.
        remember(request, profile.language)
        return Response({"language": profile.language or None})
