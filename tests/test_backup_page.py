"""A commissioner's backups from the pages and the API (backups/views.py, api.py,
services.py): he downloads his league's backup from the league's page, and restores a
backup as a NEW league he runs, checked as ``manage.py import_league`` checks it;
a refused or oversized upload writes nothing."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from leagues.models import League
from leagues.standings import overall_standings
from teams.models import AuditEntry, Team
from tests.factories import UserFactory
from tests.league_world import build_world
from tests.test_import_validation import counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(eager_celery):
    return build_world("Vault")


def _download(client, world) -> dict[str, Any]:
    client.force_login(world.commissioner)
    response = client.get(reverse("league-backup", args=[world.league.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="league-{world.league.pk}.dugout-league.json"'
    )
    return json.loads(
        b"".join(response.streaming_content) if response.streaming else response.content
    )


def _file(document: Any, name: str = "backup.json") -> io.BytesIO:
    upload = io.BytesIO(document if isinstance(document, bytes) else json.dumps(document).encode())
    upload.name = name
    return upload


def _table(season) -> list[tuple]:
    return [
        (r.position, r.team_name, r.played, r.won, r.drawn, r.lost, r.points)
        for r in overall_standings(season)
    ]


def test_the_commissioner_downloads_his_leagues_backup_from_its_page(client, world):
    client.force_login(world.commissioner)
    home = client.get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert f'href="{reverse("league-backup", args=[world.league.pk])}" download' in home
    document = _download(client, world)
    assert document["format"] == "dugout-league" and document["league"]["name"] == "Vault League"
    assert len(document["matches"]) == 3
    assert {u["email"] for u in document["users"]} == {""}  # addresses stay on the site


@pytest.mark.parametrize("who", ["home_coach", "other_commissioner", "outsider"])
def test_nobody_else_downloads_it(client, world, who):
    client.force_login(getattr(world, who))
    assert client.get(reverse("league-backup", args=[world.league.pk])).status_code == 403
    home = client.get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert reverse("league-backup", args=[world.league.pk]) not in home
    api = client.get(f"/api/v1/leagues/{world.league.pk}/backup/")
    assert api.status_code == 403 and api.json()["detail"]


def test_anonymous_is_sent_to_log_in(client, world):
    page = client.get(reverse("league-backup", args=[world.league.pk]))
    assert page.status_code == 302 and reverse("login") in page["Location"]
    assert client.get(f"/api/v1/leagues/{world.league.pk}/backup/").status_code in (401, 403)


def test_a_backup_restored_as_a_new_league_reads_the_same(client, world):
    document = _download(client, world)
    old_table = _table(world.season)
    page = client.post(
        reverse("league-restore"), {"file": _file(document), "name": "Vault League Restored"}
    )
    league = League.objects.get(name="Vault League Restored")
    assert page.status_code == 302 and page["Location"] == reverse("league-home", args=[league.pk])
    assert list(league.commissioners.all()) == [world.commissioner]
    new_table = _table(league.seasons.get())
    renamed = [(p, f"{name} (restored)", *rest) for p, name, *rest in old_table]
    assert new_table == renamed
    # The old league is untouched; the restored teams keep their coaches, who play in
    # a league the restorer runs.
    assert _table(world.season) == old_table
    restored = Team.objects.get(name=f"{world.teams['home'].name} (restored)")
    assert restored.coach == world.home_coach
    assert AuditEntry.objects.filter(league=league, action="league.restore").count() == 1


def test_a_stranger_restoring_it_keeps_every_team_and_creates_no_account(client, world):
    document = _download(client, world)
    document["users"].append({"username": "vault-ghost"})
    document["teams"][0]["coach_id"] = "vault-ghost"  # a coach this site does not know
    stranger = UserFactory(username="vault-stranger")
    users = get_user_model().objects.count()
    client.force_login(stranger)
    client.post(reverse("league-restore"), {"file": _file(document), "name": "Vault Twice"})
    league = League.objects.get(name="Vault Twice")
    assert list(league.commissioners.all()) == [stranger]
    teams = Team.objects.filter(league_entries__season__league=league).distinct()
    assert {t.coach for t in teams} == {stranger}  # he hands them on from the team's page
    assert get_user_model().objects.count() == users
    assert not get_user_model().objects.filter(username="vault-ghost").exists()
    # Restored twice: each restore gets its own names.
    client.force_login(world.commissioner)
    client.post(reverse("league-restore"), {"file": _file(document), "name": "Vault Thrice"})
    assert Team.objects.filter(name=f"{world.teams['home'].name} (restored 2)").exists()


def test_the_form_says_what_to_change_and_writes_nothing(client, world, monkeypatch):
    document = _download(client, world)
    client.force_login(world.outsider)
    before = counts()
    taken = client.post(reverse("league-restore"), {"file": _file(document), "name": ""})
    assert taken.status_code == 400
    assert "A league named &#x27;Vault League&#x27; already exists" in taken.content.decode()
    clash = client.post(
        reverse("league-restore"), {"file": _file(document), "name": "vault other league"}
    )
    assert "A league named &#x27;vault other league&#x27; exists already" in (
        clash.content.decode()
    )
    junk = client.post(reverse("league-restore"), {"file": _file(b"\x00not json"), "name": "X"})
    assert "it is not JSON" in junk.content.decode()
    missing = client.post(reverse("league-restore"), {"name": "X"})
    assert "Choose the backup file to restore." in missing.content.decode()
    monkeypatch.setattr("backups.forms.MAX_BACKUP_BYTES", 1_000)
    heavy = client.post(reverse("league-restore"), {"file": _file(document), "name": "Heavy"})
    assert heavy.status_code == 400 and "a backup may be at most 1,000 bytes" in (
        heavy.content.decode()
    )
    assert counts() == before


def test_the_api_restores_and_refuses_with_the_fields(client, world):
    document = _download(client, world)
    client.force_login(world.third_coach)
    created = client.post(
        "/api/v1/leagues/restore/", {"file": _file(document), "name": "Vault By API"}
    )
    assert created.status_code == 201, created.content
    league = League.objects.get(pk=created.json()["id"])
    assert created.json()["name"] == "Vault By API"
    assert list(league.commissioners.all()) == [world.third_coach]
    teams = Team.objects.filter(league_entries__season__league=league).distinct()
    assert {t.coach for t in teams} == {world.third_coach}  # he runs no league here
    before = counts()
    taken = client.post(
        "/api/v1/leagues/restore/", {"file": _file(document), "name": "Vault By API"}
    )
    assert taken.status_code == 400 and "exists already" in taken.json()["fields"]["name"][0]
    document["players"][0]["st"] = 99
    bad = client.post("/api/v1/leagues/restore/", {"file": _file(document), "name": "Vault Bad"})
    assert bad.status_code == 400
    assert any("ST 99 is outside" in m for m in bad.json()["fields"]["file"])
    assert counts() == before
    sent = client.post(
        "/api/v1/leagues/restore/",
        {"backup": document, "name": "Vault As JSON"},
        content_type="application/json",
    )
    assert sent.status_code == 400
    assert any("ST 99 is outside" in m for m in sent.json()["fields"]["backup"])
    neither = client.post(
        "/api/v1/leagues/restore/", {"name": "Vault Empty"}, content_type="application/json"
    )
    assert neither.status_code == 400 and "Send the backup" in neither.json()["detail"]
    assert counts() == before
    document["players"][0]["st"] = 3
    as_json = client.post(
        "/api/v1/leagues/restore/",
        {"backup": document, "name": "Vault As JSON"},
        content_type="application/json",
    )
    assert as_json.status_code == 201 and as_json.json()["name"] == "Vault As JSON"
    own = client.get(f"/api/v1/leagues/{league.pk}/backup/")  # he runs it now
    assert own.status_code == 200 and own.json()["league"]["name"] == "Vault By API"
