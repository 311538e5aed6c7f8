"""Read your own writes with a read replica: after a write, a client reads from the
primary for a few seconds.

The replica replays the primary's changes a moment later (milliseconds on a quiet
network, more under load). A coach who saves a team and is sent on to its page must
see the change on that page, whichever app server answers. So every response to a
request that wrote (a POST, PUT, PATCH or DELETE, or a safe request that wrote
something, e.g. its session) sets a short-lived signed cookie, and while it is valid
(``DATABASE_REPLICA_PIN_SECONDS``, 10 s by default) that client's requests read from
the primary (``core.db_router``). Other clients read from the replica meanwhile and
see the change as soon as it has replayed.

Why a time and not the write's WAL position: waiting "until the replica has replayed
LSN x" needs a query to the primary after every write (``pg_current_wal_lsn()``) and
one to the replica before every read of a pinned client (``pg_last_wal_replay_lsn()``),
on PostgreSQL alone. A cookie with a time costs nothing, works on any database Django
runs, and lives in the client, so it holds across app servers with nothing shared.
Its one condition: the replica must not fall further behind than the pin. Watch
``pg_stat_replication.replay_lag`` on the primary and raise the pin (or fix the
replica) when it nears it. A client that keeps no cookies (a script using an API
token without a cookie jar) is not pinned and may read the replica's slightly older
rows for that moment.

Signed with the site's key (salted): a client cannot pin itself for longer than the
pin by forging or keeping the cookie, and a cookie that fails the check is ignored.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from core.db_router import (
    RequestReads,
    begin_request,
    current_reads,
    end_request,
    replica_alias,
)
from core.middleware import is_database_outage

logger = logging.getLogger(__name__)

PIN_COOKIE = "dugout_primary"
_SALT = "dugout.read-your-writes"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def pin_seconds() -> int:
    return int(getattr(settings, "DATABASE_REPLICA_PIN_SECONDS", 10))


def is_pinned(request: HttpRequest) -> bool:
    """The client wrote within the pin: its cookie is ours and recent enough."""
    value = request.COOKIES.get(PIN_COOKIE)
    if not value:
        return False
    try:
        signing.TimestampSigner(salt=_SALT).unsign(value, max_age=pin_seconds())
    except signing.BadSignature:  # forged, garbled or expired
        return False
    return True


def pin(response: HttpResponse) -> None:
    """Pin the client to the primary for the next ``pin_seconds()``."""
    response.set_cookie(
        PIN_COOKIE,
        signing.TimestampSigner(salt=_SALT).sign("1"),
        max_age=pin_seconds(),
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


# The replica unreachable: this process reads from the primary until then (a
# time.monotonic() value), and tries the replica again after.
REPLICA_RETRY_SECONDS = 30.0
_replica_down_until = 0.0
_down_lock = threading.Lock()


def replica_usable() -> bool:
    return time.monotonic() >= _replica_down_until


def replica_failed() -> None:
    """The replica could not answer: read from the primary for REPLICA_RETRY_SECONDS."""
    global _replica_down_until
    with _down_lock:
        _replica_down_until = time.monotonic() + REPLICA_RETRY_SECONDS
    logger.warning(
        "read replica unavailable: reading from the primary for %.0f s", REPLICA_RETRY_SECONDS
    )


class ReadYourWritesMiddleware:
    """Routes a request's reads (``core.db_router``) and pins a client that wrote.
    Without a replica (``settings.DUGOUT_READ_REPLICA`` empty) it does nothing.

    A replica that cannot be reached costs the request that met it (the 503 of
    ``core.middleware``, "try again shortly"); this process then reads from the
    primary for REPLICA_RETRY_SECONDS before trying the replica again."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        replica = replica_alias()
        if not replica:
            return self.get_response(request)
        safe = request.method in SAFE_METHODS
        use = safe and replica_usable() and not is_pinned(request)
        reads = RequestReads(replica if use else None)
        token = begin_request(reads)
        try:
            response = self.get_response(request)
        finally:
            end_request(token)
        if not safe or reads.wrote:
            pin(response)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> None:
        """A view or its template met the database unreachable while reading from the
        replica (the primary down too changes nothing: it is then unreachable either
        way)."""
        reads = current_reads()
        if reads is not None and reads.replica is not None and is_database_outage(exception):
            replica_failed()
