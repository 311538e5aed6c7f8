"""The planner's statistics of rows a bench wrote in its own transaction.

A bench builds its data in one transaction and rolls it back after; PostgreSQL's
autovacuum never sees those rows, so the planner works from the statistics of the
empty tables and joins thousands of rows by nested sequential scans (a correction
among 1,000 teams took over 15 minutes that way, its match lock 0.1-0.6 s a run). A
live site's tables are analysed by autovacuum as they grow: ``ANALYZE`` in the
transaction does the same for the bench (it samples the transaction's own new rows).
SQLite plans without such statistics: nothing to do there."""

from __future__ import annotations

from django.db import connection


def refresh_statistics() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
