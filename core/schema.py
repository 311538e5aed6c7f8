"""The project's OpenAPI schema class (DEFAULT_SCHEMA_CLASS).

Apart from core/api.py: DRF imports the pagination class there while
``rest_framework.generics`` is still loading, and drf-spectacular's AutoSchema
imports ``rest_framework.generics``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

# django-filter's 400 for a filter given a value it refuses: {"team": ["..."]}.
FILTER_ERRORS = OpenApiResponse(
    {
        "type": "object",
        "description": "Messages by filter name.",
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    },
    description="A filter's value is invalid.",
)
UNSUPPORTED_MEDIA_TYPE = OpenApiResponse(
    {
        "type": "object",
        "properties": {"detail": {"type": "string"}},
        "required": ["detail"],
    },
    description="The body is not JSON (send Content-Type: application/json).",
)


class ApiErrorSerializer(serializers.Serializer):
    """An error: detail sums it up; errors lists each reason as a sentence and fields the
    input they are about, where there are any."""

    detail = serializers.CharField()
    # DRF serializes the declared fields; the names shadow Serializer attributes.
    errors = serializers.ListField(  # type: ignore[assignment]
        child=serializers.CharField(), required=False
    )
    fields = serializers.DictField(  # type: ignore[assignment]
        required=False, help_text="Input that did not have the right shape, by field."
    )


def _error(description: str) -> OpenApiResponse:
    return OpenApiResponse(ApiErrorSerializer, description=description)


# The answers any operation may give without its view saying so, by status.
MALFORMED = _error(
    "The request is malformed (a header, a cookie, the body or the query) or its input "
    "is refused: the reasons."
)
NOT_SIGNED_IN = _error("Not signed in.")
FORBIDDEN = _error(
    "Not allowed: not signed in, a token that is not valid, or not allowed to do this."
)
NOT_FOUND = _error("No such object.")
NOT_ACCEPTABLE = _error("The Accept header asks for a type other than JSON.")
THROTTLED = _error("Too many requests: wait the seconds Retry-After says.")
UNAVAILABLE = _error("The database is unavailable for a moment: retry after Retry-After.")

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH"})
# Sent with a 429 (the throttles) and a 503 (core/middleware.py).
RETRY_AFTER = {
    "schema": {"type": "integer", "minimum": 0},
    "description": "Seconds to wait before trying again.",
}


class ApiSchema(AutoSchema):
    """The project's schema: the answers every view gives without saying so.

    Every status the API can answer is documented, in the error body
    (``ApiError``) where the view documents none of its own: 400 (a malformed request,
    a refused input), 403 (a token that is not valid, or no permission: DRF answers
    403 rather than 401, the session being its first authentication), 401 where
    signing in is needed, 404 for an address naming a row, 406 (the Accept header),
    415 for a body that is not JSON, 429 for a throttled operation and 503 (the
    database unavailable, core/middleware.py). A list with filters answers 400 in
    django-filter's shape. A view's own answer for a status, when it documents one,
    wins."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        if self.method == "GET" and self._is_list_view() and self._has_filters():
            responses.setdefault("400", self._get_response_for_code(FILTER_ERRORS, "400"))
        reads_body = self.method in WRITE_METHODS and self.get_request_serializer() is not None
        if reads_body:
            responses.setdefault("415", self._get_response_for_code(UNSUPPORTED_MEDIA_TYPE, "415"))
        implied = {"400": MALFORMED, "403": FORBIDDEN, "406": NOT_ACCEPTABLE, "503": UNAVAILABLE}
        if {} not in self.get_auth():
            implied["401"] = NOT_SIGNED_IN
        if "{" in self.path:
            implied["404"] = NOT_FOUND
        if self.view.get_throttles():
            implied["429"] = THROTTLED
        for code, response in implied.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(response, code)
        return dict(sorted(responses.items()))

    def _get_response_headers_for_code(
        self, status_code: Any, direction: Any = "response"
    ) -> dict[str, Any]:
        headers = super()._get_response_headers_for_code(status_code, direction)
        if str(status_code) in {"429", "503"}:
            headers.setdefault("Retry-After", RETRY_AFTER)
        return headers

    def _has_filters(self) -> bool:
        view = self.view
        return bool(self.get_filter_backends()) and bool(
            getattr(view, "filterset_class", None) or getattr(view, "filterset_fields", None)
        )
