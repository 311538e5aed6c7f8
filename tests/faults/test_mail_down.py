"""The mail server down: a real SMTP port that refuses connections (a small SMTP server
of the test's own, tests/notifications/smtp_server.py, stopped) during password resets
and a round of notifications (a season's schedule drawn up, its deadline warnings).

Every page answers as usual (never a 500); every mail is a row owed in the outbox.
Then the server is back (started again on the same port), time passes, the sweep
runs (Celery beat's ``notifications.sweep_mail``), and every mail is sent exactly once;
a second sweep sends nothing.

Tasks run in the process (Celery eager), as in the embedded mode; the REDIS_URL pass
(a broker, no worker) runs them so too."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from leagues import services as league_services
from notifications import reminders, tasks
from notifications.models import OutgoingMail
from tests.factories import UserFactory, drafted_team
from tests.notifications.smtp_server import SMTPServer


@pytest.fixture
def mail_server(settings, eager_celery):
    """A mail server the site sends to, not started: its port refuses connections."""
    server = SMTPServer()
    settings.MAILERS = {"default": server.mailer}
    settings.DUGOUT_MAIL_BACKOFF_SECONDS = 30
    yield server
    server.stop()


@pytest.mark.django_db(transaction=True)  # the commits are real: the mails leave after them
def test_mail_down_loses_no_mail_and_answers_no_500(mail_server):
    commissioner = UserFactory()
    league = league_services.create_league(commissioner, name="Mail Down League", ruleset="bb2020")
    season = league_services.open_season(commissioner, league)
    coaches = [UserFactory() for _ in range(4)]
    for coach in coaches:
        league_services.admit_team(commissioner, season, drafted_team(coach))
    web = Client(raise_request_exception=False)

    # Password resets with the mail server down: the usual answer, not a 500.
    for address in (coaches[0].email, "nobody-known@example.com"):
        answer = web.post("/accounts/password/reset/", {"email": address})
        assert answer.status_code == 302, (address, answer.status_code)
        assert web.get(answer.url).status_code == 200
    # A round of notifications: the schedule drawn up (each coach's next match), and
    # the warnings of the first round's deadline, near.
    start = timezone.localdate() - timedelta(days=6)
    league_services.generate_schedule(commissioner, season, start_date=start)
    warned = reminders.send_due(timezone.now())

    owed = list(OutgoingMail.objects.order_by("id"))
    assert len(owed) == 2 + len(coaches) + warned, [(m.to, m.subject) for m in owed]
    assert warned >= len(coaches), "each coach is warned of his first deadline"
    assert {m.status for m in owed} == {"pending"}
    assert all(m.attempts == 1 and "ConnectionRefused" in m.last_error for m in owed)
    assert mail_server.delivered == []
    assert tasks.sweep_mail() == 0, "each waits for its retry"
    assert reminders.send_due(timezone.now()) == 0, "a warning is made once"

    mail_server.start()  # the mail server is back
    OutgoingMail.objects.update(next_attempt_at=timezone.now() - timedelta(minutes=5))
    assert tasks.sweep_mail() == len(owed)

    sent = list(OutgoingMail.objects.order_by("id"))
    assert {m.status for m in sent} == {"sent"}
    delivered = sorted((d.rcpt_to[0], d.subject) for d in mail_server.delivered)
    assert delivered == sorted((m.to, m.subject) for m in sent), "each mail exactly once"
    reset = [d for d in mail_server.delivered if d.rcpt_to == [coaches[0].email]]
    assert any("/accounts/password/reset/key/" in d.text for d in reset)
    unknown = [d for d in mail_server.delivered if d.rcpt_to == ["nobody-known@example.com"]]
    assert len(unknown) == 1, "an unknown address is told so, once"
    for coach in coaches:
        subjects = [s for to, s in delivered if to == coach.email]
        assert any(s.startswith("[Dugout] Your next match: ") for s in subjects), subjects
        assert any(s.startswith("[Dugout] Deadline soon: ") for s in subjects), subjects

    OutgoingMail.objects.update(next_attempt_at=timezone.now() - timedelta(minutes=5))
    assert tasks.sweep_mail() == 0, "nothing owed any more"
    assert len(mail_server.delivered) == len(sent)
