"""Project-wide test set-up.

Service markers: a test marked ``redis`` or ``postgres`` needs that service.
Without it the test is skipped — except under CI (CI=true), where .ci/run has
started Redis for both runs, so a missing Redis is a failure; PostgreSQL tests
need the run to be configured for PostgreSQL (DATABASE_URL), and under CI a
DATABASE_URL that names PostgreSQL but cannot be reached fails.

Browser tests (marker ``browser``) drive Debian's chromium at CHROMIUM; they
are skipped without it, except under CI, where .ci/run installs it.

The API's throttles are off for the suite (``_unthrottled_api``): hundreds of
tests from one address in a minute are not abuse. tests/test_security.py turns
them back on with low rates.
"""

from __future__ import annotations

import os
import tempfile

import pytest

from config.env import redis_url_of_process

IN_CI = os.environ.get("CI", "").lower() == "true"
# The Redis database this test process uses (its own under pytest-xdist, as settings).
TEST_REDIS_URL = redis_url_of_process(os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0")
CHROMIUM = "/usr/bin/chromium"


def chromium_available() -> bool:
    return os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)


def redis_available(url: str = TEST_REDIS_URL) -> bool:
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
    except Exception:
        return False
    return True


def pytest_collection_modifyitems(config, items):
    redis_up: bool | None = None
    for item in items:
        if item.get_closest_marker("redis"):
            if redis_up is None:
                redis_up = redis_available()
            if not redis_up:
                if IN_CI:
                    item.add_marker(pytest.mark.usefixtures("_require_redis"))
                else:
                    item.add_marker(pytest.mark.skip(reason=f"no Redis at {TEST_REDIS_URL}"))
        if item.get_closest_marker("postgres"):
            from django.conf import settings

            if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
                item.add_marker(pytest.mark.skip(reason="this run is not on PostgreSQL"))
        if item.get_closest_marker("browser") and not chromium_available():
            if IN_CI:
                item.add_marker(pytest.mark.usefixtures("_require_chromium"))
            else:
                item.add_marker(pytest.mark.skip(reason=f"no browser at {CHROMIUM}"))


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """On SQLite the test database is a file in memory-backed storage (/dev/shm),
    one per test run, not Django's shared-cache in-memory database.

    The shared cache locks whole tables between connections and answers
    "database table is locked" at once, so a browser test whose live server
    answers two phones from two threads failed under load; a file in WAL mode,
    as in production (``config.settings``), lets readers and the writer overlap
    and queues writers for the busy timeout. The process id keeps parallel runs
    apart."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        return
    folder = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()
    database.setdefault("TEST", {})["NAME"] = os.path.join(
        folder, f"dugout-test-{os.getpid()}.sqlite3"
    )


@pytest.fixture
def _require_redis():
    pytest.fail(f"CI=true but no Redis answers at {TEST_REDIS_URL}: .ci/run must start it")


@pytest.fixture
def _require_chromium():
    pytest.fail(f"CI=true but there is no {CHROMIUM}: .ci/run must install chromium")


@pytest.fixture
def back_to_latest():
    """Leave the database at every app's last migration, whatever a data migration's
    test moved: later tests read every table as the models have them today."""
    from tests.migration_state import latest, migrate

    yield
    migrate(latest())


@pytest.fixture(autouse=True)
def _unthrottled_api(monkeypatch):
    # DRF's throttles read their rates once, at import, into this class attribute;
    # a rate of None lets every request through.
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": None, "user": None})


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    # Django's default hasher is slow by design; tests only need it to work.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_fragment_cache():
    # Rolled-back tests repeat ids, and a league or team a test made without the
    # services has no version yet: a page fragment or cached read of one test must
    # not reach the next.
    from django.core.cache import caches

    caches["template_fragments"].clear()


@pytest.fixture(autouse=True)
def _site_language_again():
    # A page read in another language leaves that language active in the thread (the
    # locale middleware activates it and nothing puts English back): the next test on
    # this worker must start in the site's language, as a new request would.
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def eager_celery():
    """The post-game task runs in the process that queues it (``tests.eager``)."""
    from tests.eager import eager_tasks

    with eager_tasks():
        yield
