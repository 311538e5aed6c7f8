"""API glue shared by every app: domain errors become HTTP 400."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from rules_engine.errors import RulesError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Turn the rules engine's and Django's validation errors into 400 responses.

    The body keeps DRF's shape: ``{"detail": ..., "errors": [...]}`` for rule
    errors (every reason, as the engine words it), field messages for model
    validation errors.
    """
    if isinstance(exc, RulesError):
        return Response(
            {
                "detail": exc.messages[0] if len(exc.messages) == 1 else "; ".join(exc.messages),
                "errors": exc.messages,
            },
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            body: Any = exc.message_dict
        else:
            body = {"detail": "; ".join(exc.messages), "errors": exc.messages}
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, PermissionDenied):
        return Response(
            {"detail": str(exc) or "You may not do that."}, status=status.HTTP_403_FORBIDDEN
        )
    return drf_exception_handler(exc, context)
