"""Play-offs: seeding, the bracket advancing as results land, sudden death, prizes."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from leagues import services
from leagues.errors import LeagueError
from leagues.models import DecidedBy, Fixture, PlayoffStage, Season
from leagues.selectors import bracket, overall_standings
from rules_engine.dice import ScriptedDice
from teams.models import LedgerReason
from tests.factories import TeamFactory, UserFactory, assert_treasury_is_ledger
from tests.leagues.conftest import START, admitted_season

pytestmark = pytest.mark.django_db


def play(actor, fixture, home, away, **extra):
    return services.record_result(
        actor,
        fixture,
        home_touchdowns=home,
        away_touchdowns=away,
        home_casualties=0,
        away_casualties=0,
        **extra,
    )


def finish_regular_season(season, commissioner):
    """The team first by name wins every league fixture 2-0: the table reads A, B, C..."""
    fixtures = season.fixtures.select_related("home", "away").filter(kind=Fixture.Kind.LEAGUE)
    for fixture in fixtures:
        home_wins = fixture.home.name < fixture.away.name
        play(commissioner, fixture, *((2, 0) if home_wins else (0, 2)))


@pytest.fixture
def regular_season_done(commissioner, league):
    season = admitted_season(commissioner, league, 6)
    services.generate_schedule(commissioner, season, start_date=START)
    finish_regular_season(season, commissioner)
    return season


def names(fixture):
    return (fixture.home.name, fixture.away.name)


def test_play_offs_need_every_league_fixture_settled(commissioner, league):
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START)
    with pytest.raises(LeagueError, match="12 league fixture"):
        services.start_playoffs(commissioner, season)


def test_a_season_to_its_champion_with_prizes_in_the_ledger(regular_season_done, commissioner):
    season = regular_season_done
    with pytest.raises(PermissionDenied):
        services.start_playoffs(UserFactory(), season)
    semis = services.start_playoffs(commissioner, season)
    assert [names(f) for f in semis] == [("Team A", "Team D"), ("Team B", "Team C")]
    assert [(f.home_seed, f.away_seed) for f in semis] == [(1, 4), (2, 3)]
    season.refresh_from_db()
    assert season.status == Season.Status.PLAYOFFS

    semi_1, semi_2 = semis
    play(semi_1.home.coach, semi_1, 1, 2)  # D upsets A
    assert bracket(season).final is None
    play(semi_2.home.coach, semi_2, 3, 1)  # B beats C
    current = bracket(season)
    assert names(current.final) == ("Team B", "Team D")  # the better seed hosts
    assert names(current.third_place) == ("Team A", "Team C")

    play(commissioner, current.third_place, 0, 1)  # C third
    season.refresh_from_db()
    assert season.status == Season.Status.PLAYOFFS
    final = play(commissioner, current.final, 2, 1)  # B champion
    assert final.winner.name == "Team B" and final.decided_by == DecidedBy.NORMAL

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert season.champion.name == "Team B" and season.prizes_paid_at is not None
    prizes = {
        team.name: list(
            team.ledger_entries.filter(reason=LedgerReason.PRIZE).values_list("amount", "note")
        )
        for team in (final.home, final.away, current.third_place.away, current.third_place.home)
    }
    assert prizes["Team B"] == [(100_000, f"{season}: 1st place prize and the League Trophy")]
    assert prizes["Team D"] == [(60_000, f"{season}: 2nd place prize")]
    assert prizes["Team C"] == [(30_000, f"{season}: 3rd place prize")]
    assert prizes["Team A"] == []
    for team in (final.home, final.away, current.third_place.away):
        assert_treasury_is_ledger(team)
        assert team.treasury == prizes[team.name][0][0]

    # A finished season's final still takes a commissioner's correction (a corrected
    # report) that keeps its winner, and the prizes stand; a semi-final's does not.
    assert play(commissioner, final, 3, 1).home_touchdowns == 3
    assert final.home.ledger_entries.filter(reason=LedgerReason.PRIZE).count() == 1
    with pytest.raises(LeagueError, match="finished"):
        play(commissioner, semi_2, 4, 1)


def test_a_level_play_off_waits_for_sudden_death(regular_season_done, commissioner):
    pytest.importorskip("rules_engine.bb2020.extra_time")
    season = regular_season_done
    semi_1, semi_2 = services.start_playoffs(commissioner, season)
    tied = play(commissioner, semi_1, 1, 1)
    assert tied.winner is None and tied.decided_by == ""
    play(commissioner, semi_2, 0, 1, decided_by=DecidedBy.EXTRA_TIME)
    assert bracket(season).final is None

    # Home wins roll-offs 1, 2 (after a tie) and 3; away wins 4 and 5.
    dice = ScriptedDice([6, 1, 3, 3, 5, 2, 4, 1, 1, 6, 2, 5])
    decided = services.resolve_sudden_death(semi_1.home.coach, semi_1, dice)
    assert decided.winner_id == semi_1.home_id
    assert decided.decided_by == DecidedBy.SUDDEN_DEATH
    assert len(decided.sudden_death_rolls) == 12
    assert decided.sudden_death_rolls[0]["purpose"].startswith("Sudden death roll-off 1")
    # Rolling again changes nothing.
    services.resolve_sudden_death(commissioner, semi_1, ScriptedDice([]))
    current = bracket(season)
    assert names(current.final) == (semi_1.home.name, semi_2.away.name)
    assert current.final.home_seed == 1 and current.final.away_seed == 3


def test_record_playoff_winner_and_its_refusals(regular_season_done, commissioner):
    season = regular_season_done
    semi_1, semi_2 = services.start_playoffs(commissioner, season)
    with pytest.raises(LeagueError, match="no level result"):
        services.record_playoff_winner(commissioner, semi_1, winner=semi_1.home)
    play(commissioner, semi_1, 0, 0)
    with pytest.raises(LeagueError, match="must be"):
        services.record_playoff_winner(commissioner, semi_1, winner=TeamFactory())
    with pytest.raises(PermissionDenied):
        services.record_playoff_winner(UserFactory(), semi_1, winner=semi_1.away)
    decided = services.record_playoff_winner(commissioner, semi_1, winner=semi_1.away)
    assert decided.winner_id == semi_1.away_id


def test_correcting_a_semi_final_moves_the_final_until_it_is_played(
    regular_season_done, commissioner
):
    season = regular_season_done
    semi_1, semi_2 = services.start_playoffs(commissioner, season)
    play(commissioner, semi_1, 2, 0)
    play(commissioner, semi_2, 2, 0)
    assert names(bracket(season).final) == ("Team A", "Team B")
    play(commissioner, semi_1, 0, 2)  # corrected: D won
    current = bracket(season)
    assert names(current.final) == ("Team B", "Team D")
    play(commissioner, current.final, 1, 0)
    with pytest.raises(LeagueError, match="final has been played"):
        play(commissioner, semi_1, 2, 0)
    with pytest.raises(LeagueError, match="must keep their winners"):
        play(commissioner, semi_1, 1, 1)


def test_playoff_concession_decides_the_winner(regular_season_done, commissioner):
    season = regular_season_done
    semi_1, _ = services.start_playoffs(commissioner, season)
    with pytest.raises(LeagueError, match="needs a winner"):
        services.award_forfeit(commissioner, semi_1, kind="unplayed")
    services.award_forfeit(commissioner, semi_1, kind="concession", conceded_by=semi_1.home)
    semi_1.refresh_from_db()
    assert semi_1.winner_id == semi_1.away_id and semi_1.decided_by == DecidedBy.CONCESSION


def test_top_two_per_division_cross_over(commissioner, league):
    season = services.open_season(
        commissioner, league, divisions=["North", "South"], playoff_format="top_two_per_division"
    )
    for division in season.divisions.order_by("name"):
        for n in range(4):
            team = TeamFactory(name=f"{division.name} {chr(65 + n)}")
            services.admit_team(commissioner, season, team, division)
    services.generate_schedule(commissioner, season, start_date=START)
    finish_regular_season(season, commissioner)
    semis = services.start_playoffs(commissioner, season)
    # North A and South A are the winners; North's record wins the tie on name.
    assert [names(f) for f in semis] == [("North A", "South B"), ("South A", "North B")]


def test_division_winners_and_a_wild_card(commissioner, league):
    season = services.open_season(
        commissioner,
        league,
        divisions=["East", "North", "South"],
        playoff_format="division_winners_wild_card",
    )
    for division in season.divisions.order_by("name"):
        for n in range(4):
            team = TeamFactory(name=f"{division.name} {chr(65 + n)}")
            services.admit_team(commissioner, season, team, division)
    services.generate_schedule(commissioner, season, start_date=START)
    finish_regular_season(season, commissioner)
    seeds = [row.team_name for row in services.playoff_seeds(season)]
    assert seeds == ["East A", "North A", "South A", "East B"]
    overall = [row.team_name for row in overall_standings(season)]
    assert overall[:3] == ["East A", "North A", "South A"]


def test_top_two_per_division_needs_two_divisions(regular_season_done, commissioner):
    Season.objects.filter(pk=regular_season_done.pk).update(playoff_format="top_two_per_division")
    regular_season_done.refresh_from_db()
    with pytest.raises(LeagueError, match="exactly two divisions"):
        services.start_playoffs(commissioner, regular_season_done)
    assert not regular_season_done.fixtures.filter(stage=PlayoffStage.SEMI_FINAL).exists()


def test_without_the_engines_sudden_death_the_winner_is_recorded_as_given(
    regular_season_done, commissioner, monkeypatch
):
    from leagues.services import playoffs

    monkeypatch.setattr(playoffs, "_engine_sudden_death", lambda league: None)
    season = regular_season_done
    semi_1, _ = services.start_playoffs(commissioner, season)
    play(commissioner, semi_1, 2, 2)
    with pytest.raises(LeagueError, match="roll it at the table"):
        services.resolve_sudden_death(commissioner, semi_1, ScriptedDice([]))
    services.record_playoff_winner(commissioner, semi_1, winner=semi_1.away)
    semi_1.refresh_from_db()
    assert semi_1.winner_id == semi_1.away_id and semi_1.sudden_death_rolls == []
