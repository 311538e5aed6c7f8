"""Webhooks: a commissioner adds, removes and tests them; an event becomes one
pending delivery per webhook that wants it, queued for ``tasks.deliver_webhook``.

A delivery row is written (pending) before its task is queued, so a queueing that
fails (Redis down) loses nothing: ``owed_deliveries`` finds it and the periodic sweep
(``tasks.sweep_webhooks``) queues it again.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from config.celery import app
from core.types import Actor
from leagues.models import League
from notifications import delivery
from notifications.errors import NotificationError
from notifications.events import Event, check_event
from notifications.language import speaking, webhook_language
from notifications.models import DeliveryStatus, EventKind, Webhook, WebhookDelivery
from teams.audit import saved_user

logger = logging.getLogger(__name__)

DELIVER_WEBHOOK = "notifications.deliver_webhook"
MAX_WEBHOOKS_PER_LEAGUE = 10
KIND_CHOICES = ("on_results", "on_level_ups", "on_deaths", "on_fixtures", "on_news")
# A pending delivery not attempted this long after it was due: its task was lost
# (never queued, or the queue lost it); the sweep queues it again.
OWED_AFTER = timedelta(minutes=2)


def require_commissioner(actor: Actor, league: League) -> None:
    if actor is None or not actor.has_perm("leagues.manage_league", league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s manages its webhooks.") % {"league": league.name}
        )


def league_webhooks(league: League) -> QuerySet[Webhook]:
    return Webhook.objects.filter(league=league).order_by("id")


def create_webhook(actor: Actor, league: League, **values: Any) -> Webhook:
    """A new webhook of the league: ``url``, ``payload_format``, ``secret`` and the
    kinds it takes (``KIND_CHOICES``, each on unless given off)."""
    require_commissioner(actor, league)
    url = str(values.get("url", "")).strip()
    try:
        delivery.check_scheme(url)
    except delivery.UnsafeAddress as error:
        raise NotificationError(
            _("A webhook address starts with http:// or https:// and names a host."), field="url"
        ) from error
    if not any(values.get(name, True) for name in KIND_CHOICES):
        raise NotificationError(_("Choose at least one kind of event to send."))
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).first()
        if league_webhooks(league).count() >= MAX_WEBHOOKS_PER_LEAGUE:
            raise NotificationError(
                _("A league has at most %(count)s webhooks: remove one first.")
                % {"count": MAX_WEBHOOKS_PER_LEAGUE}
            )
        return Webhook.objects.create(
            league=league,
            url=url,
            secret=values.get("secret", "") or "",
            payload_format=values.get("payload_format", Webhook.Format.DISCORD),
            on_results=values.get("on_results", True),
            on_level_ups=values.get("on_level_ups", True),
            on_deaths=values.get("on_deaths", True),
            on_fixtures=values.get("on_fixtures", True),
            on_news=values.get("on_news", True),
            created_by=saved_user(actor),
        )


def webhook_of(league: League, webhook_id: int) -> Webhook:
    """The league's webhook, or Webhook.DoesNotExist (a 404)."""
    return Webhook.objects.get(league=league, pk=webhook_id)


def delete_webhook(actor: Actor, league: League, webhook_id: int) -> None:
    require_commissioner(actor, league)
    webhook_of(league, webhook_id).delete()


def send_test(actor: Actor, league: League, webhook_id: int) -> WebhookDelivery:
    """Queue a test message to one webhook; its outcome shows in the delivery log."""
    require_commissioner(actor, league)
    webhook = webhook_of(league, webhook_id)
    with speaking(webhook_language(league)):
        event = check_event(league, secrets.token_hex(6))
        made = _record(webhook, event)
    transaction.on_commit(lambda: queue_delivery(made.pk))
    return made


def _record(webhook: Webhook, event: Event) -> WebhookDelivery:
    made, _ = WebhookDelivery.objects.get_or_create(
        webhook=webhook,
        event_key=event.key,
        defaults={
            "kind": event.kind,
            "summary": event.text[:300],
            "body": delivery.body_for(webhook.payload_format, event),
            "next_attempt_at": timezone.now(),
        },
    )
    return made


def record_in_league_language(event: Event, build: Callable[[], Event | None]) -> list[int]:
    """``record_event`` with the event's words in its league's language
    (``language.webhook_language``): ``build`` makes them again in that language when
    ``event`` was made in another."""
    language = webhook_language(event.league_id)
    with speaking(language):
        if language != event.language:
            event = build() or event
        return record_event(event)


def record_event(event: Event) -> list[int]:
    """A pending delivery per webhook of the event's league that wants it (none made
    twice for one event), each queued; the ids of the deliveries made now."""
    made: list[int] = []
    for webhook in Webhook.objects.filter(league_id=event.league_id).order_by("id"):
        if not webhook.wants(event.kind):
            continue
        row = _record(webhook, event)
        if row.attempts == 0 and row.status == WebhookDelivery.Status.PENDING:
            made.append(row.pk)
    for delivery_id in made:
        queue_delivery(delivery_id)
    return made


def queue_delivery(delivery_id: int) -> bool:
    """Queue the delivery's task; False (logged, the row stays pending for the sweep)
    when the broker refuses. Never raises: the event that caused it stands."""
    try:
        app.tasks[DELIVER_WEBHOOK].delay(delivery_id)
    except Exception:
        logger.warning("webhook delivery %s not queued; the sweep will", delivery_id, exc_info=True)
        return False
    return True


def owed_deliveries(now: Any = None) -> QuerySet[WebhookDelivery]:
    """Pending deliveries whose attempt is overdue: their task was lost."""
    cutoff = (now or timezone.now()) - OWED_AFTER
    return WebhookDelivery.objects.filter(
        Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lt=cutoff),
        status=WebhookDelivery.Status.PENDING,
    ).order_by("id")


def recent_deliveries(league: League, limit: int = 30) -> QuerySet[WebhookDelivery]:
    """The league's delivery log, latest first."""
    return WebhookDelivery.objects.filter(webhook__league=league).select_related("webhook")[:limit]


@dataclass(frozen=True)
class LogLine:
    """One line of the delivery log as the commissioner reads it: the delivery's status,
    what was sent (a test says whether the webhook works), when, and why it failed."""

    status: str
    failed: bool
    text: str
    when: datetime
    attempts: int
    why: str
    next_attempt_at: datetime | None


_INTERNAL = re.compile(r"(?P<host>.+) is an internal address \((?P<address>.+)\)\.")
_UNRESOLVED = re.compile(r"(?P<host>.+) does not resolve: (?P<reason>.*)")
_HTTP = re.compile(r"HTTP (?P<code>\d{3})")


def failure_reason(error: str) -> str:
    """Why an attempt failed, in the commissioner's words, from the error it stored
    (``delivery.Outcome.error``, kept in English in the row)."""
    if found := _HTTP.fullmatch(error):
        code = int(found["code"])
        if 300 <= code < 400:
            return _(
                "the address answered HTTP %(code)s, a redirect, which Dugout does not follow"
            ) % {"code": code}
        return _("the address answered HTTP %(code)s") % {"code": code}
    if error.startswith("network:"):
        return _("the address could not be reached (%(reason)s)") % {
            "reason": error.removeprefix("network:").strip()
        }
    if found := _INTERNAL.fullmatch(error):
        return _("%(host)s is an internal address (%(address)s)") % found.groupdict()
    if found := _UNRESOLVED.fullmatch(error):
        return _("%(host)s does not resolve (%(reason)s)") % found.groupdict()
    if error == delivery.SCHEME_ONLY:
        return _("the address does not start with http:// or https://")
    return error


def _test_text(row: WebhookDelivery, why: str) -> str:
    if row.status == DeliveryStatus.DELIVERED:
        return _("Test message delivered: this webhook works.")
    if row.status == DeliveryStatus.FAILED:
        if why:
            return _("Test message failed: %(why)s. This webhook does not work.") % {"why": why}
        return _("Test message failed. This webhook does not work.")
    if why:
        return _("Test message not delivered yet: %(why)s.") % {"why": why}
    return _("Test message waiting to be sent.")


def _failure_note(row: WebhookDelivery, why: str) -> str:
    if row.status == DeliveryStatus.FAILED:
        return _("failed: %(why)s") % {"why": why}
    return _("last attempt failed: %(why)s") % {"why": why}


def log_line(row: WebhookDelivery) -> LogLine:
    """The delivery log's line for one delivery: its text says what happened to it."""
    why = failure_reason(row.last_error) if row.last_error else ""
    text = _test_text(row, why) if row.kind == EventKind.TEST else row.summary
    return LogLine(
        status=str(row.get_status_display()),
        failed=row.status == DeliveryStatus.FAILED,
        text=text,
        when=row.created_at,
        attempts=row.attempts,
        why=_failure_note(row, why) if why and row.kind != EventKind.TEST else "",
        next_attempt_at=(
            row.next_attempt_at if row.status == DeliveryStatus.PENDING and row.attempts else None
        ),
    )


def delivery_log(league: League) -> list[LogLine]:
    """The league's delivery log, latest first, each line saying what happened."""
    return [log_line(row) for row in recent_deliveries(league)]
