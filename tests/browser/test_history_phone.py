"""Team and player history on a phone (390×844), in Debian's chromium: a coach opens
his team's sheet, follows "Matches" to every match it played, reads the result, TV and
Treasury after the last one, follows the opponent's link back, then opens his scorer's
page, reads his matches and taps a skill for its rules summary. Nothing scrolls the
page sideways: the wide tables scroll inside their own ``.table-wrap``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from matches.models import PlayerMatchStats
from teams.models import Player, PlayerSkill
from tests.browser.test_phone import log_in, page_overflow
from tests.teams.history_helpers import copies, played_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390


def fits(page: Page) -> None:
    assert page_overflow(page) == 0
    # A table wider than the phone scrolls inside its own box, never the page.
    for table in page.locator("main table").all():
        assert table.evaluate(
            "t => t.parentElement.classList.contains('table-wrap')"
            " || t.getBoundingClientRect().right <= window.innerWidth"
        )


def test_a_coach_reads_his_teams_matches_and_his_scorers_career_on_a_phone(phone: Page):
    played = played_match(tag="Phone")
    copies(played, 4)
    setup = played.setup
    setup.home_coach.username = "karl"
    setup.home_coach.save()
    scorer = Player.objects.get(
        pk=PlayerMatchStats.objects.get(match=played.first, touchdowns=2).player_id
    )
    PlayerSkill.objects.create(player=scorer, skill="Dodge")
    log_in(phone, "karl")

    phone.goto(f"/teams/{setup.home.pk}/")
    phone.get_by_role("link", name="Matches", exact=True).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(f"{setup.home.name}: matches")
    rows = phone.locator("#team-matches tbody tr")
    expect(rows).to_have_count(5)
    expect(rows.last).to_contain_text("Won")
    expect(rows.last).to_contain_text("2–1")
    fits(phone)
    # The opponent column stays in view (sticky) while the figures scroll beside it.
    opponent = rows.last.get_by_role("link", name=setup.away.name)
    box = opponent.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    phone.locator("#team-matches").scroll_into_view_if_needed()
    opponent.click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(setup.away.name)
    fits(phone)

    phone.goto(f"/players/{scorer.pk}/")
    expect(phone.locator("#career tbody tr")).to_have_count(5)
    fits(phone)
    dodge = phone.locator("details.skill-tip", has=phone.locator("summary", has_text="Dodge"))
    dodge.locator("summary").tap()
    expect(dodge.locator("small")).to_be_visible()
    expect(dodge.locator("small")).to_contain_text("Agility skill")
    fits(phone)
