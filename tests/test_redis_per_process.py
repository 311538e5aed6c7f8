"""Each pytest-xdist test process has its own Redis database, as it has its own test
database: a test that empties its cache (a FLUSHDB) or reads its queue never touches
the other process's. Outside pytest-xdist the URL is used as given."""

from __future__ import annotations

import pytest

from config.env import redis_url_of_process


@pytest.mark.parametrize(
    ("worker", "url", "expected"),
    [
        ("", "redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
        ("gw0", "redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/1"),
        ("gw1", "redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/2"),
        ("gw1", "redis://:secret@cache.internal:6380/4", "redis://:secret@cache.internal:6380/6"),
        ("gw0", "redis://127.0.0.1:6379", "redis://127.0.0.1:6379/1"),
        ("gw0", "", ""),
        ("master", "redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
    ],
)
def test_a_test_process_takes_its_own_redis_database(monkeypatch, worker, url, expected):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    assert redis_url_of_process(url) == expected
