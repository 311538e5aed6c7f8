"""Moved to ``config.backup`` (a package: it reads every app). This re-export stays
for tests/teams/test_audit.py, which imports ``_upgrade`` and ``export_league`` here."""

from config.backup.export import export_league
from config.backup.importer import _upgrade

__all__ = ["_upgrade", "export_league"]
