"""Celery tasks of the matches app (eager without REDIS_URL, real workers with it).

The post-game task cannot be lost: it is queued on commit, retries transient errors
(the database or the broker going away) with backoff, is acknowledged only once it
has finished (a worker killed mid-task leaves the message to be delivered again), and
a periodic sweep (``sweep_post_games``, run by Celery beat) re-queues every post-game
the database says is still owed: an enqueue lost while Redis was down, a queue lost
when Redis restarted without persistence, a task that ran out of retries. Running it
twice is harmless: ``matches.services.apply_post_game`` applies a report once.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from matches import services
from matches.services.postgame.owed import owed_post_games
from matches.services.queue import APPLY_POST_GAME

logger = logging.getLogger(__name__)

# Errors that pass by themselves: the database restarting or unreachable for a
# moment, the broker (Redis) likewise. Anything else is a bug, not retried.
TRANSIENT_ERRORS = (
    OperationalError,
    InterfaceError,
    BrokerOperationalError,
    RedisConnectionError,
    RedisTimeoutError,
)

# A post-game takes well under a second; a minute means something is stuck.
POST_GAME_SOFT_TIME_LIMIT = 60
POST_GAME_TIME_LIMIT = 90


@shared_task(
    name=APPLY_POST_GAME,
    autoretry_for=TRANSIENT_ERRORS,
    # 1 s, 2 s, 4 s … up to 5 minutes, jittered so a recovering database is not hit
    # by every retry at once; after the last one the sweep still owes it.
    retry_backoff=1,
    retry_backoff_max=300,
    retry_jitter=True,
    max_retries=12,
    soft_time_limit=POST_GAME_SOFT_TIME_LIMIT,
    time_limit=POST_GAME_TIME_LIMIT,
    # Acknowledged when done, and put back on the queue when the worker process
    # running it dies (kill -9, out of memory): never lost mid-task.
    acks_late=True,
    reject_on_worker_lost=True,
)
def apply_post_game(match_id: int, report_id: int) -> int | None:
    """Apply a complete post-game to both teams; idempotent (see
    ``matches.services.apply_post_game``). Returns the application's id, or None
    for a report a correction replaced before the task ran."""
    application = services.apply_post_game(match_id, report_id)
    return application.pk if application is not None else None


def requeue_owed_post_games() -> int:
    """Queue ``apply_post_game`` for every post-game the database says is owed;
    how many were queued. Eager (no broker), each runs here and now."""
    queued = 0
    for match_id, report_id in owed_post_games():
        try:
            apply_post_game.delay(match_id, report_id)
        except TRANSIENT_ERRORS:
            # The broker is away again: the next sweep tries again.
            logger.warning("post-game sweep: could not queue report %s", report_id)
            break
        except Exception:  # eager mode runs the task here; one bad report stops no other
            logger.exception("post-game sweep: report %s failed", report_id)
            continue
        queued += 1
    if queued:
        logger.warning("post-game sweep: re-queued %d owed post-game(s)", queued)
    return queued


@shared_task(name="matches.sweep_post_games", ignore_result=True)
def sweep_post_games() -> int:
    """Celery beat's periodic sweep (config/celery.py): re-queue owed post-games."""
    return requeue_owed_post_games()
