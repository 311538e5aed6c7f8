"""Queries of a fixed shape compiled once and run again with other ids.

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

Model rows (``_Rows``) are then made without Django's iterable: the statement run on a
cursor of the connection (its execute wrappers see it), each column converted by the
converters the compiler gave, and each instance of the row's models (the
``select_related`` tree) made as ``Model.from_db`` makes it - its loaded fields in its
``__dict__``, its state saved in ``db`` with the queryset's fetch mode - without
``Model.__init__``'s generic loop, the related objects cached as the related
populators cache them, the annotations set. Only where that is exactly what Django
would do: plain models (no ``__init__`` or ``from_db`` of their own, no descriptor
that takes a set, no ``pre_init``/``post_init`` receiver), no parent's columns
reordered, no peers to track; otherwise Django's iterable as before.
"""

from __future__ import annotations

import inspect
import re
import weakref
from collections.abc import Callable, Collection, Sequence
from typing import Any, cast

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query import ModelIterable
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init

SENTINEL = 987_654_321_987


class _Plan:
    """One compiled shape on one connection."""

    def __init__(
        self, queryset: QuerySet[Any, Any], compiler: Any, sql: str, params: list[Any], arity: int
    ):
        sentinels = {SENTINEL + n: n for n in range(arity)}
        if connections[queryset.db].vendor == "sqlite":
            sql, params = inline_constants(sql, params, sentinels)
        self.queryset, self.compiler, self.sql, self.params = queryset, compiler, sql, params
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
        self.fast = _Rows.of(queryset, compiler)

    def rows(self, values: Sequence[int]) -> Any:
        params = list(self.params)
        if len(values) != self.arity:
            raise TypeError(f"this query takes {self.arity} ids, not {len(values)}")
        for position, n in self.positions:
            params[position] = values[n]
        if self.fast is not None and self.fast.usable():
            return iter(self.fast.run(self.sql, params))
        self.compiler.as_sql = lambda *args, **kwargs: (self.sql, tuple(params))
        iterable: Any = self.queryset._iterable_class(self.queryset)
        return iter(iterable)


# A constant written into a statement as it is (``inline_constants``): nothing in it to
# quote or escape.
_PLAIN_TEXT = re.compile(r"[A-Za-z0-9_ .:+-]*")
_PLACEHOLDER = re.compile(r"(?<!%)%s")


def inline_constants(
    sql: str, params: Sequence[Any], keep: Collection[Any] = ()
) -> tuple[str, list[Any]]:
    """``sql`` with its constant parameters written in (booleans and integers, as SQLite
    binds them, and plain words), the others (``keep``, and any other value) still
    bound. SQLite compiles a statement again on every run when a bound value may change
    its plan: compared with a partial index's column (a report ``is_current``, a player's
    ``status``), which costs more than the statement's own work (the report
    read 180 -> 50 us); the same constant written in is compiled once. The statement
    means the same: a literal and a bound value of a type have the same affinity."""
    parts = _PLACEHOLDER.split(sql)
    if len(parts) != len(params) + 1:
        return sql, list(params)
    written, bound = [parts[0]], []
    for value, part in zip(params, parts[1:], strict=True):
        literal = _literal(value)  # a literal is of a hashable value: look it up in keep
        if literal is not None and value in keep:
            literal = None
        if literal is None:
            written.append("%s")
            bound.append(value)
        else:
            written.append(literal)
        written.append(part)
    return "".join(written), bound


def _literal(value: Any) -> str | None:
    """A bound value's literal (a choice, a ``str`` or ``int`` subclass, as its text or
    number: what SQLite binds), or None."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int) and -(2**63) <= value < 2**63:
        return int.__repr__(value)
    if isinstance(value, str) and _PLAIN_TEXT.fullmatch(value):
        return f"'{str.__str__(value)}'"
    return None


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


class _Node:
    """One model of a row (the queryset's, or one ``select_related`` reached): its
    columns, the attribute names they load, and how it is cached on its parent."""

    def __init__(self, klass_info: dict[str, Any], select: Sequence[Any]) -> None:
        fields = klass_info["select_fields"]
        self.model: type[Model] = klass_info["model"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.names = [column[0].target.attname for column in select[self.start : self.end]]
        self.pk_at = self.start + self.names.index(self.model._meta.pk.attname)
        self.local_setter: Any = klass_info.get("local_setter")
        self.remote_setter: Any = klass_info.get("remote_setter")
        self.children = [_Node(info, select) for info in klass_info.get("related_klass_infos", [])]

    def all(self) -> list[_Node]:
        return [self, *(node for child in self.children for node in child.all())]

    def make(self, row: Sequence[Any], db: str, fetch_mode: Any) -> Model:
        """The instance ``Model.from_db`` makes of this model's columns of ``row``."""
        model = self.model
        obj = model.__new__(model)
        state = ModelState()
        state.adding, state.db, state.fetch_mode = False, db, fetch_mode
        obj.__dict__["_state"] = state
        obj.__dict__.update(zip(self.names, row[self.start : self.end], strict=True))
        for child in self.children:
            related = None if row[child.pk_at] is None else child.make(row, db, fetch_mode)
            child.local_setter(obj, related)
            if related is not None:
                child.remote_setter(related, obj)
        return obj


class _Rows:
    """A model queryset's rows made from its compiled statement (see the docstring)."""

    def __init__(self, queryset: Any, compiler: Any, root: _Node) -> None:
        self.db, self.fetch_mode, self.root = queryset.db, queryset._fetch_mode, root
        self.models = tuple({node.model for node in root.all()})
        self.annotations = list(compiler.annotation_col_map.items())
        expressions = [column[0] for column in compiler.select[: compiler.col_count]]
        self.converters = [
            (position, converters, expression)
            for position, (converters, expression) in compiler.get_converters(expressions).items()
        ]

    @classmethod
    def of(cls, queryset: Any, compiler: Any) -> _Rows | None:
        klass_info = compiler.klass_info
        if (
            queryset._iterable_class is not ModelIterable
            or queryset._known_related_objects
            or queryset._fetch_mode.track_peers
            or klass_info is None
            or _reordered(klass_info)
        ):
            return None
        root = _Node(klass_info, compiler.select)
        if not all(plain_model(node.model) for node in root.all()):
            return None
        return cls(queryset, compiler, root)

    def usable(self) -> bool:
        """No ``pre_init``/``post_init`` receiver of these models (one may connect later)."""
        return not any(
            signal.has_listeners(model) for signal in (pre_init, post_init) for model in self.models
        )

    def run(self, sql: str, params: list[Any]) -> list[Any]:
        connection = connections[self.db]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            fetched = cursor.fetchall()
        made = []
        for fetched_row in fetched:
            row = list(fetched_row)
            for position, converters, expression in self.converters:
                value = row[position]
                for converter in converters:
                    value = converter(value, expression, connection)
                row[position] = value
            obj = self.root.make(row, self.db, self.fetch_mode)
            for name, position in self.annotations:
                setattr(obj, name, row[position])
            made.append(obj)
        return made


def _reordered(klass_info: dict[str, Any]) -> bool:
    """A model whose columns come from its parent's (Django reorders them for it)."""
    return bool(klass_info.get("from_parent")) or any(
        _reordered(info) for info in klass_info.get("related_klass_infos", [])
    )


def plain_model(model: type[Model]) -> bool:
    """``Model.from_db`` makes it by ``Model.__init__`` setting each loaded field through
    a descriptor that only stores it (a foreign key's id on a new instance too)."""
    from_db: Any = model.from_db
    if (
        model.__init__ is not Model.__init__
        or from_db.__func__ is not cast(Any, Model).from_db.__func__
    ):
        return False
    return all(
        type(inspect.getattr_static(model, field.attname, None)) in _STORING
        for field in model._meta.concrete_fields
    )


_STORING = (DeferredAttribute, ForeignKeyDeferredAttribute)


def raw_rows(
    model: type[Model], sql: str, params: Sequence[Any], using: str = "default"
) -> list[Any]:
    """The rows of ``sql`` (selecting ``model``'s concrete columns in their order) as
    ``model.objects.raw(sql, params)`` makes them - each column converted as Django
    converts it, each instance made by ``from_db`` with the manager's fetch mode - without
    the work ``raw`` does on every run (the columns' names resolved, their converters
    worked out: 0.4 ms for the four rating rows a recorded match reads)."""
    connection = connections[using]
    names = [f.attname for f in cast(Any, model._meta).concrete_fields]
    converters, fetch_mode = _raw_converters(model, connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        fetched = cursor.fetchall()
    made: list[Any] = []
    peers: list[Any] = []
    for values in fetched:
        row = list(values)
        for position, (functions, expression) in converters:
            for function in functions:
                row[position] = function(row[position], expression, connection)
        instance = model.from_db(using, names, row, fetch_mode=fetch_mode)
        if fetch_mode.track_peers:
            peers.append(weakref.ref(instance))
            instance._state.peers = peers
        made.append(instance)
    return made


_RAW: weakref.WeakKeyDictionary[Any, dict[type[Model], tuple[list[Any], Any]]]
_RAW = weakref.WeakKeyDictionary()


def _raw_converters(model: type[Model], connection: Any) -> tuple[list[Any], Any]:
    """``model``'s columns' converters on ``connection`` (by position, as a raw query's
    compiler gives them) and its manager's fetch mode; worked out once."""
    known = _RAW.setdefault(connection, {})
    if model not in known:
        meta: Any = model._meta
        queryset: Any = model._default_manager.all()
        compiler = connection.ops.compiler("SQLCompiler")(
            queryset.query, connection, connection.alias
        )
        columns = [f.get_col(meta.db_table) for f in meta.concrete_fields]
        known[model] = (list(compiler.get_converters(columns).items()), queryset._fetch_mode)
    return known[model]
