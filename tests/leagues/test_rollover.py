"""Closing a season and opening the next: refusals, re-drafts into the new season,
classic and Blitz Bowl teams carried over."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from leagues import services
from leagues.errors import LeagueError
from leagues.models import Fixture, Season, TeamEntry
from leagues.services.team_redraft import redraft_team
from rules_engine.dice import ScriptedDice
from teams.models import Redraft, Team
from tests.factories import TeamFactory, UserFactory, assert_treasury_is_ledger, drafted_team
from tests.leagues.conftest import START
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


def play_all(season: Season, commissioner, kind: str = Fixture.Kind.LEAGUE) -> None:
    """Every open fixture of ``kind``: the team first by name wins 2-1."""
    for fixture in season.fixtures.select_related("home", "away").filter(
        kind=kind, status=Fixture.Status.SCHEDULED
    ):
        home_wins = fixture.home.name < fixture.away.name
        services.record_result(
            commissioner,
            fixture,
            home_touchdowns=2 if home_wins else 1,
            away_touchdowns=1 if home_wins else 2,
            home_casualties=0,
            away_casualties=0,
        )


def season_of(commissioner, league, teams: list[Team], **options) -> Season:
    season = services.open_season(commissioner, league, divisions=["Middenheim"], **options)
    for team in teams:
        services.admit_team(commissioner, season, team)
    services.generate_schedule(commissioner, season, start_date=START)
    return season


@pytest.fixture
def commissioner():
    return UserFactory(username="commish")


@pytest.fixture
def bb2020_teams():
    return [drafted_team(name=f"{letter} Team", players={"human-lineman": 11}) for letter in "ABCD"]


def test_a_season_with_playoffs_rolls_over_and_every_coach_redrafts_into_the_next(
    commissioner, bb2020_teams
):
    league = LeagueFactory(commissioners=[commissioner], redraft_budget_cap=1_300_000)
    season = season_of(commissioner, league, bb2020_teams, format="single")
    play_all(season, commissioner)
    with pytest.raises(LeagueError, match="has had no play-offs"):
        services.roll_over_season(commissioner, season)
    services.start_playoffs(commissioner, season)
    with pytest.raises(LeagueError, match="play-offs of .* are not decided"):
        services.roll_over_season(commissioner, season)
    play_all(season, commissioner, Fixture.Kind.PLAYOFF)  # semi-finals
    play_all(season, commissioner, Fixture.Kind.PLAYOFF)  # final and third place
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED

    rollover = services.roll_over_season(commissioner, season)

    opened = rollover.opened
    assert (opened.number, opened.status, opened.format) == (2, "sign_up", "single")
    assert list(opened.divisions.values_list("name", flat=True)) == ["Middenheim"]
    assert rollover.carried_over == []
    assert {t.name for t in rollover.awaiting_redraft} == {"A Team", "B Team", "C Team", "D Team"}
    assert services.awaiting_redraft(opened) == rollover.awaiting_redraft
    assert not TeamEntry.objects.filter(season=opened).exists()

    for team in bb2020_teams:
        team.refresh_from_db()
        kept = [p.pk for p in team.players.filter(status="active")]
        result = redraft_team(team.coach, team, rehire=kept, dice=ScriptedDice([]))
        # 3 league games and 2 play-off games each; A won every game.
        assert result.record.games_played == 5
        assert_treasury_is_ledger(team)
    a_team = Redraft.objects.get(team__name="A Team")
    # A: 1,000,000 + 450,000 + 100,000 prize + 5 x 20k + 3 x 20k = 1,710,000, capped.
    assert (a_team.league_wins, a_team.treasury, a_team.budget) == (3, 550_000, 1_300_000)
    entries = TeamEntry.objects.filter(season=opened).select_related("division")
    assert {e.division.name for e in entries} == {"Middenheim"} and len(entries) == 4
    assert services.awaiting_redraft(opened) == []


@pytest.mark.parametrize("state", ["sign_up", "fixtures_open", "rolled_over"])
def test_a_season_not_done_is_refused_with_the_reason_and_nothing_opens(
    commissioner, state, bb2020_teams
):
    league = LeagueFactory(commissioners=[commissioner])
    if state == "sign_up":
        season = services.open_season(commissioner, league)
        message = "has not begun"
    else:
        season = season_of(commissioner, league, bb2020_teams, format="single")
        message = "6 league fixtures of .* are still to be played"
    if state == "rolled_over":
        play_all(season, commissioner)
        services.roll_over_season(commissioner, season, without_playoffs=True)
        message = "season 2 is open already"
    seasons = Season.objects.count()
    with pytest.raises(LeagueError, match=message):
        services.roll_over_season(commissioner, season, without_playoffs=True)
    assert Season.objects.count() == seasons


def test_only_a_commissioner_closes_a_season(commissioner, bb2020_teams):
    league = LeagueFactory(commissioners=[commissioner])
    season = season_of(commissioner, league, bb2020_teams, format="single")
    play_all(season, commissioner)
    with pytest.raises(PermissionDenied):
        services.roll_over_season(bb2020_teams[0].coach, season, without_playoffs=True)
    season.refresh_from_db()
    assert season.status == Season.Status.REGULAR_SEASON


def test_a_season_without_playoffs_closes_without_prizes(commissioner, bb2020_teams):
    league = LeagueFactory(commissioners=[commissioner])
    season = season_of(commissioner, league, bb2020_teams, format="single")
    play_all(season, commissioner)
    treasuries = [t.treasury for t in Team.objects.order_by("name")]
    rollover = services.roll_over_season(commissioner, season, without_playoffs=True)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED and season.champion is None
    assert [t.treasury for t in Team.objects.order_by("name")] == treasuries
    assert len(rollover.awaiting_redraft) == 4


@pytest.mark.parametrize("ruleset", ["classic", "blitz_bowl"])
def test_classic_and_blitz_bowl_teams_carry_over_as_they_are(commissioner, ruleset):
    league = LeagueFactory(commissioners=[commissioner], ruleset=ruleset)
    teams = [
        TeamFactory(name=f"{ruleset} {n}", ruleset=ruleset, treasury=10_000 * n)
        for n in range(1, 9)
    ]
    season = services.open_season(commissioner, league, divisions=["East", "West"], format="single")
    east, west = season.divisions.order_by("name")
    for n, team in enumerate(teams):
        services.admit_team(commissioner, season, team, east if n < 4 else west)
    services.generate_schedule(commissioner, season, start_date=START)
    Fixture.objects.filter(season=season).update(status=Fixture.Status.UNPLAYED_DOUBLE_LOSS)

    rollover = services.roll_over_season(commissioner, season, without_playoffs=True)

    assert rollover.awaiting_redraft == []
    assert sorted(t.name for t in rollover.carried_over) == [t.name for t in teams]
    placed = {
        e.team.name: e.division.name
        for e in TeamEntry.objects.filter(season=rollover.opened).select_related("team", "division")
    }
    assert placed == {t.name: "East" if n < 4 else "West" for n, t in enumerate(teams)}
    treasuries = Team.objects.filter(pk__in=[t.pk for t in teams]).order_by("name")
    assert [t.treasury for t in treasuries] == [10_000 * n for n in range(1, 9)]
    with pytest.raises(Exception, match="carry over between seasons"):
        redraft_team(teams[0].coach, teams[0])
