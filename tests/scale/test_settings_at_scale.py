"""The settings a deployment of several servers sets (config/settings.py), read as a
server process reads them: from its environment at start-up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRIMARY = "postgres://dugout:secret@db.internal:5432/dugout"
REPLICA = "postgres://dugout:secret@replica.internal:5432/dugout"
SHOW = """
import json
from django.conf import settings
print(json.dumps({
    "databases": {
        alias: {
            "host": db["HOST"],
            "cursors_off": db.get("DISABLE_SERVER_SIDE_CURSORS", False),
            "mirror": db.get("TEST", {}).get("MIRROR"),
        }
        for alias, db in settings.DATABASES.items()
    },
    "replica": settings.DUGOUT_READ_REPLICA,
    "pin": settings.DATABASE_REPLICA_PIN_SECONDS,
    "sessions": settings.SESSION_ENGINE,
    "storage": settings.STORAGES["default"],
}))
"""


def settings_with(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DJANGO_"))}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", **env)
    code = "import django; django.setup()\n" + SHOW
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def shown(**env: str) -> dict:
    result = settings_with(**env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_replica_and_a_transaction_pooler_together():
    found = shown(
        DATABASE_URL=PRIMARY,
        DATABASE_REPLICA_URL=REPLICA,
        DATABASE_POOLER="transaction",
        DATABASE_REPLICA_PIN_SECONDS="4",
        DJANGO_MEDIA_STORAGE="django.core.files.storage.FileSystemStorage",
        DJANGO_MEDIA_STORAGE_OPTIONS='{"location": "/srv/dugout/media"}',
    )
    assert found["databases"] == {
        "default": {"host": "db.internal", "cursors_off": True, "mirror": None},
        "replica": {"host": "replica.internal", "cursors_off": True, "mirror": "default"},
    }
    assert found["replica"] == "replica"
    assert found["pin"] == 4
    assert found["sessions"] == "django.contrib.sessions.backends.db"
    assert found["storage"] == {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": "/srv/dugout/media"},
    }


def test_without_them_one_database_keeps_its_cursors():
    found = shown(DATABASE_URL=PRIMARY)
    assert found["databases"] == {
        "default": {"host": "db.internal", "cursors_off": False, "mirror": None}
    }
    assert found["replica"] == ""


def test_a_wrong_value_stops_the_start_naming_the_variable():
    for env, named in (
        ({"DATABASE_POOLER": "statement"}, "DATABASE_POOLER"),
        ({"DATABASE_REPLICA_PIN_SECONDS": "soon"}, "DATABASE_REPLICA_PIN_SECONDS"),
        ({"DJANGO_MEDIA_STORAGE_OPTIONS": "{location"}, "DJANGO_MEDIA_STORAGE_OPTIONS"),
        ({"DJANGO_MEDIA_STORAGE_OPTIONS": "[1]"}, "DJANGO_MEDIA_STORAGE_OPTIONS"),
    ):
        result = settings_with(**env)
        assert result.returncode != 0
        assert "ImproperlyConfigured" in result.stderr and named in result.stderr, env
