"""A correction walked on a phone (390×844, Debian's chromium). Two matches are played
through the services: in the first the home side wins 3-0, hires its journeyman for
good and an away player is Seriously Hurt; between the games the home coach spends
his scorer's SPP on Block; the away player sits the return match out. Then the
commissioner corrects the first match on its correction page (one home touchdown was
never scored) and reads what the coaches will: the MVPs where they were on the match
page, the injured player no longer missing a game on his team's sheet, the Treasury
after each match 10,000 gp lower on the team's matches page (its TV as it was), and a
ledger whose every balance is the one before plus the amount."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from matches.models import Report
from teams.selectors import value_breakdown
from teams.templatetags.dugout import MINUS, gp
from tests.browser.test_phone import log_in, page_overflow
from tests.matches.test_correction_story import matches_table, play_story, reported

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    """The post-games run where they are queued, even when REDIS_URL names a broker."""


def _gold(text: str) -> int:
    """A figure as ``gp``/``gp_signed`` print it ("+50k", "−10k", "2,500 gp") in gp."""
    text = text.strip().replace(MINUS, "-").replace("+", "").replace(",", "")
    if text.endswith("k"):
        return int(text[:-1]) * 1000
    return int(text.removesuffix(" gp"))


def _mvps(page: Page) -> list[str]:
    """The MVP row of each side's post-game card on the match page."""
    rows = page.locator("#post-game table.post-game-summary tr")
    return [
        rows.nth(i).locator("td").inner_text()
        for i in range(rows.count())
        if rows.nth(i).locator("th").inner_text() == "MVP"
    ]


def _matches(page: Page, team_pk: int) -> list[dict[str, str]]:
    page.goto(f"/teams/{team_pk}/matches/")
    expect(page.locator("#team-matches tbody tr")).to_have_count(2)
    return matches_table(page.content())


def test_a_commissioner_corrects_a_match_after_the_return_match_on_a_phone(
    phone: Page, django_capture_on_commit_callbacks
):
    story = play_story("Phone", reported, django_capture_on_commit_callbacks)
    s, p = story.first, story.p
    home, away = story.teams()
    s.commissioner.username = "clara"
    s.commissioner.save()
    log_in(phone, "clara")

    before = _matches(phone, home.pk)
    phone.goto(f"/matches/{s.match.pk}/")
    mvps = _mvps(phone)
    assert len(mvps) == 2

    # The correction page: one touchdown fewer, the event that reported it unticked.
    phone.get_by_role("link", name="Correct the report").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Correct the report")
    phone.get_by_label(f"Touchdowns by {home.name}").fill("2")
    scorer = p["h"][1]
    phone.get_by_label(f"Touchdown: #{scorer.number} {scorer.name}", exact=True).uncheck()
    phone.get_by_label("Why is the report corrected?").fill("The third touchdown was offside")
    assert page_overflow(phone) == 0
    phone.get_by_role("button", name="Save the corrected report").click()
    expect(phone.locator("#history")).to_contain_text("Why it was corrected: The third touchdown")

    # The match page: the same MVPs, on the corrected score.
    expect(phone.locator("#history .report-version").first).to_contain_text("2 – 0")
    assert _mvps(phone) == mvps
    assert page_overflow(phone) == 0

    # The injured player sat the return match out: he misses nothing more.
    injured = story.injured
    phone.goto(f"/teams/{away.pk}/")
    row = phone.locator("table.roster tbody tr").filter(
        has=phone.get_by_role("link", name=injured.name, exact=True)
    )
    expect(row).to_have_count(1)
    expect(row.locator(".badge", has_text="MNG")).to_have_count(0)
    assert injured.miss_next_game is False

    # The team's matches: the Treasury after each match 10k lower, the TV as it was,
    # each as the post-games now show it and the team now holds it.
    home, _ = story.teams()
    after = _matches(phone, home.pk)
    assert [
        _gold(b["Treasury after"]) - _gold(a["Treasury after"])
        for a, b in zip(before, after, strict=True)
    ] == [-10_000, -10_000]
    assert [a["TV after"] for a in after] == [b["TV after"] for b in before]
    shown = Report.objects.get(match=s.match, is_current=True).post_game_result["teams"]["home"]
    assert after[0]["Treasury after"] == gp(shown["treasury"])
    assert after[0]["TV after"] == gp(shown["team_value"])
    assert after[1]["Treasury after"] == gp(home.treasury)
    assert after[1]["TV after"] == gp(value_breakdown(home).team_value)
    assert page_overflow(phone) == 0

    # The ledger on the team sheet, newest first: the correction's one row, and every
    # balance the one before it plus its amount.
    phone.goto(f"/teams/{home.pk}/")
    ledger = phone.locator("table:has(th:text-is('Balance')) tbody tr")
    expect(ledger.first).to_contain_text(f"Correction of {s.match.label}: winnings")
    expect(ledger.first.locator("td").nth(2)).to_have_text(f"{MINUS}10k")
    rows = [
        (
            _gold(ledger.nth(i).locator("td").nth(2).inner_text()),
            _gold(ledger.nth(i).locator("td").nth(3).inner_text()),
        )
        for i in range(ledger.count())
    ]
    assert len(rows) >= 4
    for (amount, balance), (_, earlier) in zip(rows[:-1], rows[1:], strict=True):
        assert balance == earlier + amount
    assert rows[0][1] == home.treasury
    assert page_overflow(phone) == 0
