"""Unplayed fixtures and real-life concessions in a BB2025 league (shared/rules/
bb2025-league-facts.md sections 9 and 13.4): a concession is recorded 0-2, the other
team gains D6 x 10,000 and two MVP awards; Dedicated Fans are rolled as for a loss
(both teams of an unplayed fixture, the conceder) and a win (the other team); players
due to miss a game count the fixture as that game. Undoing takes it all back."""

from __future__ import annotations

import pytest

from leagues.models import Fixture, Season, TeamEntry
from leagues.services import forfeits
from rules_engine.dice import ScriptedDice
from teams.models import Player, Team
from teams.services import draft_team
from tests.factories import UserFactory, assert_treasury_is_ledger
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup() -> tuple[object, Fixture]:
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], ruleset="bb2025")
    season = SeasonFactory(league=league, status=Season.Status.REGULAR_SEASON)
    division = DivisionFactory(season=season)
    teams = []
    for name in ("Reavers", "Bulls"):
        team = draft_team(
            UserFactory(),
            name=name,
            ruleset_key="bb2025",
            roster_slug="human",
            **minimal_draft("human"),
        )
        Team.objects.filter(pk=team.pk).update(dedicated_fans=3)
        TeamEntry.objects.create(season=season, division=division, team=team)
        teams.append(team)
    fixture = FixtureFactory(division=division, home=teams[0], away=teams[1])
    return commissioner, fixture


def test_a_real_life_concession_is_2_0_and_rolls_dedicated_fans(setup) -> None:
    commissioner, fixture = setup
    hurt = fixture.home.players.order_by("number").first()
    Player.objects.filter(pk=hurt.pk).update(miss_next_game=True)
    # Award: D6 4, two MVP picks (11 players: D16s, 13 re-rolled -> 3, 7); then
    # Dedicated Fans: home (conceder, a loss) 1, away (a win) 5.
    dice = ScriptedDice([4, 3, 13, 7, 1, 5])
    forfeits.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.home, dice=dice
    )
    fixture.refresh_from_db()
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (0, 2)
    assert fixture.concession_award["gold"] == 40_000
    assert len(fixture.concession_award["mvps"]) == 2
    home, away = Team.objects.get(pk=fixture.home_id), Team.objects.get(pk=fixture.away_id)
    assert (home.dedicated_fans, away.dedicated_fans) == (2, 4)
    assert not Player.objects.get(pk=hurt.pk).miss_next_game
    assert_treasury_is_ledger(away)

    forfeits.undo_forfeit(commissioner, fixture)
    home.refresh_from_db()
    away.refresh_from_db()
    assert (home.dedicated_fans, away.dedicated_fans) == (3, 3)
    assert Player.objects.get(pk=hurt.pk).miss_next_game
    assert_treasury_is_ledger(away)


def test_an_unplayed_fixture_is_a_loss_for_both(setup) -> None:
    commissioner, fixture = setup
    forfeits.award_forfeit(commissioner, fixture, kind="unplayed", dice=ScriptedDice([2, 6]))
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
    fans = fixture.concession_award["aftermath"]["teams"]
    assert (fans["home"]["result"], fans["away"]["result"]) == ("loss", "loss")
    home, away = Team.objects.get(pk=fixture.home_id), Team.objects.get(pk=fixture.away_id)
    assert (home.dedicated_fans, away.dedicated_fans) == (2, 3)
    assert "gold" not in fixture.concession_award  # no winnings for either
    assert_treasury_is_ledger(home)
    assert_treasury_is_ledger(away)
