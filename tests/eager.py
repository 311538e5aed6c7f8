"""Post-game tasks run where they are queued: a test that plays a match through the
services reads its applied post-game at once, whether or not REDIS_URL points the app
at a broker (the PostgreSQL pass), as the embedded mode does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def eager_tasks() -> Iterator[None]:
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = previous
