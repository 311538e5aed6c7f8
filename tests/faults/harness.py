"""What the fault tests run for real: a Redis server of their own, Celery workers and
gunicorn as child processes on 127.0.0.1, against the test database (PostgreSQL: the
children must see the rows the test commits), and the checks every test ends with.

Every child gets its own process group, so a test can kill -9 a whole worker and
always cleans up what it started."""

from __future__ import annotations

import contextlib
import functools
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import connection
from django.db.models import Count, Sum

from bench import processes
from bench.processes import HOST, free_port

ROOT = Path(__file__).resolve().parents[2]
# A timeout is a failed check: the tests add their figures and logs to AssertionErrors.
wait_until = functools.partial(processes.wait_until, every=0.2, error=AssertionError)


def database_url_of_this_run() -> str:
    """The URL of the database this test run uses (pytest-django's test database)."""
    s = connection.settings_dict
    where = f"{s['HOST'] or HOST}:{s['PORT'] or 5432}"
    return f"postgres://{s['USER']}:{s['PASSWORD']}@{where}/{s['NAME']}"


def child_env(redis_url: str, **extra: str) -> dict[str, str]:
    # A child takes the URLs given as they are (no pytest-xdist process's own Redis).
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST_XDIST_"))}
    env.update(
        DATABASE_URL=database_url_of_this_run(),
        REDIS_URL=redis_url,
        DJANGO_SETTINGS_MODULE="config.settings",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def stop(process: subprocess.Popen | None, timeout: float = 15) -> None:
    """Stop a child and its process group: SIGTERM (a worker's warm shutdown), then
    SIGKILL."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(process)
    except ProcessLookupError:
        pass


def kill_group(process: subprocess.Popen) -> None:
    """kill -9 the child and everything it started (a worker's pool processes)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# --- Redis --------------------------------------------------------------------


class RedisServer:
    """A redis-server of the test's own on a free loopback port, without persistence
    (a restart loses every queued message, as the probe found)."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed (.ci/run installs it)"
        self.process = subprocess.Popen(
            [
                binary,
                "--bind",
                HOST,
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_until(self.ping, 10, f"redis-server on port {self.port}")

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping())
        except redis.exceptions.RedisError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            kill_group(self.process)  # no shutdown save: what was queued is gone
            self.process = None


# --- Celery workers -----------------------------------------------------------


def start_worker(
    env: dict[str, str], log: Path, *, concurrency: int = 2, beat: bool = False
) -> subprocess.Popen:
    """A prefork worker (tests/faults/slow_worker.py) on env's REDIS_URL; with
    ``beat`` Celery beat inside it runs the post-game sweep. Returns once ready."""
    command = [
        sys.executable, "-m", "tests.faults.slow_worker", "worker",
        "--loglevel", "info", "--pool", "prefork", "--concurrency", str(concurrency),
        "--hostname", f"faults-{os.getpid()}-{time.monotonic_ns()}@%h",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
        "--logfile", str(log),
    ]  # fmt: skip
    if beat:
        command += ["--beat", "--schedule", str(log.with_suffix(".beat"))]
    with open(log.with_suffix(".err"), "w") as errors:  # the child keeps its own copy
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=errors,
        )  # fmt: skip

    def ready() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"worker exited: {tail(log)}\n{tail(log.with_suffix('.err'))}")
        return " ready." in (log.read_text(errors="replace") if log.exists() else "")

    wait_until(ready, 60, f"the Celery worker (log {log})")
    return process


def broker_app(redis_url: str):
    """A Celery app of the test's own that only sends to ``redis_url``."""
    from celery import Celery

    app = Celery("dugout-faults", set_as_current=False)
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(broker_url=redis_url, result_backend=redis_url, task_always_eager=False)
    return app


# --- gunicorn -----------------------------------------------------------------

SECRET = "faults-only-" + os.urandom(16).hex()


def server_env(redis_url: str) -> dict[str, str]:
    return child_env(
        redis_url,
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=SECRET,
        DJANGO_ALLOWED_HOSTS=HOST,
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_CONN_MAX_AGE="60",
    )


def collect_static(env: dict[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


def start_gunicorn(
    env: dict[str, str], log: Path, workers: int = 2
) -> tuple[subprocess.Popen, int]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", str(workers),
         "--bind", f"{HOST}:{port}", "--timeout", "30", "--graceful-timeout", "5",
         "--log-level", "warning", "--error-logfile", str(log)],
        cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip

    def up() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"gunicorn exited: {tail(log)}")
        try:
            return request(port, "GET", "/healthz", timeout=2).status > 0
        except OSError:
            return False

    wait_until(up, 30, "gunicorn")
    return process, port


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict[str, str]
    path: str
    seconds: float

    def json(self) -> Any:
        return json.loads(self.body)


def request(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> Answer:
    started = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        sent = {"Content-Type": "application/json"} if data is not None else {}
        conn.request(method, path, body=data, headers={**sent, **(headers or {})})
        response = conn.getresponse()
        return Answer(
            response.status,
            response.read(),
            {k.lower(): v for k, v in response.getheaders()},
            path,
            time.monotonic() - started,
        )
    finally:
        conn.close()


def post_report(port: int, play: dict[str, Any], key: str) -> Answer:
    """The home coach's report over HTTP, then the other coach's confirmation (the
    post-game starts on it), as in tests/faults/test_worker_killed.py."""
    answer = request(
        port,
        "POST",
        play["path"],
        play["body"],
        {"Authorization": f"Token {play['token']}", "Idempotency-Key": key},
    )
    if 200 <= answer.status < 300:
        # The database may be down: the test calls confirm_reports again once it is back.
        with contextlib.suppress(Exception):
            confirm_reports([play["match"]])
    return answer


def confirm_reports(match_ids: Any) -> None:
    """The other coach confirms each submitted report still waiting for him."""
    from matches.models import Match
    from tests.matches.factories import confirm

    for match in Match.objects.filter(pk__in=list(match_ids), status=Match.Status.CONFIRMING):
        confirm(match)


# --- the data and the checks --------------------------------------------------


def matches_in_play(count: int) -> list[dict[str, Any]]:
    """``count`` (at least 2) matches kicked off, each between two teams of its own, with the
    home coach's API token and a report to POST (bench/site.py's set-up)."""
    from bench.site import matches_in_play as kicked_off

    plays = kicked_off(f"faults-{time.monotonic_ns()}", count)
    for play in plays:
        play["match"] = int(play["path"].rstrip("/").split("/")[-2])
    return plays


@dataclass
class Figures:
    """What a fault test did and found, printed and checked at its end."""

    name: str
    reports_accepted: set[int] = field(default_factory=set)  # match ids answered 2xx
    faults: list[str] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    connection_errors: int = 0

    def record(self, answer: Answer) -> Answer:
        self.answers.append(answer)
        return answer

    def report(self) -> str:
        from matches.models import PostGameApplication

        applied = PostGameApplication.objects.filter(match_id__in=self.reports_accepted)
        statuses: dict[int, int] = {}
        for answer in self.answers:
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
        return (
            f"[{self.name}] reports accepted: {len(self.reports_accepted)}; faults injected: "
            f"{len(self.faults)} ({'; '.join(self.faults)}); post-games applied: "
            f"{applied.values('report').distinct().count()}; "
            f"answers by status: {dict(sorted(statuses.items()))}; "
            f"connection errors: {self.connection_errors}"
        )


def owed() -> list[tuple[int, int]]:
    from matches.services.postgame.sequence import owed_post_games

    return owed_post_games()


def assert_every_post_game_applied_once(match_ids: Iterable[int]) -> None:
    """Every accepted report (the current one of each match) has its post-game
    applied, none twice, nothing is owed, and every team's treasury is its ledger."""
    from matches.models import PostGameApplication, Report
    from teams.models import Team

    match_ids = set(match_ids)
    assert owed() == [], f"post-games still owed: {owed()}"
    reports = Report.objects.filter(match_id__in=match_ids, is_current=True)
    assert reports.count() == len(match_ids), "an accepted report is missing"
    applications = PostGameApplication.objects.filter(report__in=reports)
    group = ["report_id"] + (
        ["phase"] if any(f.name == "phase" for f in PostGameApplication._meta.fields) else []
    )
    twice = applications.values(*group).annotate(n=Count("id")).filter(n__gt=1)
    assert list(twice) == [], f"applied more than once: {list(twice)}"
    assert set(applications.values_list("report_id", flat=True)) == set(
        reports.values_list("pk", flat=True)
    ), "a report's post-game was never applied"
    wrong = [
        (team.pk, team.treasury, team.ledger)
        for team in Team.objects.annotate(ledger=Sum("ledger_entries__amount"))
        if team.treasury != (team.ledger or 0)
    ]
    assert wrong == [], f"treasury differs from the ledger: {wrong}"


def assert_no_5xx_but_the_documented_503(answers: Iterable[Answer]) -> None:
    for answer in answers:
        assert answer.status < 500 or answer.status == 503, (
            answer.path,
            answer.status,
            answer.body[:500],
        )
        if answer.status == 503 and answer.path != "/healthz":
            assert int(answer.headers["retry-after"]) > 0, answer.headers
            assert b"Traceback" not in answer.body
            if answer.path.startswith("/api/"):
                assert "detail" in answer.json()
            else:
                assert b"Back in a moment" in answer.body
