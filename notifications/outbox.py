"""The outbox: every e-mail Dugout sends (the coaches' notifications, the accounts'
password resets and confirmations) is a row (``OutgoingMail``) before it is a message.

- ``enqueue`` writes the row in the caller's transaction (a keyed one at most once per
  coach and event) and queues ``notifications.send_mail`` when that transaction commits;
- ``attempt_send`` makes one attempt: the row locked, the message handed to Django's
  mailer, the outcome saved. A mail server that refuses or does not answer leaves the
  row owed with the time of its next attempt (``backoff_seconds``); after
  ``MAX_ATTEMPTS`` it is failed, and the admin lists it (and can send it again);
- ``owed_mails`` are the rows whose task was lost (never queued: the broker was down;
  or a retry the queue lost): the sweep (``tasks.sweep_mail``) queues them again.

Nothing here raises into the request or the event that decided to send: a mail server
or a broker that is down costs a late e-mail, never an error page.
"""

from __future__ import annotations

import logging
import random
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from config.celery import app
from notifications.models import OutgoingMail, SentEmail

logger = logging.getLogger(__name__)

SEND_MAIL = "notifications.send_mail"
# About five hours of a mail server away (30 s doubled per attempt, capped at an hour)
# before a mail is given up; the admin can send a failed one again.
MAX_ATTEMPTS = 12
MAX_BACKOFF_SECONDS = 3600
# A row owed this long past its due time: its task was lost, the sweep queues it.
OWED_AFTER = timedelta(minutes=2)
SWEEP_BATCH = 500


def backoff_seconds(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failed attempt: the setting
    ``DUGOUT_MAIL_BACKOFF_SECONDS`` (30) doubled per attempt, capped at an hour, with up
    to 10 % jitter so a mail server coming back is not hit by every retry at once."""
    base = float(getattr(settings, "DUGOUT_MAIL_BACKOFF_SECONDS", 30))
    wait = min(base * 2 ** max(attempts - 1, 0), MAX_BACKOFF_SECONDS)
    return wait + random.uniform(0, wait / 10)  # noqa: S311 - jitter, not a secret


def enqueue(
    to: str,
    subject: str,
    body: str,
    *,
    html_body: str = "",
    user: Any = None,
    key: str = "",
    category: str = "",
    from_email: str = "",
    secret: bool = False,
) -> OutgoingMail | None:
    """The mail written (owed) and its sending queued once the caller's transaction
    commits; None when ``key`` was mailed to this user already."""
    if key and user is not None and SentEmail.objects.filter(user=user, event_key=key).exists():
        return None  # mailed before the outbox kept the record
    try:
        with transaction.atomic():
            row = OutgoingMail.objects.create(
                user=user,
                to=to,
                from_email=from_email,
                category=category[:80],
                key=key,
                subject=subject[:255],
                body=body,
                html_body=html_body,
                secret=secret,
                next_attempt_at=timezone.now(),
            )
    except IntegrityError:
        if key:
            return None  # this coach has this event's mail already
        raise
    transaction.on_commit(partial(queue_send, row.pk), robust=True)
    return row


def enqueue_message(
    message: EmailMessage, *, user: Any = None, category: str = "", secret: bool = False
) -> list[OutgoingMail]:
    """A rendered message (allauth's) written to the outbox, one row per recipient."""
    html = ""
    for alternative in getattr(message, "alternatives", None) or []:
        content, mimetype = alternative[0], alternative[1]
        if mimetype == "text/html":
            html = str(content)
    body = str(message.body)
    if getattr(message, "content_subtype", "plain") == "html":
        body, html = "", body
    made = []
    for to in message.to:
        row = enqueue(
            to,
            str(message.subject),
            body,
            html_body=html,
            user=user,
            category=category,
            from_email=str(message.from_email or ""),
            secret=secret,
        )
        if row is not None:
            made.append(row)
    return made


def queue_send(mail_id: int) -> bool:
    """Queue the mail's task; False (logged; the row stays owed for the sweep) when the
    broker refuses. Never raises."""
    try:
        app.tasks[SEND_MAIL].delay(mail_id)
    except Exception:
        logger.warning("mail %s not queued; the sweep will", mail_id, exc_info=True)
        return False
    return True


def message_of(row: OutgoingMail) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(row.subject, row.body, row.from_email or None, [row.to])
    if row.html_body:
        if row.body:
            message.attach_alternative(row.html_body, "text/html")
        else:
            message.body = row.html_body
            message.content_subtype = "html"
    return message


def attempt_send(mail_id: int) -> float | None:
    """One attempt at an owed mail, its outcome saved; the seconds to wait before the
    next attempt, or None when there is none to make (sent, failed, gone, or being sent
    by another worker right now)."""
    with transaction.atomic():
        row = (
            OutgoingMail.objects.select_for_update(skip_locked=True)
            .filter(pk=mail_id, status=OutgoingMail.Status.PENDING)
            .first()
        )
        if row is None:
            return None
        wait: float | None = None
        try:
            message_of(row).send()
        except Exception as error:
            # Whatever the mail server or the network did (refused, timed out, said
            # 4xx or 5xx): tried again later, up to the last attempt.
            row.attempts += 1
            row.last_error = f"{type(error).__name__}: {error}"[:300]
            if row.attempts < MAX_ATTEMPTS:
                wait = backoff_seconds(row.attempts)
                row.next_attempt_at = timezone.now() + timedelta(seconds=wait)
            else:
                row.status = OutgoingMail.Status.FAILED
                row.next_attempt_at = None
                logger.error("mail %s failed after %d attempts: %s", row.pk, row.attempts, error)
        else:
            row.attempts += 1
            row.status = OutgoingMail.Status.SENT
            row.sent_at = timezone.now()
            row.next_attempt_at = None
            row.last_error = ""
            if row.secret:
                row.body = row.html_body = ""
        row.save()
    return wait


def owed_mails(now: Any = None) -> QuerySet[OutgoingMail]:
    """Owed mails whose attempt is overdue by ``OWED_AFTER``: their task was lost. A
    mail just written (its task on its way) or waiting for a scheduled retry is not."""
    cutoff = (now or timezone.now()) - OWED_AFTER
    return OutgoingMail.objects.filter(
        Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lt=cutoff),
        status=OutgoingMail.Status.PENDING,
    ).order_by("id")


def requeue_owed_mails() -> int:
    """Queue every owed mail (failing those that used their attempts); how many queued."""
    OutgoingMail.objects.filter(
        status=OutgoingMail.Status.PENDING, attempts__gte=MAX_ATTEMPTS
    ).update(status=OutgoingMail.Status.FAILED, next_attempt_at=None)
    queued = 0
    for mail_id in owed_mails().values_list("pk", flat=True)[:SWEEP_BATCH]:
        # Due again now: a second sweep before it runs does not queue it twice.
        OutgoingMail.objects.filter(pk=mail_id).update(next_attempt_at=timezone.now())
        if not queue_send(mail_id):
            break  # the broker is away again: the next sweep tries again
        queued += 1
    if queued:
        logger.warning("mail sweep: re-queued %d owed mails", queued)
    return queued


def send_again(mail_ids: list[int]) -> int:
    """The admin's action: failed mails owed again from a first attempt, and queued."""
    failed = OutgoingMail.objects.filter(pk__in=mail_ids, status=OutgoingMail.Status.FAILED)
    ids = list(failed.values_list("pk", flat=True))
    OutgoingMail.objects.filter(pk__in=ids).update(
        status=OutgoingMail.Status.PENDING, attempts=0, next_attempt_at=timezone.now()
    )
    for mail_id in ids:
        transaction.on_commit(partial(queue_send, mail_id), robust=True)
    return len(ids)
