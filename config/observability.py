"""Observability: a request id, one log line per request and per Celery task, and
Sentry when ``SENTRY_DSN`` is set. Metrics are config/metrics.py; the request
middleware is core/observability.py.

The request id is the thread of a report's life: the request that submits it gets one
(the client's ``X-Request-ID`` when it sends a sane one, else a new one), every log
line of that request carries it, the response echoes it, and a task queued during the
request (the post-game, queued on commit) takes it along in its Celery message
headers, so the worker's lines about that post-game carry it too. A task queued by no
request (the sweep's) carries its own task id instead.

Log lines are JSON (python-json-logger) when ``DUGOUT_LOG_JSON`` is on, which is the
default with DEBUG off; the embedded mode keeps human-readable lines. Celery workers
write through the handlers Celery sets up (``--logfile`` too), given the same
formatter and request-id filter.
"""

from __future__ import annotations

import contextvars
import logging
import re
import threading
import time
from typing import Any

from celery import signals

from config import metrics

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
REQUEST_ID_HEADER = "X-Request-ID"
# The Celery message header that carries it (protocol 2 puts it on task.request).
TASK_HEADER = "request_id"
# A client's id is kept only when it cannot forge log fields or grow without bound.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")

request_logger = logging.getLogger("dugout.request")
task_logger = logging.getLogger("dugout.task")

JSON_FORMATTER = "pythonjsonlogger.json.JsonFormatter"
HUMAN_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def current_request_id() -> str | None:
    return REQUEST_ID.get()


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every record (None outside a request or task)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = REQUEST_ID.get()
        return True


def json_formatter() -> logging.Formatter:
    from pythonjsonlogger.json import JsonFormatter

    return JsonFormatter(
        "%(levelname)s %(name)s %(message)s",
        rename_fields={"levelname": "level", "name": "logger"},
        timestamp="time",
    )


def logging_config(*, json_lines: bool, level: str) -> dict[str, Any]:
    """settings.LOGGING: one console handler (stderr), JSON or human lines; Dugout's
    own request and task lines at INFO, everything else at ``level``."""
    formatter: dict[str, Any] = (
        {"()": "config.observability.json_formatter"} if json_lines else {"format": HUMAN_FORMAT}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "config.observability.RequestIdFilter"}},
        "formatters": {"dugout": formatter},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "dugout",
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "dugout": {"level": "INFO"},
            # Through the one handler above, not also Django's own DEBUG-only console
            # (which would print the same warning twice, and not as JSON).
            "django": {"handlers": [], "level": level, "propagate": True},
        },
    }


# --- Celery tasks ---------------------------------------------------------------

# task id -> (the context token to restore, when it started); one entry per task running.
_running: dict[str, tuple[contextvars.Token[str | None], float]] = {}
_running_lock = threading.Lock()


@signals.before_task_publish.connect
def _send_request_id(headers: dict[str, Any] | None = None, **_: Any) -> None:
    """A task queued during a request (or a task) takes its request id along."""
    request_id = REQUEST_ID.get()
    if request_id and headers is not None:
        headers.setdefault(TASK_HEADER, request_id)


@signals.task_prerun.connect
def _task_started(task_id: str | None = None, task: Any = None, **_: Any) -> None:
    request = getattr(task, "request", None)
    request_id = getattr(request, TASK_HEADER, None)
    if not request_id and getattr(request, "is_eager", False):
        request_id = REQUEST_ID.get()  # run in place, inside the request that queued it
    token = REQUEST_ID.set(request_id or task_id)
    with _running_lock:
        _running[str(task_id)] = (token, time.perf_counter())


@signals.task_postrun.connect
def _task_finished(
    task_id: str | None = None, task: Any = None, state: str | None = None, **_: Any
) -> None:
    """One ``dugout.task`` line per task run (a retry is a run that ends in RETRY)."""
    from django.conf import settings

    with _running_lock:
        token, started = _running.pop(str(task_id), (None, time.perf_counter()))
    seconds = time.perf_counter() - started
    name = getattr(task, "name", "?")
    state = state or "UNKNOWN"
    request = getattr(task, "request", None)
    task_logger.log(
        logging.ERROR if state == "FAILURE" else logging.INFO,
        "task %s %s",
        name,
        state,
        extra={
            "task": name,
            "task_id": task_id,
            "state": state,
            "retries": getattr(request, "retries", 0) or 0,
            "duration_ms": round(seconds * 1000, 1),
        },
    )
    if settings.DUGOUT_METRICS:
        metrics.observe_task(name, state, seconds)
    if token is not None:
        try:
            REQUEST_ID.reset(token)
        except ValueError:  # set in another context (a pool that moved the task): leave it
            REQUEST_ID.set(None)


def _format_worker_handlers(logger: logging.Logger | None = None, **_: Any) -> None:
    """Celery sets up a worker's own handlers (console or --logfile): give them
    Dugout's request-id filter and, with DUGOUT_LOG_JSON, its JSON lines."""
    from django.conf import settings

    if logger is None:
        return
    for handler in logger.handlers:
        handler.addFilter(RequestIdFilter())
        if settings.DUGOUT_LOG_JSON:
            handler.setFormatter(json_formatter())


signals.after_setup_logger.connect(_format_worker_handlers, weak=False)
signals.after_setup_task_logger.connect(_format_worker_handlers, weak=False)


# --- Sentry ---------------------------------------------------------------------


def init_sentry(dsn: str, *, environment: str | None, traces_sample_rate: float) -> None:
    """Error tracking, only ever called with a DSN (settings.py): Django and Celery
    errors go to Sentry, without personal data (no user names, addresses, cookies or
    bodies)."""
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        traces_sample_rate=traces_sample_rate,
    )
