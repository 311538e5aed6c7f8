"""The Celery app. Workers: `make worker` (needs REDIS_URL; runs Celery beat too),
or `make beat` beside workers started otherwise."""

import logging
import os
import uuid
from typing import Any

import redis
from celery import Celery
from celery.beat import PersistentScheduler

# Its signal handlers give every task's log lines the request id of the request that
# queued it, and one log line (and, with DUGOUT_METRICS, metrics) per task run.
import config.observability  # noqa: F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dugout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery beat: every DUGOUT_POST_GAME_SWEEP_SECONDS (30) re-queue the post-games the database
# says are still owed (matches/tasks.py). Run one beat per deployment. A second one (each
# host's `make worker` starts one unless told BEAT=) stands by: only the beat holding a
# lock in Redis sends (SingleBeatScheduler below), and another takes over within
# BEAT_LOCK_SECONDS when the holder stops.
SWEEP_SECONDS = float(os.environ.get("DUGOUT_POST_GAME_SWEEP_SECONDS", "30"))
app.conf.beat_schedule = {
    "sweep-owed-post-games": {
        "task": "matches.sweep_post_games",
        "schedule": SWEEP_SECONDS,
        # A sweep not started within its interval is superseded by the next one.
        "options": {"expires": SWEEP_SECONDS},
    },
    # Likewise the webhook deliveries still owed (notifications/tasks.py).
    "sweep-owed-webhooks": {
        "task": "notifications.sweep_webhooks",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
    # And the mails still owed: a mail server that was down gets them when it is back.
    "sweep-owed-mail": {
        "task": "notifications.sweep_mail",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
    # Warnings before round deadlines and reminders before agreed kick-offs, each sent
    # once (notifications/tasks.py).
    "send-reminders": {
        "task": "notifications.send_reminders",
        "schedule": 300.0,
        "options": {"expires": 300.0},
    },
    # Fixtures whose deadline has passed unplayed: settled by the ruleset, or held for
    # the commissioner where the league says so (leagues/tasks.py).
    "act-on-deadlines": {
        "task": "leagues.act_on_deadlines",
        "schedule": 300.0,
        "options": {"expires": 300.0},
    },
}


logger = logging.getLogger("dugout.beat")

BEAT_LOCK_KEY = "dugout:celery-beat:lock"
# The holder renews the lock at least every BEAT_RENEW_SECONDS; a holder gone silent for
# BEAT_LOCK_SECONDS (killed, its host down) loses it to a beat standing by.
BEAT_LOCK_SECONDS = 60
BEAT_RENEW_SECONDS = 15


class BeatLock:
    """One beat per deployment: a lock in Redis (SET NX with an expiry) held by the beat
    that sends, renewed while it runs; ``held()`` takes it when free."""

    def __init__(self, url: str, *, seconds: int = BEAT_LOCK_SECONDS) -> None:
        self.client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self.seconds = seconds
        self.token = uuid.uuid4().hex
        self.holding = False

    def held(self) -> bool:
        """Whether this beat holds the lock (taking or renewing it now)."""
        try:
            if self.client.set(BEAT_LOCK_KEY, self.token, nx=True, ex=self.seconds):
                self._now_holding(True)
            elif self.client.get(BEAT_LOCK_KEY) == self.token.encode():
                self.client.expire(BEAT_LOCK_KEY, self.seconds)
                self._now_holding(True)
            else:
                self._now_holding(False)
        except redis.RedisError:
            # Redis away: no beat can send anything through it either.
            self._now_holding(False)
        return self.holding

    def release(self) -> None:
        try:
            if self.client.get(BEAT_LOCK_KEY) == self.token.encode():
                self.client.delete(BEAT_LOCK_KEY)
        except redis.RedisError:
            pass  # it expires by itself
        self.holding = False

    def _now_holding(self, holding: bool) -> None:
        if holding != self.holding:
            logger.warning(
                "beat: %s",
                "holds the lock, sending" if holding else "another beat sends; standing by",
            )
        self.holding = holding


class SingleBeatScheduler(PersistentScheduler):
    """Celery's default scheduler, sending only while it holds the beat lock (with
    Redis as the broker; as Celery's default otherwise)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        url = str(app.conf.broker_url or "")
        self.beat_lock = BeatLock(url) if url.startswith(("redis://", "rediss://")) else None
        super().__init__(*args, **kwargs)

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if self.beat_lock is None:
            return float(super().tick(*args, **kwargs))
        if not self.beat_lock.held():
            return float(BEAT_RENEW_SECONDS)
        return float(min(super().tick(*args, **kwargs), BEAT_RENEW_SECONDS))

    def close(self) -> None:
        super().close()
        if self.beat_lock is not None:
            self.beat_lock.release()


app.conf.beat_scheduler = "config.celery:SingleBeatScheduler"
