"""The HTTP benchmark's own parts: percentiles and the two bounded load clients.

The full bench (gunicorn, a database, two pages) runs with ``make bench``.
"""

from __future__ import annotations

import shutil
from urllib.parse import urlsplit

import pytest

from bench import bench_http


def test_docstring_names_the_bench():
    assert bench_http.__doc__.splitlines()[0] == (
        "HTTP load: requests/s and p95 for standings, team sheet"
    )


def test_percentile_is_nearest_rank():
    values = [float(n) for n in range(1, 101)]
    assert bench_http.percentile(values, 50) == 50
    assert bench_http.percentile(values, 95) == 95
    assert bench_http.percentile(values, 100) == 100
    assert bench_http.percentile([7.0], 95) == 7
    assert bench_http.percentile([], 95) == 0


@pytest.fixture
def port(live_server):
    return urlsplit(live_server.url).port


@pytest.mark.django_db(transaction=True)
def test_python_client_stops_at_its_request_count(port):
    result = bench_http.python_load(port, "/", seconds=30, max_requests=12, connections=3)
    assert result.requests == 12 and result.errors == 0
    assert 0 < result.p50_ms <= result.p95_ms
    assert result.per_second > 0


@pytest.mark.django_db(transaction=True)
def test_python_client_stops_at_its_time_and_counts_errors(port):
    result = bench_http.python_load(
        port, "/no-such-page/", seconds=0.5, max_requests=1_000_000, connections=2
    )
    assert result.seconds < 5
    assert result.requests > 0 and result.errors == result.requests  # every answer a 404


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed")
@pytest.mark.django_db(transaction=True)
def test_wrk_reports_requests_and_percentiles(port):
    result = bench_http.wrk_load(f"http://127.0.0.1:{port}/", seconds=1, connections=2)
    assert result.tool == "wrk"
    assert result.requests > 0 and result.errors == 0
    assert 0 < result.p50_ms <= result.p95_ms
