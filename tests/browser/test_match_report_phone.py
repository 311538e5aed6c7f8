"""A coach on a phone (390×844) dresses his team's page and tells the league about his
match: he uploads a logo and a description from the team page, writes his side's
report from the match page, and sees both on his team page; nothing overflows."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from news.models import MatchReport
from tests.browser.test_phone import log_in, page_overflow
from tests.news.conftest import world  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def logo_file(tmp_path):
    path = tmp_path / "crest.jpg"
    image = Image.new("RGB", (800, 600), (160, 20, 20))
    image.paste((230, 200, 40), (200, 150, 600, 450))
    out = io.BytesIO()
    image.save(out, format="JPEG")
    path.write_bytes(out.getvalue())
    return path


def test_a_coach_uploads_a_logo_writes_a_report_and_sees_both(
    phone: Page,
    world,  # noqa: F811
    logo_file,
    settings,
    tmp_path,
):
    settings.MEDIA_ROOT = tmp_path / "media"
    log_in(phone, "news-home")
    phone.goto(f"/teams/{world.home.pk}/")
    phone.get_by_role("link", name="Add a logo and a description").click()
    card = phone.locator("#team-profile")
    expect(card.get_by_role("heading", level=3)).to_have_text("Logo and description")
    card.locator("#id_logo").set_input_files(str(logo_file))
    card.locator("#id_description").fill("Champions of **Altdorf** since 2490.")
    card.get_by_role("button", name="Save the logo and description").click()
    expect(phone.get_by_text("Reikland Reavers's page is updated.")).to_be_visible()
    logo = phone.locator("img.team-logo")
    expect(logo).to_be_visible()
    # The browser decoded the served PNG: resized from 800×600 to fit 256×256.
    assert phone.evaluate("document.querySelector('img.team-logo').naturalWidth") == 256
    expect(phone.locator(".team-description strong")).to_have_text("Altdorf")

    phone.goto(f"/matches/{world.match.pk}/")
    reports = phone.locator("#match-reports")
    expect(reports).to_contain_text("No report from Reikland Reavers yet.")
    reports.get_by_role("link", name="Write your report").click()
    phone.fill("#id_body", "   ")  # the browser lets blanks through; the server says why not
    phone.get_by_role("button", name="Save the report").click()
    expect(phone.locator(".field-error")).to_contain_text("it is empty")
    phone.fill("#id_body", "Two touchdowns and *no* regrets. <script>alert(1)</script>")
    phone.get_by_role("button", name="Save the report").click()
    expect(phone.get_by_text("Reikland Reavers's match report is saved.")).to_be_visible()
    expect(reports.locator("em")).to_have_text("no")
    expect(reports.get_by_role("link", name="Edit your report")).to_be_visible()
    assert MatchReport.objects.get().team_id == world.home.pk

    phone.goto(f"/teams/{world.home.pk}/")
    expect(phone.locator("img.team-logo")).to_be_visible()
    section = phone.locator("#team-match-reports")
    expect(section).to_contain_text("Two touchdowns and no regrets.")
    expect(section).to_contain_text("<script>alert(1)</script>")  # shown as typed, not run
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-match-report-phone.png", full_page=True)
