"""Post-games of these seasons are applied through the Celery task in-process (eager),
even when REDIS_URL points the project's app at a broker."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    yield
