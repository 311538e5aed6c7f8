"""``Model.save`` of a row that exists, its UPDATE written once per model and fields
: Django builds and compiles an UpdateQuery on every save, which costs more
than the database's own work for the match, report and fixture rows the services save
several times per match.

``save_fields(instance, fields)`` does what ``instance.save(update_fields=fields)``
does (``fields=None``: every concrete field but the key, as a plain ``save()`` of a
row that exists): the ``pre_save`` and ``post_save`` signals, each field's
``pre_save`` (``auto_now``), its value prepared for the database as the update's
compiler prepares it; when no row was updated, ``save()`` itself runs (it then
raises, or inserts, as Django would).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, cast

from django.db import connections, router
from django.db.models import Field, Model
from django.db.models.signals import post_save, pre_save


def save_fields(instance: Model, fields: Iterable[str] | None = None) -> None:
    model = type(instance)
    using = instance._state.db or router.db_for_write(model, instance=instance)
    names = tuple(fields) if fields is not None else None
    plan = _plan(model, names)
    deferred = names is None and instance.get_deferred_fields()  # save() saves those loaded
    if plan is None or deferred or instance._state.adding or instance.pk is None:
        instance.save(update_fields=names)
        return
    sql, concrete = plan
    held = instance.__dict__
    if any(hasattr(held.get(f.attname), "resolve_expression") for f in concrete):
        instance.save(update_fields=names)  # an F() or other expression: Django compiles it
        return
    update_fields = frozenset(names) if names is not None else None
    prepare_related(instance, "save")
    pre_save.send(
        sender=model, instance=instance, raw=False, using=using, update_fields=update_fields
    )
    connection = connections[using]
    plain = _plain_fields(model)
    params = [_db_value(field, instance, False, plain, connection) for field in concrete]
    with connection.cursor() as cursor:
        cursor.execute(sql[connection.vendor], [*params, instance.pk])
        updated = cursor.rowcount
    if updated != 1:  # not there (any more): Django's own save decides
        instance.save(update_fields=names)
        return
    instance._state.db, instance._state.adding = using, False
    announce_saved(instance, created=False, update_fields=update_fields)


def create_row(instance: Model) -> Model:
    """``Model.objects.create(...)`` of ``instance``, a new row: what
    ``save(force_insert=True)`` does (the ``pre_save`` signal, each field's ``pre_save``
    with ``add``: ``auto_now_add``; the key set; ``post_save`` with ``created``), the
    INSERT written once per model (``insert_rows``). Django's own save for a model with
    a ``save`` of its own or a parent's table."""
    model = type(instance)
    if model.save is not Model.save or cast(Any, model._meta).parents:
        instance.save(force_insert=True)
        return instance
    using = router.db_for_write(model, instance=instance)
    pre_save.send(sender=model, instance=instance, raw=False, using=using, update_fields=None)
    insert_rows([instance])
    announce_saved(instance, created=True)
    return instance


def announce_saved(
    instance: Model, *, created: bool, update_fields: frozenset[str] | None = None
) -> None:
    """``post_save`` as ``Model.save`` sends it (the notifications listen), for a row
    written by a statement of our own (``save_fields``, an insert)."""
    post_save.send(
        sender=type(instance),
        instance=instance,
        created=created,
        update_fields=update_fields,
        raw=False,
        using=instance._state.db,
    )


@functools.cache
def _plan(model: type[Model], names: tuple[str, ...] | None) -> Any:
    """({vendor: UPDATE sql}, the fields), or None where a field needs more than
    ``%s`` (a placeholder of its own, a generated or a primary key field) or the model
    has a ``save`` of its own (``Season``'s fills its ruleset): that one must run."""
    if model.save is not Model.save:
        return None
    meta: Any = model._meta
    wanted = set(names) if names is not None else None
    concrete = [
        f
        for f in meta.concrete_fields
        if not f.primary_key and (wanted is None or f.name in wanted or f.attname in wanted)
    ]
    if meta.parents or (wanted is not None and len(concrete) != len(wanted)):
        return None  # a parent's table, or a name that is not a concrete field: Django's
    if any(getattr(f, "generated", False) or hasattr(f, "get_placeholder_sql") for f in concrete):
        return None
    sql = {}
    for vendor, alias in _vendors().items():
        quote = connections[alias].ops.quote_name
        sets = ", ".join(f"{quote(f.column)} = %s" for f in concrete)
        sql[vendor] = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"
    return sql, concrete


def _vendors() -> dict[str, str]:
    return {connections[alias].vendor: alias for alias in connections}


def insert_rows(objs: list[Any], *, ignore_conflicts: bool = False) -> list[Any]:
    """``Model.objects.bulk_create(objs, ignore_conflicts=...)`` of new rows of one model,
    its INSERT written once per model, number of rows and conflict handling: each
    field's value prepared as the insert's compiler prepares it (``pre_save`` with
    ``add``: ``auto_now_add``), the keys set from ``RETURNING`` (not when conflicts are
    ignored, as Django's), every object marked saved. Django's own ``bulk_create``
    where that does not fit (a key already set, a value that is an expression, more
    parameters than the database takes in one statement)."""
    if not objs:
        return objs
    model: type[Model] = type(objs[0])
    alias = router.db_for_write(model)
    connection = connections[alias]
    plan = _insert_plan(model, connection.vendor, len(objs), ignore_conflicts)
    if plan is None or any(obj.pk is not None or type(obj) is not model for obj in objs):
        return _bulk_create(model, objs, ignore_conflicts)
    sql, fields, returning, by_column = plan
    params = _insert_params(objs, fields, connection, "bulk_create")
    if params is None:
        return _bulk_create(model, objs, ignore_conflicts)
    if by_column:  # one array a column (``_insert_plan``)
        width = len(fields)
        params = [params[column::width] for column in range(width)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        keys = cursor.fetchall() if returning else None
    if keys is not None:
        for obj, (key,) in zip(objs, keys, strict=True):
            obj.pk = key
    for obj in objs:
        obj._state.adding, obj._state.db = False, alias
    return objs


def prepare_related(instance: Model, operation: str) -> None:
    """``Model._prepare_related_fields_for_save`` (an unsaved related object refused, a
    related object saved since its assignment taken by its key), run only where it has
    something to do: a related object cached that is unsaved, or whose key the row does
    not hold (yet); a model with generic relations. Django's loop over every field costs
    more than the rows' own preparation."""
    relations, generic = _relations(type(instance))
    cache = instance._state.fields_cache
    if generic or any(
        name in cache and not _holds(instance, cache[name], attname, target)
        for name, attname, target in relations
    ):
        cast(Any, instance)._prepare_related_fields_for_save(operation_name=operation)


def _holds(instance: Model, related: Any, attname: str, target: str) -> bool:
    """The row holds the saved ``related`` object's key (what Django's check leaves as
    it is); an empty cache entry (None) too."""
    if not related:
        return True
    key = instance.__dict__.get(attname)
    return related._is_pk_set() and key is not None and getattr(related, target) == key


@functools.cache
def _relations(model: type[Model]) -> tuple[tuple[tuple[str, str, str], ...], bool]:
    """(cache name, attribute name, related key's attribute name) of each relation field,
    and whether the model has generic relations (private fields)."""
    meta: Any = model._meta
    relations = tuple(
        (f.cache_name, f.attname, f.target_field.attname)
        for f in meta.concrete_fields
        if f.is_relation
    )
    return relations, any(f.is_relation for f in meta.private_fields)


def _insert_params(
    objs: list[Any], fields: list[Any], connection: Any, operation: str
) -> list[Any] | None:
    """The INSERT's parameters for ``objs`` (None: a value is an expression, Django's
    insert must compile it)."""
    model: type[Model] = type(objs[0])
    plain = _plain_fields(model)
    params: list[Any] = []
    for obj in objs:
        prepare_related(obj, operation)
        for field in fields:
            value = _db_value(field, obj, True, plain, connection)
            if hasattr(value, "resolve_expression"):
                return None
            params.append(value)
    return params


def _db_value(field: Any, obj: Model, add: bool, plain: dict[str, type], connection: Any) -> Any:
    """The parameter Django's save sends for ``field`` of ``obj`` (its ``pre_save``, then
    ``get_db_prep_save``); a plain value of a plain field (``_plain_fields``) as it is,
    what that preparation gives it back; an expression as it is, for Django to compile."""
    kind = plain.get(field.attname)
    value = getattr(obj, field.attname) if kind else field.pre_save(obj, add)
    if kind and (type(value) is kind or value is None):
        return value
    if hasattr(value, "resolve_expression"):
        return value
    return field.get_db_prep_save(value, connection)


def insert_unless_taken(obj: Model) -> bool:
    """Insert the new row ``obj`` unless one of its unique constraints refuses it (False:
    another row holds its place, nothing written): one ``INSERT ... ON CONFLICT DO
    NOTHING RETURNING`` its key, written once per model, no savepoint, so the
    caller's transaction stays usable either way; Django's own insert
    (``QuerySet._insert``, what save and bulk_create insert through) where that does not
    fit. No signal is sent (the caller announces the row)."""
    model = type(obj)
    meta: Any = model._meta
    alias = router.db_for_write(model)
    connection = connections[alias]
    plan = _insert_plan(model, connection.vendor, 1, True, returning=True)
    params = None
    if plan is not None and obj.pk is None and list(meta.db_returning_fields) == [meta.pk]:
        params = _insert_params([obj], plan[1], connection, "save")
    if params is None:
        from django.db.models.constants import OnConflict

        fields = [f for f in meta.concrete_fields if not f.generated and f is not meta.auto_field]
        rows = model._base_manager.using(alias)._insert(  # type: ignore[attr-defined]
            [obj],
            fields=fields,
            returning_fields=meta.db_returning_fields,
            on_conflict=OnConflict.IGNORE,
        )
        if not rows:
            return False
        for value, field in zip(rows[0], meta.db_returning_fields, strict=True):
            setattr(obj, field.attname, value)
    else:
        with connection.cursor() as cursor:
            cursor.execute(plan[0], params)
            found = cursor.fetchall()
        if not found:
            return False
        obj.pk = found[0][0]
    obj._state.adding, obj._state.db = False, alias
    return True


@functools.cache
def _plain_fields(model: type[Model]) -> dict[str, type]:
    """The fields whose value of the given type goes to the database as it is (Django's
    preparation of an int for an integer column, a string for a text column, a bool
    for a boolean column gives it back unchanged), by attribute name: a foreign key by
    an integer key too. The others (dates, JSON, decimals...) are prepared as Django's."""
    found: dict[str, type] = {}
    for field in cast(Any, model._meta).concrete_fields:
        target = field.target_field if field.is_relation else field
        if not all(type(f).__module__.startswith("django.db.models.") for f in (field, target)):
            continue  # a field class of our own may prepare its values otherwise
        kind = target.get_internal_type()
        if field.is_relation and kind in ("AutoField", "BigAutoField"):
            found[field.attname] = int
        elif kind in _PLAIN_KINDS and type(field).pre_save is Field.pre_save:
            found[field.attname] = _PLAIN_KINDS[kind]
    return found


_PLAIN_KINDS: dict[str, type] = {
    **dict.fromkeys(
        (
            "IntegerField",
            "BigIntegerField",
            "SmallIntegerField",
            "PositiveIntegerField",
            "PositiveBigIntegerField",
            "PositiveSmallIntegerField",
        ),
        int,
    ),
    **dict.fromkeys(("CharField", "SlugField", "TextField"), str),
    "BooleanField": bool,
    "FloatField": float,
}


def _bulk_create(model: type[Model], objs: list[Any], ignore_conflicts: bool) -> list[Any]:
    manager: Any = model._default_manager
    return list(manager.bulk_create(objs, ignore_conflicts=ignore_conflicts))


@functools.cache
def _insert_plan(
    model: type[Model], vendor: str, count: int, ignore: bool, returning: bool = False
) -> Any:
    """(the INSERT, its fields, whether it returns the keys, whether its parameters are
    one array a column), or None. Conflicts ignored, the keys are returned only when
    asked (``returning``: of the rows inserted)."""
    from django.db.models.constants import OnConflict

    meta: Any = model._meta
    connection = connections[_vendors()[vendor]]
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    limit = connection.features.max_query_params
    if (
        meta.parents
        or not meta.pk.get_internal_type().endswith("AutoField")
        or any(getattr(f, "generated", False) or hasattr(f, "get_placeholder_sql") for f in fields)
        or (limit is not None and len(fields) * count > limit)
        or not connection.features.can_return_rows_from_bulk_insert
    ):
        return None
    ops, quote = connection.ops, connection.ops.quote_name
    on_conflict = OnConflict.IGNORE if ignore else None
    into = (
        f"{ops.insert_statement(on_conflict=on_conflict)} {quote(meta.db_table)} "
        f"({', '.join(quote(f.column) for f in fields)})"
    )
    arrays = _unnest_types(connection, fields) if count > 1 else None
    if arrays is not None:
        # PostgreSQL: the rows as one array a column, as Django's own bulk_create sends
        # them there. The statement is the same whatever the number of rows, so psycopg
        # converts it once (it converts every statement of more than 50 parameters
        # again, 2-5 ms for a match's 22 rows of stats) and the server can keep its plan.
        columns = ", ".join(f"(%s)::{kind}[]" for kind in arrays)
        sql = f"{into} SELECT * FROM UNNEST({columns})"
    else:
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        sql = f"{into} VALUES {', '.join([row] * count)}"
    keys = f"RETURNING {quote(meta.db_table)}.{quote(meta.pk.column)}"
    by_column = arrays is not None
    if ignore:
        suffix = ops.on_conflict_suffix_sql(fields, on_conflict, None, None)
        sql = f"{sql} {suffix}".rstrip()
        if not returning:
            return (sql, fields, False, by_column)
    return (f"{sql} {keys}", fields, True, by_column)


def _unnest_types(connection: Any, fields: list[Any]) -> list[str] | None:
    """Each field's array element type for ``INSERT ... SELECT * FROM UNNEST`` on
    PostgreSQL, where Django's own bulk insert takes that form (its compiler's checks:
    a field with a placeholder of its own, or of a type not in the backend's list, is
    sent by VALUES); None elsewhere."""
    if connection.vendor != "postgresql":
        return None
    kinds = []
    for field in fields:
        target = field.target_field if field.is_relation else field
        if hasattr(field, "get_placeholder_sql") or (
            target.get_internal_type() not in connection.data_types
        ):
            return None
        # Without a length or precision: no value cut short (varchar[], not varchar(50)[]).
        kinds.append(field.db_type(connection).split("(")[0])
    return kinds


def update_rows(objs: list[Any], fields: list[str]) -> None:
    """``Model.objects.bulk_update(objs, fields)`` of a few rows of one model in one
    statement, written once per model, fields and number of rows: each column set by a
    ``CASE`` on the key (cast to its type where the database needs it, as Django's),
    the values as the objects hold them (no ``pre_save``, no signals, as Django's)."""
    if not objs:
        return
    model: type[Model] = type(objs[0])
    connection = connections[router.db_for_write(model)]
    plan = _update_plan(model, connection.vendor, len(objs), tuple(fields))
    if plan is None or any(obj.pk is None or type(obj) is not model for obj in objs):
        manager: Any = model._default_manager
        manager.bulk_update(objs, fields)
        return
    sql, concrete = plan
    params: list[Any] = []
    for field in concrete:
        for obj in objs:
            value = getattr(obj, field.attname)
            if hasattr(value, "resolve_expression"):
                manager = model._default_manager
                manager.bulk_update(objs, fields)
                return
            params += [obj.pk, field.get_db_prep_save(value, connection)]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *(obj.pk for obj in objs)])


@functools.cache
def _update_plan(model: type[Model], vendor: str, count: int, names: tuple[str, ...]) -> Any:
    meta: Any = model._meta
    connection = connections[_vendors()[vendor]]
    concrete = [meta.get_field(name) for name in names]
    if (
        meta.parents
        or any(not f.concrete or f.primary_key or getattr(f, "generated", False) for f in concrete)
        or any(hasattr(f, "get_placeholder_sql") for f in concrete)
    ):
        return None
    quote = connection.ops.quote_name
    table, pk = quote(meta.db_table), quote(meta.pk.column)
    sets = []
    for field in concrete:
        case = "CASE " + " ".join([f"WHEN {table}.{pk} = %s THEN %s"] * count) + " END"
        if connection.features.requires_casted_case_in_updates:
            case = f"CAST({case} AS {field.cast_db_type(connection)})"
        sets.append(f"{quote(field.column)} = {case}")
    marks = ", ".join(["%s"] * count)
    return f"UPDATE {table} SET {', '.join(sets)} WHERE {table}.{pk} IN ({marks})", concrete
