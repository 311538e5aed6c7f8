"""Deadlines that act (leagues/services/deadlines.py): a league fixture not played when
its deadline passes (midnight at the end of the day, in the league's time zone) is
settled by its edition's rules (BB2020 and BB2025: a loss for both; BB2025 facts
section 9 and decision 13.4: no MVP, no winnings) or held for the commissioner (the
league's house rules hold, the rules say nothing, or a match has begun). Once per
deadline, whoever runs the sweep and however often; a forfeit's correction and undo
work on what a deadline settled."""

from __future__ import annotations

import datetime
import re
import threading
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from leagues import services
from leagues.models import Fixture, HouseRules, Season, TeamEntry
from leagues.services import deadlines, forfeits
from leagues.standings import division_standings
from leagues.tasks import act_on_deadlines as deadline_task
from matches.models import Match
from rules_engine.dice import ScriptedDice
from teams.models import AuditEntry, Player, Team, TreasuryEntry
from teams.services import draft_team
from tests.factories import PlayerFactory, TeamFactory, UserFactory, assert_treasury_is_ledger
from tests.leagues.factories import (
    DivisionFactory,
    FixtureFactory,
    LeagueFactory,
    RoundFactory,
    SeasonFactory,
)
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db

DEADLINE = datetime.date(2026, 3, 8)


def at(zone: str, *args: int) -> datetime.datetime:
    """A moment on the wall clock of ``zone``."""
    return datetime.datetime(*args, tzinfo=ZoneInfo(zone))


def a_fixture(
    ruleset: str = "bb2020",
    time_zone: str = "UTC",
    *,
    hold: bool = False,
    teams: tuple[Team, Team] | None = None,
    **fixture: object,
) -> Fixture:
    """A league fixture of round 1 (deadline 8 March 2026 on the round, none of its own)
    in a regular season of a league of ``ruleset`` in ``time_zone``; its league holds
    unplayed fixtures for the commissioner where ``hold``."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], ruleset=ruleset, time_zone=time_zone)
    if hold:
        HouseRules.objects.create(league=league, unplayed_fixtures="hold")
    season = SeasonFactory(league=league, status=Season.Status.REGULAR_SEASON)
    division = DivisionFactory(season=season)
    home, away = teams or (TeamFactory(ruleset=ruleset), TeamFactory(ruleset=ruleset))
    for team in (home, away):
        TeamEntry.objects.create(season=season, division=division, team=team)
    round_one = RoundFactory(season=season, number=1, deadline=DEADLINE)
    return FixtureFactory(division=division, round=round_one, home=home, away=away, **fixture)


def commissioner_of(fixture: Fixture):
    return fixture.season.league.commissioners.get()


def reread(fixture: Fixture) -> Fixture:
    return Fixture.objects.select_related("season__league", "round").get(pk=fixture.pk)


def row(fixture: Fixture, team_id: int):
    return next(r for r in division_standings(fixture.division) if r.team_id == team_id)


AFTER = at("UTC", 2026, 3, 9, 0, 5)


@pytest.mark.parametrize(
    "zone",
    ["UTC", "Europe/Paris", "Pacific/Auckland", "America/Los_Angeles", "Pacific/Kiritimati"],
)
def test_the_deadline_passes_at_midnight_league_time(zone):
    fixture = a_fixture(time_zone=zone)
    last_minute = at(zone, 2026, 3, 8, 23, 59)
    assert deadlines.act_on_deadlines(last_minute).settled == []
    assert reread(fixture).status == Fixture.Status.SCHEDULED

    sweep = deadlines.act_on_deadlines(at(zone, 2026, 3, 9, 0, 0))
    assert sweep.settled == [fixture.pk]
    fixture = reread(fixture)
    assert fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
    assert fixture.deadline_passed_at == at(zone, 2026, 3, 9, 0, 0)


def test_a_league_ahead_of_utc_passes_before_utc_midnight_and_one_behind_after():
    auckland = a_fixture(time_zone="Pacific/Auckland")  # UTC+13 in March
    # Summer time begins in Los Angeles on 8 March 2026: its midnight is 07:00 UTC.
    los_angeles = a_fixture(time_zone="America/Los_Angeles")
    sweep = deadlines.act_on_deadlines(at("UTC", 2026, 3, 8, 12, 0))
    assert (sweep.settled, reread(los_angeles).is_open) == ([auckland.pk], True)
    assert deadlines.act_on_deadlines(at("UTC", 2026, 3, 9, 6, 59)).settled == []
    assert deadlines.act_on_deadlines(at("UTC", 2026, 3, 9, 7, 0)).settled == [los_angeles.pk]


def test_a_fixtures_own_deadline_comes_before_its_rounds():
    fixture = a_fixture(deadline=datetime.date(2026, 3, 15))
    assert deadlines.act_on_deadlines(AFTER).settled == []
    assert deadlines.act_on_deadlines(at("UTC", 2026, 3, 16)).settled == [fixture.pk]


def test_applied_a_loss_for_both_in_the_standings_logged_as_the_system(client):
    fixture = a_fixture()
    deadlines.act_on_deadlines(AFTER)

    fixture = reread(fixture)
    assert fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
    for team_id in (fixture.home_id, fixture.away_id):
        standing = row(fixture, team_id)
        assert (standing.played, standing.won, standing.drawn, standing.lost) == (1, 0, 0, 1)
        assert standing.points == 0
    entry = AuditEntry.objects.get(action="fixture.deadline_passed")
    assert entry.actor is None and entry.data["by"] == "deadline"
    assert entry.league_id == fixture.season.league_id
    assert entry.message.startswith("Deadline passed (8 March 2026) with ")
    assert "settled as a loss for both, as the rules of Blood Bowl 2020 say" in entry.message

    page = client.get(reverse("fixture-detail", args=[fixture.pk])).content.decode()
    assert "Deadline passed: settled as a loss for both." in page
    table = client.get(reverse("season-fixtures", args=[fixture.season_id])).content.decode()
    assert "Deadline passed: settled as a loss for both." in table
    history = client.get(reverse("league-history", args=[fixture.season.league_id]))
    # The system acted, as the history names it.
    assert re.search(
        r'data-action="fixture.deadline_passed">.*?· Dugout</span>\s*Deadline passed \(8',
        history.content.decode(),
        re.S,
    )


def test_held_by_the_house_rules_the_commissioner_decides(client):
    fixture = a_fixture(hold=True)
    api = f"/api/v1/leagues/fixtures/{fixture.pk}/"
    assert client.get(api).json()["deadline_passed_at"] is None
    sweep = deadlines.act_on_deadlines(AFTER)
    assert (sweep.settled, sweep.held) == ([], [fixture.pk])
    assert client.get(api).json()["deadline_passed_at"] == "2026-03-09T00:05:00Z"

    fixture = reread(fixture)
    assert fixture.status == Fixture.Status.SCHEDULED
    assert fixture.deadline_passed_at == AFTER
    assert row(fixture, fixture.home_id).played == 0
    entry = AuditEntry.objects.get(action="fixture.deadline_passed")
    assert "waiting for the commissioner's decision (the league's house rules" in entry.message
    assert entry.data["reason"] == "house_rules"

    page = client.get(reverse("fixture-detail", args=[fixture.pk])).content.decode()
    assert "Deadline passed: waiting for the commissioner&#x27;s decision." in page
    commissioner = commissioner_of(fixture)
    client.force_login(commissioner)
    manage = client.get(reverse("season-manage", args=[fixture.season_id])).content.decode()
    assert "Deadlines passed: your decision" in manage
    assert reverse("fixture-detail", args=[fixture.pk]) in manage
    page = client.get(reverse("fixture-detail", args=[fixture.pk])).content.decode()
    assert "Award the forfeit" in page  # the existing form decides

    forfeits.award_forfeit(commissioner, fixture, kind="concession", conceded_by=fixture.home)
    assert reread(fixture).status == Fixture.Status.FORFEIT
    manage = client.get(reverse("season-manage", args=[fixture.season_id])).content.decode()
    assert "Deadlines passed: your decision" not in manage


def test_twice_or_by_two_sweeps_at_once_acts_once():
    fixture = a_fixture()
    held = a_fixture(hold=True)
    first = deadlines.act_on_deadlines(AFTER)
    assert (first.settled, first.held) == ([fixture.pk], [held.pk])
    later = deadlines.act_on_deadlines(AFTER + datetime.timedelta(days=3))
    assert (later.settled, later.held, later.failed) == ([], [], [])
    assert AuditEntry.objects.filter(action="fixture.deadline_passed").count() == 2

    # A second sweep that read the fixture as due before the first marked it gets the
    # lock after the first committed, reads it again and leaves it.
    racing = a_fixture()
    assert deadlines.act_on_deadlines(AFTER).settled == [racing.pk]
    assert deadlines._act_on(racing.pk, AFTER, None) is None
    assert AuditEntry.objects.filter(action="fixture.deadline_passed").count() == 3


@pytest.mark.parametrize("status", ["pre_game", "in_play", "confirming", "post_game"])
def test_a_match_begun_is_held_for_the_commissioner(status):
    fixture = a_fixture()
    Match.objects.create(fixture=fixture, status=status)
    assert deadlines.act_on_deadlines(AFTER).held == [fixture.pk]
    fixture = reread(fixture)
    assert fixture.is_open and fixture.deadline_passed_at == AFTER
    entry = AuditEntry.objects.get(action="fixture.deadline_passed")
    assert "its match has begun and is not finished" in entry.message


def test_a_match_only_opened_does_not_stop_the_deadline():
    fixture = a_fixture()
    Match.objects.create(fixture=fixture)  # "Play this match" pressed, no pre-game yet
    assert deadlines.act_on_deadlines(AFTER).settled == [fixture.pk]


@pytest.mark.parametrize("ruleset", ["classic", "blitz_bowl"])
def test_an_edition_silent_on_unplayed_fixtures_holds_them(ruleset):
    fixture = a_fixture(ruleset)
    assert deadlines.act_on_deadlines(AFTER).held == [fixture.pk]
    assert reread(fixture).is_open
    entry = AuditEntry.objects.get(action="fixture.deadline_passed")
    assert "say nothing of it" in entry.message and entry.data["reason"] == "rules_silent"


@pytest.fixture
def bb2025_teams() -> tuple[Team, Team]:
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
        teams.append(Team.objects.get(pk=team.pk))
    return teams[0], teams[1]


def test_bb2025_a_loss_for_both_with_no_mvp_and_no_winnings(bb2025_teams, client):
    fixture = a_fixture("bb2025", teams=bb2025_teams)
    hurt = fixture.home.players.order_by("number").first()
    Player.objects.filter(pk=hurt.pk).update(miss_next_game=True)
    treasuries = {team.pk: team.treasury for team in bb2025_teams}
    ledger = TreasuryEntry.objects.count()
    spp = sorted(Player.objects.values_list("pk", "spp_earned"))

    # Dedicated Fans, each as for a loss: home D6 1 (3 -> 2), away D6 6 (stays 3).
    sweep = deadlines.act_on_deadlines(AFTER, dice=ScriptedDice([1, 6]))
    assert sweep.settled == [fixture.pk]

    fixture = reread(fixture)
    assert fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
    assert "gold" not in fixture.concession_award and "mvps" not in fixture.concession_award
    assert TreasuryEntry.objects.count() == ledger  # no winnings for either
    assert sorted(Player.objects.values_list("pk", "spp_earned")) == spp  # no MVP
    for team in Team.objects.filter(pk__in=treasuries):
        assert team.treasury == treasuries[team.pk]
        assert_treasury_is_ledger(team)
    fans = fixture.concession_award["aftermath"]["teams"]
    assert (fans["home"]["result"], fans["away"]["result"]) == ("loss", "loss")
    assert Team.objects.get(pk=fixture.home_id).dedicated_fans == 2
    assert not Player.objects.get(pk=hurt.pk).miss_next_game  # the missed game is served
    for team_id in (fixture.home_id, fixture.away_id):
        assert (row(fixture, team_id).lost, row(fixture, team_id).points) == (1, 0)
    entry = AuditEntry.objects.get(action="fixture.deadline_passed")
    assert "as the rules of Blood Bowl 2025 say" in entry.message


def test_undone_it_waits_for_the_commissioner_until_he_moves_the_deadline(client):
    fixture = a_fixture()
    commissioner = commissioner_of(fixture)
    deadlines.act_on_deadlines(AFTER)

    forfeits.undo_forfeit(commissioner, fixture)
    fixture = reread(fixture)
    assert fixture.status == Fixture.Status.SCHEDULED
    assert deadlines.is_held(fixture)
    assert row(fixture, fixture.home_id).played == 0
    # The next sweeps leave it to him.
    assert deadlines.act_on_deadlines(AFTER + datetime.timedelta(days=1)).settled == []
    page = client.get(reverse("fixture-detail", args=[fixture.pk])).content.decode()
    assert "Deadline passed: waiting for the commissioner&#x27;s decision." in page

    # He gives the coaches a week more: no longer held, and acted on when it passes.
    services.reschedule_fixture(commissioner, fixture, deadline=datetime.date(2026, 3, 15))
    fixture = reread(fixture)
    assert not deadlines.is_held(fixture) and deadlines.deadline_note(fixture) is None
    assert deadlines.act_on_deadlines(at("UTC", 2026, 3, 15, 23, 59)).settled == []
    assert deadlines.act_on_deadlines(at("UTC", 2026, 3, 16, 0, 0)).settled == [fixture.pk]


def test_a_deadline_settlement_is_corrected_like_a_forfeit():
    fixture = a_fixture()
    commissioner = commissioner_of(fixture)
    for team in (fixture.home, fixture.away):
        for n in range(1, 12):
            PlayerFactory(team=team, name=f"{team.name} {n}")
    deadlines.act_on_deadlines(AFTER)

    # D6 4 -> 40,000 gp; the MVP picks among 11 players (D16s, 13 re-rolled): #3 and #7.
    forfeits.correct_forfeit(
        commissioner,
        fixture,
        kind="concession",
        conceded_by=fixture.home,
        dice=ScriptedDice([4, 3, 13, 7]),
    )
    fixture = reread(fixture)
    assert fixture.status == Fixture.Status.FORFEIT
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (0, 1)
    assert fixture.concession_award["gold"] == 40_000
    assert row(fixture, fixture.away_id).won == 1
    assert deadlines.deadline_note(fixture) is None  # settled by him now, not the deadline
    assert deadlines.act_on_deadlines(AFTER + datetime.timedelta(days=1)).settled == []


def test_what_the_deadline_leaves_alone():
    played = a_fixture(
        status=Fixture.Status.PLAYED,
        home_touchdowns=1,
        away_touchdowns=0,
        home_casualties=0,
        away_casualties=0,
    )
    friendly = FixtureFactory(
        season=played.season,
        division=None,
        kind=Fixture.Kind.FRIENDLY,
        round=played.round,
        home=played.home,
        away=played.away,
    )
    no_deadline = a_fixture()
    no_deadline.round.deadline = None
    no_deadline.round.save()
    sign_up = a_fixture()
    Season.objects.filter(pk=sign_up.season_id).update(status=Season.Status.SIGN_UP)

    sweep = deadlines.act_on_deadlines(AFTER)
    assert (sweep.settled, sweep.held) == ([], [])
    for fixture in (played, friendly, no_deadline, sign_up):
        assert reread(fixture).deadline_passed_at is None


def test_the_celery_task_and_the_command_act_on_the_passed_deadlines():
    # Relative to the real clock: the task judges by it.
    yesterday = datetime.date.today() - datetime.timedelta(days=2)
    by_task = a_fixture(deadline=yesterday)
    deadline_task.apply()  # as the worker runs it for Celery beat
    assert reread(by_task).status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
    assert deadline_task.name == "leagues.act_on_deadlines"

    by_command = a_fixture(hold=True, deadline=yesterday)
    out = StringIO()
    call_command("act_on_deadlines", stdout=out)
    assert "0 fixture(s) settled by the rules, 1 held for the commissioner" in out.getvalue()
    assert reread(by_command).deadline_passed_at is not None


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_started_together_settle_each_fixture_once():
    fixtures = [a_fixture() for _ in range(3)]
    barrier = threading.Barrier(2, timeout=30)
    sweeps: list[deadlines.DeadlineSweep] = []

    def sweep() -> None:
        try:
            barrier.wait()
            sweeps.append(deadlines.act_on_deadlines(AFTER))
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(sweeps) == 2
    settled = sorted(pk for run in sweeps for pk in run.settled)
    assert settled == sorted(f.pk for f in fixtures)
    for fixture in fixtures:
        assert reread(fixture).status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
        audit = AuditEntry.objects.filter(
            action="fixture.deadline_passed", data__fixture=fixture.pk
        )
        assert audit.count() == 1


def test_hold_all_leaves_every_overdue_fixture_to_its_commissioner():
    # A site whose leagues were under way before deadlines acted: the operator holds
    # every overdue fixture once, and the sweeps after it settle none of them.
    overdue = datetime.date.today() - datetime.timedelta(days=30)
    fixture = a_fixture(deadline=overdue)
    out = StringIO()
    call_command("act_on_deadlines", "--hold-all", stdout=out)
    assert "0 fixture(s) settled by the rules, 1 held" in out.getvalue()
    fixture = reread(fixture)
    assert fixture.is_open and deadlines.is_held(fixture)
    entry = AuditEntry.objects.get(action=deadlines.DEADLINE_ACTION)
    assert "past its deadline when deadlines began to act" in entry.message
    assert deadlines.act_on_deadlines().settled == []
