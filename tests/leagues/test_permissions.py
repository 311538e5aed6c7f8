"""Who may do what: the django-rules predicates of the leagues app."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from teams.permissions import is_league_commissioner
from tests.factories import UserFactory
from tests.leagues.factories import FixtureFactory, LeagueFactory, TeamEntryFactory

pytestmark = pytest.mark.django_db


def test_commissioner_manages_only_his_league_and_everything_in_it():
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner])
    fixture = FixtureFactory(division__season__league=league)
    other = LeagueFactory()
    for obj in (league, fixture.season, fixture.division, fixture):
        assert commissioner.has_perm("leagues.manage_league", obj)
    assert not commissioner.has_perm("leagues.manage_league", other)
    assert not UserFactory().has_perm("leagues.manage_league", league)
    assert not AnonymousUser().has_perm("leagues.manage_league", league)
    superuser = UserFactory(is_superuser=True)
    assert superuser.has_perm("leagues.manage_league", other)


def test_results_are_recorded_by_either_coach_or_a_commissioner():
    commissioner = UserFactory()
    fixture = FixtureFactory(division__season__league__commissioners=[commissioner])
    assert fixture.home.coach.has_perm("leagues.record_result", fixture)
    assert fixture.away.coach.has_perm("leagues.record_result", fixture)
    assert commissioner.has_perm("leagues.record_result", fixture)
    assert not UserFactory().has_perm("leagues.record_result", fixture)


def test_everyone_reads_and_a_coach_enters_only_his_team():
    fixture = FixtureFactory()
    assert AnonymousUser().has_perm("leagues.view_league", fixture.season.league)
    assert fixture.home.coach.has_perm("leagues.enter_team", fixture.home)
    assert not fixture.home.coach.has_perm("leagues.enter_team", fixture.away)
    assert UserFactory().has_perm("leagues.add_league")
    assert not AnonymousUser().has_perm("leagues.add_league")


def test_the_teams_app_knows_the_commissioner_of_a_league_a_team_is_entered_in():
    commissioner = UserFactory()
    entry = TeamEntryFactory(division__season__league__commissioners=[commissioner])
    assert is_league_commissioner(commissioner, entry.team)
    assert not is_league_commissioner(UserFactory(), entry.team)
    assert not is_league_commissioner(AnonymousUser(), entry.team)
