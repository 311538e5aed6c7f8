"""League services: set-up, schedule, results, forfeits, docking, with their refusals."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from leagues import services
from leagues.errors import LeagueError
from leagues.models import Fixture, League, Season, TeamEntry, TieBreaker
from leagues.selectors import division_standings
from teams.models import TeamStatus
from tests.factories import TeamFactory, UserFactory
from tests.leagues.conftest import START, admitted_season

pytestmark = pytest.mark.django_db


def messages(excinfo) -> str:
    return " ".join(excinfo.value.messages)


# --- leagues and seasons ---------------------------------------------------------------


def test_create_league_defaults_to_the_rulebook_and_makes_the_creator_commissioner():
    user = UserFactory()
    league = services.create_league(user, name="  Chaos Cup ", ruleset="bb2020")
    assert league.name == "Chaos Cup"
    assert (league.points_for_win, league.points_for_draw, league.points_for_loss) == (3, 1, 0)
    assert league.tie_breakers == ["touchdowns_scored", "casualties"]
    assert list(league.commissioners.all()) == [user]


def test_create_league_reports_every_problem_at_once():
    user = UserFactory()
    services.create_league(user, name="Chaos Cup", ruleset="bb2020")
    with pytest.raises(LeagueError) as excinfo:
        services.create_league(
            user,
            name="chaos cup",
            ruleset="bb1987",
            points_for_win=1,
            points_for_draw=2,
            tie_breakers=["touchdowns_scored", "goals", "touchdowns_scored"],
            redraft_budget_cap=900_000,
        )
    text = messages(excinfo)
    for expected in (
        "already exists",
        "Unknown ruleset 'bb1987'",
        "at least as many points as a draw",
        "Unknown tie-breaker goals",
        "listed once",
        "re-draft cap",
    ):
        assert expected in text
    assert League.objects.count() == 1


def test_league_name_is_unique_in_the_database_ignoring_case(league):
    with pytest.raises(IntegrityError), transaction.atomic():
        League.objects.create(name="OLD WORLD CUP", ruleset="bb2020")


def test_anonymous_cannot_create_a_league():
    with pytest.raises(PermissionDenied):
        services.create_league(AnonymousUser(), name="X", ruleset="bb2020")


def test_open_season_numbers_seasons_and_refuses_while_one_runs(league, commissioner):
    season = services.open_season(commissioner, league, divisions=["North", "South"])
    assert season.number == 1 and season.status == Season.Status.SIGN_UP
    assert sorted(season.divisions.values_list("name", flat=True)) == ["North", "South"]
    with pytest.raises(LeagueError, match="still running"):
        services.open_season(commissioner, league)
    Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    assert services.open_season(commissioner, league).number == 2


def test_only_a_commissioner_of_this_league_opens_a_season(league):
    other_commissioner = UserFactory()
    services.create_league(other_commissioner, name="Elsewhere", ruleset="bb2020")
    with pytest.raises(PermissionDenied, match="Only a commissioner of Old World Cup"):
        services.open_season(other_commissioner, league)


def test_add_division_in_sign_up_only(sign_up, commissioner):
    services.add_division(commissioner, sign_up, "South")
    with pytest.raises(LeagueError, match="already has a division called south"):
        services.add_division(commissioner, sign_up, "south")
    services.add_division(commissioner, sign_up, "East")
    services.add_division(commissioner, sign_up, "West")
    with pytest.raises(LeagueError, match="at most 4 divisions"):
        services.add_division(commissioner, sign_up, "Fifth")


# --- entries ----------------------------------------------------------------------------


def test_a_coach_enters_his_own_team_and_the_commissioner_admits_it(sign_up, commissioner):
    team = TeamFactory()
    entry = services.enter_team(team.coach, sign_up, team)
    assert entry.division is None and not entry.admitted
    with pytest.raises(LeagueError, match="already entered"):
        services.enter_team(team.coach, sign_up, team)
    entry = services.admit_team(commissioner, sign_up, team)
    assert entry.division == sign_up.divisions.get()
    assert TeamEntry.objects.filter(season=sign_up).count() == 1


def test_a_coach_cannot_enter_someone_elses_team(sign_up):
    team = TeamFactory()
    with pytest.raises(PermissionDenied, match="Only the coach"):
        services.enter_team(UserFactory(), sign_up, team)


def test_entry_needs_the_leagues_ruleset_an_active_team_and_sign_up(sign_up, commissioner):
    other_ruleset = TeamFactory(ruleset="classic")
    # The editions by the names coaches read, not their keys.
    refusal = r"plays Classic league rules \(LRB\); Old World Cup plays Blood Bowl 2020"
    with pytest.raises(LeagueError, match=refusal):
        services.enter_team(other_ruleset.coach, sign_up, other_ruleset)
    retired = TeamFactory(status=TeamStatus.RETIRED)
    with pytest.raises(LeagueError, match="not active"):
        services.enter_team(retired.coach, sign_up, retired)
    Season.objects.filter(pk=sign_up.pk).update(status=Season.Status.REGULAR_SEASON)
    team = TeamFactory()
    with pytest.raises(LeagueError, match="only during sign-up"):
        services.enter_team(team.coach, sign_up, team)


def test_admit_needs_a_division_when_there_are_several(sign_up, commissioner):
    services.add_division(commissioner, sign_up, "South")
    team = TeamFactory()
    with pytest.raises(LeagueError, match="Choose the division"):
        services.admit_team(commissioner, sign_up, team)
    south = sign_up.divisions.get(name="South")
    assert services.admit_team(commissioner, sign_up, team, south).division == south


def test_withdraw_in_sign_up(sign_up, commissioner):
    team = TeamFactory()
    services.enter_team(team.coach, sign_up, team)
    with pytest.raises(PermissionDenied):
        services.withdraw_team(UserFactory(), sign_up, team)
    services.withdraw_team(team.coach, sign_up, team)
    assert not sign_up.entries.exists()
    with pytest.raises(LeagueError, match="not entered"):
        services.withdraw_team(commissioner, sign_up, team)


# --- schedule ---------------------------------------------------------------------------


def test_six_teams_double_round_robin(scheduled):
    fixtures = list(scheduled.fixtures.select_related("round"))
    assert scheduled.status == Season.Status.REGULAR_SEASON
    assert scheduled.rounds.count() == 10
    assert len(fixtures) == 30
    assert Counter((f.home_id, f.away_id) for f in fixtures).most_common(1)[0][1] == 1
    assert set(Counter(frozenset((f.home_id, f.away_id)) for f in fixtures).values()) == {2}
    assert set(Counter(f.home_id for f in fixtures).values()) == {5}
    deadlines = dict(scheduled.rounds.values_list("number", "deadline"))
    assert deadlines[1] == START + datetime.timedelta(days=7)
    assert deadlines[10] == START + datetime.timedelta(days=70)
    assert all(f.deadline == f.round.deadline for f in fixtures)


def test_single_round_robin_option(commissioner, league):
    season = admitted_season(commissioner, league, 5, format="single")
    services.generate_schedule(commissioner, season, start_date=START, days_per_round=3)
    assert season.rounds.count() == 5
    assert season.fixtures.count() == 10


def test_schedule_refusals(commissioner, league):
    season = admitted_season(commissioner, league, 3)
    waiting = TeamFactory(name="Latecomers")
    services.enter_team(waiting.coach, season, waiting)
    with pytest.raises(LeagueError) as excinfo:
        services.generate_schedule(commissioner, season, start_date=START)
    assert "Latecomers" in messages(excinfo)
    assert "at least 4" in messages(excinfo)
    with pytest.raises(PermissionDenied):
        services.generate_schedule(waiting.coach, season, start_date=START)
    assert not season.fixtures.exists()


def test_schedule_twice_is_refused(scheduled, commissioner):
    with pytest.raises(LeagueError, match="only during sign-up"):
        services.generate_schedule(commissioner, scheduled, start_date=START)


def test_two_divisions_share_round_numbers(commissioner, league):
    season = services.open_season(commissioner, league, divisions=["North", "South"])
    for n, division in enumerate(season.divisions.all()):
        for _ in range(4 + n):
            services.admit_team(commissioner, season, TeamFactory(), division)
    services.generate_schedule(commissioner, season, start_date=START)
    assert season.rounds.count() == 10  # five teams: 5 rounds each way
    assert season.fixtures.filter(division__name="North").count() == 12
    assert season.fixtures.filter(division__name="South").count() == 20


def test_reschedule_moves_round_and_deadline(scheduled, commissioner):
    fixture = scheduled.fixtures.get(round__number=1, home=scheduled.fixtures.first().home)
    fixture = services.reschedule_fixture(commissioner, fixture, round_number=3)
    assert fixture.round.number == 3 and fixture.status == Fixture.Status.POSTPONED
    assert fixture.deadline == START + datetime.timedelta(days=21)
    later = datetime.date(2026, 12, 1)
    assert services.reschedule_fixture(commissioner, fixture, deadline=later).deadline == later
    with pytest.raises(LeagueError, match="no round 11"):
        services.reschedule_fixture(commissioner, fixture, round_number=11)
    with pytest.raises(PermissionDenied):
        services.reschedule_fixture(fixture.home.coach, fixture, deadline=later)


def test_friendly_across_divisions_earns_no_points(commissioner, league):
    season = services.open_season(commissioner, league, divisions=["North", "South"])
    teams = {}
    for division in season.divisions.all():
        teams[division.name] = [TeamFactory() for _ in range(4)]
        for team in teams[division.name]:
            services.admit_team(commissioner, season, team, division)
    services.generate_schedule(commissioner, season, start_date=START)
    home, away = teams["North"][0], teams["South"][0]
    friendly = services.schedule_friendly(home.coach, season, home=home, away=away)
    services.record_result(
        home.coach,
        friendly,
        home_touchdowns=3,
        away_touchdowns=0,
        home_casualties=0,
        away_casualties=0,
    )
    north = season.divisions.get(name="North")
    assert {r.played for r in division_standings(north)} == {0}
    with pytest.raises(PermissionDenied):
        services.schedule_friendly(UserFactory(), season, home=home, away=away)


# --- results ----------------------------------------------------------------------------


def first_fixture(season) -> Fixture:
    return season.fixtures.select_related("home", "away").order_by("id").first()


def test_record_result_is_idempotent_and_corrections_overwrite(scheduled):
    fixture = first_fixture(scheduled)
    score = dict(home_touchdowns=2, away_touchdowns=1, home_casualties=1, away_casualties=0)
    fixture = services.record_result(fixture.home.coach, fixture, **score)
    first_time = fixture.played_at
    again = services.record_result(fixture.away.coach, fixture, **score)
    assert again.played_at == first_time and again.updated_at == fixture.updated_at
    corrected = services.record_result(
        fixture.home.coach, fixture, **{**score, "away_touchdowns": 2}
    )
    corrected.refresh_from_db()
    assert (corrected.home_touchdowns, corrected.away_touchdowns) == (2, 2)
    assert corrected.played_at == first_time
    assert Fixture.objects.filter(status=Fixture.Status.PLAYED).count() == 1


def test_record_result_refusals(scheduled):
    fixture = first_fixture(scheduled)
    score = dict(home_touchdowns=1, away_touchdowns=0, home_casualties=0, away_casualties=0)
    with pytest.raises(PermissionDenied):
        services.record_result(UserFactory(), fixture, **score)
    with pytest.raises(LeagueError, match="Home touchdowns must be a whole number"):
        services.record_result(fixture.home.coach, fixture, **{**score, "home_touchdowns": -1})
    with pytest.raises(LeagueError, match="conceding team must have fewer"):
        services.record_result(fixture.home.coach, fixture, **score, conceded_by=fixture.home)
    with pytest.raises(LeagueError, match="must be"):
        services.record_result(fixture.home.coach, fixture, **score, conceded_by=TeamFactory())


def test_conceded_match_counts_for_the_conceder(scheduled):
    fixture = first_fixture(scheduled)
    services.record_result(
        fixture.home.coach,
        fixture,
        home_touchdowns=0,
        away_touchdowns=2,
        home_casualties=0,
        away_casualties=3,
        conceded_by=fixture.home,
    )
    rows = {r.team_id: r for r in division_standings(fixture.division)}
    assert rows[fixture.home_id].conceded == 1 and rows[fixture.home_id].lost == 1
    assert rows[fixture.away_id].won == 1


def test_forfeit_unplayed_is_a_loss_for_both(scheduled, commissioner):
    fixture = first_fixture(scheduled)
    services.award_forfeit(commissioner, fixture, kind="unplayed")
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
    rows = {r.team_id: r for r in division_standings(fixture.division)}
    for team_id in (fixture.home_id, fixture.away_id):
        assert (rows[team_id].played, rows[team_id].lost, rows[team_id].points) == (1, 1, 0)
    with pytest.raises(LeagueError, match="settled by the commissioner"):
        services.record_result(
            commissioner,
            fixture,
            home_touchdowns=1,
            away_touchdowns=0,
            home_casualties=0,
            away_casualties=0,
        )


def test_forfeit_concession_is_a_one_nil_win_with_the_award_paid(scheduled, commissioner):
    fixture = first_fixture(scheduled)
    services.award_forfeit(commissioner, fixture, kind="concession", conceded_by=fixture.away)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.FORFEIT
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (1, 0)
    # The award (D6 x 10,000 gp, two MVPs) is paid at once: nothing is left owed.
    assert fixture.conceded_by_id == fixture.away_id and not fixture.concession_award_due
    assert fixture.concession_award["team"] == fixture.home_id
    rows = {r.team_id: r for r in division_standings(fixture.division)}
    assert (rows[fixture.home_id].won, rows[fixture.home_id].points) == (1, 3)
    assert (rows[fixture.away_id].lost, rows[fixture.away_id].conceded) == (1, 1)


def test_forfeit_refusals(scheduled, commissioner):
    fixture = first_fixture(scheduled)
    with pytest.raises(PermissionDenied):
        services.award_forfeit(fixture.home.coach, fixture, kind="unplayed")
    with pytest.raises(LeagueError, match="not 'walkover'"):
        services.award_forfeit(commissioner, fixture, kind="walkover")
    with pytest.raises(LeagueError, match="Say which team conceded"):
        services.award_forfeit(commissioner, fixture, kind="concession")
    services.award_forfeit(commissioner, fixture, kind="unplayed")
    with pytest.raises(LeagueError, match="already settled"):
        services.award_forfeit(commissioner, fixture, kind="unplayed")


def test_dock_points(scheduled, commissioner):
    fixture = first_fixture(scheduled)
    adjustment = services.dock_points(
        commissioner, scheduled, fixture.home, reason="Fielded an ineligible player"
    )
    assert adjustment.points == -3 and adjustment.created_by == commissioner
    rows = {r.team_id: r for r in division_standings(fixture.division)}
    assert rows[fixture.home_id].points == -3
    with pytest.raises(LeagueError, match="Give the reason"):
        services.dock_points(commissioner, scheduled, fixture.home, reason=" ")
    with pytest.raises(LeagueError, match="not entered"):
        services.dock_points(commissioner, scheduled, TeamFactory(), reason="x")
    with pytest.raises(PermissionDenied):
        services.dock_points(fixture.away.coach, scheduled, fixture.home, reason="x")


def test_the_database_refuses_a_team_playing_itself_and_negative_scores(scheduled):
    fixture = first_fixture(scheduled)
    with pytest.raises(IntegrityError), transaction.atomic():
        Fixture.objects.filter(pk=fixture.pk).update(away=fixture.home)
    with pytest.raises(IntegrityError), transaction.atomic():
        Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)


def test_tie_breaker_choices_are_the_documented_ones():
    assert set(TieBreaker.values) == {
        "touchdown_difference",
        "touchdowns_scored",
        "casualties",
        "casualty_difference",
        "head_to_head",
        "fewest_conceded_matches",
    }
