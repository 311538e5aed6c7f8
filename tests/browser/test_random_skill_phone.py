"""A coach takes a BB2025 random skill on a phone (390×844): two skills rolled, he keeps
one; a reload shows the same two."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from teams.models import Player
from teams.services import draft_team
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import UserFactory
from tests.teams.test_random_skill import BLOCK_AND_DAUNTLESS, SharedDice

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_coach_keeps_one_of_two_random_skills_on_a_phone(phone: Page, monkeypatch):
    coach = UserFactory(username="rolf")
    team = draft_team(
        coach,
        name="Nuln Gunners",
        ruleset_key="bb2025",
        roster_slug="human",
        players={"human-lineman": 11},
        team_captain="human-lineman",
    )
    lineman = team.players.get(number=2)
    Player.objects.filter(pk=lineman.pk).update(spp_earned=10)
    script = [*BLOCK_AND_DAUNTLESS, (6, 6), (6, 5), (5, 6)]
    monkeypatch.setattr("teams.services.advancement._new_dice", lambda: SharedDice(script))
    log_in(phone, "rolf")

    phone.goto(f"/players/{lineman.pk}/advance/")
    phone.get_by_role("button", name="Random primary skill").click()
    phone.get_by_role("button", name="General").click()
    keep = phone.locator("#random-skills button")
    expect(keep).to_have_text(["Keep Block", "Keep Dauntless"])
    expect(phone.locator(".choice")).to_contain_text("Random skill: General 2d6 = 1+1")
    assert page_overflow(phone) == 0

    phone.goto(f"/players/{lineman.pk}/advance/")  # a reload: the page asked again
    expect(keep).to_have_text(["Keep Block", "Keep Dauntless"])  # the roll stands
    phone.get_by_role("button", name="Keep Dauntless").click()
    expect(phone.locator(".messages")).to_contain_text("gained Dauntless")
    assert page_overflow(phone) == 0
    assert list(lineman.skills.values_list("skill", flat=True)) == ["Dauntless"]
