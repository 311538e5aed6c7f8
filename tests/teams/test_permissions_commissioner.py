"""A league's commissioner may change the teams entered in that league only."""

import pytest
from django.contrib.auth import get_user_model

from leagues.models import League, Season, TeamEntry
from tests.factories import drafted_team


@pytest.mark.django_db
def test_commissioner_may_change_teams_of_his_league_only():
    User = get_user_model()
    commissioner = User.objects.create_user("commish")
    other_commissioner = User.objects.create_user("other")
    team = drafted_team()
    league = League.objects.create(name="Old World Cup", ruleset="bb2020")
    league.commissioners.add(commissioner)
    other = League.objects.create(name="Badlands Bash", ruleset="bb2020")
    other.commissioners.add(other_commissioner)

    assert not commissioner.has_perm("teams.change_team", team)
    season = Season.objects.create(league=league, number=1)
    TeamEntry.objects.create(season=season, team=team)

    assert commissioner.has_perm("teams.change_team", team)
    assert commissioner.has_perm("teams.correct_treasury", team)
    assert not other_commissioner.has_perm("teams.change_team", team)
    assert team.coach.has_perm("teams.change_team", team)
