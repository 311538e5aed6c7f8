"""Reads from a PostgreSQL streaming replica, writes to the primary (DATABASE_ROUTERS).

With ``DATABASE_REPLICA_URL`` set, settings add a ``replica`` database
(``settings.DUGOUT_READ_REPLICA`` names it). A request's reads go to it only when
``core.replica.ReadYourWritesMiddleware`` says so for that request: a safe request
(GET, HEAD, OPTIONS) from a client not pinned to the primary by a recent write of its
own. Everything else reads from the primary:

- a write request (POST, PUT, PATCH, DELETE), from its first query to its last;
- a safe request once it has written anything (a session saved, a row created): the
  rest of it reads what it wrote;
- any read inside a transaction on the primary (``transaction.atomic``): a read that
  decides a write sees the rows the write will meet;
- outside a request (Celery tasks, management commands, the shell): the primary.

Every write goes to the primary, whatever database an instance was read from; and rows
read from either database may be related to each other (they are the same rows).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

PRIMARY = DEFAULT_DB_ALIAS


@dataclass
class RequestReads:
    """Where the current request reads from (``replica``: None is the primary) and
    whether it has written anything yet."""

    replica: str | None
    wrote: bool = False


# Set by the middleware for the length of one request; None outside requests.
_current: ContextVar[RequestReads | None] = ContextVar("dugout_request_reads", default=None)


def begin_request(reads: RequestReads) -> Any:
    """Route this request's reads as ``reads`` says; the token for ``end_request``."""
    return _current.set(reads)


def end_request(token: Any) -> None:
    _current.reset(token)


def current_reads() -> RequestReads | None:
    """The current request's routing (None outside a routed request)."""
    return _current.get()


def replica_alias() -> str:
    """The replica's database alias ("" when there is none)."""
    return str(getattr(settings, "DUGOUT_READ_REPLICA", "") or "")


class ReplicaRouter:
    """Django database router: see the module's docstring."""

    def db_for_read(self, model: type, **hints: Any) -> str | None:
        reads = _current.get()
        if reads is None or reads.replica is None:
            return PRIMARY if replica_alias() else None
        if connections[PRIMARY].in_atomic_block:
            return PRIMARY
        return reads.replica

    def db_for_write(self, model: type, **hints: Any) -> str | None:
        reads = _current.get()
        if reads is not None:
            # From now on this request reads its own write; the middleware pins the
            # client to the primary for its next requests.
            reads.wrote = True
            reads.replica = None
        return PRIMARY if replica_alias() else None

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        # The only databases are the primary and its copy: any two rows may relate.
        return True if replica_alias() else None

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        # The replica replays the primary's WAL, migrations included; it takes no DDL.
        if db == replica_alias():
            return False
        return None
