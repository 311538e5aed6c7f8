"""Rows per table, before and after a build, and the rate they were written at."""

from __future__ import annotations

from django.apps import apps
from django.db import connection

from leagues.models import League

APPS = ("auth", "core", "leagues", "teams", "matches")


def tables() -> list[str]:
    found = []
    for model in apps.get_models(include_auto_created=True):
        if model._meta.app_label in APPS and not model._meta.proxy:
            found.append(model._meta.db_table)
    return sorted(set(found) & set(connection.introspection.table_names()))


def row_counts() -> dict[str, int]:
    quote = connection.ops.quote_name
    counts = {}
    with connection.cursor() as cursor:
        for table in tables():
            cursor.execute(f"SELECT COUNT(*) FROM {quote(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


def print_rows(before: dict[str, int], after: dict[str, int], seconds: float | None) -> None:
    """Each table's new rows (all its rows without ``before``), their total, and the
    rows written per second."""
    total = 0
    for table, count in after.items():
        added = count - before.get(table, 0)
        if added:
            print(f"  {table:<36} {added:>12,}")
            total += added
    if seconds:
        print(f"  {'rows':<36} {total:>12,}  in {seconds:.1f} s: {total / seconds:,.0f} rows/s")
    else:
        print(f"  {'rows':<36} {total:>12,}")


def generated_leagues() -> int:
    return League.objects.filter(name__startswith="Sitegen League ").count()
