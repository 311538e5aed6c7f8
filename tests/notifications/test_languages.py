"""Mails go out in their recipient's language, else his league's; webhook messages in
the league's: each is rendered under that language when its row is written."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from leagues import services as league_services
from leagues.models import League
from notifications import delivery, emails, events, webhooks
from notifications.models import OutgoingMail, WebhookDelivery
from teams.models_coach import CoachProfile
from tests.matches.factories import league_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def rendered(monkeypatch):
    """(recipient, language active) for each mail body rendered."""
    seen: list[tuple[str, str]] = []
    render = emails.render_to_string

    def spy(template, context, *args, **kwargs):
        seen.append((context["user"].username, translation.get_language()))
        return render(template, context, *args, **kwargs)

    monkeypatch.setattr(emails, "render_to_string", spy)
    return seen


def test_a_coach_reads_his_mail_in_his_language_else_the_leagues(
    rendered, django_capture_on_commit_callbacks
):
    s = league_match(opened=False)
    League.objects.filter(pk=s.season.league_id).update(language="de")
    CoachProfile.objects.create(user=s.home_coach, language="fr")
    with django_capture_on_commit_callbacks(execute=True):
        league_services.schedule_friendly(
            s.home_coach, s.season, home=s.home, away=s.away, deadline=datetime.date(2026, 12, 1)
        )
    assert sorted(rendered) == sorted(
        [(s.home_coach.username, "fr"), (s.away_coach.username, "de")]
    )
    # The language of the request or task that wrote them is left as it was.
    assert translation.get_language() == "en-gb"
    assert OutgoingMail.objects.filter(user=s.home_coach).count() == 1


def test_the_subject_is_made_in_the_recipients_language(monkeypatch):
    s = league_match(opened=False)
    CoachProfile.objects.create(user=s.home_coach, language="fr")
    said: list[str] = []

    def compose():
        said.append(translation.get_language())
        return "Subject", {"lines": ["A line."], "url": "https://dugout.example/"}

    assert emails.send_once(s.home_coach, "k:1", emails.NEXT_MATCH, compose, s.season.league)
    assert emails.send_once(s.away_coach, "k:1", emails.NEXT_MATCH, compose, s.season.league)
    assert said == ["fr", "en-gb"]


def test_a_webhook_message_is_said_in_the_leagues_language(monkeypatch, league, make_webhook):
    League.objects.filter(pk=league.pk).update(language="it")
    league.refresh_from_db()
    hook = make_webhook("https://chat.example/hook")
    spoken: list[str] = []
    body_for = delivery.body_for

    def spy(fmt, event):
        spoken.append(translation.get_language())
        return body_for(fmt, event)

    monkeypatch.setattr(delivery, "body_for", spy)
    monkeypatch.setattr(webhooks, "queue_delivery", lambda pk: True)
    webhooks.send_test(league.commissioners.first(), league, hook.pk)
    assert spoken == ["it"]


def test_an_event_said_in_another_language_is_said_again_in_the_leagues(
    monkeypatch, league, make_webhook
):
    make_webhook("https://chat.example/hook")
    monkeypatch.setattr(webhooks, "queue_delivery", lambda pk: True)
    again: list[str] = []

    def build():
        again.append(translation.get_language())
        return events.check_event(league, "b")

    # Said in the league's language already: not made again.
    webhooks.record_in_league_language(events.check_event(league, "a"), build)
    assert again == []
    League.objects.filter(pk=league.pk).update(language="es")
    webhooks.record_in_league_language(events.check_event(league, "b"), build)
    assert again == ["es"]
    assert WebhookDelivery.objects.count() == 2
