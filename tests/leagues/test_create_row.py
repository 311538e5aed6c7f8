"""``create_row`` makes a row as ``Model.objects.create`` does (issue 15: its INSERT
written once): the same columns, ``auto_now_add`` stamped, the key set, the signals sent
(the notifications listen to ``post_save``)."""

from __future__ import annotations

import pytest

from leagues.saving import create_row
from teams.audit import log_action
from teams.models import AuditEntry
from tests.factories import TeamFactory, UserFactory
from tests.save_signals import heard_saves

pytestmark = pytest.mark.django_db

FIELDS = ("actor_id", "action", "message", "league_id", "team_id", "other_team_id", "data")


def test_the_row_is_the_one_create_makes():
    actor, team = UserFactory(), TeamFactory()
    values = dict(actor=actor, action="team.rename", message="m", team=team, data={"a": [1]})
    made = create_row(AuditEntry(**values))
    expected = AuditEntry.objects.create(**values)
    row = AuditEntry.objects.get(pk=made.pk)
    assert made.pk is not None and not made._state.adding and made._state.db == "default"
    assert [getattr(row, f) for f in FIELDS] == [getattr(expected, f) for f in FIELDS]
    assert row.at is not None and row.at == made.at  # auto_now_add, as written


def test_the_signals_are_sent_as_create_sends_them():
    with heard_saves(AuditEntry) as heard:
        entry = log_action(None, "team.note", "noted", team=TeamFactory())
    assert heard == [("pre", None, None), ("post", entry.pk, True, None)]
