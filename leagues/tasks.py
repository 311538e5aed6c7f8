"""Celery tasks of the leagues app (eager without REDIS_URL, real workers with it)."""

from __future__ import annotations

from celery import shared_task

from leagues.insight.odds_run import compute_odds

# A season of a few hundred fixtures simulates 2,000 times in seconds.
ODDS_SOFT_TIME_LIMIT = 240
ODDS_TIME_LIMIT = 300


@shared_task(
    name="leagues.playoff_odds",
    ignore_result=True,
    soft_time_limit=ODDS_SOFT_TIME_LIMIT,
    time_limit=ODDS_TIME_LIMIT,
)
def playoff_odds(season_id: int) -> None:
    """Work out the season's play-off odds and cache them (``leagues.insight.odds_run``);
    the page polls the cache for the progress and the figures."""
    compute_odds(season_id)
