"""manage.py import_league refuses a tampered backup: every problem listed in one
CommandError (no traceback), nothing written - not the league, not its users.

Each test tampers with a real export (tests/test_backup.py's world: a league with
played matches, ledgers, dice and post-games)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from backups.importer import import_league
from backups.sections import BackupError
from leagues.models import League
from teams.models import Player, Team, TreasuryEntry
from tests.test_backup import _exported_world

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker) -> dict[str, Any]:
    with django_db_blocker.unblock():
        _before, document, _name = _exported_world()
    return document


@pytest.fixture
def document(exported) -> dict[str, Any]:
    return copy.deepcopy(exported)


def counts() -> tuple[int, ...]:
    models = (League, Team, Player, TreasuryEntry, get_user_model())
    return tuple(m.objects.count() for m in models)


def refused(tmp_path, document: Any) -> str:
    """The command's refusal message; asserts nothing was written."""
    before = counts()
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document) if not isinstance(document, str) else document)
    with pytest.raises(CommandError) as error:
        call_command("import_league", str(path))
    assert counts() == before
    return str(error.value)


def row(document: dict, section: str, **match: Any) -> dict:
    return next(r for r in document[section] if all(r.get(k) == v for k, v in match.items()))


def test_the_untampered_export_imports(document):
    league = import_league(document)
    assert league.name == "Backup League"


def test_a_treasury_inflated_past_its_ledger_is_refused(tmp_path, document):
    team = row(document, "teams", name="Backup Reavers")
    ledger = sum(e["amount"] for e in document["ledger"] if e["team_id"] == team["id"])
    team["treasury"] += 1_000_000
    message = refused(tmp_path, document)
    assert (
        f"teams row {team['id']} (Backup Reavers): its treasury is {ledger + 1_000_000:,} gp "
        f"but its ledger sums to {ledger:,} gp"
    ) in message
    assert "nothing was written" in message


def test_a_duplicated_player_is_refused(tmp_path, document):
    player = document["players"][0]
    document["players"].append(copy.deepcopy(player))
    assert f"players row {player['id']} appears twice" in refused(tmp_path, document)

    document["players"][-1]["id"] = 10**9  # the same player under another id
    message = refused(tmp_path, document)
    assert f"players row {10**9}: repeats row {player['id']}'s team, number" in message


def test_every_problem_is_listed_at_once(tmp_path, document):
    document["teams"][0]["treasury"] += 5
    document["players"][0]["number"] = 0
    document["players"][1]["status"] = "zombie"
    document["ledger"][0]["team_id"] = 424242
    document["events"][0]["created_by_id"] = "nobody-we-know"
    document["league"]["name"] = "x" * 500
    message = refused(tmp_path, document)
    assert "6 problem(s)" in message, message
    for expected in [
        "its treasury is",
        f"players row {document['players'][0]['id']}: breaks player_number_1_to_99",
        "status 'zombie' is not one of its choices",
        "team_id 424242 is not a row of teams",
        "names the user 'nobody-we-know', who is not among the backup's users",
        "The league's name Ensure this value has at most 100 characters",
    ]:
        assert expected in message, expected
    assert message.count("\n- ") == 6


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [
        (lambda d: d.pop("players"), "The backup has no list of players."),
        (lambda d: d["dice"].append("a roll"), "dice entry"),
        (lambda d: d["teams"][0].pop("id"), "teams entry 1 has no whole-number id"),
        (lambda d: d["teams"][0].pop("name"), ": no name"),
        (lambda d: d["teams"][0].update(treasury="lots"), "treasury 'lots' is not a whole number"),
        (lambda d: d["teams"][0].update(treasury=2**70), "treasury Ensure this value"),
        (lambda d: d["teams"][0].update(rerolls=99), "breaks team_rerolls_at_most_8"),
        (lambda d: d["teams"][0].update(created_at="yesterday"), "is not a valid date"),
        (lambda d: d["matches"][0].update(fixture_id=None), "fixture_id may not be empty"),
        (lambda d: d["ledger"][0].update(balance_after=-1), "breaks ledger_balance_not_negative"),
        (lambda d: d["events"][0].update(kind="pitch_invasion"), "is not one of its choices"),
        (lambda d: d["league"].update(commissioners=["ghost"]), "commissioner 'ghost' is not"),
        (lambda d: d["users"].append({"username": 7}), "has no valid username"),
        (lambda d: d["league"].update(redraft_budget_cap=2**31), "re-draft cap is at most"),
        (lambda d: d.update(league=[]), "The backup has no league"),
        (lambda d: d["reports"].append({**d["reports"][0], "id": 10**9}), "report_version_unique"),
    ],
)
def test_a_tampered_part_is_a_clear_refusal(tmp_path, document, tamper, expected):
    tamper(document)
    message = refused(tmp_path, document)
    assert expected in message, message
    assert "Traceback" not in message


def test_a_look_alike_of_an_existing_team_is_refused(tmp_path, document):
    from tests.factories import drafted_team

    drafted_team(name="Backup R\u0435avers")  # Cyrillic e
    message = refused(tmp_path, document)
    assert "Teams with these names already exist: Backup R\u0435avers." in message


@pytest.mark.parametrize(
    "text", ["[" * 100_000, "\udcff not utf-8", '{"format": "dugout-league", "version": 1}']
)
def test_a_file_that_is_no_backup_is_a_clear_refusal(tmp_path, text):
    path = tmp_path / "odd.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(CommandError):
        call_command("import_league", str(path))
    assert not League.objects.exists()


def test_the_database_refusing_a_row_is_a_clear_refusal(document, monkeypatch):
    from backups import importer

    monkeypatch.setattr(importer, "backup_problems", lambda *args: [])
    document["players"].append({**document["players"][0], "id": 10**9})
    before = counts()
    with pytest.raises(BackupError, match="The database refused the backup"):
        import_league(document)
    assert counts() == before
