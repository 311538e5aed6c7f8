"""``insert_rows`` writes the rows ``bulk_create`` writes (issue 15: its INSERT written
once per model), and on PostgreSQL sends them as one array a column (``UNNEST``), one
statement whatever the number of rows, as Django's own bulk insert does there."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues.saving import insert_rows
from matches.models import DiceRoll
from teams.models import AuditEntry
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db

FIELDS = ("actor_id", "action", "message", "league_id", "team_id", "other_team_id", "data")


def _entries(actor, team, other, count: int) -> list[AuditEntry]:
    return [
        AuditEntry(
            actor=actor if n % 2 else None,  # a key, and a NULL
            action=f"team.note.{n}",
            message="é ' \" % %s ünïcode",  # quoting, and a placeholder look-alike
            team=team,
            other_team=other if n % 3 == 0 else None,
            data={"n": n, "list": [1, None, "x"], "nested": {"a": n}} if n % 4 else [],
        )
        for n in range(count)
    ]


def test_the_rows_are_those_bulk_create_writes():
    actor, team, other = UserFactory(), TeamFactory(), TeamFactory()
    made = insert_rows(_entries(actor, team, other, 7))
    expected = AuditEntry.objects.bulk_create(_entries(actor, team, other, 7))
    assert all(m.pk is not None and not m._state.adding for m in made)
    rows = AuditEntry.objects.in_bulk([m.pk for m in made])
    wanted = AuditEntry.objects.in_bulk([e.pk for e in expected])
    for mine, theirs, obj in zip(made, expected, _entries(actor, team, other, 7), strict=True):
        row = rows[mine.pk]  # each object got its own row's key, in order
        assert [getattr(row, f) for f in FIELDS] == [getattr(wanted[theirs.pk], f) for f in FIELDS]
        assert (row.action, row.data) == (obj.action, obj.data)
        assert row.at is not None and row.at == mine.at  # auto_now_add, as written


def test_ignored_conflicts_skip_only_the_rows_taken():
    from tests.matches.factories import league_match

    match = league_match().match

    def rolls(indexes: range, die: str) -> list[DiceRoll]:
        return [
            DiceRoll(
                match=match,
                sequence="pre_game",
                index=100 + i,
                step="s",
                purpose="p",
                die=die,
                result=[i % 6 + 1, 6],
            )
            for i in indexes
        ]

    insert_rows(rolls(range(0, 3), "d6"), ignore_conflicts=True)
    insert_rows(rolls(range(2, 6), "2d6"), ignore_conflicts=True)  # index 102 is taken
    stored = DiceRoll.objects.filter(match=match, index__gte=100).order_by("index")
    assert [(r.index, r.die, r.result) for r in stored] == [
        (100 + i, "d6" if i < 3 else "2d6", [i % 6 + 1, 6]) for i in range(6)
    ]


@pytest.mark.postgres
def test_on_postgresql_one_statement_whatever_the_number_of_rows():
    actor, team, other = UserFactory(), TeamFactory(), TeamFactory()
    sent = []
    for count in (2, 5, 40):
        with CaptureQueriesContext(connection) as captured:
            insert_rows(_entries(actor, team, other, count))
        sent += [q["sql"] for q in captured.captured_queries]
    # One statement each time, the same text (the parameters aside): UNNEST of arrays.
    assert len(sent) == 3 and "UNNEST(" in sent[0]
    assert len({sql.split(" SELECT * FROM UNNEST(")[0] for sql in sent}) == 1
    assert AuditEntry.objects.filter(team=team).count() == 47
