"""manage.py send_reminders: the deadline warnings and kick-off reminders due now, each
once, as Celery beat's ``notifications.send_reminders`` does every five minutes at
scale; for the embedded mode (e.g. from cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from notifications import reminders


class Command(BaseCommand):
    help = "Send the deadline warnings and kick-off reminders due now (each once)."

    def handle(self, *args: Any, **options: Any) -> None:
        made = reminders.send_due()
        self.stdout.write(f"{made} reminder e-mail(s) and webhook deliveries made.")
