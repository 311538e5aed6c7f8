"""A request reads the page stamps once while it writes nothing (issue 15): a team
sheet's ETag and its cached answer then come from one version of the data, and the
second read costs nothing. A write of the request's own, or the request's end, forgets
what was read, so no page is ever validated against a stamp older than its own writes
(config/pages/stamps.py, ``_rows``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import signals
from django.db import connection

from config.pages import stamps
from teams.models import Team
from tests.factories import UserFactory, drafted_team

pytestmark = pytest.mark.django_db(transaction=True)

READ = f"SELECT name, token, changed_ms FROM {stamps.TABLE}"


@pytest.fixture
def stamp_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every read of the stamp table, as it is made."""
    made: list[str] = []
    raw = stamps._raw

    def counted(conn: Any, sql: str, params: Any = ()) -> list[Any]:
        if sql == READ:
            made.append(sql)
        return raw(conn, sql, params)

    monkeypatch.setattr(stamps, "_raw", counted)
    return made


def _someone_else_writes() -> None:
    """Another process's committed write: a new token in the table, not through this
    connection's tracked cursor."""
    stamps._raw(connection, f"UPDATE {stamps.TABLE} SET token = token + 1 WHERE name = 'teams'")


def test_a_team_sheet_request_reads_the_stamps_once(client, stamp_reads):
    team = drafted_team(UserFactory(), name="Read Once")
    stamps.read(["teams"])  # the table exists and holds the teams' row
    stamp_reads.clear()
    answer = client.get(f"/api/v1/teams/{team.pk}/")
    assert answer.status_code == 200 and answer.headers["ETag"]
    assert len(stamp_reads) == 1, "the ETag and the cached answer share one read"
    again = client.get(f"/api/v1/teams/{team.pk}/", headers={"if-none-match": answer["ETag"]})
    assert again.status_code == 304
    assert len(stamp_reads) == 2, "each request reads the stamps afresh"


def test_within_a_request_the_stamp_holds_until_the_request_writes(stamp_reads):
    team = drafted_team(UserFactory(), name="Held Stamp")
    signals.request_started.send(sender=None)
    try:
        first = stamps.read(["teams"])
        _someone_else_writes()
        assert stamps.read(["teams"]) == first, "one version of the data per request"
        assert len(stamp_reads) == 1
        Team.objects.filter(pk=team.pk).update(name="Held Stamp Renamed")  # its own write
        own = stamps.read(["teams"])
        assert own.token != first.token, "never the stamp from before its own write"
    finally:
        signals.request_finished.send(sender=None)
    _someone_else_writes()
    assert stamps.read(["teams"]).token != own.token, "after the request, read afresh"


def test_outside_a_request_every_read_reads_the_table(stamp_reads):
    drafted_team(UserFactory(), name="Worker Reads")
    first = stamps.read(["teams"])
    _someone_else_writes()
    assert stamps.read(["teams"]).token != first.token, "a worker sees another's write"
    assert len(stamp_reads) == 2
