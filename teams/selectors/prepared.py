"""A shaped read whose SQL Django compiles once per database connection, not per request.

Compiling a queryset (resolving its joins, annotations and grouping into SQL) costs
Django more than SQLite takes to run a small indexed query; a page read on every
request after a write (the team sheet, issue 15) pays it each time. A
``PreparedRead`` builds its ``values()`` queryset once per connection wrapper with a
placeholder key, keeps the SQL, the position of the key among its parameters and the
columns' converters (what ``QuerySet.values()`` applies: booleans and datetimes on
SQLite), and afterwards only executes it - through Django's cursor, so query counts,
the page stamps' tracking and transactions see it as any other query.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet

# A key no database hands out, replaced by the real one in the compiled parameters.
PLACEHOLDER = 2_147_483_646


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    key_positions: tuple[int, ...]
    names: tuple[str, ...]
    converters: tuple[tuple[int, tuple[Any, ...], Any], ...]


class PreparedRead:
    """``build(key)`` is a ``values()`` queryset; ``rows(key)`` runs it for ``key`` as
    dicts, in the queryset's order, compiling it only the first time on a connection."""

    def __init__(self, build: Callable[[int], QuerySet[Any, Any]]) -> None:
        self._build = build
        self._compiled: weakref.WeakKeyDictionary[Any, _Compiled] = weakref.WeakKeyDictionary()

    def _compile(self, connection: Any) -> _Compiled:
        queryset = self._build(PLACEHOLDER)
        query = queryset.query
        compiler = query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        positions = tuple(i for i, p in enumerate(params) if p == PLACEHOLDER)
        if not positions:
            raise ValueError("the prepared read's key is not among its parameters")
        columns = [s[0] for s in compiler.select[0 : compiler.col_count]]
        converters = compiler.get_converters(columns)
        names = (*query.extra_select, *query.values_select, *query.annotation_select)
        if len(names) != len(columns):
            raise ValueError("a prepared read must be a values() queryset")
        return _Compiled(
            sql=sql,
            params=tuple(params),
            key_positions=positions,
            names=names,
            converters=tuple((pos, tuple(cs), expr) for pos, (cs, expr) in converters.items()),
        )

    def rows(self, key: int, using: str = DEFAULT_DB_ALIAS) -> list[dict[str, Any]]:
        connection = connections[using]
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compiled[connection] = self._compile(connection)
        params = list(compiled.params)
        for position in compiled.key_positions:
            params[position] = key
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            fetched = cursor.fetchall()
        names, converters = compiled.names, compiled.converters
        rows = []
        for raw in fetched:
            row = list(raw)
            for pos, convs, expression in converters:
                value = row[pos]
                for convert in convs:
                    value = convert(value, expression, connection)
                row[pos] = value
            rows.append(dict(zip(names, row, strict=True)))
        return rows
