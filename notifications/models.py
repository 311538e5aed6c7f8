"""Webhooks, their delivery log, and the coaches' e-mail preferences.

Rows are written by ``notifications.webhooks`` (configuring, recording a
delivery as pending), ``notifications.tasks`` (each attempt's outcome) and
``notifications.emails``. A delivery is recorded *pending* before it is queued,
so an event whose queueing failed (the broker down) is still owed and the sweep
queues it again; one delivery per webhook and event, however often the event's row
is saved or the sweep runs.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy


class WebhookFormat(models.TextChoices):
    DISCORD = "discord", gettext_lazy('Discord ({"content": ...})')
    SLACK = "slack", gettext_lazy('Slack ({"text": ...})')
    GENERIC = "generic", gettext_lazy("Generic JSON (event, text and data)")


class EventKind(models.TextChoices):
    RESULT = "result", gettext_lazy("Results")
    LEVEL_UP = "level_up", gettext_lazy("Level-ups")
    DEATH = "death", gettext_lazy("Deaths")
    TEST = "test", gettext_lazy("Test message")
    KICKOFF_AGREED = "kickoff_agreed", gettext_lazy("Kick-off times agreed")
    KICKOFF_REMINDER = "kickoff_reminder", gettext_lazy("Reminders before kick-off")
    DEADLINE_WARNING = "deadline_warning", gettext_lazy("Warnings before a deadline")
    DEADLINE_PASSED = "deadline_passed", gettext_lazy("Deadlines passed unplayed")
    LEAGUE_NEWS = "league_news", gettext_lazy("League news")
    MATCH_REPORT = "match_report", gettext_lazy("Coaches' match reports")


# The kinds each opt-in of a webhook covers.
FIXTURE_KINDS = frozenset(
    {
        EventKind.KICKOFF_AGREED,
        EventKind.KICKOFF_REMINDER,
        EventKind.DEADLINE_WARNING,
        EventKind.DEADLINE_PASSED,
    }
)
NEWS_KINDS = frozenset({EventKind.LEAGUE_NEWS, EventKind.MATCH_REPORT})


class Webhook(models.Model):
    """An address a league's events are posted to, in the format its chat expects."""

    Format = WebhookFormat

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(
        max_length=200, blank=True, help_text="Signs each body (HMAC-SHA256); blank: unsigned."
    )
    payload_format = models.CharField(max_length=10, choices=Format, default=Format.DISCORD)
    on_results = models.BooleanField(default=True)
    on_level_ups = models.BooleanField(default=True)
    on_deaths = models.BooleanField(default=True)
    on_fixtures = models.BooleanField(
        default=True, help_text="Kick-off times, reminders, deadline warnings and deadlines passed."
    )
    on_news = models.BooleanField(
        default=True, help_text=gettext_lazy("League news and match reports.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(payload_format__in=WebhookFormat.values), name="webhook_format_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_payload_format_display()} webhook of {self.league_id}"

    @property
    def format_name(self) -> str:
        """ "Discord", "Slack", "Generic JSON": the format without its body's shape."""
        return str(self.get_payload_format_display()).split(" (")[0]

    @property
    def kinds_sent(self) -> list[str]:
        chosen = (
            (self.on_results, gettext_lazy("results")),
            (self.on_level_ups, gettext_lazy("level-ups")),
            (self.on_deaths, gettext_lazy("deaths")),
            (self.on_fixtures, gettext_lazy("kick-offs and deadlines")),
            (self.on_news, gettext_lazy("news and match reports")),
        )
        return [str(name) for on, name in chosen if on]

    def wants(self, kind: str) -> bool:
        """Whether the commissioner chose this kind of event for this address."""
        chosen = {
            EventKind.RESULT: self.on_results,
            EventKind.LEVEL_UP: self.on_level_ups,
            EventKind.DEATH: self.on_deaths,
            EventKind.TEST: True,
            **dict.fromkeys(FIXTURE_KINDS, self.on_fixtures),
            **dict.fromkeys(NEWS_KINDS, self.on_news),
        }
        return chosen.get(EventKind(kind), False)


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Pending")
    DELIVERED = "delivered", gettext_lazy("Delivered")
    FAILED = "failed", gettext_lazy("Failed")


class WebhookDelivery(models.Model):
    """One event for one webhook: its body as first built, and every attempt's outcome."""

    Status = DeliveryStatus

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event_key = models.CharField(max_length=80, help_text='"result:report:12": one per event.')
    kind = models.CharField(max_length=20, choices=EventKind)
    summary = models.CharField(max_length=300)
    body = models.TextField(help_text="The JSON posted, byte for byte the signed one.")
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "webhook deliveries"
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="delivery_owed")]
        constraints = [
            models.UniqueConstraint(fields=["webhook", "event_key"], name="delivery_once"),
            models.CheckConstraint(
                condition=Q(status__in=DeliveryStatus.values), name="delivery_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_key} to webhook {self.webhook_id}: {self.status}"


class EmailPreference(models.Model):
    """What a coach wants by e-mail; a coach without a row gets them all."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_preference"
    )
    next_match = models.BooleanField(
        default=True, help_text=gettext_lazy("My next match is scheduled.")
    )
    decisions = models.BooleanField(
        default=True, help_text=gettext_lazy("A report or a post-game waits for my decision.")
    )
    fixtures = models.BooleanField(
        default=True,
        help_text=gettext_lazy(
            "A kick-off time agreed, reminders before kick-off and deadlines, a deadline passed."
        ),
    )
    news = models.BooleanField(
        default=True, help_text=gettext_lazy("League news and match reports.")
    )

    def __str__(self) -> str:
        return f"E-mail preferences of {self.user_id}"


class SentEmail(models.Model):
    """An e-mail sent to a coach about one event, before the outbox (``OutgoingMail``)
    kept that record: read so that an event mailed then is not mailed again, no longer
    written."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    event_key = models.CharField(max_length=80)
    subject = models.CharField(max_length=200)
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-sent_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "event_key"], name="sent_email_once"),
        ]

    def __str__(self) -> str:
        return f"{self.event_key} to {self.user_id}"


class MailStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Owed")
    SENT = "sent", gettext_lazy("Sent")
    FAILED = "failed", gettext_lazy("Failed")


class OutgoingMail(models.Model):
    """One e-mail to send: written in the transaction that decides to send it, sent by
    ``notifications.send_mail`` after the commit, retried with a backoff while the mail
    server is away, re-queued by the sweep when its task was lost, failed (and shown
    here in the admin) after the last attempt.

    ``key`` names the event of a coach's notification (one mail per coach and event,
    however often the event's row saves or a task runs twice); account mails (a
    password reset) have none and their bodies are emptied once sent (they hold a
    link that signs in)."""

    Status = MailStatus

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        help_text="The coach it is for, where known.",
    )
    to = models.CharField(max_length=254, help_text="The recipient's address.")
    from_email = models.CharField(
        max_length=254, blank=True, help_text="Blank: DEFAULT_FROM_EMAIL."
    )
    category = models.CharField(
        max_length=80, blank=True, help_text='What it is: "next_match", "password_reset_key"...'
    )
    key = models.CharField(
        max_length=120, blank=True, help_text='"next_match:fixture:12": once per coach and event.'
    )
    subject = models.CharField(max_length=255)
    body = models.TextField(blank=True)
    html_body = models.TextField(blank=True)
    secret = models.BooleanField(
        default=False, help_text="Holds a link that signs in: bodies emptied once sent."
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "outgoing e-mail"
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="outgoing_mail_owed")]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"], condition=~Q(key=""), name="outgoing_mail_once"
            ),
            models.CheckConstraint(
                condition=Q(status__in=MailStatus.values), name="outgoing_mail_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(key="") | Q(user__isnull=False), name="outgoing_mail_key_has_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.subject} to {self.to}: {self.status}"
