"""Issue 16, interchange on a phone (390×844): a coach imports a FUMBBL team from My
teams, first with a misspelt skill (the page names it beside the file and imports
nothing), then corrected; the new team's sheet offers its Export."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from teams.models import Team
from tests.browser.test_phone import log_in, page_overflow
from tests.factories import UserFactory
from tests.teams.interchange.helpers import file_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _file(tmp_path, data) -> str:
    path = tmp_path / "fumbbl-team.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_a_coach_imports_a_fumbbl_team_on_a_phone(phone: Page, tmp_path):
    UserFactory(username="grimgor")
    log_in(phone, "grimgor")
    phone.goto("/teams/mine/")
    phone.get_by_role("link", name="Import a team").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Import a team")

    data = json.loads(file_text("fumbbl_team.json"))
    data["players"][0]["skills"] = ["Mighty Blwo"]
    phone.set_input_files("#id_file", _file(tmp_path, data))
    phone.select_option("#id_source_format", "fumbbl")
    phone.select_option("#id_ruleset", "bb2020")
    phone.get_by_role("button", name="Import the team").click()
    error = phone.locator(".field-error")
    expect(error).to_contain_text("skill 'Mighty Blwo' (#1 Karl Brandt)")
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-import-error-phone.png", full_page=True)
    assert not Team.objects.filter(name="Altdorf Marauders").exists()

    data["players"][0]["skills"] = ["Mighty Blow (+1)"]
    phone.set_input_files("#id_file", _file(tmp_path, data))
    phone.select_option("#id_source_format", "fumbbl")
    phone.select_option("#id_ruleset", "bb2020")
    phone.get_by_role("button", name="Import the team").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Altdorf Marauders")
    expect(phone.get_by_role("link", name="Export")).to_be_visible()
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-imported-team-phone.png")
