"""A season keeps the edition it was played under (``Season.ruleset``): a league that
played season 1 under BB2020 and moved to BB2025 at the re-draft still shows season 1,
its fixtures, its matches and its exports as Blood Bowl 2020, and season 2 as Blood
Bowl 2025; the league home says which edition it plays now."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from insight.naf import naf_report
from leagues.models import Fixture
from leagues.standings import season_ruleset
from matches.history import team_matches, tv_at_kick_off
from matches.models import Match
from matches.services.snapshots import state_to_json
from rules_engine.bb2020.state import PlayerState, TeamState
from tests.factories import drafted_team
from tests.teams.test_edition_change import moved_league

pytestmark = pytest.mark.django_db

OLD_NAME, NEW_NAME = "Blood Bowl 2020", "Blood Bowl 2025"


@pytest.fixture
def moved():
    team = drafted_team(roster_slug="skaven", players={"skaven-clanrat-lineman": 11})
    league, season, rollover = moved_league(team)
    return team, league, season, rollover.opened


def text(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_each_season_page_names_its_own_edition(client, moved):
    team, league, season, opened = moved
    client.force_login(team.coach)
    assert season_ruleset(season) == "bb2020" and season_ruleset(opened) == "bb2025"
    for page in ("standings", "fixtures", "race", "bracket"):
        old = text(client, f"/leagues/seasons/{season.pk}/{page}/")
        assert OLD_NAME in old and NEW_NAME not in old, page
        new = text(client, f"/leagues/seasons/{opened.pk}/{page}/")
        assert NEW_NAME in new and OLD_NAME not in new, page
    fixture = Fixture.objects.filter(season=season).first()
    detail = text(client, f"/leagues/fixtures/{fixture.pk}/")
    assert OLD_NAME in detail and NEW_NAME not in detail
    home = text(client, f"/leagues/{league.pk}/")
    assert f"now: {NEW_NAME}" in home
    assert f"Season 1</a> — Finished · {OLD_NAME}" in home


def snapshot() -> dict:
    """A Human team at kick-off whose value differs between the editions (a Thrower
    80,000 -> 75,000 and a Catcher 65,000 -> 75,000)."""
    players = (
        PlayerState(id=1, name="Throw", position_slug="human-thrower", number=1),
        PlayerState(id=2, name="Catch", position_slug="human-catcher", number=2),
    )
    return state_to_json(TeamState(name="Movers", roster_slug="human", players=players))


def test_a_season_1_match_is_valued_and_named_by_its_season_s_edition(moved):
    team, league, season, _ = moved
    fixture = Fixture.objects.filter(season=season, home=team).first()
    team.ruleset = "bb2025"  # the team has moved on since
    team.save(update_fields=["ruleset"])
    stored = snapshot()
    assert tv_at_kick_off("bb2020", stored) != tv_at_kick_off("bb2025", stored)
    match = Match.objects.create(
        fixture=fixture,
        status=Match.Status.CLOSED,
        kicked_off_at=timezone.now(),
        match_teams={"home": stored, "away": stored},
    )
    [line] = team_matches(team)
    assert line.tv_before == tv_at_kick_off("bb2020", stored)
    assert line.edition == OLD_NAME
    [game] = naf_report(Fixture.objects.filter(pk=fixture.pk), "org").games
    assert game.home.team_rating == tv_at_kick_off("bb2020", stored) // 1000

    client = APIClient()
    client.force_authenticate(team.coach)
    body = client.get(f"/api/v1/matches/{match.pk}/").json()
    assert (body["ruleset"], body["ruleset_name"]) == ("bb2020", OLD_NAME)
