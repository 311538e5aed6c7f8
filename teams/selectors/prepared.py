"""A shaped read whose SQL Django compiles once per database connection, not per request.

Compiling a queryset (resolving its joins, annotations and grouping into SQL) costs
Django more than SQLite takes to run a small indexed query; a page read on every
request after a write (the team sheet) pays it each time. A
``PreparedRead`` builds its ``values()`` queryset once per connection wrapper with a
placeholder key and keeps:

- the SQL with the queryset's own constants written in (``status = 'active'``, the
  booleans and zeros of the value sums: values from the code, never from a request),
  quoted by the backend's schema editor as a migration's defaults are. A bound
  ``status = ?`` would keep SQLite from the partial index on active players' numbers
  (its planner can use a partial index only for a constant it can see), which made
  the players' query almost twice as slow;
- the key alone as a named parameter (``%(key)s``, the "pyformat" style every Django
  backend takes);
- the columns' converters (what ``QuerySet.values()`` applies: booleans and datetimes
  on SQLite).

Afterwards a read only executes it - through Django's cursor, so query counts, the page
stamps' tracking and transactions see it as any other query.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorWrapper
from django.db.models import QuerySet

# A key no database hands out, replaced by the named parameter in the compiled SQL.
PLACEHOLDER = 2_147_483_646
_PARAMETER = re.compile(r"%%|%s")
_CONSTANTS = (bool, int, str)


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]
    converters: tuple[tuple[int, tuple[Any, ...], Any], ...]


def _written_in(sql: str, params: tuple[Any, ...], quote: Callable[[Any], str]) -> str:
    """``sql`` with each constant parameter written in and the key (``PLACEHOLDER``)
    left as ``%(key)s``."""
    values = iter(params)
    found = False

    def write(match: re.Match[str]) -> str:
        nonlocal found
        if match.group() == "%%":
            return "%%"
        value = next(values)
        if type(value) is int and value == PLACEHOLDER:
            found = True
            return "%(key)s"
        if not isinstance(value, _CONSTANTS):
            raise ValueError(f"a prepared read writes in only constants, not {value!r}")
        return quote(value).replace("%", "%%")

    written = _PARAMETER.sub(write, sql)
    if not found:
        raise ValueError("the prepared read's key is not among its parameters")
    return written


class PreparedRead:
    """``build(key)`` is a ``values()`` queryset; ``rows(key)`` runs it for ``key`` as
    dicts, in the queryset's order, compiling it only the first time on a connection."""

    def __init__(self, build: Callable[[int], QuerySet[Any, Any]]) -> None:
        self._build = build
        self._compiled: weakref.WeakKeyDictionary[Any, _Compiled] = weakref.WeakKeyDictionary()

    def _compile(self, connection: Any) -> _Compiled:
        query = self._build(PLACEHOLDER).query
        compiler = query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        columns = [s[0] for s in compiler.select[0 : compiler.col_count]]
        names = (*query.extra_select, *query.values_select, *query.annotation_select)
        if len(names) != len(columns):
            raise ValueError("a prepared read must be a values() queryset")
        connection.ensure_connection()  # PostgreSQL's quoting asks the connection
        quote = connection.schema_editor().quote_value
        converters = compiler.get_converters(columns).items()
        return _Compiled(
            sql=_written_in(sql, tuple(params), quote),
            names=names,
            converters=tuple((pos, tuple(cs), expr) for pos, (cs, expr) in converters),
        )

    def rows(
        self, key: int, cursor: CursorWrapper | None = None, using: str = DEFAULT_DB_ALIAS
    ) -> list[dict[str, Any]]:
        """The rows for ``key``, on ``cursor`` (one of ``using``'s) or a new one."""
        connection = connections[using]
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compiled[connection] = self._compile(connection)
        if cursor is None:
            with connection.cursor() as cursor:
                return self.rows(key, cursor, using)
        cursor.execute(compiled.sql, {"key": key})
        rows: Any = cursor.fetchall()
        if compiled.converters and rows:
            columns: list[Any] = list(zip(*rows, strict=True))  # converted column by column
            for pos, convs, expression in compiled.converters:
                for convert in convs:
                    columns[pos] = [convert(v, expression, connection) for v in columns[pos]]
            rows = zip(*columns, strict=True)
        names = compiled.names
        return [dict(zip(names, row, strict=True)) for row in rows]
