"""``save_fields`` saves a row as ``Model.save`` does (issue 15: its UPDATE written once):
the same columns written, ``auto_now`` stamped, the signals sent, and Django's own save
where there is no row to update."""

from __future__ import annotations

import pytest
from django.db.models import F

from leagues.saving import insert_rows, save_fields, update_rows
from teams.models import Team
from tests.factories import TeamFactory
from tests.save_signals import heard_saves

pytestmark = pytest.mark.django_db


def test_the_named_fields_are_written_and_the_rest_left_alone():
    team = TeamFactory(rerolls=1, cheerleaders=1)
    stamped = team.updated_at
    Team.objects.filter(pk=team.pk).update(cheerleaders=5)  # changed by someone else
    team.rerolls, team.cheerleaders = 3, 2
    save_fields(team, ["rerolls", "updated_at"])
    row = Team.objects.get(pk=team.pk)
    assert (row.rerolls, row.cheerleaders) == (3, 5)
    assert row.updated_at > stamped and row.updated_at == team.updated_at


def test_an_expression_is_saved_as_django_saves_it():
    team = TeamFactory(rerolls=1)
    Team.objects.filter(pk=team.pk).update(rerolls=2)  # bought meanwhile
    team.rerolls = F("rerolls") + 1
    with heard_saves(Team) as heard:
        save_fields(team, ["rerolls"])
    assert Team.objects.get(pk=team.pk).rerolls == 3
    assert [entry[0] for entry in heard] == ["pre", "post"]  # each signal once


def test_every_field_without_names_as_a_plain_save():
    team = TeamFactory(rerolls=1, name="Old name")
    team.rerolls, team.name = 4, "New name"
    save_fields(team)
    row = Team.objects.get(pk=team.pk)
    assert (row.rerolls, row.name) == (4, "New name")


def test_the_signals_are_sent_as_a_save_sends_them():
    team = TeamFactory()
    with heard_saves(Team) as heard:
        save_fields(team, ["rerolls"])
    fields = frozenset({"rerolls"})
    assert heard == [("pre", team.pk, fields), ("post", team.pk, False, fields)]


def test_a_row_gone_is_djangos_save_to_handle():
    team = TeamFactory()
    Team.objects.filter(pk=team.pk).delete()
    with pytest.raises(Exception, match="did not affect any rows"):
        save_fields(team, ["rerolls"])


def test_insert_rows_is_bulk_create_with_the_keys_set():
    coach = TeamFactory().coach
    rows = [Team(name=f"Inserted {n}", coach=coach, roster_slug="orc") for n in range(3)]
    made = insert_rows(rows)
    assert made is rows and all(t.pk is not None and not t._state.adding for t in rows)
    read = {t.pk: t for t in Team.objects.filter(pk__in=[t.pk for t in rows])}
    assert [read[t.pk].name for t in rows] == ["Inserted 0", "Inserted 1", "Inserted 2"]
    assert all(read[t.pk].created_at == t.created_at is not None for t in rows)  # auto_now_add


def test_insert_rows_ignoring_conflicts_skips_the_rows_taken():
    coach = TeamFactory(name="Taken").coach
    rows = [Team(name="taken", coach=coach, roster_slug="orc"), Team(name="Free", coach=coach)]
    insert_rows(rows, ignore_conflicts=True)  # the name is unique ignoring case
    assert sorted(Team.objects.values_list("name", flat=True)) == ["Free", "Taken"]
    assert all(t.pk is None for t in rows)  # as bulk_create: no keys when ignoring


def test_insert_rows_leaves_a_row_with_its_key_to_bulk_create():
    coach = TeamFactory().coach
    row = Team(pk=987_001, name="Keyed", coach=coach, roster_slug="orc")
    insert_rows([row])
    assert Team.objects.get(pk=987_001).name == "Keyed"


def test_update_rows_is_bulk_update():
    one, two, other = TeamFactory(treasury=10), TeamFactory(treasury=20), TeamFactory(treasury=30)
    one.treasury, two.treasury, two.dedicated_fans = 1_000_000, 0, 3
    one.name = "Not written"
    update_rows([one, two], ["treasury", "dedicated_fans"])
    rows = {t.pk: t for t in Team.objects.all()}
    assert (rows[one.pk].treasury, rows[two.pk].treasury, rows[other.pk].treasury) == (
        1_000_000,
        0,
        30,
    )
    assert rows[two.pk].dedicated_fans == 3 and rows[one.pk].name != "Not written"


def test_a_model_with_a_save_of_its_own_is_saved_by_it():
    """``Season.save`` fills the ruleset from the league's: save_fields leaves such a
    model to its own save."""
    from leagues.models import Season
    from tests.leagues.factories import SeasonFactory

    season = SeasonFactory()
    Season.objects.filter(pk=season.pk).update(ruleset="")
    season.ruleset = ""
    save_fields(season, ["ruleset"])
    assert Season.objects.get(pk=season.pk).ruleset == season.league.ruleset != ""
