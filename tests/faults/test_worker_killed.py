"""kill -9 a real Celery worker with post-games in flight: none is lost, none is
applied twice.

A prefork worker (2 pool processes, prefetch 1, late acks) on a Redis database of
this test's own takes the post-games of REPORTS submitted reports, each held open
for HOLD_SECONDS inside its transaction. First one pool process is killed mid-task
(the worker puts its message back: reject_on_worker_lost), then the whole worker with
post-games in flight (their messages stay unacknowledged in Redis). A fresh worker
with Celery beat, sweeping every 2 s, must finish them all."""

from __future__ import annotations

import os
import signal

import pytest
import redis

from tests.conftest import TEST_REDIS_URL
from tests.faults import harness

REPORTS = 6
HOLD_SECONDS = 2
# A Redis database no other test uses, emptied before and after.
FAULT_DB = 13


def isolated_redis_url() -> str:
    base = TEST_REDIS_URL.rsplit("/", 1)[0] if TEST_REDIS_URL.count("/") > 2 else TEST_REDIS_URL
    return f"{base}/{FAULT_DB}"


def submitted_reports(count: int, monkeypatch) -> list[dict]:
    """Matches whose reports are saved with their post-games owed and not queued
    (the test queues them on its own broker)."""
    from django.contrib.auth import get_user_model

    from matches import services
    from matches.models import Match
    from matches.tasks import apply_post_game
    from tests.matches.factories import confirm

    monkeypatch.setattr(apply_post_game, "delay", lambda *args, **kwargs: None)
    plays = harness.matches_in_play(count)
    users = get_user_model().objects
    for play in plays:
        match = Match.objects.get(pk=play["match"])
        coach = users.get(auth_token__key=play["token"])
        services.submit_report(coach, match, **play["body"])
        confirm(match)  # the other coach confirms: the post-game is owed
    return plays


@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_killing_workers_mid_task_loses_no_post_game(tmp_path, monkeypatch):
    url = isolated_redis_url()
    store = redis.Redis.from_url(url)
    store.flushdb()
    figures = harness.Figures("worker kill -9")
    marks = tmp_path / "marks"
    marks.mkdir()
    workers = []
    try:
        plays = submitted_reports(REPORTS, monkeypatch)
        figures.reports_accepted = {play["match"] for play in plays}
        owed = harness.owed()
        assert len(owed) == REPORTS

        slow = harness.child_env(
            url, FAULT_HOLD_SECONDS=str(HOLD_SECONDS), FAULT_MARK_DIR=str(marks)
        )
        first = harness.start_worker(slow, tmp_path / "worker-1.log")
        workers.append(first)
        sender = harness.broker_app(url)
        for match_id, report_id in owed:
            sender.send_task("matches.apply_post_game", (match_id, report_id), ignore_result=True)

        # Fault 1: kill -9 one pool process while it holds a post-game open.
        mark = harness.wait_until(lambda: sorted(marks.iterdir()), 30, "a post-game in flight")[0]
        child = int(mark.name.split("-")[1])
        os.kill(child, signal.SIGKILL)
        figures.faults.append(f"kill -9 pool process {child} applying report {mark.name}")

        # The worker put that message back: the same report starts again in a new
        # pool process. Fault 2: then kill -9 the whole worker, post-games in flight.
        report = mark.name.split("-")[0]
        harness.wait_until(
            lambda: [m for m in marks.glob(f"{report}-*") if m != mark],
            40,
            "the killed pool process's post-game to be delivered again",
        )
        harness.kill_group(first)
        figures.faults.append("kill -9 the worker and its pool with post-games in flight")
        assert harness.owed(), "the kills left nothing owed: the test proved nothing"
        left_by_the_kills = len(harness.owed())

        # A fresh worker, fast, with Celery beat sweeping what the database says is owed.
        fast = harness.child_env(url, DUGOUT_POST_GAME_SWEEP_SECONDS="2")
        second = harness.start_worker(fast, tmp_path / "worker-2.log", beat=True)
        workers.append(second)
        harness.wait_until(lambda: not harness.owed(), 60, "every owed post-game applied")
        harness.stop(second)

        print(f"\n{figures.report()}; owed after the kills: {left_by_the_kills}; lost: 0")
        harness.assert_every_post_game_applied_once(figures.reports_accepted)
    except AssertionError as error:
        logs = "\n".join(harness.tail(p) for p in sorted(tmp_path.glob("worker-*")))
        raise AssertionError(f"{error}\n{figures.report()}\n{logs}") from None
    finally:
        for worker in workers:
            harness.kill_group(worker) if worker.poll() is None else None
        store.flushdb()
