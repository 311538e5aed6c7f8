"""The project's OpenAPI schema class (DEFAULT_SCHEMA_CLASS).

Apart from core/api.py: DRF imports the pagination class there while
``rest_framework.generics`` is still loading, and drf-spectacular's AutoSchema
imports ``rest_framework.generics``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse

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


class ApiSchema(AutoSchema):
    """The project's schema: the answers every view gives without saying so.

    A list with filters answers 400 for a filter value it refuses; a write that
    reads a body answers 415 for a body that is not JSON (the API parses JSON only).
    A view's own 400 or 415, when it documents one, wins."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        if self.method == "GET" and self._is_list_view() and self._has_filters():
            responses.setdefault("400", self._get_response_for_code(FILTER_ERRORS, "400"))
        if self.method in {"POST", "PUT", "PATCH"} and self.get_request_serializer() is not None:
            responses.setdefault("415", self._get_response_for_code(UNSUPPORTED_MEDIA_TYPE, "415"))
        return responses

    def _has_filters(self) -> bool:
        view = self.view
        return bool(self.get_filter_backends()) and bool(
            getattr(view, "filterset_class", None) or getattr(view, "filterset_fields", None)
        )
