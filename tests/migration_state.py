"""Moving the test database through the migrations for a data migration's test (the
``back_to_latest`` fixture in tests/conftest.py moves it back)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: list[tuple[str, str]]) -> Any:
    """Migrate to ``targets``; the historical apps at that state."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest() -> list[tuple[str, str]]:
    """Every app's last migration."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    return list(executor.loader.graph.leaf_nodes())
