"""Frozen pictures made fast: the engine's results are frozen dataclasses, and a frozen
dataclass's ``__init__`` sets each field through ``object.__setattr__``, which costs
more than the rest of a post-game's bookkeeping for a player.

``frozen(cls, values)`` makes the same instance from a dict of its fields without
running ``__init__``: for plain frozen dataclasses only (no ``__post_init__``, no
``init=False`` field, no default left to fill), with ``values`` naming every field in
the order the class declares them (``vars()`` of the instance keeps that order, as
``__init__`` would). Equality, hashing and ``repr`` read the fields, so the instance
cannot be told from one ``__init__`` made.
"""

from __future__ import annotations

from typing import Any

_new = object.__new__
_set = object.__setattr__
# ``frozen`` written out where a call more counts (the hottest loops):
# ``instance = new_object(cls); object_setattr(instance, "__dict__", values)``.
new_object = _new
object_setattr = _set


def frozen[T](cls: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``cls`` whose fields are ``values`` (the dict
    becomes the instance's own: do not use it afterwards)."""
    instance: T = _new(cls)
    _set(instance, "__dict__", values)
    return instance
