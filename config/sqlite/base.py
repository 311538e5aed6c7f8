"""Django's SQLite backend, each statement's placeholders converted once.

Django writes SQL with ``%s`` placeholders; its SQLite cursor turns them into ``?`` with
a regular expression over the whole statement on every run (``convert_query``). The
site runs the same few hundred statements over and over, some of them kilobytes long
(the standings' upsert), so the conversion is kept by the statement's text (a recorded match
converted 66 statements, about 0.8 ms of its 40). Everything else is
Django's backend as it is (``connection.vendor`` is still ``"sqlite"``).
"""

from __future__ import annotations

from typing import Any

from django.db.backends.sqlite3 import base

# Statements converted so far, by their text. Bounded: a site builds statements from a
# fixed set of shapes, but ``IN (%s, ...)`` lists of every length are shapes too, so
# the memo starts over rather than grow without end.
_CONVERTED: dict[str, str] = {}
_KEPT = 2_000


def converted(query: str) -> str:
    """``query`` with SQLite's placeholders: what Django's ``convert_query`` gives."""
    found = _CONVERTED.get(query)
    if found is None:
        found = base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")
        if len(_CONVERTED) >= _KEPT:
            _CONVERTED.clear()
        _CONVERTED[query] = found
    return found


class CursorWrapper(base.SQLiteCursorWrapper):
    def convert_query(self, query: str, *, param_names: Any = None) -> str:
        if param_names is None:
            return converted(query)
        return super().convert_query(query, param_names=param_names)


class DatabaseWrapper(base.DatabaseWrapper):
    def create_cursor(self, name: Any = None) -> Any:
        return self.connection.cursor(factory=CursorWrapper)
