"""A coach re-drafts his team between seasons on a phone (390×844)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from leagues.models import TeamEntry
from teams.models import Redraft
from tests.browser.conftest import PHONE
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import UserFactory, drafted_team
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_coach_redrafts_on_a_phone_watching_the_budget(phone: Page):
    coach = UserFactory(username="griff")
    team = drafted_team(coach, name="Bogenhafen Barons", players={"human-lineman": 11})
    _, following = closed_season(team, [WIN, DRAW, LOSS])
    log_in(phone, "griff")

    phone.goto(f"/teams/{team.pk}/redraft/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Re-draft Bogenhafen Barons")
    # 1,000,000 + 450,000 treasury + 3 games, 1 win, 1 draw = 1,540,000; 11 x 70k re-hired.
    expect(phone.locator("#redraft-budget-total")).to_have_text("1,540k")
    expect(phone.locator("#redraft-cost")).to_have_text("770k")
    expect(phone.locator("#redraft-remaining")).to_have_text("770k")
    assert page_overflow(phone) == 0

    first = team.players.order_by("number").first()
    phone.locator(f"#id_rehire_{first.pk}").uncheck()
    expect(phone.locator("#redraft-cost")).to_have_text("700k")  # htmx, no reload
    expect(phone.locator("#redraft-problems")).to_contain_text("at least 11 players")
    phone.fill("#id_hire_human-blitzer", "1")
    expect(phone.locator("#redraft-cost")).to_have_text("785k")
    phone.fill("#id_rerolls", "2")
    expect(phone.locator("#redraft-remaining")).to_have_text("655k")
    expect(phone.locator("#redraft-problems")).to_have_text("This re-draft keeps every draft rule.")
    assert phone.locator("#redraft-budget").bounding_box()["height"] <= 0.5 * PHONE["height"]
    phone.screenshot(path="/tmp/redraft_phone.png", full_page=False)

    phone.get_by_role("button", name="Re-draft the team").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Bogenhafen Barons")
    expect(phone.locator(".messages")).to_contain_text("is re-drafted for")
    assert page_overflow(phone) == 0
    saved = Redraft.objects.get(team=team)
    assert (saved.budget, saved.cost) == (1_540_000, 785_000 + 100_000)
    assert TeamEntry.objects.filter(team=team, season=following).exists()
