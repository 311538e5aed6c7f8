"""The League Trophy (facts §5: "1st 100,000 + League Trophy (one free re-roll while held,
counts in TV)"): the winner of the final holds it until the league's next final decides a
new champion. While held it is on the team's pages, one more team re-roll in its games,
and one re-roll at the roster's price in its TV and CTV. Every test checks that each
team's treasury is still the sum of its ledger."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from leagues import services
from leagues.models import Fixture, League
from leagues.selectors import bracket
from rules_engine import get_ruleset
from rules_engine.team_value import current_team_value, team_value
from teams.models import Team
from teams.selectors import value_breakdown
from teams.services import team_state
from tests.factories import PlayerFactory, TeamFactory, assert_treasury_is_ledger
from tests.leagues.conftest import START

pytestmark = pytest.mark.django_db

REROLL = 50_000  # a Human team re-roll at the roster's price
LINEMEN = 11 * 50_000


def play(actor, fixture, home, away):
    return services.record_result(
        actor,
        fixture,
        home_touchdowns=home,
        away_touchdowns=away,
        home_casualties=0,
        away_casualties=0,
    )


def play_season(commissioner, league, teams: list[Team], champion: Team):
    """A season of ``teams`` (listed best first) to the final, which ``champion`` wins."""
    season = services.open_season(commissioner, league)
    for team in teams:
        services.admit_team(commissioner, season, team)
    services.generate_schedule(commissioner, season, start_date=START)
    rank = {team.pk: n for n, team in enumerate(teams)}
    for fixture in season.fixtures.filter(kind=Fixture.Kind.LEAGUE):
        home_wins = rank[fixture.home_id] < rank[fixture.away_id]
        play(commissioner, fixture, *((2, 0) if home_wins else (0, 2)))
    semis = services.start_playoffs(commissioner, season)
    for semi in semis:  # the champion, else the better seed, goes through
        home_wins = semi.home_id == champion.pk or semi.away_id != champion.pk
        play(commissioner, semi, *((1, 0) if home_wins else (0, 1)))
    current = bracket(season)
    play(commissioner, current.third_place, 1, 0)
    final = current.final
    play(commissioner, final, *((1, 0) if final.home_id == champion.pk else (0, 1)))
    season.refresh_from_db()
    assert season.champion_id == champion.pk
    return season


def tv(team: Team) -> tuple[int, int]:
    value = value_breakdown(team)
    return value.team_value, value.current_team_value


def assert_tv_is_the_engine_s(team: Team) -> None:
    """The team value sums (database) equal the engine's over the team's state."""
    ruleset = get_ruleset(team.ruleset)
    state = team_state(team)
    assert tv(team) == (
        team_value(ruleset, state.value_input()),
        current_team_value(ruleset, state.value_input()),
    )


@pytest.fixture
def teams(db):
    teams = [TeamFactory(name=f"Team {c}") for c in "ABCDEF"]
    for team in teams:
        for n in range(11):
            PlayerFactory(team=team, name=f"{team.name} {n + 1}")
    return teams


def test_the_champion_holds_the_trophy_and_its_tv_counts_it(commissioner, league, teams):
    team_a, team_b = teams[0], teams[1]
    assert tv(team_b) == (LINEMEN, LINEMEN)
    play_season(commissioner, league, teams, champion=team_b)
    league.refresh_from_db()
    assert league.trophy_holder_id == team_b.pk
    # TV and CTV: one more re-roll at the roster's price; the runner-up unchanged.
    assert tv(team_b) == (LINEMEN + REROLL, LINEMEN + REROLL)
    assert value_breakdown(team_b).league_trophy == REROLL
    assert tv(team_a) == (LINEMEN, LINEMEN)
    for team in teams:
        assert_tv_is_the_engine_s(team)
        assert_treasury_is_ledger(team)
    # Its games: the pre-game's team state carries the free re-roll.
    state = team_state(team_b)
    assert (state.league_trophies, state.rerolls, state.game_rerolls) == (1, 0, 1)
    assert team_state(team_a).game_rerolls == 0


def test_the_next_final_passes_the_trophy_on(commissioner, league, teams):
    team_a, team_b, team_c = teams[:3]
    play_season(commissioner, league, teams, champion=team_b)
    play_season(commissioner, league, teams, champion=team_c)
    league.refresh_from_db()
    assert league.trophy_holder_id == team_c.pk
    assert League.objects.filter(trophy_holder__isnull=False).count() == 1
    assert tv(team_b) == (LINEMEN, LINEMEN) and team_state(team_b).game_rerolls == 0
    assert tv(team_c) == (LINEMEN + REROLL, LINEMEN + REROLL)
    for team in teams:
        assert_tv_is_the_engine_s(team)
        assert_treasury_is_ledger(team)
    # B's prizes stay: 100,000 for season 1's title, 30,000 for third in season 2.
    team_b.refresh_from_db()
    assert team_b.treasury == 100_000 + 30_000


def test_the_pages_and_the_api_show_the_trophy(commissioner, league, teams, client):
    team_b = teams[1]
    play_season(commissioner, league, teams, champion=team_b)
    sheet = client.get(reverse("team-detail", args=[team_b.pk])).content.decode()
    assert "Holds the League Trophy" in sheet and league.name in sheet
    assert 'id="league-trophy-value"' in sheet
    other = client.get(reverse("team-detail", args=[teams[0].pk])).content.decode()
    assert "League Trophy" not in other
    home = client.get(reverse("league-home", args=[league.pk])).content.decode()
    assert 'id="league-trophy"' in home and team_b.name in home

    api = APIClient()
    body = api.get(f"/api/v1/teams/{team_b.pk}/").json()
    assert body["value"]["league_trophy"] == REROLL
    assert body["value"]["team_value"] == LINEMEN + REROLL
    assert api.get(f"/api/v1/leagues/{league.pk}/").json()["trophy_holder"]["id"] == team_b.pk
    for team in teams:
        assert_treasury_is_ledger(team)
