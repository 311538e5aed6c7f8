"""League pages and play-offs across rulesets: tie-breakers by name on the standings,
and a Blitz Bowl play-off decided by points, a draw on points named by the commissioner."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from leagues import services
from leagues.errors import LeagueError
from leagues.models import DecidedBy, Fixture, Season, TieBreaker
from leagues.selectors import bracket
from rules_engine.dice import ScriptedDice
from teams.models import TreasuryEntry
from tests.factories import TeamFactory, UserFactory
from tests.leagues.conftest import START, admitted_season
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


def html(response) -> str:
    return response.content.decode()


def names(fixture):
    return (fixture.home.name, fixture.away.name)


# --- 4. tie-breakers ---------------------------------------------------------------------


def test_the_standings_name_the_tie_breakers(client, commissioner, league):
    season = admitted_season(commissioner, league, 4)
    page = html(client.get(reverse("season-standings", args=[season.pk])))
    assert "Ties broken by: Touchdowns scored, Casualties caused." in page
    assert "touchdowns_scored" not in page

    league.tie_breakers = [TieBreaker.HEAD_TO_HEAD, TieBreaker.FEWEST_CONCEDED_MATCHES]
    league.save()
    page = html(client.get(reverse("season-standings", args=[season.pk])))
    assert "Ties broken by: Head-to-head points, Fewest conceded matches." in page


# --- 6. Blitz Bowl play-offs ---------------------------------------------------------------


def play_points(actor, fixture, home_td, away_td, home_points, away_points):
    """A Blitz Bowl result: touchdowns (4 points each) and the points that decide it."""
    return services.record_result(
        actor,
        fixture,
        home_touchdowns=home_td,
        away_touchdowns=away_td,
        home_casualties=0,
        away_casualties=0,
        home_points=home_points,
        away_points=away_points,
    )


@pytest.fixture
def blitz_bowl_playoffs(commissioner):
    """A Blitz Bowl league whose regular season is played (Team A beats everyone on
    points, Team B everyone else...) and whose semi-finals are drawn: A v D, B v C."""
    league = LeagueFactory(name="Lustria Blitz", ruleset="blitz_bowl", commissioners=[commissioner])
    season = services.open_season(commissioner, league)
    for n in range(4):
        team = TeamFactory(name=f"Team {chr(65 + n)}", ruleset="blitz_bowl", roster_slug="skaven")
        services.admit_team(commissioner, season, team)
    services.generate_schedule(commissioner, season, start_date=START)
    for fixture in season.fixtures.select_related("home", "away"):
        home_wins = fixture.home.name < fixture.away.name
        play_points(commissioner, fixture, 1, 1, *((7, 4) if home_wins else (4, 7)))
    semis = services.start_playoffs(commissioner, season)
    assert [names(f) for f in semis] == [("Team A", "Team D"), ("Team B", "Team C")]
    return season, semis


def test_a_blitz_bowl_play_off_is_won_on_points_not_touchdowns(blitz_bowl_playoffs, commissioner):
    season, (semi_1, semi_2) = blitz_bowl_playoffs
    # Team A scores the only touchdown, Team D claims more Challenge cards.
    decided = play_points(commissioner, semi_1, 1, 0, 4, 6)
    assert decided.winner.name == "Team D" and decided.decided_by == DecidedBy.NORMAL
    play_points(commissioner, semi_2, 0, 1, 9, 4)
    current = bracket(season)
    assert names(current.final) == ("Team B", "Team D")
    assert names(current.third_place) == ("Team A", "Team C")

    play_points(commissioner, current.third_place, 2, 2, 8, 11)
    play_points(commissioner, current.final, 0, 0, 3, 2)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED and season.champion.name == "Team B"
    # Blitz Bowl has no gold: the champion is crowned, no prize lands in a treasury.
    assert not TreasuryEntry.objects.exists()

    page = html(Client().get(reverse("season-bracket", args=[season.pk])))
    assert "4–6" in page and "1–0" not in page  # the bracket shows the points


def test_a_blitz_bowl_play_off_drawn_on_points_waits_for_the_commissioner(
    blitz_bowl_playoffs, commissioner
):
    season, (semi_1, semi_2) = blitz_bowl_playoffs
    play_points(commissioner, semi_2, 0, 1, 9, 4)
    # "If both teams have the same score, the game ends in a draw!" - touchdowns aside.
    drawn = play_points(commissioner, semi_1, 1, 0, 5, 5)
    assert drawn.winner is None and drawn.decided_by == DecidedBy.NONE
    assert bracket(season).final is None
    page = html(Client().get(reverse("season-bracket", args=[season.pk])))
    assert "a draw on points; the commissioner names the winner" in page

    with pytest.raises(LeagueError, match="drawn on points, and a draw has no sudden death"):
        services.resolve_sudden_death(commissioner, semi_1, ScriptedDice([6, 1] * 5))
    with pytest.raises(PermissionDenied, match="commissioner"):
        services.record_playoff_winner(semi_1.home.coach, semi_1, winner=semi_1.home)
    with pytest.raises(LeagueError, match="the commissioner names who goes through"):
        services.record_playoff_winner(
            commissioner, semi_1, winner=semi_1.away, decided_by=DecidedBy.SUDDEN_DEATH
        )
    decided = services.record_playoff_winner(commissioner, semi_1, winner=semi_1.away)
    assert decided.winner.name == "Team D"
    assert decided.decided_by == DecidedBy.COMMISSIONER and decided.sudden_death_rolls == []
    current = bracket(season)
    assert names(current.final) == ("Team B", "Team D")
    assert names(current.third_place) == ("Team A", "Team C")
    page = html(Client().get(reverse("season-bracket", args=[season.pk])))
    assert 'Team D <span class="badge">Commissioner&#x27;s decision</span>' in page


def test_a_blitz_bowl_play_off_won_on_points_has_no_level_result_to_decide(
    blitz_bowl_playoffs, commissioner
):
    _, (semi_1, _) = blitz_bowl_playoffs
    # Level on touchdowns, not on points: the points have decided it.
    play_points(commissioner, semi_1, 1, 1, 4, 7)
    with pytest.raises(LeagueError, match="no level result to decide: the points decide it"):
        services.record_playoff_winner(commissioner, semi_1, winner=semi_1.home)
    semi_1.refresh_from_db()
    assert semi_1.winner.name == "Team D"


def test_a_touchdowns_play_off_is_still_decided_by_sudden_death(commissioner, league):
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START)
    for fixture in season.fixtures.select_related("home", "away"):
        home_wins = fixture.home.name < fixture.away.name
        services.record_result(
            commissioner,
            fixture,
            home_touchdowns=2 if home_wins else 0,
            away_touchdowns=0 if home_wins else 2,
            home_casualties=0,
            away_casualties=0,
        )
    semi_1, _ = services.start_playoffs(commissioner, season)
    services.record_result(
        commissioner,
        semi_1,
        home_touchdowns=1,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
    )
    coach = semi_1.home.coach
    decided = services.record_playoff_winner(coach, semi_1, winner=semi_1.home)
    assert decided.decided_by == DecidedBy.SUDDEN_DEATH
    assert Fixture.objects.get(pk=semi_1.pk).winner_id == semi_1.home_id
    with pytest.raises(PermissionDenied):
        services.record_playoff_winner(UserFactory(), semi_1, winner=semi_1.away)
