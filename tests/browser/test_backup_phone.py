"""Backups on a phone (390×844): the commissioner downloads his league's backup from
the league's page, restores it as a new league from the leagues' page, and reads the
new league's standings: the same table, his teams' names marked "(restored)"."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from leagues.models import League
from leagues.standings import overall_standings
from tests.browser.test_phone import log_in, page_overflow
from tests.league_world import build_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_commissioner_downloads_a_backup_and_restores_it_as_a_new_league(
    phone: Page, tmp_path, eager_celery
):
    world = build_world("Pocket")
    table = [(r.team_name, r.played, r.points) for r in overall_standings(world.season)]
    log_in(phone, world.commissioner.username)

    phone.goto(f"/leagues/{world.league.pk}/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Pocket League")
    with phone.expect_download() as download:
        phone.get_by_role("link", name="Download a backup").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == f"league-{world.league.pk}.dugout-league.json"
    assert json.loads(path.read_text())["league"]["name"] == "Pocket League"

    phone.goto("/leagues/")
    phone.get_by_role("link", name="Restore a league from a backup").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Restore a league from a backup")
    assert page_overflow(phone) == 0
    phone.set_input_files("#id_file", str(path))
    phone.fill("#id_name", "Pocket League Restored")
    phone.get_by_role("button", name="Restore as a new league").click()

    expect(phone.get_by_role("heading", level=1)).to_have_text("Pocket League Restored")
    expect(phone.locator("main")).to_contain_text("you are its commissioner")
    restored = League.objects.get(name="Pocket League Restored")
    assert list(restored.commissioners.all()) == [world.commissioner]

    phone.get_by_role("link", name="Standings").first.click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Pocket League Restored")
    rows = phone.locator("main table.league-table tbody tr")
    expect(rows).to_have_count(len(table))
    for team_name, played, points in table:
        row = rows.filter(has_text=f"{team_name} (restored)")
        expect(row).to_have_count(1)
        expect(row.locator("td").nth(2)).to_have_text(str(played))
        expect(row.locator("td").last).to_have_text(str(points))
    assert page_overflow(phone) == 0
    phone.screenshot(path="/tmp/dugout-restored-standings-phone.png", full_page=True)
