"""The versions pages are cached by (core/versions.py): bumped in the transaction of
each change, by ``log_action`` for the services and explicitly by the admin and the
writes that log nothing; gone with a rolled-back change."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.admin import site
from django.db import transaction

from core import versions
from core.models import Version
from leagues import services
from teams.admin import PlayerAdmin, TeamAdmin
from teams.audit import log_action
from teams.models import Player, Team
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


def _value(scope: str, object_id: int) -> int | None:
    row = Version.objects.filter(scope=scope, object_id=object_id).first()
    return None if row is None else row.value


def test_bump_creates_missing_rows_raises_existing_ones_and_skips_none():
    versions.bump(leagues=[7], teams=[3, 4, None])
    versions.bump(teams=[4, 5])
    assert (_value("league", 7), _value("team", 3), _value("team", 4), _value("team", 5)) == (
        1,
        1,
        2,
        1,
    )
    assert versions.read(leagues=[7]).token != versions.read(leagues=[7], teams=[3]).token


def test_a_rolled_back_change_leaves_the_version_as_it_was():
    versions.bump(teams=[9])
    before = versions.team_version(9)
    with pytest.raises(RuntimeError), transaction.atomic():
        versions.bump(teams=[9])
        assert versions.team_version(9) != before
        raise RuntimeError("refused")
    assert versions.team_version(9) == before


@pytest.fixture
def season():
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner])
    season = services.open_season(commissioner, league)
    for n in range(4):
        services.admit_team(commissioner, season, drafted_team(UserFactory(), name=f"V {n}"))
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    return season


def test_log_action_bumps_the_team_and_its_league_and_a_league_action_its_teams(season):
    team_ids = list(season.entries.values_list("team_id", flat=True))
    league_before = versions.league_version(season.league_id)
    teams_before = {t: versions.team_version(t) for t in team_ids}
    log_action(None, "test.team", "A team's note.", team=team_ids[0])
    assert versions.league_version(season.league_id) != league_before
    assert [t for t in team_ids if versions.team_version(t) != teams_before[t]] == team_ids[:1]
    teams_before = {t: versions.team_version(t) for t in team_ids}
    log_action(None, "test.league", "A league's note.", league=season.league_id)
    assert all(versions.team_version(t) != teams_before[t] for t in team_ids)


def test_an_admin_change_bumps_the_team_and_its_league(rf, season):
    team = season.entries.first().team
    player = team.players.first()
    request = rf.post("/admin/")
    request.user = UserFactory(is_staff=True, is_superuser=True)
    for model_admin, obj in ((TeamAdmin(Team, site), team), (PlayerAdmin(Player, site), player)):
        team_before = versions.team_version(team.pk)
        league_before = versions.league_version(season.league_id)
        obj.name = "Renamed in the admin"
        model_admin.save_model(request, obj, form=None, change=True)
        assert versions.team_version(team.pk) != team_before
        assert versions.league_version(season.league_id) != league_before
    team_before = versions.team_version(team.pk)
    PlayerAdmin(Player, site).delete_model(request, player)
    assert versions.team_version(team.pk) != team_before
