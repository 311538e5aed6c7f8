"""Queries of a fixed shape compiled once and run again with another id (issue 15).

Every match service starts by locking the match row with its fixture, teams, season
and league (and, for most, its current report, events and applications): a query
Django compiles anew on each call, which cost more than the database's own work (the
joins, the JSON subqueries). ``Prepared`` compiles a shape once per database
connection, with a sentinel id, and runs the same SQL with the id asked for; the rows
become model instances exactly as Django's own iterable makes them (the compiler of
the first run keeps the select list, the related objects' layout and the converters).

A shape whose sentinel does not appear exactly once among its parameters is never
cached (every call then compiles as usual).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable

SENTINEL = 987_654_321_987


class _Plan:
    """One compiled shape on one connection."""

    def __init__(self, queryset: QuerySet[Any], compiler: Any, sql: str, params: list[Any]):
        self.queryset, self.compiler, self.sql, self.params = queryset, compiler, sql, params
        self.position = params.index(SENTINEL)
        queryset.query.get_compiler = lambda *args, **kwargs: compiler  # type: ignore[method-assign]

    def first(self, value: int) -> Any:
        params = list(self.params)
        params[self.position] = value
        self.compiler.as_sql = lambda *args, **kwargs: (self.sql, tuple(params))
        return next(iter(ModelIterable(self.queryset)), None)


class Prepared:
    """``build(id)``'s first row, the shape compiled once per database connection."""

    def __init__(self, build: Callable[[int], QuerySet[Any]]) -> None:
        self.build = build
        self._plans: weakref.WeakKeyDictionary[Any, _Plan | None] = weakref.WeakKeyDictionary()

    def first(self, value: int, using: str = "default") -> Model | None:
        connection = connections[using]
        if connection not in self._plans:
            self._plans[connection] = self._plan(using)
        plan = self._plans[connection]
        if plan is None:
            return self.build(value).first()
        return plan.first(value)

    def _plan(self, using: str) -> _Plan | None:
        queryset = self.build(SENTINEL).using(using)[:1]
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        if list(params).count(SENTINEL) != 1:
            return None
        return _Plan(queryset, compiler, sql, list(params))
