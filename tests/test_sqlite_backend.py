"""config.sqlite: Django's SQLite backend with each statement's placeholders converted
once (issue 15). The conversion must be exactly Django's, the site must use it on
SQLite, and the memo must not grow without end."""

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper

from config.sqlite import base
from teams.models import Team

STATEMENTS = [
    "SELECT 1",
    "SELECT %s, %s FROM t WHERE a = %s",
    "SELECT * FROM t WHERE name LIKE %s ESCAPE '\\' AND x = '100%%'",
    "UPDATE t SET a = %s WHERE id IN (%s, %s, %s)",
    "SELECT '%%s' || %s",
]


@pytest.mark.parametrize("query", STATEMENTS)
def test_a_statement_is_converted_as_django_converts_it(query):
    expected = SQLiteCursorWrapper.convert_query(None, query)  # type: ignore[arg-type]
    assert base.converted(query) == expected
    assert base.converted(query) == expected  # the kept one too


def test_the_memo_starts_over_when_full(monkeypatch):
    monkeypatch.setattr(base, "_CONVERTED", {})
    monkeypatch.setattr(base, "_KEPT", 3)
    for n in range(10):
        assert base.converted(f"SELECT %s + {n}") == f"SELECT ? + {n}"
        assert len(base._CONVERTED) <= 3


@pytest.mark.django_db
def test_the_site_reads_and_writes_through_it_on_sqlite(settings):
    if connection.vendor != "sqlite":
        pytest.skip("this run is on PostgreSQL")
    assert settings.DATABASES["default"]["ENGINE"] == settings.SQLITE_ENGINE
    with connection.cursor() as cursor:
        assert isinstance(cursor.cursor, base.CursorWrapper)
        cursor.execute("SELECT %s || '%%'", ["100"])
        assert cursor.fetchone() == ("100%",)
    # A query with named parameters still goes through Django's own conversion.
    with connection.cursor() as cursor:
        cursor.execute("SELECT %(a)s + %(b)s", {"a": 2, "b": 3})
        assert cursor.fetchone() == (5,)
    assert Team.objects.filter(name__contains="%").count() == 0
