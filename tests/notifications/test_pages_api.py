"""The webhook pages and API (commissioners only), the e-mail preferences: a bad
address is a form error or a 400 with the field's message and nothing saved."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from notifications.models import EmailPreference, Webhook, WebhookDelivery
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _api(user) -> Client:
    token = Token.objects.get_or_create(user=user)[0].key
    return Client(HTTP_AUTHORIZATION=f"Token {token}")


def test_the_commissioner_adds_tests_and_removes_a_webhook(
    commissioner, league, receiver, django_capture_on_commit_callbacks
):
    client = _client(commissioner)
    home = client.get(f"/leagues/{league.pk}/")
    assert f'href="/leagues/{league.pk}/webhooks/"' in home.content.decode()

    page = client.post(
        f"/leagues/{league.pk}/webhooks/",
        {
            "url": receiver.url,
            "payload_format": "slack",
            "secret": "hunter2-league-secret",
            "on_results": "on",
        },
    )
    assert page.status_code == 302
    hook = Webhook.objects.get(league=league)
    assert (hook.payload_format, hook.on_results, hook.on_deaths) == ("slack", True, False)
    assert (hook.on_fixtures, hook.on_news) == (False, False), "unticked on the form"

    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(f"/leagues/{league.pk}/webhooks/{hook.pk}/test/")
    assert sent.status_code == 302
    assert receiver.received[0].json()["text"].startswith("*Old World League*: Dugout test")
    log = client.get(f"/leagues/{league.pk}/webhooks/").content.decode()
    assert "Delivered" in log and "this webhook works" in log
    assert "hunter2-league-secret" not in log, "the secret is never shown back"
    assert "signed" in log

    removed = client.post(f"/leagues/{league.pk}/webhooks/{hook.pk}/delete/")
    assert removed.status_code == 302
    assert not Webhook.objects.exists()
    assert not WebhookDelivery.objects.exists()


def test_the_delivery_log_says_a_failed_test_failed_and_why(
    commissioner, league, receiver, make_webhook, django_capture_on_commit_callbacks
):
    hook = make_webhook(receiver.url)
    receiver.answers = [404]
    client = _client(commissioner)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/leagues/{league.pk}/webhooks/{hook.pk}/test/")
    log = client.get(f"/leagues/{league.pk}/webhooks/").content.decode()
    assert "Test message failed: the address answered HTTP 404. This webhook does not work." in (
        log
    )
    assert "this webhook works" not in log
    # A result no address takes: the log says it failed and why, beside what was sent.
    WebhookDelivery.objects.create(
        webhook=hook,
        event_key="result:report:1",
        kind="result",
        summary="Reavers 2–1 Orcs",
        body="{}",
        status="failed",
        attempts=5,
        last_error="network: [Errno 111] Connection refused",
    )
    log = client.get(f"/leagues/{league.pk}/webhooks/").content.decode()
    assert "Reavers 2–1 Orcs" in log
    assert (
        "5 attempts · failed: the address could not be reached ([Errno 111] Connection refused)"
    ) in log


def test_a_bad_address_is_a_form_error_and_nothing_is_saved(commissioner, league):
    client = _client(commissioner)
    page = client.post(
        f"/leagues/{league.pk}/webhooks/",
        {"url": "ftp://chat.example/hook", "payload_format": "discord", "on_results": "on"},
    )
    assert page.status_code == 400
    assert "A webhook address starts with http:// or https://." in page.content.decode()
    none_chosen = client.post(
        f"/leagues/{league.pk}/webhooks/",
        {"url": "https://a.example/", "payload_format": "discord"},
    )
    assert none_chosen.status_code == 400
    assert "Choose at least one kind of event" in none_chosen.content.decode()
    assert not Webhook.objects.exists()


def test_only_its_commissioners_see_a_leagues_webhooks(league, make_webhook):
    hook = make_webhook("https://chat.example/hook")
    coach = _client(UserFactory())
    assert coach.get(f"/leagues/{league.pk}/webhooks/").status_code == 403
    assert coach.post(f"/leagues/{league.pk}/webhooks/{hook.pk}/delete/").status_code == 403
    assert Client().get(f"/leagues/{league.pk}/webhooks/").status_code == 302  # to log in
    assert _api(UserFactory()).get(f"/api/v1/leagues/{league.pk}/webhooks/").status_code == 403
    assert Webhook.objects.filter(pk=hook.pk).exists()


def test_the_page_reads_in_few_queries(
    commissioner, league, make_webhook, client, django_assert_max_num_queries
):
    for n in range(5):
        hook = make_webhook(f"https://chat.example/{n}")
        for k in range(5):
            WebhookDelivery.objects.create(
                webhook=hook, event_key=f"k{k}", kind="result", summary="s", body="{}"
            )
    client.force_login(commissioner)
    with django_assert_max_num_queries(12):
        page = client.get(f"/leagues/{league.pk}/webhooks/")
    assert page.status_code == 200
    assert page.content.decode().count("chat.example/") == 5


def test_the_api_lists_adds_tests_and_removes(commissioner, league, receiver):
    api = _api(commissioner)
    made = api.post(
        f"/api/v1/leagues/{league.pk}/webhooks/",
        {"url": receiver.url, "payload_format": "generic", "secret": "k"},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["signed"] is True and "secret" not in body
    assert (body["on_results"], body["on_level_ups"], body["on_deaths"]) == (True, True, True)
    assert (body["on_fixtures"], body["on_news"]) == (True, True)

    tested = api.post(f"/api/v1/leagues/{league.pk}/webhooks/{body['id']}/test/")
    assert tested.status_code == 202
    listed = api.get(f"/api/v1/leagues/{league.pk}/webhooks/").json()
    assert [d["kind"] for d in listed[0]["deliveries"]] == ["test"]

    gone = api.delete(f"/api/v1/leagues/{league.pk}/webhooks/{body['id']}/")
    assert gone.status_code == 204
    assert api.get(f"/api/v1/leagues/{league.pk}/webhooks/").json() == []


def test_the_api_refuses_a_bad_address_with_the_fields_message(commissioner, league):
    api = _api(commissioner)
    for url in ("ftp://chat.example/hook", "not a url", ""):
        bad = api.post(
            f"/api/v1/leagues/{league.pk}/webhooks/", {"url": url}, content_type="application/json"
        )
        assert bad.status_code == 400, url
        assert "url" in bad.json()["fields"], bad.json()
    assert not Webhook.objects.exists()


def test_a_coach_chooses_his_emails_on_the_page_and_in_the_api():
    coach = UserFactory()
    client = _client(coach)
    form = client.get("/notifications/").content.decode()
    assert form.count("checked") == 4, "every kind of e-mail is on until the coach says"
    assert "kick-off times, reminders before kick-off and deadlines" in form
    saved = client.post("/notifications/", {"decisions": "on"})
    assert saved.status_code == 302
    preference = EmailPreference.objects.get(user=coach)
    assert (preference.next_match, preference.decisions) == (False, True)
    assert (preference.fixtures, preference.news) == (False, False)

    api = _api(coach)
    assert api.get("/api/v1/notifications/preferences/").json() == {
        "next_match": False,
        "decisions": True,
        "fixtures": False,
        "news": False,
    }
    changed = api.post(
        "/api/v1/notifications/preferences/",
        {"next_match": True, "decisions": False, "news": True},
        content_type="application/json",
    )
    # A topic left out (an older client's request) keeps the coach's choice.
    assert changed.json() == {
        "next_match": True,
        "decisions": False,
        "fixtures": False,
        "news": True,
    }
    bad = api.post(
        "/api/v1/notifications/preferences/",
        {"next_match": "maybe"},
        content_type="application/json",
    )
    assert bad.status_code == 400
    preference.refresh_from_db()
    assert (preference.next_match, preference.decisions, preference.news) == (True, False, True)
