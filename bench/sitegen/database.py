"""The generated site's database: made afresh on request, migrated before a build."""

from __future__ import annotations

import os
from urllib.parse import unquote, urlparse

import psycopg
from django.core.management import call_command
from psycopg import sql

KEPT = {"postgres", "template0", "template1", "dugout"}  # never dropped by --fresh


def recreate(url: str) -> None:
    """Drop and create the database of ``url`` (SQLite: remove the file). Refuses the
    server's own databases and the shared development one."""
    parts = urlparse(url)
    if parts.scheme.startswith("sqlite"):
        path = unquote(parts.path)
        path = path[1:] if path.startswith("//") else path
        if path and os.path.exists(path):
            os.remove(path)
        return
    if not parts.scheme.startswith("postgres"):
        raise SystemExit("--fresh needs a postgres:// or sqlite:/// DATABASE_URL")
    name = parts.path.lstrip("/")
    if not name or name in KEPT:
        raise SystemExit(f"--fresh will not drop the database {name!r}: name one of your own")
    server = parts._replace(path="/postgres").geturl()
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def migrate() -> None:
    call_command("migrate", verbosity=0, interactive=False)
