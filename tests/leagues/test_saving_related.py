"""``insert_rows`` and ``save_fields`` check a row's related objects as Django's save and
bulk_create do (issue 15: only where there is something to check): an unsaved related
object is refused, nothing written; one saved after it was assigned gives its key."""

from __future__ import annotations

import pytest

from leagues.new_rows import saved_keys
from leagues.saving import insert_rows, save_fields
from teams.models import Team, TreasuryEntry
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


ENTRY = {"amount": 10, "reason": "winnings", "note": "n", "balance_after": 10}


def _entry(team: Team) -> TreasuryEntry:
    return TreasuryEntry(team=team, **ENTRY)


def test_an_unsaved_related_object_is_refused_and_nothing_written():
    saved = TeamFactory()
    unsaved = Team(name="Not saved", coach=UserFactory())
    with pytest.raises(ValueError, match="unsaved related object 'team'"):
        insert_rows([_entry(saved), _entry(unsaved)])
    assert not TreasuryEntry.objects.exists()
    entry = insert_rows([_entry(saved)])[0]
    entry.team = Team(name="Not saved either", coach=UserFactory())
    with pytest.raises(ValueError, match="unsaved related object 'team'"):
        save_fields(entry, ["team"])
    assert TreasuryEntry.objects.get().team_id == saved.pk


def test_a_related_object_saved_after_its_assignment_gives_its_key():
    coach = UserFactory()
    team = Team(name="Saved late", coach=coach)
    entry = _entry(team)  # assigned while the team has no key yet
    team.save()
    made = insert_rows([entry])[0]
    assert made.team_id == team.pk
    assert TreasuryEntry.objects.get(pk=made.pk).team_id == team.pk
    other = TeamFactory()
    made.team = other
    save_fields(made, ["team"])
    assert TreasuryEntry.objects.get(pk=made.pk).team_id == other.pk


def test_saved_keys_give_a_saved_objects_key_and_refuse_an_unsaved_one():
    team = TeamFactory()
    made = insert_rows([TreasuryEntry(**saved_keys(team=team, created_by=None), **ENTRY)])[0]
    row = TreasuryEntry.objects.get(pk=made.pk)
    assert (row.team_id, row.created_by_id) == (team.pk, None)
    unsaved = Team(name="Not saved", coach=UserFactory())
    with pytest.raises(ValueError, match="unsaved related object 'team'"):
        insert_rows([TreasuryEntry(**saved_keys(team=unsaved), **ENTRY)])
