"""Restart PostgreSQL under a bounded load of requests, over real HTTP (gunicorn, a
Celery worker with beat, a redis-server of this test's own).

Four clients read pages and the API and submit REPORTS reports (each with its
Idempotency-Key, sent again after a 503) for LOAD_SECONDS; meanwhile PostgreSQL is
stopped for OUTAGE_SECONDS and started again (pg_ctlcluster: CI runs as root). Every
answer is a 2xx or the documented 503 (Retry-After, no traceback); the app serves
again by itself; every accepted report's post-game is applied once; treasuries equal
ledgers. PostgreSQL is always started again before the test returns."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time

import pytest
from django.db import connection

from tests.conftest import IN_CI
from tests.faults import harness

REPORTS = 8
CLIENTS = 4
LOAD_SECONDS = 10
OUTAGE_SECONDS = 2
READS = ["/api/v1/leagues/", "/api/v1/rulesets/", "/leagues/", "/teams/", "/healthz"]


def local_cluster() -> tuple[str, str] | None:
    """(version, name) of the pg_ctlcluster cluster serving this run's database, when
    this process may restart it (root, on loopback)."""
    settings = connection.settings_dict
    if settings["HOST"] not in {"127.0.0.1", "localhost", "::1"}:
        return None
    if shutil.which("pg_ctlcluster") is None or os.geteuid() != 0:
        return None
    port = str(settings["PORT"] or 5432)
    listing = subprocess.run(["pg_lsclusters", "-h"], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        version, name, cluster_port, *_ = line.split()
        if cluster_port == port:
            return version, name
    return None


def pg_ctl(cluster: tuple[str, str], action: str) -> None:
    command = ["pg_ctlcluster", *cluster, action]
    if action == "stop":
        command += ["-m", "fast"]
    subprocess.run(command, check=False, capture_output=True, timeout=60)


def pg_ready() -> bool:
    result = subprocess.run(["pg_isready", "-h", "127.0.0.1", "-q"], check=False, timeout=10)
    return result.returncode == 0


@pytest.mark.serial  # every other test's connections go down with the server
@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_restart_under_load_answers_503_and_loses_nothing(tmp_path):
    cluster = local_cluster()
    if cluster is None:
        message = "needs root and pg_ctlcluster for the database's local cluster"
        if IN_CI:
            pytest.fail(f"CI=true: {message}")
        pytest.skip(message)
    redis_server = harness.RedisServer(tmp_path)
    figures = harness.Figures("PostgreSQL restart")
    server = worker = None
    try:
        redis_server.start()
        plays = harness.matches_in_play(REPORTS)
        env = harness.server_env(redis_server.url)
        harness.collect_static(env)
        server, port = harness.start_gunicorn(env, tmp_path / "gunicorn.log")
        worker_env = harness.child_env(redis_server.url, DUGOUT_POST_GAME_SWEEP_SECONDS="2")
        worker = harness.start_worker(worker_env, tmp_path / "worker.log", beat=True)

        lock = threading.Lock()
        waiting = list(plays)
        deadline = time.monotonic() + LOAD_SECONDS

        def client(number: int) -> None:
            turn = 0
            while time.monotonic() < deadline:
                turn += 1
                with lock:
                    play = waiting.pop(0) if waiting and turn % 3 == 0 else None
                try:
                    if play is not None:
                        answer = harness.post_report(port, play, f"report-{play['match']}")
                    else:
                        path = READS[(number + turn) % len(READS)]
                        answer = harness.request(port, "GET", path, timeout=30)
                except OSError:
                    with lock:
                        figures.connection_errors += 1
                        if play is not None:
                            waiting.append(play)
                    continue
                with lock:
                    figures.record(answer)
                    if play is not None:
                        if answer.status in (200, 201):
                            figures.reports_accepted.add(play["match"])
                        else:
                            waiting.append(play)  # sent again with its Idempotency-Key
                time.sleep(0.02)

        threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for thread in threads:
            thread.start()
        time.sleep(LOAD_SECONDS / 4)
        pg_ctl(cluster, "stop")
        figures.faults.append(f"PostgreSQL {'/'.join(cluster)} stopped for {OUTAGE_SECONDS} s")
        time.sleep(OUTAGE_SECONDS)
        pg_ctl(cluster, "start")
        harness.wait_until(pg_ready, 30, "PostgreSQL to accept connections")
        restarted = time.monotonic()
        for thread in threads:
            thread.join(timeout=LOAD_SECONDS + 60)
        connection.close()  # this process's connection died with the server

        # The app serves again by itself (health-checked connections).
        healthy = harness.wait_until(
            lambda: harness.request(port, "GET", "/healthz").status == 200, 20, "/healthz 200"
        )
        recovered_in = time.monotonic() - restarted
        # Reports the outage refused, sent again (same key: never a second report).
        for play in waiting:
            answer = figures.record(harness.post_report(port, play, f"report-{play['match']}"))
            assert answer.status in (200, 201), (answer.status, answer.body[:300])
            figures.reports_accepted.add(play["match"])
        assert healthy and len(figures.reports_accepted) == REPORTS
        harness.confirm_reports(figures.reports_accepted)  # those the outage kept unconfirmed
        harness.wait_until(lambda: not harness.owed(), 60, "every post-game applied")

        unavailable = sum(1 for a in figures.answers if a.status == 503)
        print(
            f"\n{figures.report()}; 503 answers: {unavailable}; serving again "
            f"{recovered_in:.1f} s after PostgreSQL was back; lost: 0"
        )
        assert unavailable > 0, "no request met the outage: the test proved nothing"
        harness.assert_no_5xx_but_the_documented_503(figures.answers)
        assert figures.connection_errors == 0
        harness.assert_every_post_game_applied_once(figures.reports_accepted)
    except AssertionError as error:
        logs = "\n".join(harness.tail(p) for p in sorted(tmp_path.glob("*.log")))
        raise AssertionError(f"{error}\n{figures.report()}\n{logs}") from None
    finally:
        if not pg_ready():
            pg_ctl(cluster, "start")
            harness.wait_until(pg_ready, 30, "PostgreSQL to accept connections")
        connection.close()
        harness.stop(worker)
        harness.stop(server)
        redis_server.stop()
