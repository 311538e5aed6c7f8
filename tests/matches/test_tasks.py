"""The post-game task is idempotent (eager, and through a real worker on Redis),
and a report submitted twice at once makes one report (PostgreSQL, two threads)."""

from __future__ import annotations

import threading

import pytest
from celery import Celery
from celery.contrib.testing.worker import start_worker
from django.db import connection

import matches.tasks  # noqa: F401  (registers the task with every Celery app)
from matches import services
from matches.models import AppliedEffect, PlayerMatchStats, PostGameApplication, Report
from matches.services.postgame import sequence as postgame
from matches.services.report import submission
from teams.models import TreasuryEntry
from tests.conftest import TEST_REDIS_URL
from tests.factories import assert_treasury_is_ledger
from tests.matches.factories import (
    POST_GAME_SEED,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)


def _reported(monkeypatch):
    """A match whose complete post-game is not applied yet (nothing queued)."""
    monkeypatch.setattr(postgame, "queue_application", lambda match, report: None)
    s = league_match()
    kick_off(s)
    h, a = s.players("home"), s.players("away")
    submission = submit_and_confirm(
        s.home_coach,
        s.match,
        home_touchdowns=1,
        away_touchdowns=0,
        events=[
            event("touchdown", h[0]),
            event("casualty", h[1], victim=a[0].pk),
            event("injury", a[0], injury="seriously_hurt"),
        ],
        seed=POST_GAME_SEED,
    )
    assert not submission.report.post_game_complete  # step 4 waits for both coaches
    for coach in (s.home_coach, s.away_coach):
        services.submit_post_game_choices(coach, s.match)
    submission.report.refresh_from_db()
    assert submission.report.post_game_complete
    assert not PostGameApplication.objects.exists()
    return s, submission.report


def _effects() -> tuple[int, int, int, int]:
    return (
        PostGameApplication.objects.count(),
        AppliedEffect.objects.count(),
        PlayerMatchStats.objects.count(),
        TreasuryEntry.objects.filter(match__isnull=False).count(),
    )


@pytest.mark.django_db
def test_the_task_twice_applies_once(monkeypatch):
    s, report = _reported(monkeypatch)
    first = matches.tasks.apply_post_game.delay(s.match.pk, report.pk).get()
    after_first = _effects()
    second = matches.tasks.apply_post_game.delay(s.match.pk, report.pk).get()
    assert first == second == PostGameApplication.objects.get(phase="final").pk
    assert _effects() == after_first and after_first[0] == 2  # results, then the rest
    s.refresh()
    assert_treasury_is_ledger(s.home)
    assert_treasury_is_ledger(s.away)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)  # the worker thread must see committed rows
@pytest.mark.filterwarnings("ignore:Call to deprecated setex:DeprecationWarning")  # celery's
def test_the_task_through_a_real_worker_on_redis_twice(monkeypatch):
    s, report = _reported(monkeypatch)
    app = Celery("dugout-matches-test")
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(
        broker_url=TEST_REDIS_URL, result_backend=TEST_REDIS_URL, task_always_eager=False
    )
    app.finalize()
    assert "matches.apply_post_game" in app.tasks
    task = app.tasks["matches.apply_post_game"]
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            first = task.delay(s.match.pk, report.pk).get(timeout=30)
            after_first = _effects()
            second = task.delay(s.match.pk, report.pk).get(timeout=30)
    finally:
        from config.celery import app as project_app

        project_app.set_current()
        project_app.set_default()
    assert first == second == PostGameApplication.objects.get(report=report, phase="final").pk
    assert _effects() == after_first and after_first[0] == 2
    s.refresh()
    assert_treasury_is_ledger(s.home)
    assert_treasury_is_ledger(s.away)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_same_report_from_two_threads_at_once_is_one_report(monkeypatch):
    monkeypatch.setattr(postgame, "queue_application", lambda match, report: None)
    s = league_match()
    kick_off(s)
    player = s.players("home")[0]
    both_arrived = threading.Barrier(2, timeout=20)
    original = submission._fetch

    def wait_then_lock(*args, **kwargs):
        both_arrived.wait()  # both reach the match's lock before either takes it
        return original(*args, **kwargs)

    monkeypatch.setattr(submission, "_fetch", wait_then_lock)
    results: list = []
    errors: list = []

    def submit(coach) -> None:
        try:
            # Submission alone: the opponent's confirmation comes once, after.
            results.append(
                services.submit_report(
                    coach,
                    s.match,
                    home_touchdowns=1,
                    away_touchdowns=0,
                    events=[event("touchdown", player)],
                    idempotency_key="same-tap",
                    seed=POST_GAME_SEED,
                )
            )
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(c,)) for c in (s.home_coach, s.away_coach)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert sorted(r.created for r in results) == [False, True]
    assert {r.report.pk for r in results} == set(Report.objects.values_list("pk", flat=True))
    assert Report.objects.filter(match=s.match).count() == 1
