"""GET /healthz: is the database reachable, and the broker and the read replica when
they are configured.

``status`` is "ok"; "degraded" with Redis down (pages and the API still answer, a
report's post-game waits for the broker: the sweep queues it when Redis is back) or
with the read replica unreachable (reads go to the primary meanwhile,
core/db_router.py), still 200 so a load balancer keeps the app in service; "down" with
the database unreachable: 503, as every page then answers (core/middleware.py)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection, connections
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core.db_router import replica_alias
from core.middleware import RETRY_AFTER_SECONDS

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
    """'eager' without a broker (tasks run in-process), else 'ok' or 'degraded'."""
    if not settings.REDIS_URL:
        return "eager"
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        client.ping()
    except Exception:
        logger.warning("health check: broker unreachable at %s", settings.REDIS_URL.split("@")[-1])
        return "degraded"
    return "ok"


def replica_status() -> str | None:
    """None without a read replica, else 'ok' or 'degraded' (it does not answer)."""
    alias = replica_alias()
    if not alias:
        return None
    try:
        with connections[alias].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        logger.warning("health check: read replica unreachable", exc_info=True)
        return "degraded"
    return "ok"


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    body = {"database": database_status(), "broker": broker_status()}
    replica = replica_status()
    if replica is not None:
        body["replica"] = replica
    if body["database"] != "ok":
        overall = "down"
    elif body["broker"] not in {"ok", "eager"} or replica not in {None, "ok"}:
        overall = "degraded"
    else:
        overall = "ok"
    response = JsonResponse({"status": overall, **body}, status=503 if overall == "down" else 200)
    if overall == "down":
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
