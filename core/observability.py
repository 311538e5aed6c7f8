"""The request side of observability (config/observability.py sets up the rest): a
request id for every request, one ``dugout.request`` log line per answer, and, with
``DUGOUT_METRICS``, its metrics.

``user_id_of`` logs who asked without loading the user: it reads the user only if the
request already did, which Django exposes no public way to ask. It relies on two private
names of Django, pinned in tests/test_django_private.py: ``HttpRequest._cached_user``
(set by ``django.contrib.auth.middleware.get_user``) and ``SimpleLazyObject._wrapped``
(with ``django.utils.functional.empty``)."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.signals import request_finished
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject, empty

from config import metrics
from config.observability import REQUEST_ID, REQUEST_ID_HEADER, SANE_REQUEST_ID, request_logger


def route_of(request: HttpRequest) -> str:
    """The URL pattern the request matched (bounded, unlike the path), for logs and
    metric labels."""
    match = getattr(request, "resolver_match", None)
    return match.route if match is not None else "<unmatched>"


def user_id_of(request: HttpRequest) -> int | None:
    """The signed-in user's id, only if the request already loaded the user: reading it
    here must not touch the session or the database (which may be down)."""
    user = getattr(request, "_cached_user", None)
    if user is None:
        user = request.__dict__.get("user")
        if isinstance(user, SimpleLazyObject):
            wrapped = user._wrapped
            user = None if wrapped is empty else wrapped
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return user.pk


class RequestObservabilityMiddleware:
    """First in MIDDLEWARE, so it times and logs every answer, the 503s included: sets
    the request id, echoes it in ``X-Request-ID``, writes one ``dugout.request`` line
    and, with ``DUGOUT_METRICS``, counts the request (config/metrics.py)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        incoming = request.headers.get(REQUEST_ID_HEADER, "")
        request_id = incoming if SANE_REQUEST_ID.fullmatch(incoming) else uuid.uuid4().hex
        # Set for the rest of the request, Django's own "django.request" lines after this
        # middleware included; cleared when the request is finished (below).
        REQUEST_ID.set(request_id)
        request.request_id = request_id  # type: ignore[attr-defined]
        started = time.perf_counter()
        response = self.get_response(request)
        response[REQUEST_ID_HEADER] = request_id
        self.record(request, response.status_code, time.perf_counter() - started)
        return response

    @staticmethod
    def record(request: HttpRequest, status: int, seconds: float) -> None:
        route = route_of(request)
        level = logging.ERROR if status >= 500 else logging.INFO
        request_logger.log(
            level,
            "%s %s %s",
            request.method,
            request.path,
            status,
            extra={
                "method": request.method,
                "path": request.path,
                "route": route,
                "status": status,
                "duration_ms": round(seconds * 1000, 1),
                "user_id": user_id_of(request),
            },
        )
        if settings.DUGOUT_METRICS:
            metrics.observe_request(request.method or "", route, status, seconds)
        _tag_sentry_scope()


class ClientErrorFilter(logging.Filter):
    """Django's line for a 4xx answer ("Forbidden (Permission denied): /path") stays one
    line: the exception that answered it (a PermissionDenied, an Http404) is the site
    working, so its traceback is dropped. A 5xx line keeps its traceback.

    Set on the ``django.request`` logger (its records, before any handler sees them)
    and on the console handler (Django's ``django.security.*`` 400s) by
    settings.LOGGING."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True


@receiver(request_finished)
def _request_finished(**_: Any) -> None:
    REQUEST_ID.set(None)


def _tag_sentry_scope() -> None:
    """With Sentry on, an error event names its request id (no-op otherwise)."""
    import sys

    sentry = sys.modules.get("sentry_sdk")
    if sentry is not None and sentry.get_client().is_active():
        sentry.get_isolation_scope().set_tag("request_id", REQUEST_ID.get())
