"""Celery tasks of the notifications (eager without REDIS_URL, real workers with it).

``deliver_webhook`` makes one attempt at a pending delivery and, when the receiver
or the network failed in a way that may pass (a network error, a 5xx, a 429), tries
again after an exponential backoff (``backoff_seconds``: ``DUGOUT_WEBHOOKS_BACKOFF_
SECONDS`` (10) doubled per attempt, capped at an hour, jittered) up to
``MAX_ATTEMPTS``; then the delivery is failed, and the log says why. It is
acknowledged late, and ``sweep_webhooks`` (Celery beat, config/celery.py) re-queues
every pending delivery whose attempt is overdue (a queueing lost while Redis was
down, a retry lost with the queue). Running it twice is harmless: a delivery no
longer pending is left alone, and one being attempted is skipped (row lock).

``send_mail`` sends one e-mail of the outbox (``notifications.outbox``), retried the
same way while the mail server is away, and ``sweep_mail`` (Celery beat) queues the
owed ones whose task was lost. ``send_reminders`` (Celery beat, every five
minutes) warns of deadlines and reminds of kick-offs (notifications/reminders).
"""

from __future__ import annotations

import logging
import random
import time
from datetime import timedelta

from celery import shared_task
from celery.app.task import Task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from notifications import delivery, emails, outbox, reminders, webhooks
from notifications.models import OutgoingMail, WebhookDelivery

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
MAX_BACKOFF_SECONDS = 3600
EAGER_MAX_WAIT = 1.0


def backoff_seconds(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failed attempt: base × 2^(n-1), capped,
    with up to 10 % jitter so receivers coming back are not hit by every retry at once.
    The base is the setting ``DUGOUT_WEBHOOKS_BACKOFF_SECONDS`` (tests set it to 0)."""
    base = float(getattr(settings, "DUGOUT_WEBHOOKS_BACKOFF_SECONDS", 10))
    wait = min(base * 2 ** max(attempts - 1, 0), MAX_BACKOFF_SECONDS)
    return wait + random.uniform(0, wait / 10)  # noqa: S311 - jitter, not a secret


def attempt_delivery(delivery_id: int) -> float | None:
    """One attempt at a pending delivery, its outcome saved; the seconds to wait before
    the next attempt, or None when there is none to make."""
    with transaction.atomic():
        row = (
            WebhookDelivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("webhook")
            .filter(pk=delivery_id, status=WebhookDelivery.Status.PENDING)
            .first()
        )
        if row is None:  # delivered or failed already, gone, or being attempted now
            return None
        outcome = delivery.post(
            row.webhook.url, row.body, secret=row.webhook.secret, delivery_id=row.pk
        )
        row.attempts += 1
        row.last_status_code = outcome.status_code
        row.last_error = outcome.error[:300]
        wait: float | None = None
        if outcome.delivered:
            row.status = WebhookDelivery.Status.DELIVERED
            row.delivered_at = timezone.now()
            row.next_attempt_at = None
        elif outcome.retry and row.attempts < MAX_ATTEMPTS:
            wait = backoff_seconds(row.attempts)
            row.next_attempt_at = timezone.now() + timedelta(seconds=wait)
        else:
            row.status = WebhookDelivery.Status.FAILED
            row.next_attempt_at = None
        row.save()
    return wait


@shared_task(
    bind=True,
    name=webhooks.DELIVER_WEBHOOK,
    acks_late=True,
    reject_on_worker_lost=True,
    # attempt_delivery counts the attempts; Celery's own count only bounds a loop.
    max_retries=MAX_ATTEMPTS,
    soft_time_limit=30,
    time_limit=45,
)
def deliver_webhook(self: Task, delivery_id: int) -> str | None:
    """Attempt the delivery; on a failure that may pass, retry after the backoff."""
    wait = attempt_delivery(delivery_id)
    # Run eagerly (no broker: the embedded mode, the tests) a retry cannot be scheduled
    # and Celery would raise it into the caller: short waits are waited here, a longer
    # one leaves the delivery pending for the sweep (its next_attempt_at says when).
    while wait is not None and self.request.is_eager and wait <= EAGER_MAX_WAIT:
        time.sleep(wait)
        wait = attempt_delivery(delivery_id)
    if wait is not None and not self.request.is_eager:
        raise self.retry(countdown=wait)
    row = WebhookDelivery.objects.filter(pk=delivery_id).values_list("status", flat=True).first()
    return row


def requeue_owed_deliveries() -> int:
    """Queue every delivery the database says is owed; how many were queued."""
    queued = 0
    for delivery_id in webhooks.owed_deliveries().values_list("pk", flat=True)[:500]:
        # Due again now: a second sweep before it runs does not queue it twice.
        WebhookDelivery.objects.filter(pk=delivery_id).update(next_attempt_at=timezone.now())
        if not webhooks.queue_delivery(delivery_id):
            break  # the broker is away again: the next sweep tries again
        queued += 1
    if queued:
        logger.warning("webhook sweep: re-queued %d owed deliveries", queued)
    return queued


@shared_task(name="notifications.sweep_webhooks", ignore_result=True)
def sweep_webhooks() -> int:
    """Celery beat's periodic sweep (config/celery.py): re-queue owed deliveries."""
    return requeue_owed_deliveries()


@shared_task(name="notifications.send_emails", ignore_result=True, acks_late=True)
def send_emails(kind: str, pk: int) -> int:
    """Write the coaches' e-mails of one event to the outbox; how many were written.
    The receivers write them after the commit themselves now: kept for the messages a
    previous release queued."""
    return emails.send(kind, pk)


@shared_task(
    bind=True,
    name=outbox.SEND_MAIL,
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=outbox.MAX_ATTEMPTS,
    soft_time_limit=60,
    time_limit=75,
)
def send_mail(self: Task, mail_id: int) -> str | None:
    """Send one owed mail; while the mail server fails, retry after the backoff.

    Run eagerly (the embedded mode) a retry cannot be scheduled: short waits are waited
    here, a longer one leaves the mail owed for the sweep; nothing is raised into the
    request that queued it."""
    wait = outbox.attempt_send(mail_id)
    while wait is not None and self.request.is_eager and wait <= EAGER_MAX_WAIT:
        time.sleep(wait)
        wait = outbox.attempt_send(mail_id)
    if wait is not None and not self.request.is_eager:
        raise self.retry(countdown=wait)
    return OutgoingMail.objects.filter(pk=mail_id).values_list("status", flat=True).first()


@shared_task(name="notifications.sweep_mail", ignore_result=True)
def sweep_mail() -> int:
    """Celery beat's periodic sweep (config/celery.py): queue the owed mails again."""
    return outbox.requeue_owed_mails()


@shared_task(name="notifications.send_reminders", ignore_result=True)
def send_reminders() -> int:
    """Celery beat (config/celery.py): deadline warnings and kick-off reminders due now,
    each once; how many mails and deliveries were made."""
    return reminders.send_due()
