"""manage.py sweep_mail: send (embedded mode) or re-queue (with a broker) every e-mail
the outbox says is still owed, as Celery beat's ``notifications.sweep_mail`` does every
minute at scale; for the embedded mode (e.g. from cron, with ``send_reminders``) and for
an operator who does not want to wait for the mail server's next retry (``--now``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from config.celery import app
from notifications import outbox
from notifications.models import OutgoingMail


class Command(BaseCommand):
    help = "Send or re-queue every e-mail still owed (its mail server was away)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--now",
            action="store_true",
            help="Also the mails waiting for a scheduled retry: the mail server is back.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        owed = OutgoingMail.objects.filter(status=OutgoingMail.Status.PENDING)
        if options["now"]:
            owed.update(next_attempt_at=None)
        queued = outbox.requeue_owed_mails()
        left = owed.count()
        verb = "sent or retried" if app.conf.task_always_eager else "queued"
        self.stdout.write(f"{queued} owed e-mail(s) {verb}; {left} still owed.")
