"""Insight tests run the play-off odds task in-process (eager), even when REDIS_URL
points the project's Celery app at a broker (the PostgreSQL + Redis CI run)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _eager_celery():
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous
