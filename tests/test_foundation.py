"""The site frame, health check, settings from the environment and Celery."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from celery import Celery
from celery.contrib.testing.worker import start_worker
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import OperationalError
from django.urls import reverse

from core import tasks
from tests.conftest import TEST_REDIS_URL

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_home_page_renders_site_frame(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Dugout</h1>" in html
    assert 'name="viewport"' in html  # phone-friendly
    assert "Content-Security-Policy" in response.headers
    assert "'self'" in response.headers["Content-Security-Policy"]


@pytest.mark.django_db
def test_login_page_renders_and_logs_in(client):
    get_user_model().objects.create_user("coach", password="s3cret-pass")
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert "<h1>Log in</h1>" in response.content.decode()

    bad = client.post(reverse("login"), {"username": "coach", "password": "wrong"})
    assert bad.status_code == 200
    assert "enter a correct username and password" in bad.content.decode()

    good = client.post(reverse("login"), {"username": "coach", "password": "s3cret-pass"})
    assert good.status_code == 302
    assert "Log out coach" in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
def test_healthz_ok(client, settings):
    response = client.get("/healthz")
    assert response.status_code == 200
    expected_broker = "ok" if settings.REDIS_URL else "eager"
    assert response.json() == {"status": "ok", "database": "ok", "broker": expected_broker}


@pytest.mark.django_db
def test_healthz_degraded_but_serving_when_broker_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 200  # pages and the API still answer
    assert response.json() == {"status": "degraded", "database": "ok", "broker": "degraded"}


@pytest.mark.django_db
def test_healthz_503_when_database_is_down(client, monkeypatch):
    from django.db import connection

    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "down"
    assert response.json()["status"] == "down"
    assert int(response.headers["Retry-After"]) > 0


def test_celery_task_runs_eagerly_without_a_broker(settings):
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        assert app.tasks[tasks.ping.name].delay().get(timeout=5) == "pong"
    finally:
        app.conf.task_always_eager = previous


@pytest.mark.redis
@pytest.mark.django_db  # the worker runs Django's system checks, which open a connection
def test_celery_task_runs_through_a_real_worker_on_redis():
    # A fresh app with the project's Celery settings, pointed at Redis.
    app = Celery("dugout-test")
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(
        broker_url=TEST_REDIS_URL, result_backend=TEST_REDIS_URL, task_always_eager=False
    )
    app.finalize()
    assert "dugout.ping" in app.tasks
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            result = app.tasks["dugout.ping"].delay()
            assert result.get(timeout=20) == "pong"
    finally:
        # The worker made the test app the current one; give it back to the project's.
        from config.celery import app as project_app

        project_app.set_current()
        project_app.set_default()


@pytest.mark.postgres
@pytest.mark.django_db
def test_runs_on_postgresql_when_configured():
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert "PostgreSQL" in cursor.fetchone()[0]


@pytest.mark.django_db
def test_load_demo_is_idempotent():
    from django.apps import apps

    call_command("load_demo", stdout=io.StringIO())
    counts = {m._meta.label: m.objects.count() for m in apps.get_models()}
    assert counts["auth.User"] >= 3
    call_command("load_demo", stdout=io.StringIO())
    assert {m._meta.label: m.objects.count() for m in apps.get_models()} == counts


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.pop("DATABASE_URL", None)
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION_ENV = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "x7Lq-3vN9pKzR2mW8sYtB4cF6hJ1dG5aE0uIoPlMnQrStUvWxYz-production",
    "DJANGO_ALLOWED_HOSTS": "dugout.example.org",
}


def test_check_deploy_is_clean_with_production_settings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_start_up_fails_clearly_without_secret_key_when_debug_is_off():
    env = dict(PRODUCTION_ENV)
    del env["DJANGO_SECRET_KEY"]
    result = run_manage("check", **env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_rules_engine_never_imports_django():
    code = (
        "import importlib, pkgutil, sys; import rules_engine\n"
        "for m in pkgutil.walk_packages(rules_engine.__path__, 'rules_engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n == 'django' or n.startswith('django.'))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "rules_engine").rglob("*.py")
        if any(
            line.lstrip().startswith(("import django", "from django"))
            for line in path.read_text().splitlines()
        )
    ]
    assert offenders == []
