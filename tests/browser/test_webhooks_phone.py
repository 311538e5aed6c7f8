"""Issue 16, webhooks on a phone (390×844): a commissioner opens Webhooks from the
league's page, is told what to fix for an ftp:// address, adds the address of a local
receiver, sends a test message and reads its delivery in the log; nothing overflows."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from notifications.models import Webhook
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import UserFactory
from tests.leagues.factories import LeagueFactory
from tests.notifications.conftest import _eager_and_local, receiver  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_commissioner_adds_and_tests_a_webhook_on_a_phone(phone: Page, receiver):  # noqa: F811
    commissioner = UserFactory(username="nuffle")
    league = LeagueFactory(commissioners=[commissioner], name="Phone League")
    log_in(phone, "nuffle")
    phone.goto(f"/leagues/{league.pk}/")
    phone.get_by_role("link", name="Webhooks").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Phone League: webhooks")

    phone.fill("#id_url", "ftp://chat.example/hook")
    phone.get_by_role("button", name="Add the webhook").click()
    expect(phone.locator(".field-error")).to_contain_text("starts with http:// or https://")
    assert not Webhook.objects.exists()

    phone.fill("#id_url", receiver.url)
    phone.select_option("#id_payload_format", "discord")
    phone.get_by_role("button", name="Add the webhook").click()
    expect(phone.get_by_text("Webhook added")).to_be_visible()
    phone.get_by_role("button", name="Send a test").click()
    expect(phone.locator("#deliveries")).to_contain_text("Delivered")
    assert receiver.received[0].json()["content"].startswith("**Phone League**: Dugout test")
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-webhooks-phone.png", full_page=True)
