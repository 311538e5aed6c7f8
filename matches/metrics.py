"""The ``dugout_post_games_owed`` gauge: post-games the database says are owed
(``owed_post_games()``), read at each scrape of /metrics (config/metrics.py names this
collector in ``DUGOUT_METRICS_COLLECTORS``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

from django.db import DatabaseError
from prometheus_client.core import GaugeMetricFamily, Metric

from matches.services.postgame.owed import owed_post_games

logger = logging.getLogger(__name__)


class OwedPostGamesCollector:
    """A scrape while the database is down leaves the gauge out rather than failing."""

    def describe(self) -> list[Metric]:
        return []  # no database query when registered

    def collect(self) -> Iterator[Metric]:
        try:
            owed = len(owed_post_games())
        except DatabaseError as error:
            logger.warning("metrics: owed post-games unreadable (%s)", error)
            return
        yield GaugeMetricFamily(
            "dugout_post_games_owed",
            "Submitted reports whose post-game is not applied yet",
            value=owed,
        )
