"""Charts on a phone (390×844, Debian's chromium): a team's TV, CTV and Treasury on
its matches page, a scorer's SPP on his page, a season's race reached from the
league's page through the season's links. Each chart fits the screen, its
figures open under it, and the browser reports no CSP violation (the charts are SVG
with no inline style or script). Screenshots for review: /tmp/dugout-chart-team.png,
/tmp/dugout-chart-player.png, /tmp/dugout-chart-race.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_phone import page_overflow
from tests.charts.worlds import race_league, team_history

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390


def _fits(page: Page, chart_id: str) -> None:
    assert page_overflow(page) == 0
    box = page.locator(f"#{chart_id} svg").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    assert box["width"] > 300, box  # it uses the width of the phone, not a thumbnail


def _watch_csp(page: Page) -> list[str]:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return violations


def test_charts_read_on_a_phone(phone: Page):
    violations = _watch_csp(phone)
    played, _, scorer_id = team_history("Phone")

    phone.goto(f"/teams/{played.setup.home.pk}/matches/")
    chart = phone.locator("#chart-team-value")
    expect(chart.get_by_role("img")).to_have_accessible_name(
        f"{played.setup.home.name}: TV and CTV after each match"
    )
    expect(chart.locator(".chart-legend")).to_contain_text("TV: 1,090k")
    expect(phone.locator("#chart-team-treasury .chart-legend")).to_contain_text("Treasury: 550k")
    _fits(phone, "chart-team-value")
    _fits(phone, "chart-team-treasury")
    chart.locator("summary").tap()
    expect(chart.locator("tbody tr").nth(3)).to_contain_text("1,010k")
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-chart-team.png", full_page=True)

    phone.goto(f"/players/{scorer_id}/")
    expect(phone.locator("#chart-career-spp .chart-legend")).to_contain_text("SPP in all: 15")
    _fits(phone, "chart-career-spp")
    phone.locator("#chart-career-spp").screenshot(path="/tmp/dugout-chart-player.png")

    season, _, _ = race_league()
    phone.goto(f"/leagues/{season.league_id}/")
    phone.get_by_role("link", name="Race", exact=True).click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("the race")
    race = phone.locator(f"#chart-race-{season.divisions.get().pk}")
    expect(race.locator(".chart-legend li").first).to_have_text("Dale: 6")
    _fits(phone, race.get_attribute("id") or "")
    phone.screenshot(path="/tmp/dugout-chart-race.png", full_page=True)

    assert violations == []
