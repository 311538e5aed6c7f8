"""GET /healthz: is the database reachable, and the broker when one is configured."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any driver error means "down"; the reason goes to the log
        logger.exception("health check: database unreachable")
        return "down"
    return "ok"


def broker_status() -> str:
    """'eager' without a broker (tasks run in-process), else 'ok' or 'down'."""
    if not settings.REDIS_URL:
        return "eager"
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        client.ping()
    except Exception:
        logger.exception("health check: broker unreachable")
        return "down"
    return "ok"


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    body = {"database": database_status(), "broker": broker_status()}
    healthy = body["database"] == "ok" and body["broker"] in {"ok", "eager"}
    return JsonResponse(body, status=200 if healthy else 503)
