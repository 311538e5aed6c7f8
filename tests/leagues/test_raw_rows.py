"""``leagues.prepared.raw_rows``: the rows of a raw statement are the instances
``Model.objects.raw`` makes of it - the same loaded fields (dates, JSON and keys
converted), state and fetch mode - run again with other parameters."""

from __future__ import annotations

from typing import Any

from django.db import connection

from leagues.models import Fixture
from leagues.prepared import raw_rows


def _shape(obj: Any) -> Any:
    fields = {k: v for k, v in obj.__dict__.items() if k != "_state"}
    return type(obj), fields, (obj._state.db, obj._state.adding, obj._state.fetch_mode)


def _sql() -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(f"f.{quote(f.column)}" for f in Fixture._meta.concrete_fields)
    return (
        f"SELECT {columns} FROM {quote(Fixture._meta.db_table)} f "
        f"WHERE f.{quote('season_id')} = %s ORDER BY f.{quote('id')}"
    )


def test_rows_are_the_instances_raw_makes(scheduled):
    for season_id in (scheduled.pk, scheduled.pk, scheduled.pk + 1000):
        made = raw_rows(Fixture, _sql(), [season_id])
        expected = list(Fixture.objects.raw(_sql(), [season_id]))
        assert [_shape(f) for f in made] == [_shape(f) for f in expected]
        assert len(made) == (30 if season_id == scheduled.pk else 0)
    first = made or raw_rows(Fixture, _sql(), [scheduled.pk])
    assert first[0].created_at.tzinfo is not None  # converted, not the column's text
