"""Stop and restart Redis around report submissions, over real HTTP (gunicorn, a
Celery worker with beat, a redis-server of this test's own without persistence).

- report 1 with everything up: applied;
- report 2 queued while the worker is stopped, then Redis restarts and loses it;
- report 3 submitted while Redis is down: the coach gets the 201 (the report is
  saved, its post-game waits), reads keep answering, /healthz says "degraded";
- Redis back, a worker with beat: the sweep queues 2 and 3; all applied once."""

from __future__ import annotations

import pytest

from tests.faults import harness


@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_redis_down_and_restarted_around_submissions_loses_no_post_game(tmp_path):
    redis_server = harness.RedisServer(tmp_path)
    figures = harness.Figures("Redis stop/restart")
    server = worker = None
    try:
        redis_server.start()
        plays = harness.matches_in_play(3)
        env = harness.server_env(redis_server.url)
        harness.collect_static(env)
        server, port = harness.start_gunicorn(env, tmp_path / "gunicorn.log")
        worker_env = harness.child_env(redis_server.url, DUGOUT_POST_GAME_SWEEP_SECONDS="2")
        worker = harness.start_worker(worker_env, tmp_path / "worker-1.log", beat=True)

        def submit(play) -> harness.Answer:
            answer = figures.record(harness.post_report(port, play, f"report-{play['match']}"))
            assert answer.status == 201, (answer.status, answer.body[:300])
            figures.reports_accepted.add(play["match"])
            return answer

        def applied(play) -> bool:
            from matches.models import PostGameApplication

            return PostGameApplication.objects.filter(match_id=play["match"]).exists()

        submit(plays[0])
        harness.wait_until(lambda: applied(plays[0]), 30, "report 1's post-game")

        harness.stop(worker)
        submit(plays[1])  # queued in Redis, no worker to take it
        redis_server.stop()
        figures.faults.append("Redis killed with a post-game queued (no persistence)")

        answer = submit(plays[2])  # Redis down
        assert answer.seconds < 5, f"the submission waited {answer.seconds:.1f} s for Redis"
        match = figures.record(
            harness.request(port, "GET", f"/api/v1/matches/{plays[2]['match']}/")
        )
        assert match.status == 200, match.body[:300]
        for path in ["/api/v1/rulesets/", "/api/v1/leagues/", "/leagues/", "/teams/"]:
            read = figures.record(harness.request(port, "GET", path))
            assert read.status == 200, (path, read.status, read.body[:300])
        health = figures.record(harness.request(port, "GET", "/healthz"))
        assert health.status == 200
        assert health.json() == {"status": "degraded", "database": "ok", "broker": "degraded"}
        assert not applied(plays[1]) and not applied(plays[2])

        redis_server.start()  # empty: the queued post-game is gone
        figures.faults.append("Redis restarted empty")
        worker = harness.start_worker(worker_env, tmp_path / "worker-2.log", beat=True)
        harness.wait_until(lambda: not harness.owed(), 40, "the sweep to apply reports 2 and 3")
        health = figures.record(harness.request(port, "GET", "/healthz"))
        assert health.json()["status"] == "ok"

        print(f"\n{figures.report()}; lost: 0")
        harness.assert_every_post_game_applied_once(figures.reports_accepted)
        harness.assert_no_5xx_but_the_documented_503(figures.answers)
    except AssertionError as error:
        logs = "\n".join(harness.tail(p) for p in sorted(tmp_path.glob("*.log")))
        raise AssertionError(f"{error}\n{figures.report()}\n{logs}") from None
    finally:
        harness.stop(worker)
        harness.stop(server)
        redis_server.stop()
