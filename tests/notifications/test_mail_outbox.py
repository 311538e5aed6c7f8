"""The outbox: every mail is a row first, sent after the commit through a real SMTP
server on 127.0.0.1 (tests/notifications/smtp_server.py); a server that refuses leaves
it owed and retried after a backoff, the sweep sends what a lost task left owed, a mail
is sent once per coach and event, a coach's preferences hold, and a mail that used its
attempts is failed and shown in the admin, which can send it again."""

from __future__ import annotations

import io
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerDown

from config.celery import app
from notifications import emails, outbox, tasks
from notifications.models import OutgoingMail, SentEmail
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import FixtureFactory
from tests.notifications.smtp_server import SMTPServer

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp(settings):
    """A mail server on a port of its own, started; the site's mail goes to it."""
    server = SMTPServer()
    server.start()
    settings.MAILERS = {"default": server.mailer}
    settings.DUGOUT_MAIL_BACKOFF_SECONDS = 30
    yield server
    server.stop()


def _a_fixture(django_capture_on_commit_callbacks):
    """A fixture scheduled: each of its coaches is owed a "next match" mail."""
    with django_capture_on_commit_callbacks(execute=True):
        fixture = FixtureFactory()
    return fixture, fixture.home.coach, fixture.away.coach


def _overdue() -> None:
    """Time passes: every owed mail's next attempt is five minutes late."""
    OutgoingMail.objects.update(next_attempt_at=timezone.now() - timedelta(minutes=5))


def test_a_mail_is_a_row_sent_after_the_commit(smtp, django_capture_on_commit_callbacks):
    fixture, home, away = _a_fixture(django_capture_on_commit_callbacks)

    rows = OutgoingMail.objects.order_by("to")
    assert [(r.to, r.status, r.attempts) for r in rows] == sorted(
        [(home.email, "sent", 1), (away.email, "sent", 1)]
    )
    assert all(r.sent_at is not None and r.key == f"next_match:fixture:{fixture.pk}" for r in rows)
    subject = f"[Dugout] Your next match: {fixture.home.name} v {fixture.away.name}"
    assert smtp.subjects_to(home.email) == [subject]
    assert smtp.subjects_to(away.email) == [subject]
    (delivered,) = [d for d in smtp.delivered if home.email in d.rcpt_to]
    assert f"/leagues/fixtures/{fixture.pk}/" in delivered.text


def test_nothing_is_sent_for_a_change_rolled_back(smtp, django_capture_on_commit_callbacks):
    from django.db import transaction

    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        FixtureFactory()
        raise RuntimeError("the change fails")
    assert not OutgoingMail.objects.exists()
    assert smtp.delivered == []


def test_a_server_down_leaves_the_mail_owed_then_it_is_retried_and_sent_once(
    smtp, django_capture_on_commit_callbacks
):
    smtp.stop()  # connections to its port are refused
    _fixture, home, _away = _a_fixture(django_capture_on_commit_callbacks)

    row = OutgoingMail.objects.get(to=home.email)
    assert (row.status, row.attempts) == ("pending", 1)
    assert "ConnectionRefused" in row.last_error
    wait = (row.next_attempt_at - timezone.now()).total_seconds()
    assert 25 < wait <= 33, "retried after the backoff, not at once"
    assert tasks.sweep_mail() == 0, "a mail waiting for its retry is not swept"

    smtp.start()  # the server is back
    assert tasks.sweep_mail() == 0, "its retry is not overdue yet"
    _overdue()  # the retry was lost with the queue
    assert tasks.sweep_mail() == 2
    row.refresh_from_db()
    assert (row.status, row.attempts, row.last_error) == ("sent", 2, "")
    assert len(smtp.subjects_to(home.email)) == 1
    _overdue()
    assert tasks.sweep_mail() == 0, "nothing owed any more"
    assert len(smtp.delivered) == 2


def test_an_operator_sends_the_owed_mails_at_once_when_the_server_is_back(
    smtp, django_capture_on_commit_callbacks
):
    smtp.stop()
    _a_fixture(django_capture_on_commit_callbacks)
    out = io.StringIO()
    call_command("sweep_mail", stdout=out)
    assert out.getvalue().strip() == "0 owed e-mail(s) sent or retried; 2 still owed."
    smtp.start()
    call_command("sweep_mail", "--now", stdout=out)
    assert out.getvalue().splitlines()[-1] == "2 owed e-mail(s) sent or retried; 0 still owed."
    assert len(smtp.delivered) == 2


def test_with_a_worker_a_failure_retries_after_the_doubling_backoff(smtp, settings):
    settings.DUGOUT_MAIL_BACKOFF_SECONDS = 10
    smtp.stop()
    coach = UserFactory()
    with mock.patch.object(outbox, "queue_send", return_value=True):
        made = outbox.enqueue(coach.email, "Hello", "Body", user=coach, key="k:1")
    assert made is not None
    first = outbox.attempt_send(made.pk)
    second = outbox.attempt_send(made.pk)
    assert first is not None and 10 <= first <= 11
    assert second is not None and 20 <= second <= 22
    made.refresh_from_db()
    assert (made.status, made.attempts) == ("pending", 2)

    # Run by a worker (not eagerly), the task asks Celery to retry after the backoff.
    task = app.tasks[outbox.SEND_MAIL]
    task.push_request(is_eager=False)
    try:
        with (
            mock.patch.object(task, "retry", side_effect=RuntimeError("retry")) as retry,
            pytest.raises(RuntimeError, match="retry"),
        ):
            task.run(made.pk)
    finally:
        task.pop_request()
    assert 40 <= retry.call_args.kwargs["countdown"] <= 44


def test_a_mail_is_sent_once_per_coach_and_event(smtp, django_capture_on_commit_callbacks):
    fixture, home, away = _a_fixture(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        assert emails.fixture_scheduled(fixture.pk) == 0, "both had it"
        fixture.save()
    assert OutgoingMail.objects.count() == 2
    assert len(smtp.delivered) == 2

    # A mail sent before the outbox kept the record is not sent again either.
    other = UserFactory()
    SentEmail.objects.create(user=other, event_key="next_match:fixture:1", subject="x")
    assert outbox.enqueue(other.email, "x", "y", user=other, key="next_match:fixture:1") is None


def test_a_coach_who_opted_out_gets_no_row_and_no_mail(smtp, django_capture_on_commit_callbacks):
    home, away = TeamFactory(), TeamFactory()
    emails.set_preferences(home.coach, next_match=False)
    with django_capture_on_commit_callbacks(execute=True):
        FixtureFactory(home=home, away=away)
    assert list(OutgoingMail.objects.values_list("to", flat=True)) == [away.coach.email]
    assert smtp.subjects_to(home.coach.email) == []
    assert smtp.subjects_to(away.coach.email) != []


def test_with_the_broker_down_the_mail_stays_owed_and_the_sweep_sends_it(
    smtp, django_capture_on_commit_callbacks
):
    task = app.tasks[outbox.SEND_MAIL]
    with mock.patch.object(task, "delay", side_effect=BrokerDown("Redis is down")):
        _a_fixture(django_capture_on_commit_callbacks)
        assert tasks.sweep_mail() == 0, "not yet overdue"
    assert list(OutgoingMail.objects.values_list("status", "attempts")) == [("pending", 0)] * 2
    assert smtp.delivered == []
    _overdue()
    assert tasks.sweep_mail() == 2
    assert sorted(OutgoingMail.objects.values_list("status", flat=True)) == ["sent", "sent"]
    assert len(smtp.delivered) == 2


def test_with_the_broker_down_at_the_event_the_mails_are_written_owed_all_the_same(
    smtp, django_capture_on_commit_callbacks
):
    """A real broker refusing every task (Redis down): the event's mails are written
    after its commit all the same, owed, and swept out once the broker is back."""
    with mock.patch("kombu.Producer.publish", side_effect=BrokerDown("Redis is down")):
        app.conf.task_always_eager = False
        try:
            _fixture, home, away = _a_fixture(django_capture_on_commit_callbacks)
        finally:
            app.conf.task_always_eager = True
    owed = OutgoingMail.objects.order_by("to")
    assert sorted(owed.values_list("to", "status", "attempts")) == sorted(
        [(home.email, "pending", 0), (away.email, "pending", 0)]
    )
    assert smtp.delivered == []
    _overdue()
    assert tasks.sweep_mail() == 2
    assert sorted(smtp.subjects_to(home.email) + smtp.subjects_to(away.email)) == sorted(
        owed.values_list("subject", flat=True)
    )


def test_a_mail_that_used_its_attempts_is_failed_and_the_admin_sends_it_again(
    smtp, settings, monkeypatch, admin_client, django_capture_on_commit_callbacks
):
    smtp.stop()
    settings.DUGOUT_MAIL_BACKOFF_SECONDS = 0  # each retry at once, in the task's loop
    monkeypatch.setattr(outbox, "MAX_ATTEMPTS", 3)
    _fixture, home, _away = _a_fixture(django_capture_on_commit_callbacks)
    row = OutgoingMail.objects.get(to=home.email)
    assert (row.status, row.attempts) == ("failed", 3)
    assert tasks.sweep_mail() == 0, "a failed mail is not swept"

    listed = admin_client.get("/admin/notifications/outgoingmail/?status__exact=failed")
    assert listed.status_code == 200
    page = listed.content.decode()
    assert row.subject in page and "ConnectionRefused" in page

    smtp.start()
    with django_capture_on_commit_callbacks(execute=True):
        again = admin_client.post(
            "/admin/notifications/outgoingmail/",
            {"action": "send_again", "_selected_action": [row.pk]},
        )
    assert again.status_code == 302
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("sent", 1)
    assert smtp.subjects_to(home.email) == [row.subject]


def test_the_sweep_fails_an_owed_mail_past_its_attempts(smtp):
    coach = UserFactory()
    with mock.patch.object(outbox, "queue_send", return_value=True):
        made = outbox.enqueue(coach.email, "Hello", "Body", user=coach, key="k:2")
    assert made is not None
    OutgoingMail.objects.filter(pk=made.pk).update(attempts=outbox.MAX_ATTEMPTS)
    _overdue()
    assert tasks.sweep_mail() == 0
    made.refresh_from_db()
    assert made.status == "failed"
    assert smtp.delivered == []


def test_a_password_reset_link_is_not_kept_once_sent(
    smtp, client, admin_client, django_capture_on_commit_callbacks
):
    coach = UserFactory(username="forgetful")
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/accounts/password/reset/", {"email": coach.email})
    assert answer.status_code == 302
    (delivered,) = smtp.delivered
    assert "/accounts/password/reset/key/" in delivered.text
    row = OutgoingMail.objects.get()
    assert (row.user, row.category, row.status) == (coach, "password_reset_key", "sent")
    assert (row.body, row.html_body) == ("", ""), "the link that signs in is not kept"
    assert mail.outbox == []
    shown = admin_client.get(f"/admin/notifications/outgoingmail/{row.pk}/change/")
    assert shown.status_code == 200 and row.subject in shown.content.decode()
    notice = OutgoingMail.objects.exclude(pk=row.pk)
    with django_capture_on_commit_callbacks(execute=True):
        FixtureFactory(home__coach=coach)
    other = notice.get(to=coach.email)
    page = admin_client.get(f"/admin/notifications/outgoingmail/{other.pk}/change/")
    assert "Your next match in" in page.content.decode(), "a notice's body is shown"


def test_metrics_show_the_mails_owed_and_failed(
    smtp, settings, client, django_capture_on_commit_callbacks
):
    smtp.stop()
    _a_fixture(django_capture_on_commit_callbacks)
    OutgoingMail.objects.filter(pk=OutgoingMail.objects.first().pk).update(status="failed")
    settings.DUGOUT_METRICS = True
    text = client.get("/metrics").content.decode()
    assert 'dugout_mail_outbox{status="pending"} 1.0' in text
    assert 'dugout_mail_outbox{status="failed"} 1.0' in text
