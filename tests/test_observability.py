"""Observability (config/observability.py, config/metrics.py): one log line per request
and per task with a request id that follows a report into its post-game task; Sentry
only with SENTRY_DSN; Prometheus metrics at /metrics only with DUGOUT_METRICS."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import pytest
from celery import Celery
from celery.contrib.testing.worker import start_worker
from django.urls import reverse
from rest_framework.test import APIClient

import core.tasks
from config import observability
from config.observability import REQUEST_ID, json_formatter
from tests.conftest import TEST_REDIS_URL
from tests.factories import UserFactory
from tests.leagues.factories import SeasonFactory
from tests.matches.factories import kick_off, league_match

ROOT = Path(__file__).resolve().parents[1]
REQUEST_FIELDS = {"method", "path", "route", "status", "duration_ms", "user_id", "request_id"}


def records(caplog, logger: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == logger]


def as_json(record: logging.LogRecord) -> dict:
    """The record as the JSON handler writes it (one line, one object)."""
    observability.RequestIdFilter().filter(record)
    line = json_formatter().format(record)
    assert "\n" not in line
    return json.loads(line)


@pytest.fixture
def eager_tasks():
    """Tasks run in place, inside the request that queued them (the second CI pass has
    a REDIS_URL, which makes them go to a broker)."""
    from config.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


# --- logs -----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_403_is_logged_as_one_line_without_a_traceback(client, caplog):
    season = SeasonFactory()
    client.force_login(UserFactory())
    caplog.set_level(logging.WARNING, logger="django.request")
    url = reverse("season-manage", args=[season.pk])
    assert client.get(url).status_code == 403
    [record] = records(caplog, "django.request")
    assert record.levelno == logging.WARNING
    assert record.getMessage() == f"Forbidden (Permission denied): {url}"
    assert record.exc_info is None and record.exc_text is None
    assert "Traceback" not in caplog.text
    assert as_json(record)["message"] == f"Forbidden (Permission denied): {url}"
    assert "exc_info" not in as_json(record)


@pytest.mark.django_db
def test_a_500_is_still_logged_with_its_traceback(client, caplog, monkeypatch):
    client.raise_request_exception = False

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("core.pages.finders.find", broken)
    caplog.set_level(logging.WARNING, logger="django.request")
    assert client.get("/favicon.ico").status_code == 500
    [record] = records(caplog, "django.request")
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert "Traceback" in caplog.text and "RuntimeError: boom" in caplog.text


@pytest.mark.django_db
def test_one_json_line_per_request_with_the_clients_request_id(client, caplog):
    caplog.set_level(logging.INFO, logger="dugout")
    response = client.get("/healthz", HTTP_X_REQUEST_ID="probe-1234")
    assert response.headers["X-Request-ID"] == "probe-1234"
    [record] = records(caplog, "dugout.request")
    line = as_json(record)
    assert set(line) >= REQUEST_FIELDS
    assert line["request_id"] == "probe-1234"
    assert (line["method"], line["path"], line["route"], line["status"]) == (
        "GET",
        "/healthz",
        "healthz",
        200,
    )
    assert line["level"] == "INFO" and line["logger"] == "dugout.request" and line["time"]
    assert line["duration_ms"] >= 0 and line["user_id"] is None
    assert REQUEST_ID.get() is None  # nothing left behind for the next request


@pytest.mark.django_db
def test_a_missing_or_unsafe_request_id_is_replaced(client, caplog):
    caplog.set_level(logging.INFO, logger="dugout")
    made = client.get("/healthz").headers["X-Request-ID"]
    forged = client.get("/healthz", HTTP_X_REQUEST_ID='x" "level": "CRITICAL').headers
    assert len(made) == 32 and made.isalnum()
    assert forged["X-Request-ID"] != made and '"' not in forged["X-Request-ID"]
    assert [r.request_id for r in records(caplog, "dugout.request")] == [
        made,
        forged["X-Request-ID"],
    ]


@pytest.mark.django_db(transaction=True)  # on commit means inside the request, as in production
def test_a_reports_request_id_follows_it_into_its_post_game_task(caplog, eager_tasks):
    caplog.set_level(logging.INFO, logger="dugout")
    s = league_match()
    kick_off(s)
    api = APIClient()
    api.force_authenticate(s.home_coach)
    body = {
        "home_touchdowns": 1,
        "away_touchdowns": 0,
        "events": [{"kind": "touchdown", "player": s.players("home")[0].pk}],
    }
    response = api.post(
        f"/api/v1/matches/{s.match.pk}/report/",
        body,
        format="json",
        HTTP_X_REQUEST_ID="report-r1",
    )
    assert response.status_code == 201, response.json()
    # The post-game starts when the other coach confirms: his request's id follows it.
    other = APIClient()
    other.force_authenticate(s.away_coach)
    confirm = f"/api/v1/matches/{s.match.pk}/confirm/"
    assert other.post(confirm, HTTP_X_REQUEST_ID="confirm-r1").status_code == 200
    tasks = [as_json(r) for r in records(caplog, "dugout.task")]
    post_games = [t for t in tasks if t["task"] == "matches.apply_post_game"]
    assert post_games, tasks
    for line in post_games:
        assert line["request_id"] == "confirm-r1"
        assert line["state"] == "SUCCESS" and line["task_id"] and line["duration_ms"] >= 0
    requests = [as_json(r) for r in records(caplog, "dugout.request")]
    request = next(r for r in requests if r["request_id"] == "report-r1")
    assert request["request_id"] == "report-r1" and request["status"] == 201
    assert request["user_id"] == s.home_coach.pk
    # The URL pattern, never the path with its id (bounded metric labels).
    assert "report/" in request["route"] and "<pk>" in request["route"]


def test_the_request_id_travels_in_the_task_message_headers(caplog):
    """What a worker elsewhere sees: the header set at publish, read at prerun."""
    caplog.set_level(logging.INFO, logger="dugout")
    token = REQUEST_ID.set("req-77")
    try:
        headers: dict = {"id": "t-1"}
        observability._send_request_id(headers=headers)
    finally:
        REQUEST_ID.reset(token)
    assert headers["request_id"] == "req-77"
    task = SimpleNamespace(
        name="matches.apply_post_game",
        request=SimpleNamespace(request_id=headers["request_id"], is_eager=False, retries=0),
    )
    observability._task_started(task_id="t-1", task=task)
    logging.getLogger("matches.tasks").warning("inside the task")
    observability._task_finished(task_id="t-1", task=task, state="SUCCESS")
    inside = [r for r in caplog.records if r.name == "matches.tasks"]
    assert as_json(inside[0])["request_id"] == "req-77"
    assert as_json(records(caplog, "dugout.task")[0])["request_id"] == "req-77"
    assert REQUEST_ID.get() is None
    # A task no request queued (the sweep's) is known by its own id.
    bare = SimpleNamespace(name="matches.sweep_post_games", request=SimpleNamespace(retries=0))
    observability._task_started(task_id="t-2", task=bare)
    observability._task_finished(task_id="t-2", task=bare, state="SUCCESS")
    assert records(caplog, "dugout.task")[-1].request_id == "t-2"


@pytest.mark.redis
@pytest.mark.django_db  # the worker runs Django's system checks, which open a connection
def test_the_request_id_reaches_a_real_worker_through_redis():
    # The worker sets logging up again as it starts (caplog's handler goes): listen on
    # Dugout's task logger itself, once it has.
    seen: list[logging.LogRecord] = []
    listener = logging.Handler()
    listener.emit = seen.append  # type: ignore[method-assign]
    task_logger = logging.getLogger("dugout.task")
    app = Celery("dugout-observability-test")
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(
        broker_url=TEST_REDIS_URL, result_backend=TEST_REDIS_URL, task_always_eager=False
    )
    app.finalize()
    token = REQUEST_ID.set("through-redis")
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            task_logger.addHandler(listener)
            result = app.tasks[core.tasks.ping.name].delay()
            REQUEST_ID.set("another-request")
            assert result.get(timeout=20) == "pong"
            # Its line is written just after the result is stored: wait for it.
            deadline = time.monotonic() + 10
            while not any(r.task_id == result.id for r in seen) and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        REQUEST_ID.reset(token)
        task_logger.removeHandler(listener)
        from config.celery import app as project_app

        project_app.set_current()
        project_app.set_default()
    lines = [r for r in seen if r.task_id == result.id]
    assert [r.request_id for r in lines] == ["through-redis"]


def test_logs_are_human_in_the_embedded_mode_and_json_when_asked():
    from config.observability import logging_config

    human = logging_config(json_lines=False, level="WARNING")
    assert "format" in human["formatters"]["dugout"]
    json_lines = logging_config(json_lines=True, level="WARNING")
    assert json_lines["formatters"]["dugout"] == {"()": "config.observability.json_formatter"}
    assert json_lines["handlers"]["console"]["filters"] == ["request_id"]


# --- error tracking -------------------------------------------------------------


def test_sentry_is_not_initialised_without_a_dsn(settings):
    import sentry_sdk

    assert "SENTRY_DSN" not in os.environ and settings.SENTRY_DSN == ""
    assert not sentry_sdk.get_client().is_active()


def test_sentry_with_a_dsn_sends_no_personal_data():
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    with mock.patch("sentry_sdk.init") as init:
        observability.init_sentry(
            "http://public@127.0.0.1:9/1", environment="ci", traces_sample_rate=0.0
        )
    options = init.call_args.kwargs
    assert options["send_default_pii"] is False and options["dsn"].startswith("http://public@")
    kinds = {type(i) for i in options["integrations"]}
    assert {DjangoIntegration, CeleryIntegration} <= kinds


def test_settings_initialise_sentry_only_when_the_dsn_is_set():
    script = (
        "import django, sentry_sdk; django.setup(); "
        "client = sentry_sdk.get_client(); "
        "print(client.is_active(), client.options['send_default_pii'])"
    )
    env = {k: v for k, v in os.environ.items() if k != "SENTRY_DSN"}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    off = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    # A loopback DSN on the discard port: nothing is raised, so nothing is sent anywhere.
    env["SENTRY_DSN"] = "http://public@127.0.0.1:9/1"
    on = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert off.stdout.split() == ["False", "None"], off.stderr  # no client, no options
    assert on.stdout.split() == ["True", "False"], on.stderr


# --- metrics ----------------------------------------------------------------------


@pytest.mark.django_db
def test_metrics_are_off_by_default(client, settings):
    from config import metrics

    assert settings.DUGOUT_METRICS is False
    counted = metrics.REQUESTS.labels("GET", "healthz", "200")._value.get()
    client.get("/healthz")
    assert client.get("/metrics").status_code == 404
    assert metrics.REQUESTS.labels("GET", "healthz", "200")._value.get() == counted


@pytest.mark.django_db
def test_metrics_with_the_setting_count_requests_tasks_and_owed_post_games(
    client, settings, eager_tasks
):
    settings.DUGOUT_METRICS = True
    client.get("/healthz")
    client.get("/api/v1/rulesets/")
    assert core.tasks.ping.delay().get(timeout=5) == "pong"
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert 'dugout_http_requests_total{method="GET",route="healthz",status="200"}' in text
    assert 'dugout_http_request_duration_seconds_bucket{le="0.005",method="GET"' in text
    assert 'route="api/v1/rulesets/"' in text
    assert 'dugout_celery_tasks_total{state="SUCCESS",task="dugout.ping"}' in text
    assert "dugout_post_games_owed 0.0" in text


@pytest.mark.django_db
def test_metrics_token_when_set(client, settings):
    settings.DUGOUT_METRICS = True
    settings.DUGOUT_METRICS_TOKEN = "scrape-secret"
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 404
    answer = client.get("/metrics", HTTP_AUTHORIZATION="Bearer scrape-secret")
    assert answer.status_code == 200 and b"dugout_http_requests_total" in answer.content
