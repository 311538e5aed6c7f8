"""``leagues.prepared.inline_constants``: on SQLite a compiled shape's constants are
written into its statement (SQLite compiles a statement again on every run when a bound
value is compared with a partial index's column), and the rows read are the same."""

from __future__ import annotations

from django.db import connection, connections

from leagues.models import Fixture
from leagues.prepared import Prepared, inline_constants
from teams.models import PlayerStatus


def test_constants_are_written_in_and_the_rest_stays_bound():
    sql, params = inline_constants(
        "SELECT a FROM t WHERE b = %s AND c = %s AND d = %s AND e = %s AND f = %s AND g = %s",
        [True, 7, PlayerStatus.ACTIVE, "it's", 1.5, 99],
        keep={99},
    )
    assert sql == (
        "SELECT a FROM t WHERE b = 1 AND c = 7 AND d = 'active' AND e = %s AND f = %s AND g = %s"
    )
    assert params == ["it's", 1.5, 99]  # quoted text, a float and a kept value stay bound


def test_a_value_that_cannot_be_a_key_stays_bound_whatever_is_kept():
    assert inline_constants("SELECT %s, %s", [[1, 2], 3], keep={5}) == (
        "SELECT %s, 3",
        [[1, 2]],
    )


def test_a_literal_percent_is_no_placeholder_and_a_mismatch_changes_nothing():
    assert inline_constants("SELECT '%%s', %s", [1]) == ("SELECT '%%s', 1", [])
    assert inline_constants("SELECT %s, %s", [1]) == ("SELECT %s, %s", [1])


def test_a_prepared_read_gives_the_same_rows_with_its_constants_written_in(scheduled):
    def build(pk):
        return Fixture.objects.filter(
            season_id=pk, kind=Fixture.Kind.LEAGUE, status=Fixture.Status.SCHEDULED
        ).order_by("pk")

    prepared = Prepared(build)
    expected = [f.pk for f in build(scheduled.pk)]
    assert len(expected) == 30
    for _ in range(2):  # compiled on the first run, run again on the second
        assert [f.pk for f in prepared.all(scheduled.pk)] == expected
    assert [f.pk for f in prepared.all(scheduled.pk + 1000)] == []
    plan = prepared._plans[connections["default"]][False]
    assert plan is not None
    if connection.vendor == "sqlite":
        assert "'league'" in plan.sql and "'scheduled'" in plan.sql
        assert len(plan.params) == 1  # the season, bound
