"""Queueing a report's post-game for a worker, after the commit.

The services name the task (``matches.apply_post_game``, in ``matches/tasks.py``)
instead of importing it, so the tasks import the services and never the reverse.
``MatchesConfig.ready`` imports the tasks, so the name is registered in every process.
"""

from __future__ import annotations

from django.db import transaction

from config.celery import app
from matches.models import Match, Report

APPLY_POST_GAME = "matches.apply_post_game"


def queue_application(match: Match, report: Report) -> None:
    """Queue ``apply_post_game`` for the report once the transaction commits."""
    match_id, report_id = match.pk, report.pk
    # Robust: the report stands even if queueing fails (broker down); the periodic
    # sweep (``owed_post_games``) queues it again, and the task is idempotent.
    transaction.on_commit(
        lambda: app.tasks[APPLY_POST_GAME].delay(match_id, report_id), robust=True
    )
