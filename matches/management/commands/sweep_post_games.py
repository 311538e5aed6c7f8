"""manage.py sweep_post_games: apply (embedded mode) or re-queue (with a broker) every
post-game the database says is still owed. At scale Celery beat runs the same sweep
every DUGOUT_POST_GAME_SWEEP_SECONDS; this command is for the embedded mode (e.g.
from cron) and for an operator who does not want to wait."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from matches.services.postgame.owed import owed_post_games
from matches.tasks import requeue_owed_post_games


class Command(BaseCommand):
    help = "Apply or re-queue every post-game still owed (a report whose effects are missing)."

    def handle(self, *args: Any, **options: Any) -> None:
        eager = settings.CELERY_TASK_ALWAYS_EAGER
        queued = requeue_owed_post_games()
        left = len(owed_post_games())
        verb = "applied" if eager else "queued"
        self.stdout.write(f"{queued} owed post-game(s) {verb}; {left} still owed.")
