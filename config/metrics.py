"""Prometheus metrics, behind ``DUGOUT_METRICS`` (off: ``/metrics`` is a 404 and
nothing is counted).

- ``dugout_http_requests_total{method,route,status}`` and
  ``dugout_http_request_duration_seconds{method,route}``: every answer, counted by
  config.observability's middleware (route = the URL pattern, never the raw path);
  errors are ``status=~"5.."``.
- ``dugout_celery_tasks_total{task,state}`` and ``dugout_celery_task_duration_seconds{task}``:
  every task run (SUCCESS, RETRY, FAILURE), where it ran.
- ``dugout_celery_queue_length{queue}``: messages waiting in Redis, and the gauges of
  the collectors ``DUGOUT_METRICS_COLLECTORS`` names (the apps' own, such as the
  post-games the database says are owed); all read at scrape time.

Several processes (gunicorn workers, Celery pool processes): with
``PROMETHEUS_MULTIPROC_DIR`` set (an empty directory shared by every process of the
host, set before they start) each process writes its counters there and ``/metrics``
adds them up (prometheus_client's multiprocess mode); without it each process
answers with its own numbers only, which is right for one process (the embedded mode,
or eager tasks).
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Iterator

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.crypto import constant_time_compare
from django.utils.module_loading import import_string
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric

logger = logging.getLogger(__name__)

METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
# A page or an API call answers in milliseconds; a report with many events in a second.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
TASK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 90)
CELERY_QUEUE = "celery"  # Celery's default queue: every task of Dugout goes there

REQUESTS = Counter(
    "dugout_http_requests_total", "HTTP requests answered", ["method", "route", "status"]
)
REQUEST_SECONDS = Histogram(
    "dugout_http_request_duration_seconds",
    "Time to answer an HTTP request",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
)
TASKS = Counter("dugout_celery_tasks_total", "Celery task runs by end state", ["task", "state"])
TASK_SECONDS = Histogram(
    "dugout_celery_task_duration_seconds", "Time a Celery task ran", ["task"], buckets=TASK_BUCKETS
)


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    method = method if method in METHODS else "other"
    REQUESTS.labels(method, route, str(status)).inc()
    REQUEST_SECONDS.labels(method, route).observe(seconds)


def observe_task(task: str, state: str, seconds: float) -> None:
    TASKS.labels(task, state).inc()
    TASK_SECONDS.labels(task).observe(seconds)


class QueueCollector:
    """Read at scrape time from the broker; a scrape while it is down leaves the gauge
    out rather than failing."""

    def describe(self) -> list[Metric]:
        return []  # no broker call when registered

    def collect(self) -> Iterator[Metric]:
        length = queue_length()
        if length is not None:
            gauge = GaugeMetricFamily(
                "dugout_celery_queue_length", "Messages waiting in the broker", labels=["queue"]
            )
            gauge.add_metric([CELERY_QUEUE], length)
            yield gauge


def queue_length() -> int | None:
    """Messages waiting in Redis's Celery queue; None in the embedded mode (eager) or
    while Redis does not answer."""
    if not settings.REDIS_URL:
        return None
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        return int(client.llen(CELERY_QUEUE))
    except redis.RedisError as error:
        logger.warning("metrics: queue length unreadable (%s)", error)
        return None


@functools.cache
def scraped_registry() -> CollectorRegistry:
    """The gauges read at scrape time: the broker's queue and the apps' collectors,
    named by dotted path in settings so that config imports no app."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(QueueCollector())
    for path in settings.DUGOUT_METRICS_COLLECTORS:
        registry.register(import_string(path)())
    return registry


def process_registry() -> CollectorRegistry:
    """This process's counters, or every process's with PROMETHEUS_MULTIPROC_DIR."""
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return REGISTRY
    from prometheus_client import multiprocess

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    return registry


def metrics(request: HttpRequest) -> HttpResponse:
    """GET /metrics in Prometheus's text format; a 404 unless DUGOUT_METRICS is on,
    and with DUGOUT_METRICS_TOKEN set, only for ``Authorization: Bearer <token>``."""
    if not settings.DUGOUT_METRICS:
        raise Http404
    token = settings.DUGOUT_METRICS_TOKEN
    if token and not constant_time_compare(
        request.headers.get("Authorization", ""), f"Bearer {token}"
    ):
        raise Http404
    body = generate_latest(process_registry()) + generate_latest(scraped_registry())
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)
