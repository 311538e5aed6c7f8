"""Webhook delivery to a real receiver on 127.0.0.1: signed, retried after a 500 or a
network error, given up on a refusal, never to an internal address in production, and
never lost while the broker is down (the sweep queues it again)."""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerDown

from config.celery import app
from notifications import delivery, tasks, webhooks
from notifications.events import Event
from notifications.models import WebhookDelivery

pytestmark = pytest.mark.django_db

SECRET = "s3cret-of-the-league"


def result(league, key: str = "result:report:1") -> Event:
    data = {"home": {"name": "Reavers", "touchdowns": 2}, "away": {"name": "Orcs"}}
    return Event("result", key, league.pk, league.name, "Reavers 2–1 Orcs", "https://x/m/1", data)


def test_a_result_is_delivered_signed_and_retried_after_a_500(receiver, league, make_webhook):
    """Delivered to a local receiver with a valid signature, and
    tried again after the receiver first answered 500."""
    webhook = make_webhook(receiver.url, payload_format="generic", secret=SECRET)
    receiver.answers = [500]

    webhooks.record_event(result(league))

    assert len(receiver.received) == 2, "one 500, then delivered on the retry"
    first, second = receiver.received
    assert first.body == second.body, "a retry posts the same body"
    expected = "sha256=" + hmac.new(SECRET.encode(), second.body, hashlib.sha256).hexdigest()
    assert second.headers["X-Dugout-Signature"] == expected
    assert int(second.headers["X-Dugout-Timestamp"]) > 0
    assert second.json() == {
        "event": "result",
        "key": "result:report:1",
        "league": {"id": league.pk, "name": "Old World League"},
        "text": "Reavers 2–1 Orcs",
        "url": "https://x/m/1",
        "data": {"home": {"name": "Reavers", "touchdowns": 2}, "away": {"name": "Orcs"}},
    }
    row = WebhookDelivery.objects.get(webhook=webhook)
    assert (row.status, row.attempts, row.last_status_code) == ("delivered", 2, 200)
    assert first.headers["X-Dugout-Delivery"] == second.headers["X-Dugout-Delivery"] == str(row.pk)


def test_discord_and_slack_get_their_own_shapes_unsigned_without_a_secret(
    receiver, league, make_webhook
):
    make_webhook(receiver.url, payload_format="discord")
    make_webhook(receiver.url, payload_format="slack")

    webhooks.record_event(result(league))

    bodies = sorted((r.json() for r in receiver.received), key=lambda b: sorted(b))
    assert bodies == [
        {"content": "**Old World League**: Reavers 2–1 Orcs\nhttps://x/m/1"},
        {"text": "*Old World League*: Reavers 2–1 Orcs <https://x/m/1|Open in Dugout>"},
    ]
    assert all("X-Dugout-Signature" not in r.headers for r in receiver.received)


def test_an_event_is_delivered_once_however_often_it_is_recorded(receiver, league, make_webhook):
    make_webhook(receiver.url)
    webhooks.record_event(result(league))
    webhooks.record_event(result(league))
    assert len(receiver.received) == 1
    assert WebhookDelivery.objects.count() == 1


def test_a_webhook_gets_only_the_events_it_chose(receiver, league, make_webhook):
    make_webhook(receiver.url, on_results=False, on_level_ups=True, on_deaths=True)
    webhooks.record_event(result(league))
    assert receiver.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_refusal_is_not_retried(receiver, league, make_webhook):
    make_webhook(receiver.url)
    receiver.answers = [404]
    webhooks.record_event(result(league))
    row = WebhookDelivery.objects.get()
    assert (row.status, row.attempts, row.last_error) == ("failed", 1, "HTTP 404")
    assert len(receiver.received) == 1


def test_a_receiver_that_never_answers_is_given_up_after_the_last_attempt(
    receiver, league, make_webhook
):
    make_webhook(receiver.url)
    receiver.answers = [503] * 20
    webhooks.record_event(result(league))
    row = WebhookDelivery.objects.get()
    assert (row.status, row.attempts) == ("failed", tasks.MAX_ATTEMPTS)
    assert len(receiver.received) == tasks.MAX_ATTEMPTS


def test_a_network_error_is_retried_and_logged(league, make_webhook):
    make_webhook("http://127.0.0.1:9/nothing-listens")  # the discard port: refused
    webhooks.record_event(result(league))
    row = WebhookDelivery.objects.get()
    assert row.status == "failed"
    assert row.attempts == tasks.MAX_ATTEMPTS
    assert row.last_error.startswith("network:")


def test_internal_addresses_are_refused_unless_allowed(receiver, league, make_webhook, settings):
    settings.DUGOUT_WEBHOOKS_ALLOW_PRIVATE = False
    make_webhook(receiver.url)
    webhooks.record_event(result(league))
    row = WebhookDelivery.objects.get()
    assert receiver.received == []
    assert row.status == "failed"
    assert "internal address (127.0.0.1)" in row.last_error


def test_a_redirect_is_not_followed(league, make_webhook, receiver):
    make_webhook(receiver.url)
    receiver.answers = [302]
    webhooks.record_event(result(league))
    row = WebhookDelivery.objects.get()
    assert (row.status, row.last_error, len(receiver.received)) == ("failed", "HTTP 302", 1)


def test_the_backoff_doubles_from_the_configured_base_and_is_capped(settings):
    settings.DUGOUT_WEBHOOKS_BACKOFF_SECONDS = 10
    assert 10 <= tasks.backoff_seconds(1) <= 11
    assert 40 <= tasks.backoff_seconds(3) <= 44
    assert tasks.MAX_BACKOFF_SECONDS <= tasks.backoff_seconds(30) <= tasks.MAX_BACKOFF_SECONDS * 1.1


def test_a_failed_attempt_waits_for_the_backoff_before_the_next(receiver, league, make_webhook):
    """With a worker (not eager) the retry is scheduled after the backoff: the row says
    when, and the task asks Celery to retry with that countdown."""
    make_webhook(receiver.url)
    receiver.answers = [500]
    with mock.patch.object(webhooks, "queue_delivery", return_value=True):
        (made,) = webhooks.record_event(result(league))
    with mock.patch.object(tasks, "backoff_seconds", return_value=30.0):
        wait = tasks.attempt_delivery(made)
    row = WebhookDelivery.objects.get()
    assert wait == 30.0
    assert (row.status, row.attempts, row.last_error) == ("pending", 1, "HTTP 500")
    assert row.next_attempt_at > timezone.now() + timedelta(seconds=25)


def test_with_the_broker_down_the_delivery_stays_owed_and_the_sweep_sends_it(
    receiver, league, make_webhook
):
    make_webhook(receiver.url)
    task = app.tasks[webhooks.DELIVER_WEBHOOK]
    with mock.patch.object(task, "delay", side_effect=BrokerDown("Redis is down")):
        webhooks.record_event(result(league))
        assert tasks.requeue_owed_deliveries() == 0, "not yet overdue"
    row = WebhookDelivery.objects.get()
    assert (row.status, row.attempts, receiver.received) == ("pending", 0, [])

    WebhookDelivery.objects.update(next_attempt_at=timezone.now() - timedelta(minutes=5))
    assert tasks.sweep_webhooks() == 1

    row.refresh_from_db()
    assert (row.status, row.attempts, len(receiver.received)) == ("delivered", 1, 1)
    assert tasks.sweep_webhooks() == 0, "nothing owed any more"


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.5/hook",
        "http://192.168.1.20:8080/hook",
        "http://[::1]/hook",
        "https://169.254.169.254/latest/meta-data",
        "http://localhost/hook",
    ],
)
def test_internal_addresses_are_named_when_refused(settings, url):
    settings.DUGOUT_WEBHOOKS_ALLOW_PRIVATE = False
    with pytest.raises(delivery.UnsafeAddress, match="is an internal address"):
        delivery.check_address(url)


@pytest.mark.parametrize("url", ["ftp://chat.example/x", "file:///etc/passwd", "https:///x"])
def test_only_http_addresses_with_a_host_are_taken(url):
    with pytest.raises(delivery.UnsafeAddress, match="http:// or https://"):
        delivery.check_scheme(url)


def test_celery_beat_runs_the_sweep():
    entry = app.conf.beat_schedule["sweep-owed-webhooks"]
    assert entry["task"] == "notifications.sweep_webhooks"
    assert entry["task"] in app.tasks
