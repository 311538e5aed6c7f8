"""API glue shared by every app: domain errors become HTTP 400, one pagination,
and Django's own error answers (400, 403, a refused CSRF check, 404, 500) as JSON
under /api/ and the site's pages elsewhere."""

from __future__ import annotations

import sys
from typing import Any

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import REASON_NO_CSRF_COOKIE
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import defaults
from rest_framework import status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.filters import MAX_ID
from core.middleware import database_unavailable, is_database_outage
from rules_engine.errors import RulesError

# The most rows one page of any list holds.
MAX_LIMIT = 500


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Turn the rules engine's and Django's validation errors into 400 responses.

    The body keeps DRF's shape: ``{"detail": ..., "errors": [...]}`` for rule
    errors (every reason, as the engine words it; with ``"fields": {name: [...]}``
    when the error names the input it is about), field messages for model
    validation errors.
    """
    if isinstance(exc, RulesError):
        refused: dict[str, Any] = {
            "detail": exc.messages[0] if len(exc.messages) == 1 else "; ".join(exc.messages),
            "errors": exc.messages,
        }
        field = getattr(exc, "field", None)  # the input the reasons are about, if named
        if isinstance(field, str):
            refused["fields"] = {field: exc.messages}
        return Response(refused, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            body: Any = exc.message_dict
        else:
            body = {"detail": "; ".join(exc.messages), "errors": exc.messages}
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, PermissionDenied):
        return Response(
            {"detail": str(exc) or _("You may not do that.")}, status=status.HTTP_403_FORBIDDEN
        )
    return drf_exception_handler(exc, context)


# --- pagination -----------------------------------------------------------------------


class ApiPagination(LimitOffsetPagination):
    """Every list's pages: ``?limit`` is capped at MAX_LIMIT (``?limit=10**29`` is a
    page of MAX_LIMIT, not a number the database cannot take); a limit or offset
    that is not a whole number (or is too long to be one) means the default."""

    max_limit = MAX_LIMIT

    def get_limit(self, request: Request) -> int | None:
        limit = _whole_number(request.query_params.get(self.limit_query_param))
        if limit is None or limit < 1:
            return self.default_limit
        return min(limit, self.max_limit)

    def get_offset(self, request: Request) -> int:
        offset = _whole_number(request.query_params.get(self.offset_query_param))
        if offset is None or offset < 0:
            return 0
        return min(offset, MAX_ID)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.limit_query_param: {"minimum": 1, "maximum": self.max_limit},
            self.offset_query_param: {"minimum": 0},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters


def _whole_number(raw: str | None) -> int | None:
    if raw is None or len(raw) > 30:
        return None
    try:
        return int(raw.strip())
    except ValueError:
        return None


# --- Django's own 400, 403, 404 and 500 -----------------------------------------------

API_PREFIX = "/api/"

# What a client is told when Django refuses the request before the API reads it: a
# malformed header or cookie, a host not served, more fields than a request may carry.
BAD_REQUEST = gettext_lazy("The request is malformed and was not read.")


def api_error(message: str, status_code: int) -> JsonResponse:
    """The body of DRF's own errors (401, 403, 404, 405...): ``{"detail": ...}``; a
    refused input adds its reasons (core/input.py)."""
    return JsonResponse({"detail": message}, status=status_code)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 400 (a SuspiciousOperation, a malformed request): JSON under /api/, the
    site's page elsewhere. The reason stays in the log: it may name a header's value."""
    if is_api(request):
        return api_error(str(BAD_REQUEST), status.HTTP_400_BAD_REQUEST)
    return defaults.bad_request(request, exception or SuspiciousOperation())


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A PermissionDenied no view turned into its own answer: JSON under /api/."""
    if is_api(request):
        return api_error(
            str(exception or "") or _("You may not do that."), status.HTTP_403_FORBIDDEN
        )
    return defaults.permission_denied(request, exception or PermissionDenied())


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A refused CSRF check (CSRF_FAILURE_VIEW): JSON under /api/ as DRF words it, the
    site's 403 page elsewhere with what to do."""
    if is_api(request):
        return api_error(
            _("CSRF Failed: %(reason)s") % {"reason": reason}, status.HTTP_403_FORBIDDEN
        )
    if reason == REASON_NO_CSRF_COOKIE:
        told = _(
            "Your browser did not send this site's cookie back: allow cookies for this "
            "site, then reload the page and try again."
        )
    else:
        told = _(
            "The form was out of date (it came from an older visit or another tab): "
            "reload the page and try again."
        )
    return defaults.permission_denied(request, PermissionDenied(told))


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A path no URL routes: JSON under /api/ (as the API's own 404s), the site's
    page elsewhere."""
    if is_api(request):
        return api_error(_("Not found."), status.HTTP_404_NOT_FOUND)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """An unhandled error: JSON under /api/, the site's page elsewhere; the database
    being unreachable is the documented 503 (core/middleware.py)."""
    if is_database_outage(sys.exc_info()[1]):
        return database_unavailable(request)
    if is_api(request):
        return api_error(_("A server error occurred."), status.HTTP_500_INTERNAL_SERVER_ERROR)
    return defaults.server_error(request)
