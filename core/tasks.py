"""Tasks that belong to no app."""

from celery import shared_task


@shared_task(name="dugout.ping")
def ping() -> str:
    """Round trip through the broker: used by `make worker` checks and tests."""
    return "pong"
