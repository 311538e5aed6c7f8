"""The project's Celery worker, for the fault tests: ``python -m tests.faults.slow_worker
worker ...``. With FAULT_HOLD_SECONDS set, every post-game holds its transaction open
that long once its application row is written (so a test can kill the worker with
post-games truly in flight: their effects half-made, uncommitted); with FAULT_MARK_DIR
set, each such start leaves a file named ``<report id>-<pid>`` there."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.db.models.signals import post_save  # noqa: E402

from config.celery import app  # noqa: E402
from matches.models import PostGameApplication  # noqa: E402

HOLD_SECONDS = float(os.environ.get("FAULT_HOLD_SECONDS", "0") or 0)
MARK_DIR = os.environ.get("FAULT_MARK_DIR", "")


def hold(sender, instance, created, **kwargs) -> None:
    if not created:
        return
    if MARK_DIR:
        Path(MARK_DIR, f"{instance.report_id}-{os.getpid()}").touch()
    time.sleep(HOLD_SECONDS)


if HOLD_SECONDS or MARK_DIR:
    post_save.connect(hold, sender=PostGameApplication, weak=False)

if __name__ == "__main__":
    app.worker_main(sys.argv[1:])
