"""Page stamps: what a page's validator is read from.

Every database connection of every process runs its statements through ``_track``
(installed when the connection opens, ``PagesConfig.ready``). A statement that writes
(INSERT, UPDATE, DELETE, DDL) marks its table's group (the model's app label:
``leagues``, ``teams``, ``matches``, ``auth``...) as changed; just before the
transaction commits (or at once in autocommit) one upsert gives each changed group's
``PageStamp`` row a fresh random token. So:

- no write can escape: the services, bulk updates, raw SQL, the admin, a restore, a
  Celery worker all go through a Django connection, and no service has to remember to
  invalidate anything;
- the token is written in the writing transaction: a reader sees the new data and the
  new token together, a rolled-back write leaves both as they were, and a page cached
  under a token can only hold data at least as new as that token;
- a page's stamp is one read of a handful of rows (``read``), whatever the league's
  size; the tokens are random (``secrets``), never a counter, so a rolled-back test or
  a restored database can never bring back a token a cached page was keyed on.

The stamp statements go through the DB-API connection, not Django's cursor: they are
bookkeeping, not what a page asks for, so the query counts the tests pin stay the
pages' own. A read inside a transaction that wrote first (a service reading the
standings after recording results, a test) does not stamp those writes yet, which
would hold the stamp rows locked until the transaction ends and queue every other
writer behind it: its stamp carries instead a token of this transaction's writes so
far (``_local``), new with each write, that no other connection ever sees, so it is
never the page from before and never a page another reader is served.

Tables written on every signed-in request or by the login machinery and shown on no
page (sessions, django-axes' attempts, API tokens) change no stamp.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import connection as default_connection
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper

logger = logging.getLogger(__name__)

TABLE = "pages_pagestamp"
EVERY = "*"  # a write whose table cannot be told (DDL, an unusual statement)
OTHER = "other"  # a table no model declares
IGNORED_PREFIXES = ("django_session", "axes_", "authtoken_token", "django_celery", TABLE)
_WRITE = re.compile(
    r"\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+[\"`]?(\w+)",
    re.IGNORECASE,
)
_READS = ("SELECT", "SAVEPOINT", "RELEASE", "ROLLBACK", "PRAGMA", "EXPLAIN", "SHOW", "SET ")
_DML = re.compile(r"\b(?:INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
_READY: set[str] = set()  # databases known to have the stamps table
_groups: dict[str, str] = {}


@dataclass(frozen=True)
class Stamp:
    """The version of the tables a page shows: ``token`` changes with every committed
    write to them; ``changed_ms`` is when the last one was (0: never)."""

    token: str
    changed_ms: int


def _group_of(table: str) -> str:
    if not _groups:
        for model in apps.get_models(include_auto_created=True):
            _groups[model._meta.db_table] = model._meta.app_label
    return _groups.get(table, OTHER)


def written_group(sql: str) -> str | None:
    """The group a statement writes to (``EVERY`` when it cannot be told), None for a
    read or a table no page shows."""
    head = sql[:40].lstrip().lstrip("(").upper()  # "(SELECT ...) UNION (SELECT ...)"
    if head.startswith(_READS):
        return None
    match = _WRITE.match(sql)
    if match:
        table = match.group(1).lower()
        return None if table.startswith(IGNORED_PREFIXES) else _group_of(table)
    if head.startswith(("WITH", "VALUES")) and not _DML.search(sql):
        return None
    if head.startswith(("BEGIN", "COMMIT")):
        return None
    return EVERY


def _every_group() -> list[str]:
    return sorted({config.label for config in apps.get_app_configs()} | {OTHER})


def _raw(connection: BaseDatabaseWrapper, sql: str, params: Iterable[Any] = ()) -> list[Any]:
    placeholder = "?" if connection.vendor == "sqlite" else "%s"
    with connection.wrap_database_errors:  # Django's errors: a database outage is a 503
        cursor = connection.connection.cursor()
        try:
            cursor.execute(sql.replace("%s", placeholder), tuple(params))
            return list(cursor.fetchall()) if cursor.description else []
        finally:
            cursor.close()


def _ready(connection: BaseDatabaseWrapper) -> bool:
    name = str(connection.settings_dict["NAME"])
    if name in _READY:
        return True
    if connection.vendor == "sqlite":
        rows = _raw(
            connection, "SELECT 1 FROM sqlite_master WHERE type='table' AND name=%s", [TABLE]
        )
        found = bool(rows)
    elif connection.vendor == "postgresql":
        found = _raw(connection, "SELECT to_regclass(%s)", [TABLE])[0][0] is not None
    else:
        found = False
    if found:
        _READY.add(name)
    return found


def _pending(connection: BaseDatabaseWrapper) -> set[str]:
    pending: set[str] | None = getattr(connection, "_stamps_pending", None)
    if pending is None:
        pending = set()
        connection._stamps_pending = pending  # type: ignore[attr-defined]
    return pending


def flush(connection: BaseDatabaseWrapper) -> None:
    """Give each group written since the last flush a new token (one upsert)."""
    pending = _pending(connection)
    connection._stamps_local = None  # type: ignore[attr-defined]
    if not pending or connection.connection is None:
        return
    _forget_rows(connection)
    names = _every_group() if EVERY in pending else sorted(pending)
    pending.clear()
    if not _ready(connection):
        return  # before the migration that makes the table
    token, now = secrets.randbits(62), time.time_ns() // 1_000_000
    values = ", ".join(["(%s, %s, %s)"] * len(names))
    params = [v for name in names for v in (name, token, now)]
    try:
        _raw(
            connection,
            f"INSERT INTO {TABLE} (name, token, changed_ms) VALUES {values} "
            "ON CONFLICT (name) DO UPDATE SET token = excluded.token, "
            "changed_ms = excluded.changed_ms",
            params,
        )
    except Exception:
        _READY.discard(str(connection.settings_dict["NAME"]))
        raise


def read(groups: Iterable[str], connection: BaseDatabaseWrapper | None = None) -> Stamp | None:
    """The stamp of ``groups`` (and of tables no model declares): one read. None when
    the database has no stamps table yet (pages are then served unvalidated)."""
    connection = connection or default_connection
    connection.ensure_connection()
    pending = _pending(connection)
    in_transaction = bool(pending) and not connection.get_autocommit()
    if not in_transaction:
        flush(connection)
    if not _ready(connection):
        return None
    wanted = frozenset((*groups, OTHER))
    rows, made = _rows(connection)
    found = made.get(wanted)
    if found is None:
        chosen = sorted(r for r in rows if EVERY in wanted or r[0] in wanted)
        token = ".".join(f"{name}:{value}" for name, value, _ in chosen)
        found = made[wanted] = (token, max((int(r[2]) for r in chosen), default=0))
    token, changed = found
    if in_transaction and (EVERY in wanted or EVERY in pending or pending & wanted):
        local, at = _local(connection)
        token, changed = f"{token}.local:{local}", max(changed, at)
    return Stamp(token, changed)


def _rows(connection: BaseDatabaseWrapper) -> tuple[list[Any], dict[frozenset[str], Any]]:
    """The stamp rows, and the stamps made of them so far: read once per request while
    the request writes nothing (its ETag and the answers it takes from the cache are
    then of one version of the data, and a page that checks two stamps reads the table
    once). Outside a request (a worker, a shell, a bench) every read reads the table."""
    memo: tuple[list[Any], dict[frozenset[str], Any]] | None
    memo = getattr(connection, "_stamps_rows", None)
    if memo is not None:
        return memo
    memo = (_raw(connection, f"SELECT name, token, changed_ms FROM {TABLE}"), {})
    if getattr(connection, "_stamps_in_request", False):
        connection._stamps_rows = memo  # type: ignore[attr-defined]
    return memo


def _forget_rows(connection: BaseDatabaseWrapper) -> None:
    connection._stamps_rows = None  # type: ignore[attr-defined]


def request_started(**kwargs: Any) -> None:
    """A request begins: its first stamp read is kept until it writes or ends."""
    for connection in connections.all(initialized_only=True):
        connection._stamps_in_request = True  # type: ignore[attr-defined]
        _forget_rows(connection)


def request_finished(**kwargs: Any) -> None:
    for connection in connections.all(initialized_only=True):
        connection._stamps_in_request = False  # type: ignore[attr-defined]
        _forget_rows(connection)


def _local(connection: BaseDatabaseWrapper) -> tuple[int, int]:
    """The token of the open transaction's writes so far, and when the last was."""
    local: tuple[int, int] | None = getattr(connection, "_stamps_local", None)
    if local is None:
        local = _renew_local(connection)
    return local


def _renew_local(connection: BaseDatabaseWrapper) -> tuple[int, int]:
    local = (secrets.randbits(62), time.time_ns() // 1_000_000)
    connection._stamps_local = local  # type: ignore[attr-defined]
    return local


def _track(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
) -> Any:
    result = execute(sql, params, many, context)
    group = written_group(sql)
    if group is not None:
        connection = context["connection"]
        _forget_rows(connection)
        _pending(connection).add(group)
        if connection.get_autocommit():  # already committed: stamp it now
            flush(connection)
        else:
            _renew_local(connection)
    return result


def install(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """Track ``connection``'s writes (the ``connection_created`` receiver)."""
    if _track not in connection.execute_wrappers:
        # First in the list: a ``connection.execute_wrapper()`` block around the opening
        # pops the last one when it ends, which must stay its own.
        connection.execute_wrappers.insert(0, _track)
    if getattr(connection, "_stamps_installed", False):
        return
    commit, rollback = connection._commit, connection._rollback  # type: ignore[attr-defined]

    def _commit() -> Any:
        flush(connection)  # in the transaction, just before it commits
        return commit()

    def _rollback() -> Any:
        _pending(connection).clear()
        _forget_rows(connection)
        connection._stamps_local = None  # type: ignore[attr-defined]
        return rollback()

    connection._commit = _commit  # type: ignore[attr-defined]
    connection._rollback = _rollback  # type: ignore[attr-defined]
    connection._stamps_installed = True  # type: ignore[attr-defined]
