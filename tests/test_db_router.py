"""Reads from a replica, writes to the primary, and a coach reads his own writes at once
(core/db_router.py, core/replica.py).

The ``replica`` database here is a TEST mirror of the primary's test database (what
settings make of DATABASE_REPLICA_URL): the same rows through a connection of its own.
A lagging replica is played by holding a read snapshot open on that connection
(``lagging_replica``): until it ends, the replica shows the rows as they were.
"""

from __future__ import annotations

import contextlib
import copy
import time
from collections.abc import Iterator

import pytest
from django.conf import settings as django_settings
from django.db import DatabaseError, connections, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

import core.replica
from bench.processes import free_port
from core.db_router import ReplicaRouter, RequestReads, begin_request, end_request
from core.replica import PIN_COOKIE
from teams.models import Team
from tests.factories import TeamFactory


@pytest.fixture(scope="module", autouse=True)
def _replica_alias() -> Iterator[None]:
    """The ``replica`` alias settings add with DATABASE_REPLICA_URL, as a mirror of the
    primary's test database, for this module alone when the run has none (any other
    test would be refused a query to a database it did not ask for)."""
    databases = django_settings.DATABASES
    if "replica" in databases:
        yield
        return
    primary = connections["default"]
    replica = copy.deepcopy(primary.settings_dict)
    replica["TEST"] = {**replica.get("TEST", {}), "MIRROR": "default"}
    databases["replica"] = replica
    try:
        yield
    finally:
        connections["replica"].close()
        del connections["replica"]
        del databases["replica"]


pytestmark = pytest.mark.django_db(transaction=True, databases=["default", "replica"])


@pytest.fixture(autouse=True)
def _replica_on(settings):
    settings.DUGOUT_READ_REPLICA = "replica"
    settings.DATABASE_REPLICA_PIN_SECONDS = 10


@pytest.fixture
def lagging_replica() -> Iterator[None]:
    """The replica stops replaying: it shows the rows as they are now until the end
    of the test (or ``caught_up``)."""
    replica = connections["replica"]
    replica.ensure_connection()
    with replica.cursor() as cursor:
        if replica.vendor == "postgresql":
            cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        else:
            cursor.execute("BEGIN DEFERRED")
        cursor.execute("SELECT COUNT(*) FROM teams_team")
    yield
    caught_up()


def caught_up() -> None:
    """The replica replays what it missed."""
    # No snapshot held any more: nothing to end.
    with connections["replica"].cursor() as cursor, contextlib.suppress(DatabaseError):
        cursor.execute("ROLLBACK")


@pytest.fixture
def team() -> Team:
    return TeamFactory(description="Before.")


def _coach(team: Team) -> APIClient:
    client = APIClient()
    client.force_login(team.coach)
    return client


def _description(client: Client, team: Team) -> str:
    response = client.get(f"/api/v1/teams/{team.pk}/profile/")
    assert response.status_code == 200
    return str(response.json()["description"])


def _write(client: APIClient, team: Team, text: str) -> None:
    response = client.put(f"/api/v1/teams/{team.pk}/description/", {"description": text})
    assert response.status_code == 200, response.content


def test_a_visitors_page_is_read_from_the_replica(team):
    with (
        CaptureQueriesContext(connections["replica"]) as on_replica,
        CaptureQueriesContext(connections["default"]) as on_primary,
    ):
        assert _description(Client(), team) == "Before."
    assert on_replica.captured_queries
    assert not on_primary.captured_queries


def test_a_coach_reads_his_own_write_at_once_while_others_see_the_replica(team, lagging_replica):
    coach, visitor = _coach(team), Client()
    _write(coach, team, "After.")

    assert _description(coach, team) == "After."  # pinned to the primary
    assert _description(visitor, team) == "Before."  # the replica has not replayed it
    caught_up()
    assert _description(visitor, team) == "After."


def test_a_write_request_uses_the_primary_only(team, lagging_replica):
    coach = _coach(team)
    with CaptureQueriesContext(connections["replica"]) as on_replica:
        _write(coach, team, "After.")
    assert not on_replica.captured_queries
    assert coach.cookies[PIN_COOKIE]["max-age"] == 10


def test_the_pin_ends_after_its_seconds(team, lagging_replica, settings):
    settings.DATABASE_REPLICA_PIN_SECONDS = 1
    coach = _coach(team)
    _write(coach, team, "After.")
    assert _description(coach, team) == "After."
    time.sleep(1.2)
    # Past the pin the coach reads the replica again (which, here, still lags).
    assert _description(coach, team) == "Before."


def test_a_forged_or_garbled_pin_is_ignored(team, lagging_replica):
    Team.objects.filter(pk=team.pk).update(description="Changed.")
    for value in ("1", "1:abc:def", ""):
        visitor = Client()
        visitor.cookies[PIN_COOKIE] = value
        assert _description(visitor, team) == "Before."


def test_a_read_request_gets_no_pin(team):
    visitor = Client()
    _description(visitor, team)
    assert PIN_COOKIE not in visitor.cookies


def test_a_safe_request_that_writes_reads_its_write_and_pins_the_client(team, lagging_replica):
    router = ReplicaRouter()
    reads = RequestReads("replica")
    token = begin_request(reads)
    try:
        assert router.db_for_read(Team) == "replica"
        assert Team.objects.get(pk=team.pk).description == "Before."
        Team.objects.filter(pk=team.pk).update(description="Saved.")
        assert reads.wrote
        assert router.db_for_read(Team) == "default"
        assert Team.objects.get(pk=team.pk).description == "Saved."
    finally:
        end_request(token)


def test_reads_in_a_transaction_and_outside_requests_use_the_primary(team, lagging_replica):
    Team.objects.filter(pk=team.pk).update(description="Saved.")
    # A task or a command (no request): the primary.
    assert Team.objects.get(pk=team.pk).description == "Saved."
    token = begin_request(RequestReads("replica"))
    try:
        assert Team.objects.get(pk=team.pk).description == "Before."
        with transaction.atomic():
            assert Team.objects.get(pk=team.pk).description == "Saved."
    finally:
        end_request(token)


def test_a_row_read_from_the_replica_is_saved_on_the_primary(team, lagging_replica):
    token = begin_request(RequestReads("replica"))
    try:
        row = Team.objects.get(pk=team.pk)
    finally:
        end_request(token)
    row.description = "Saved."
    row.save(update_fields=["description"])
    caught_up()
    assert Team.objects.using("replica").get(pk=team.pk).description == "Saved."


def test_the_replica_takes_no_migration():
    router = ReplicaRouter()
    assert router.allow_migrate("replica", "teams") is False
    assert router.allow_migrate("default", "teams") is None


def test_without_a_replica_nothing_is_routed(team, settings):
    settings.DUGOUT_READ_REPLICA = ""
    router = ReplicaRouter()
    assert router.db_for_read(Team) is None
    assert router.db_for_write(Team) is None
    visitor = Client()
    with CaptureQueriesContext(connections["replica"]) as on_replica:
        assert _description(visitor, team) == "Before."
    assert not on_replica.captured_queries


@pytest.fixture
def unreachable_replica(monkeypatch):
    """The replica's host is gone: connecting to it fails."""
    replica = connections["replica"]
    replica.close()
    if replica.vendor == "postgresql":
        monkeypatch.setitem(replica.settings_dict, "PORT", str(free_port()))
    else:
        monkeypatch.setitem(replica.settings_dict, "NAME", "/nonexistent/replica.sqlite3")
    monkeypatch.setattr(core.replica, "_replica_down_until", 0.0)
    yield
    replica.close()


def test_an_unreachable_replica_costs_one_request_then_the_primary_answers(
    team, unreachable_replica, monkeypatch
):
    visitor = Client()
    first = visitor.get(f"/api/v1/teams/{team.pk}/profile/")
    assert first.status_code == 503
    assert first["Retry-After"]
    assert _description(visitor, team) == "Before."  # from the primary
    assert _description(Client(), team) == "Before."
    # After the retry interval the replica is tried again (and still fails here).
    monkeypatch.setattr(core.replica, "_replica_down_until", 0.0)
    assert visitor.get(f"/api/v1/teams/{team.pk}/profile/").status_code == 503


def test_the_health_check_reports_the_replica(client):
    body = client.get("/healthz").json()
    assert body["replica"] == "ok"
    assert body["status"] == "ok"


def test_an_unreachable_replica_leaves_the_site_serving_but_degraded(client, unreachable_replica):
    response = client.get("/healthz")
    assert response.status_code == 200  # the primary answers every read meanwhile
    assert response.json()["replica"] == "degraded"
    assert response.json()["status"] == "degraded"
