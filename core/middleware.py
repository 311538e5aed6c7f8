"""The database unreachable (PostgreSQL restarting, a network blip): a 503 with
Retry-After instead of a 500 and its traceback: the site's page in the site layout,
``{"detail": ...}`` under /api/. Nothing else is needed to recover: connections are
health-checked (CONN_HEALTH_CHECKS), so the first request after the database returns
opens a fresh one.

Two doors catch it: ``process_exception`` for errors raised by a view or while its
template renders (in DEBUG too), and ``core.api.server_error`` (handler500) for
errors raised anywhere else, e.g. a middleware saving the session."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme

logger = logging.getLogger(__name__)

# What a client is told to wait: PostgreSQL restarts in a few seconds.
RETRY_AFTER_SECONDS = 5
DATABASE_ERRORS = (OperationalError, InterfaceError)
API_PREFIX = "/api/"
UNAVAILABLE = "The database is unavailable for a moment. Nothing was lost; try again shortly."


def is_database_outage(error: BaseException | None) -> bool:
    """The error, or one it was raised from, is the database being unreachable."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, DATABASE_ERRORS):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """The 503 response: JSON under /api/, else the site's page (rendered without the
    request's context, which would read the session and the user from the database)."""
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse({"detail": UNAVAILABLE}, status=503)
    else:
        html = render_to_string("503.html", {"user": None, "messages": (), "detail": UNAVAILABLE})
        response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_database_outage(exception):
            return None
        logger.warning(
            "database unavailable: %s %s answered 503 (%s)", request.method, request.path, exception
        )
        return database_unavailable(request)


class MethodNotAllowedPageMiddleware:
    """A page address opened with the wrong method (typing or bookmarking the address
    a form posts to) answers Django's bare 405, a blank page: give it the site's
    layout and a way back, keeping the status and the Allow header. The API keeps
    DRF's JSON 405."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            not isinstance(response, HttpResponseNotAllowed)
            or request.path.startswith(API_PREFIX)
            or response.content
        ):
            return response
        referer = request.headers.get("referer", "")
        back = referer if url_has_allowed_host_and_scheme(referer, {request.get_host()}) else ""
        allowed = response.get("Allow", "")
        page = HttpResponse(
            render_to_string("405.html", {"allowed": allowed, "back": back}, request=request),
            status=405,
        )
        page["Allow"] = allowed
        return page


# Every session key and CSRF secret Django sets is letters and digits (32 or 64 of them).
_COOKIE_VALUE = re.compile(r"[A-Za-z0-9]{1,128}")


class MalformedCookieMiddleware:
    """Before the session middleware: a session or CSRF cookie no Django ever set (a NUL,
    quotes, spaces, or far too long) is dropped, so the request is read as a visitor's
    without it (a fresh CSRF cookie follows) instead of reaching the database as a key
    PostgreSQL refuses to compare (a 500)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME):
            value = request.COOKIES.get(name)
            if value is not None and not _COOKIE_VALUE.fullmatch(value):
                del request.COOKIES[name]
        return self.get_response(request)
