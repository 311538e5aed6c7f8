"""A backup whose players' figures the rules or the backup's own history cannot
account for is refused, by ``manage.py import_league`` and by the restore page alike,
with a message naming the player and the figure, and nothing is written
(backups/player_checks.py). Each test tampers with a real export (tests/test_backup.py's
world: a league with played matches, post-games, advancements none)."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from django.urls import reverse

from backups.checks import backup_problems
from backups.export import export_league
from backups.importer import import_league
from backups.player_checks import widest_limits
from backups.sections import FORMAT, READS, SECTIONS
from leagues import services as league_services
from rules_engine import get_ruleset
from tests.factories import UserFactory
from tests.league_world import build_world
from tests.test_import_validation import counts, refused, row

pytestmark = pytest.mark.django_db

BB2020 = get_ruleset("bb2020").name


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker) -> dict[str, Any]:
    from tests.test_backup import _exported_world

    with django_db_blocker.unblock():
        _before, document, _name = _exported_world()
    return document


@pytest.fixture
def document(exported) -> dict[str, Any]:
    return copy.deepcopy(exported)


def _who(document: dict, player: dict) -> str:
    team = row(document, "teams", id=player["team_id"])
    return f"players row {player['id']} (#{player['number']} {player['name']} of {team['name']})"


def _without_stats(document: dict) -> dict:
    with_stats = {s["player_id"] for s in document["stats"]}
    return next(p for p in document["players"] if p["id"] not in with_stats)


def _with_stats(document: dict) -> tuple[dict, int]:
    spp: dict[int, int] = {}
    for stats in document["stats"]:
        spp[stats["player_id"]] = spp.get(stats["player_id"], 0) + stats["spp"]
    player_id, earned = max(spp.items(), key=lambda item: item[1])
    return row(document, "players", id=player_id), earned


def test_a_million_spp_without_a_match_is_refused(tmp_path, document):
    player = _without_stats(document)
    player["spp_earned"] = 1_000_000
    message = refused(tmp_path, document)
    assert (
        f"{_who(document, player)}: 1,000,000 SPP earned, but the backup's match "
        "statistics give him 0 SPP"
    ) in message
    assert "nothing was written" in message


def test_spp_beyond_what_the_matches_gave_is_refused_and_what_they_gave_passes(tmp_path, document):
    player, earned = _with_stats(document)
    assert earned > 0 and player["spp_earned"] == earned
    player["spp_earned"] = earned + 1
    assert (
        f"{_who(document, player)}: {earned + 1:,} SPP earned, but the backup's match "
        f"statistics give him {earned:,} SPP"
    ) in refused(tmp_path, document)


def test_characteristics_outside_the_editions_limits_are_refused(tmp_path, document):
    strong, armoured, slow = document["players"][:3]
    strong["st"] = 99
    armoured["av"] = 2
    slow["ma"] = 0
    message = refused(tmp_path, document)
    assert f"{_who(document, strong)}: ST 99 is outside what {BB2020} allows (ST 1 to ST 8)" in (
        message
    )
    assert (
        f"{_who(document, armoured)}: AV 2+ is outside what {BB2020} allows (AV 3+ to AV 11+)"
        in (message)
    )
    assert f"{_who(document, slow)}: MA 0 is outside what {BB2020} allows (MA 1 to MA 9)" in (
        message
    )


def test_spp_spent_without_advancements_and_a_count_of_advancements_are_refused(tmp_path, document):
    player, earned = _with_stats(document)
    player["spp_spent"] = earned
    other = _without_stats(document)
    other["advancements"] = 2
    message = refused(tmp_path, document)
    assert (
        f"{_who(document, player)}: {earned:,} SPP spent, but his advancements cost 0 SPP"
    ) in message
    assert f"{_who(document, other)}: 2 advancements, but the backup records 0" in message


def test_a_position_of_another_roster_is_refused(tmp_path, document):
    team = row(document, "teams", roster_slug="human")
    player = next(p for p in document["players"] if p["team_id"] == team["id"])
    player["position_slug"] = "orc-blitzer"
    assert f"{_who(document, player)}: 'orc-blitzer' is not a position of the Human roster" in (
        refused(tmp_path, document)
    )


def test_an_imported_teams_spp_came_from_elsewhere_but_its_characteristics_are_held(
    tmp_path, document
):
    player = _without_stats(document)
    team = row(document, "teams", id=player["team_id"])
    first = min(
        (e for e in document["ledger"] if e["team_id"] == team["id"]), key=lambda e: e["id"]
    )
    first["reason"] = "import"  # the team came from a file, with its SPP
    player["spp_earned"] = 40
    import_league(copy.deepcopy(document))  # accepted: 40 SPP earned before the league

    document["league"]["name"] = "Backup League Again"
    for other in document["teams"]:
        other["name"] += " Again"
    player["st"] = 99
    message = refused(tmp_path, document)
    assert f"{_who(document, player)}: ST 99 is outside" in message
    assert "SPP earned" not in message


def test_the_limits_of_an_edition_printing_none_are_the_widest_printed():
    assert widest_limits()["st"][1] >= 8 and widest_limits()["av"][0] <= 3


def test_the_restore_page_refuses_the_same_and_writes_nothing(client, document):
    player = _without_stats(document)
    player["spp_earned"] = 1_000_000
    player["st"] = 99
    client.force_login(UserFactory(username="figures-commissioner"))
    before = counts()
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "backup.json"
    page = client.post(reverse("league-restore"), {"file": upload, "name": "Figures League"})
    assert page.status_code == 400
    text = page.content.decode()
    assert "1,000,000 SPP earned" in text and "ST 99 is outside" in text
    assert f"#{player['number']} {player['name']}" in text
    assert counts() == before


def test_the_mvps_of_a_concession_are_accounted_for_before_and_after_a_restore():
    world = build_world("Concede")
    fixture = world.open_fixture
    league_services.award_forfeit(
        world.commissioner, fixture, kind="concession", conceded_by=fixture.away
    )
    fixture.refresh_from_db()
    assert sum(m["spp"] for m in fixture.concession_award["mvps"]) > 0

    def player_problems(document):
        found = backup_problems(document, SECTIONS, FORMAT, READS)
        return [p for p in found if p.startswith("players row")]

    document = json.loads(json.dumps(export_league(world.league)))
    assert player_problems(document) == []
    document["league"]["name"] = "Concede League Restored"
    for team in document["teams"]:
        team["name"] += " Restored"
    restored = import_league(document)
    again = json.loads(json.dumps(export_league(restored)))
    again["league"]["name"] = "Concede League Twice"
    assert player_problems(again) == []  # the MVPs name the restored players
