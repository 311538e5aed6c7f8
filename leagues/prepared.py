"""Queries of a fixed shape compiled once and run again with other ids (issue 15).

Every match service starts by locking the match row with its fixture, teams, season
and league (and, for most, its current report, events and applications), the league
by locking the fixture and its season: queries Django compiles anew on each call,
which cost more than the database's own work (the joins, the JSON subqueries).
``Prepared`` compiles a shape once per database connection, with sentinel ids, and
runs the same SQL with the ids asked for; the rows are made exactly as the
queryset's own iterable makes them (model instances, or ``values_list`` tuples): the
compiler of the first run keeps the select list, the related objects' layout and
the columns' converters (worked out once, not on every run).

A shape in whose parameters a sentinel does not appear (it was written otherwise) is
never cached (every call then compiles as usual); one may appear more than once.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any

from django.db import connections
from django.db.models import QuerySet

SENTINEL = 987_654_321_987


class _Plan:
    """One compiled shape on one connection."""

    def __init__(
        self, queryset: QuerySet[Any, Any], compiler: Any, sql: str, params: list[Any], arity: int
    ):
        self.queryset, self.compiler, self.sql, self.params = queryset, compiler, sql, params
        sentinels = {SENTINEL + n: n for n in range(arity)}
        self.arity = arity
        self.positions = [
            (i, sentinels[p]) for i, p in enumerate(params) if type(p) is int and p in sentinels
        ]
        queryset.query.get_compiler = lambda *args, **kwargs: compiler  # type: ignore[method-assign]
        converters: dict[tuple[int, ...], Any] = {}
        work_out = compiler.get_converters

        def get_converters(expressions: Sequence[Any]) -> Any:
            key = tuple(map(id, expressions))
            if key not in converters:
                converters[key] = work_out(expressions)
            return converters[key]

        compiler.get_converters = get_converters

    def rows(self, values: Sequence[int]) -> Any:
        params = list(self.params)
        if len(values) != self.arity:
            raise TypeError(f"this query takes {self.arity} ids, not {len(values)}")
        for position, n in self.positions:
            params[position] = values[n]
        self.compiler.as_sql = lambda *args, **kwargs: (self.sql, tuple(params))
        iterable: Any = self.queryset._iterable_class(self.queryset)
        return iter(iterable)


class Prepared:
    """``build(*ids)``'s rows (``first``: its first row), the shape compiled once per
    database connection. ``arity``: how many ids ``build`` takes."""

    def __init__(self, build: Callable[..., QuerySet[Any, Any]], arity: int = 1) -> None:
        self.build, self.arity = build, arity
        self._plans: weakref.WeakKeyDictionary[Any, dict[bool, _Plan | None]]
        self._plans = weakref.WeakKeyDictionary()

    def first(self, *values: int, using: str = "default") -> Any:
        plan = self._plan(using, one=True)
        if plan is None:
            return self.build(*values).using(using).first()
        return next(plan.rows(values), None)

    def all(self, *values: int, using: str = "default") -> list[Any]:
        plan = self._plan(using, one=False)
        if plan is None:
            return list(self.build(*values).using(using))
        return list(plan.rows(values))

    def _plan(self, using: str, *, one: bool) -> _Plan | None:
        connection = connections[using]
        plans = self._plans.setdefault(connection, {})
        if one not in plans:
            plans[one] = self._compile(using, one)
        return plans[one]

    def _compile(self, using: str, one: bool) -> _Plan | None:
        queryset = self.build(*(SENTINEL + n for n in range(self.arity))).using(using)
        if one:
            queryset = queryset[:1]
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        params = list(params)
        if any(SENTINEL + n not in params for n in range(self.arity)):
            return None
        return _Plan(queryset, compiler, sql, params, self.arity)
