"""Dice luck counts the rolls kept outside a match, each for its team: a
real-life concession's award (the awarded team's), a play-off's sudden death roll-offs
(each side's by its purpose) and a re-draft's rolls (the re-drafted team's)."""

from __future__ import annotations

import pytest

from insight.dice import coach_luck, league_luck, site_fairness, team_luck
from leagues import services as league_services
from leagues.models import Fixture, Season
from teams.models import Redraft
from tests.insight.league import build_small_league, fixture_of

pytestmark = pytest.mark.django_db


def _faces(summary, die="d6"):
    found = [d for d in summary.dice if d.die == die]
    return {f.face: f.observed for f in found[0].faces if f.observed} if found else {}


@pytest.fixture
def world():
    return build_small_league("Kept")


def test_a_concession_award_s_rolls_are_the_awarded_team_s(world):
    t = world.teams
    fixture = fixture_of(world.season, t["R"], t["T"])
    league_services.award_forfeit(
        world.commissioner, fixture, kind="concession", conceded_by=t["T"]
    )
    fixture.refresh_from_db()
    kept = fixture.concession_rolls
    assert kept and kept[0]["purpose"].startswith("Real-life concession: D6")
    reavers = team_luck(t["R"])
    assert reavers.rolls == len(kept)
    assert _faces(reavers)[kept[0]["result"]] >= 1
    assert team_luck(t["T"]).rolls == 0  # the conceding team rolled nothing
    assert coach_luck(t["R"].coach).rolls == len(kept)
    assert site_fairness().rolls == len(kept)
    by_team = {row.team_id: row.luck.rolls for row in league_luck(world.league)}
    assert by_team[t["R"].pk] == len(kept) and by_team[t["T"].pk] == 0


def test_sudden_death_roll_offs_are_each_side_s(world):
    t = world.teams
    fixture = fixture_of(world.season, t["M"], t["I"])
    Fixture.objects.filter(pk=fixture.pk).update(
        sudden_death_rolls=[
            {"purpose": "Sudden death roll-off 1: home", "die": "d6", "result": 6},
            {"purpose": "Sudden death roll-off 1: away", "die": "d6", "result": 2},
            {"purpose": "Sudden death roll-off 2: home", "die": "d6", "result": 6},
        ]
    )
    home, away = fixture.home, fixture.away
    assert _faces(team_luck(home)) == {6: 2}
    assert _faces(team_luck(away)) == {2: 1}
    assert _faces(coach_luck(away.coach)) == {2: 1}
    assert _faces(site_fairness()) == {6: 2, 2: 1}


def test_a_redraft_s_rolls_are_the_redrafted_team_s(world):
    t = world.teams
    later = Season.objects.create(league=world.league, number=2)
    Redraft.objects.create(
        team=t["M"],
        from_season=world.season,
        to_season=later,
        treasury=0,
        games_played=0,
        league_wins=0,
        league_draws=0,
        budget=1_000_000,
        cost=0,
        rolls=[{"purpose": "Niggling Injury: Grim", "die": "d6", "result": 1}],
    )
    assert _faces(team_luck(t["M"])) == {1: 1}
    assert _faces(coach_luck(t["M"].coach)) == {1: 1}
    assert team_luck(t["R"]).rolls == 0
    by_team = {row.team_id: row.luck.rolls for row in league_luck(world.league)}
    assert by_team[t["M"].pk] == 1


def test_the_luck_reads_take_the_same_queries_however_many_kept_rolls(
    world, django_assert_max_num_queries
):
    t = world.teams
    for winner, loser in (("R", "T"), ("M", "I")):
        fixture = fixture_of(world.season, t[winner], t[loser])
        league_services.award_forfeit(
            world.commissioner, fixture, kind="concession", conceded_by=t[loser]
        )
        # A match's rolls (counted by the database), advancements, fixtures, re-drafts.
        with django_assert_max_num_queries(4):
            team_luck(t["R"])
        with django_assert_max_num_queries(5):
            league_luck(world.league)
