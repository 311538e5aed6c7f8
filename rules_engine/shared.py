"""Plain data shared between results: a ``dict`` and a ``list`` nobody can change.

A post-game lists, for every player who can afford one, the advancements on offer as
rows of plain data. Players alike are offered the same rows, so the rows are made once
per option set and shared by every choice that offers them - which is safe only if
nobody changes them.
``SharedDict`` and ``SharedList`` are a ``dict`` and a ``list`` in every way a reader
sees (equality, ``repr``, JSON, iteration, ``isinstance``) but refuse every change, so a
caller that wants to change one copies it first (``dict(row)``, ``list(rows)``); a copy
made by ``copy``, ``copy.deepcopy`` or ``pickle`` is a plain, changeable one.
"""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(data: object) -> NoReturn:
    raise TypeError(
        f"{type(data).__name__} is shared by other results and cannot change: copy it first"
    )


class SharedDict(dict[str, Any]):
    """A ``dict`` that refuses every change (see the module)."""

    __slots__ = ()

    def __setitem__(self, key: str, value: Any) -> None:
        _refuse(self)

    def __delitem__(self, key: str) -> None:
        _refuse(self)

    def __ior__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse(self)

    def clear(self) -> None:
        _refuse(self)

    def pop(self, *args: Any) -> Any:
        _refuse(self)

    def popitem(self) -> tuple[str, Any]:
        _refuse(self)

    def setdefault(self, *args: Any) -> Any:
        _refuse(self)

    def update(self, *args: Any, **kwargs: Any) -> None:
        _refuse(self)

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return dict, (dict(self),)


class SharedList(list[Any]):
    """A ``list`` that refuses every change (see the module)."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> None:
        _refuse(self)

    def __delitem__(self, index: Any) -> None:
        _refuse(self)

    def __iadd__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse(self)

    def __imul__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse(self)

    def append(self, item: Any) -> None:
        _refuse(self)

    def extend(self, items: Any) -> None:
        _refuse(self)

    def insert(self, index: Any, item: Any) -> None:
        _refuse(self)

    def pop(self, index: Any = -1) -> Any:
        _refuse(self)

    def remove(self, item: Any) -> None:
        _refuse(self)

    def clear(self) -> None:
        _refuse(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        _refuse(self)

    def reverse(self) -> None:
        _refuse(self)

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        return list, (list(self),)
