"""New rows the services make by the dozen a match, for their inserts:
``new_row`` is ``model(**values)`` without ``Model.__init__``'s generic keyword loop;
``saved_keys`` gives the related rows by their keys."""

from __future__ import annotations

import functools
from typing import Any, cast

from django.db.models import ForeignObjectRel, Model
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init

from leagues.prepared import plain_model


def new_row(model: type[Model], **values: Any) -> Any:
    """``model(**values)``, a new row not saved: each field given by its attribute name
    stored as it is, a related object given by the field's name set through its
    descriptor (as Django sets it), every other field its default (Django's
    ``__init__`` looks each field up in the keywords by an exception). Django's own
    ``__init__`` for a model with an ``__init__`` of its own, a ``pre_init`` or
    ``post_init`` receiver, a descriptor that does more than store, a keyword that is
    not a field, or a relation given both ways."""
    plan = _row_plan(model)
    if (
        plan is None
        or not values.keys() <= plan[1]
        or any(name in values and attname in values for name, attname, _ in plan[2])
        or pre_init.has_listeners(model)
        or post_init.has_listeners(model)
    ):
        return model(**values)
    obj = model.__new__(model)
    obj._state = ModelState()
    stored = obj.__dict__
    for name, attname, field in plan[0]:
        if name != attname and name in values:  # a related object, by the field's name
            setattr(obj, name, values[name])
        elif attname in values:
            stored[attname] = values[attname]
        else:
            stored[attname] = field.get_default()
    return obj


@functools.cache
def _row_plan(model: type[Model]) -> Any:
    """(the (name, attribute name, field) of each field ``__init__`` sets, the keywords
    it takes, those of them that are relations), or None where ``new_row`` leaves the
    row to Django."""
    if not plain_model(model):
        return None
    fields = [
        (f.name, f.attname, f)
        for f in cast(Any, model._meta).fields
        if f.column is not None and not getattr(f, "generated", False)
    ]
    relations = [row for row in fields if row[0] != row[1]]
    if any(not isinstance(f.remote_field, ForeignObjectRel) for _, _, f in relations):
        return None
    keywords = frozenset(name for row in fields for name in row[:2])
    return fields, keywords, relations


def saved_keys(**related: Model | None) -> dict[str, Any]:
    """``related`` (foreign key name -> object) as the keyword arguments of a new row, for
    keys to the related rows' primary keys: a saved object (or None) by its key
    (``match_id=...``: the row then holds the key without the object cached, as a row
    read holds it), an unsaved one as the object itself (the row's save refuses it, as
    Django's)."""
    keys: dict[str, Any] = {}
    for name, obj in related.items():
        if obj is not None and obj.pk is None:
            keys[name] = obj
        else:
            keys[f"{name}_id"] = None if obj is None else obj.pk
    return keys
