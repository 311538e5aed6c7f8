"""On a phone (390×844, Debian's chromium): a page drawn as the answer to a refused
report is never reloaded by sending the report again. Neither the browser's reload nor
the live page's own (when the match moves on) sends a POST: each GETs the match page,
so the coach never meets "This Idempotency-Key was already used"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches import services
from matches.models import Report
from tests.browser.test_phone import log_in
from tests.matches.factories import kick_off, league_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_no_reload_sends_a_refused_report_again(phone):
    s = league_match()
    kick_off(s)
    services.add_event(s.home_coach, s.match, kind="touchdown", player=s.players("home")[0])
    url = f"/matches/{s.match.pk}/"
    log_in(phone, s.home_coach.username)
    phone.goto(url)

    # 2-0 with one touchdown tapped: refused, the page drawn as the POST's answer.
    report = phone.locator("#report")
    report.locator("#id_home_touchdowns").fill("2")
    report.get_by_role("button", name="Submit report").tap()
    expect(phone.locator("#report .errors")).to_contain_text("The score gives")
    key = phone.locator("#report input[name=idempotency_key]").input_value()
    posts: list[str] = []
    phone.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    # The browser's reload: a GET of the match page, the form drawn anew.
    assert phone.url.endswith(url)
    phone.reload()
    expect(phone.locator("#id_home_touchdowns")).to_have_value("1")
    expect(phone.locator("#report .errors")).to_have_count(0)

    # Refused again, then the report goes in with that key (the coach's second tab):
    # the page sees the match move on and reloads itself, by a GET.
    phone.locator("#report #id_home_touchdowns").fill("2")
    phone.locator("#report input[name=idempotency_key]").evaluate(
        "(input, key) => { input.value = key; }", key
    )
    phone.locator("#report").get_by_role("button", name="Submit report").tap()
    expect(phone.locator("#report .errors")).to_contain_text("The score gives")
    assert len(posts) == 1
    services.submit_report(
        s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0, idempotency_key=key
    )
    expect(phone.locator("#confirmation")).to_contain_text(
        "waiting for confirmation", timeout=5_000
    )
    expect(phone.get_by_text("Idempotency-Key")).to_have_count(0)
    expect(phone.get_by_text("already has a report")).to_have_count(0)
    assert len(posts) == 1 and phone.url.endswith(url)
    assert Report.objects.filter(match=s.match).count() == 1
