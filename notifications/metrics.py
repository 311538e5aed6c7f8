"""The ``dugout_mail_outbox{status}`` gauge: e-mails owed (the mail server away, or
their task lost) and failed (every attempt used; the admin can send them again), read
from the outbox at each scrape of /metrics (config/metrics.py names this collector in
``DUGOUT_METRICS_COLLECTORS``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

from django.db import DatabaseError
from django.db.models import Count
from prometheus_client.core import GaugeMetricFamily, Metric

from notifications.models import OutgoingMail

logger = logging.getLogger(__name__)

SHOWN = (OutgoingMail.Status.PENDING, OutgoingMail.Status.FAILED)


class OutboxCollector:
    """A scrape while the database is down leaves the gauge out rather than failing."""

    def describe(self) -> list[Metric]:
        return []  # no database query when registered

    def collect(self) -> Iterator[Metric]:
        try:
            counts = dict(
                OutgoingMail.objects.filter(status__in=SHOWN)
                .order_by()
                .values("status")
                .annotate(n=Count("id"))
                .values_list("status", "n")
            )
        except DatabaseError as error:
            logger.warning("metrics: the mail outbox unreadable (%s)", error)
            return
        gauge = GaugeMetricFamily(
            "dugout_mail_outbox",
            "E-mails owed (not sent yet) and failed (every attempt used), by status",
            labels=["status"],
        )
        for status in SHOWN:
            gauge.add_metric([str(status)], counts.get(status, 0))
        yield gauge
