"""A team exported as a dugout-team file and imported comes back the same team."""

from __future__ import annotations

import json

import pytest

from teams.interchange import ImportRequest, InterchangeError, export_team, import_team
from teams.models import AuditEntry, LedgerReason, Team
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.teams.interchange.helpers import comparable, developed_team

pytestmark = pytest.mark.django_db


def _import(coach, data, **kwargs):
    return import_team(coach, ImportRequest("dugout", json.dumps(data), **kwargs))


def test_an_exported_team_imported_comes_back_identical():
    team = developed_team()
    exported = export_team(team.pk)
    Team.objects.filter(pk=team.pk).update(name="Reikland Reavers (old)")
    other = UserFactory()

    imported = _import(other, exported)

    again = export_team(imported.pk)
    assert imported.coach == other
    assert comparable(again) == comparable(exported)
    assert again["team"]["name"] == "Reikland Reavers"
    assert [p["status"] for p in again["players"]].count("dead") == 1
    assert again["players"][0]["characteristic_changes"] == {"ma": 1, "av": -1}
    assert again["players"][0]["skills"] == [{"skill": "Block", "source": "chosen_primary"}]


def test_the_treasury_arrives_as_the_first_ledger_entry_and_the_old_ledger_is_kept():
    team = developed_team()
    exported = export_team(team.pk)
    imported = _import(UserFactory(), exported, name="Reavers Restored")

    (entry,) = imported.ledger_entries.all()
    assert entry.reason == LedgerReason.IMPORT
    assert entry.note == "Imported from a Dugout export of Reikland Reavers"
    assert entry.amount == team.treasury == imported.treasury
    assert_treasury_is_ledger(imported)
    audit = AuditEntry.objects.get(team=imported, action="team.import")
    assert audit.data["ledger"] == exported["ledger"]
    assert [e["reason"] for e in exported["ledger"]][:2] == ["draft_budget", "draft_purchase"]


def test_the_export_reads_in_a_handful_of_queries(django_assert_max_num_queries):
    team = developed_team()
    # The team, its players, their skills, their injuries, its ledger, its seasons.
    with django_assert_max_num_queries(6):
        data = export_team(team.pk)
    assert data["format"] == "dugout-team" and data["version"] == 1
    assert len(data["players"]) == team.players.count()


def test_a_taken_name_is_refused_and_nothing_is_written():
    team = developed_team()
    exported = export_team(team.pk)
    teams_before = Team.objects.count()
    with pytest.raises(InterchangeError, match="already exists"):
        _import(UserFactory(), exported)
    assert Team.objects.count() == teams_before


def test_unknown_position_and_skill_are_listed_in_one_error():
    exported = export_team(developed_team().pk)
    exported["players"][0]["position"] = "human-wizard"
    exported["players"][1]["skills"] = [{"skill": "Blokc", "source": "other"}]
    teams_before = Team.objects.count()
    with pytest.raises(InterchangeError) as refused:
        _import(UserFactory(), exported, name="Another Name")
    (message,) = refused.value.messages
    assert "position 'human-wizard'" in message and "skill 'Blokc'" in message
    assert Team.objects.count() == teams_before


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(format="other"), "not a Dugout team file"),
        (lambda d: d["players"][0].update(spp_spent=999), "spent more SPP"),
        (lambda d: d["players"][1].update(number=d["players"][0]["number"]), "wear number"),
        (lambda d: d["team"].update(rerolls=9), "at most 8 team re-rolls"),
    ],
)
def test_a_broken_file_is_refused_with_its_reason(change, problem):
    exported = export_team(developed_team().pk)
    change(exported)
    with pytest.raises(InterchangeError, match=problem):
        _import(UserFactory(), exported, name="Another Name")


def test_a_special_rule_the_roster_does_not_offer_is_refused():
    exported = export_team(developed_team().pk)
    exported["team"]["special_rule_choice"] = "Favoured of Nobody"
    with pytest.raises(InterchangeError, match="Human teams choose no special rule"):
        _import(UserFactory(), exported, name="Another Name")


def test_a_team_with_a_chosen_special_rule_comes_back_with_it():
    team = drafted_team(roster_slug="chaos-chosen", name="Favoured Few")
    exported = export_team(team.pk)
    assert exported["team"]["special_rule_choice"]
    Team.objects.filter(pk=team.pk).update(name="Favoured Few (old)")
    imported = _import(UserFactory(), exported)
    assert comparable(export_team(imported.pk)) == comparable(exported)
