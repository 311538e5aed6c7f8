"""Celery tasks of the matches app (eager without REDIS_URL, real workers with it)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="matches.apply_post_game")
def apply_post_game(match_id: int, report_id: int) -> int | None:
    """Apply a complete post-game to both teams; idempotent (see
    ``matches.services.apply_post_game``). Returns the application's id, or None
    for a report a correction replaced before the task ran."""
    from matches import services

    application = services.apply_post_game(match_id, report_id)
    return application.pk if application is not None else None
