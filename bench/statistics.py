"""The planner's statistics of the rows the bench has just written.

The bench writes thousands of rows into a database made a moment before; PostgreSQL's
autovacuum has not analysed them yet, so the planner works from the statistics of
empty tables and joins the rows by nested sequential scans. A live site's tables are
analysed by autovacuum as they grow: ``ANALYZE`` after the bench's writes does the
same. SQLite plans without such statistics: nothing to do there."""

from __future__ import annotations

from django.db import connection


def refresh_statistics() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
