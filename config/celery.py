"""The Celery app. Workers: `make worker` (needs REDIS_URL; runs Celery beat too),
or `make beat` beside workers started otherwise."""

import os

from celery import Celery

# Its signal handlers give every task's log lines the request id of the request that
# queued it, and one log line (and, with DUGOUT_METRICS, metrics) per task run.
import config.observability  # noqa: F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dugout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery beat: every DUGOUT_POST_GAME_SWEEP_SECONDS (30) re-queue the post-games the database
# says are still owed (matches/tasks.py). Run exactly one beat per deployment; a
# second one only queues harmless duplicates.
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
