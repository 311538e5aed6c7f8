"""Forfeits pay what the rules say (facts §5): "A coach who concedes for real-life reasons:
the opponent wins 1-0, gains D6 x 10,000 and two MVPs"; an unplayed fixture pays nothing.
Correcting or undoing a forfeit takes back exactly what it paid. Every test checks that
each team's treasury is still the sum of its ledger."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from rest_framework.test import APIClient

from leagues import services
from leagues.errors import LeagueError
from leagues.models import Fixture
from leagues.services import forfeits
from leagues.standings import division_standings
from rules_engine.dice import ScriptedDice
from teams.models import LedgerReason, Player, Team
from teams.services import post_to_ledger
from teams.services._common import lock_team
from tests.factories import (
    PlayerFactory,
    TeamFactory,
    UserFactory,
    assert_treasury_is_ledger,
    ledger_sum,
)
from tests.leagues.conftest import START, admitted_season
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db

API = "/api/v1/leagues"
# D6 4 -> 40,000 gp; 11 players: the MVP picks are D16s, 13 re-rolled: #3 and #7.
DICE = (4, 3, 13, 7)


def with_players(team: Team, count: int = 11) -> list[Player]:
    return [PlayerFactory(team=team, name=f"{team.name} {n}") for n in range(1, count + 1)]


def fund(team: Team, gold: int) -> None:
    with transaction.atomic():
        post_to_ledger(lock_team(team), gold, LedgerReason.CORRECTION, "Starting gold", None)


def first_fixture(season) -> Fixture:
    return season.fixtures.filter(kind=Fixture.Kind.LEAGUE).select_related("home", "away")[0]


def spp(team: Team) -> dict[int, int]:
    return dict(team.players.order_by("number").values_list("number", "spp_earned"))


def assert_ledgers(*teams: Team) -> None:
    for team in teams:
        assert_treasury_is_ledger(team)


@pytest.fixture
def season(commissioner, league):
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START, days_per_round=7)
    season.refresh_from_db()
    return season


@pytest.fixture
def fixture(season):
    fixture = first_fixture(season)
    with_players(fixture.home)
    with_players(fixture.away)
    return fixture


def test_a_real_life_concession_pays_the_opponent_gold_and_two_mvps(fixture, commissioner):
    """The defect: the 1-0 was recorded and nothing was paid."""
    home, away = fixture.home, fixture.away
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=away, dice=ScriptedDice(DICE)
    )
    fixture.refresh_from_db()
    home.refresh_from_db()
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (1, 0)
    assert home.treasury == 40_000
    entry = home.ledger_entries.get()
    assert (entry.amount, entry.reason) == (40_000, LedgerReason.WINNINGS)
    assert "conceded for real-life reasons: D6 (4) x 10,000 gp" in entry.note
    assert spp(home) == {n: (4 if n in (3, 7) else 0) for n in range(1, 12)}
    assert spp(away) == dict.fromkeys(range(1, 12), 0)
    assert away.ledger_entries.count() == 0
    assert [r["purpose"] for r in fixture.concession_rolls] == [
        "Real-life concession: D6 x 10,000 gp",
        "Real-life concession: MVP 1",
        "Real-life concession: MVP 2",
        "Real-life concession: MVP 2",
    ]
    assert fixture.concession_award["gold"] == 40_000
    assert [m["spp"] for m in fixture.concession_award["mvps"]] == [4, 4]
    assert not fixture.concession_award_due
    assert_ledgers(home, away)


def test_one_player_may_win_both_mvps(fixture, commissioner):
    services.award_forfeit(
        commissioner,
        fixture,
        kind="concession",
        conceded_by=fixture.home,
        dice=ScriptedDice([1, 5, 5]),
    )
    assert spp(fixture.away)[5] == 8
    assert fixture.away.ledger_entries.get().amount == 10_000
    assert_ledgers(fixture.home, fixture.away)


def test_production_dice_roll_within_the_rule(fixture, commissioner):
    services.award_forfeit(commissioner, fixture, kind="concession", conceded_by=fixture.away)
    fixture.home.refresh_from_db()
    assert fixture.home.treasury in range(10_000, 60_001, 10_000)
    assert sum(spp(fixture.home).values()) == 8
    assert_ledgers(fixture.home, fixture.away)


def test_an_unplayed_fixture_pays_nothing(fixture, commissioner):
    services.award_forfeit(commissioner, fixture, kind="unplayed", dice=ScriptedDice([]))
    fixture.refresh_from_db()
    for team in (fixture.home, fixture.away):
        team.refresh_from_db()
        assert team.treasury == 0 and team.ledger_entries.count() == 0
        assert sum(spp(team).values()) == 0
    assert fixture.concession_rolls == [] and fixture.concession_award == {}
    assert_ledgers(fixture.home, fixture.away)


@pytest.mark.parametrize(("ruleset", "roster"), [("classic", "human"), ("blitz_bowl", "skaven")])
def test_rulesets_without_the_rule_pay_nothing(ruleset, roster, commissioner):
    league = LeagueFactory(ruleset=ruleset, commissioners=[commissioner])
    season = services.open_season(commissioner, league)
    for n in range(4):
        team = TeamFactory(name=f"{ruleset} {n}", ruleset=ruleset, roster_slug=roster)
        services.admit_team(commissioner, season, team)
    services.generate_schedule(commissioner, season, start_date=START)
    fixture = first_fixture(season)
    with_players(fixture.home)
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away, dice=ScriptedDice([])
    )
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.FORFEIT
    assert fixture.home.ledger_entries.count() == 0 and sum(spp(fixture.home).values()) == 0
    assert fixture.concession_award == {}
    assert_ledgers(fixture.home, fixture.away)


def test_a_friendly_concession_pays_the_gold_and_no_mvp(season, commissioner):
    home, away = season.entries.all()[0].team, season.entries.all()[1].team
    with_players(home)
    friendly = services.schedule_friendly(commissioner, season, home=home, away=away)
    services.award_forfeit(
        commissioner, friendly, kind="concession", conceded_by=away, dice=ScriptedDice([6])
    )
    home.refresh_from_db()
    assert home.treasury == 60_000 and sum(spp(home).values()) == 0
    friendly.refresh_from_db()
    assert friendly.concession_award["note"] == "A friendly awards no MVP"
    assert_ledgers(home, away)


def test_undoing_a_forfeit_takes_back_exactly_what_it_paid(fixture, commissioner):
    home, away = fixture.home, fixture.away
    fund(home, 5_000)
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=away, dice=ScriptedDice(DICE)
    )
    services.undo_forfeit(commissioner, fixture)
    fixture.refresh_from_db()
    home.refresh_from_db()
    assert fixture.status == Fixture.Status.SCHEDULED and fixture.is_open
    assert fixture.home_touchdowns is None and fixture.conceded_by_id is None
    assert fixture.concession_award == {} and fixture.concession_rolls == []
    assert home.treasury == 5_000
    reversal = home.ledger_entries.order_by("-id")[0]
    assert (reversal.amount, reversal.reason) == (-40_000, LedgerReason.CORRECTION)
    assert sum(spp(home).values()) == 0
    rows = {r.team_id: r for r in division_standings(fixture.division)}
    assert rows[home.pk].played == 0 and rows[away.pk].played == 0
    assert_ledgers(home, away)
    # The fixture can be settled again, and pays again.
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=away, dice=ScriptedDice([2, 1, 1])
    )
    home.refresh_from_db()
    assert home.treasury == 25_000 and spp(home)[1] == 8
    assert_ledgers(home, away)


def test_correcting_who_conceded_moves_the_award(fixture, commissioner):
    home, away = fixture.home, fixture.away
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=away, dice=ScriptedDice(DICE)
    )
    services.correct_forfeit(
        commissioner, fixture, kind="concession", conceded_by=home, dice=ScriptedDice([5, 1, 2])
    )
    fixture.refresh_from_db()
    home.refresh_from_db()
    away.refresh_from_db()
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (0, 1)
    assert home.treasury == 0 and sum(spp(home).values()) == 0
    assert [e.amount for e in home.ledger_entries.order_by("id")] == [40_000, -40_000]
    assert away.treasury == 50_000 and (spp(away)[1], spp(away)[2]) == (4, 4)
    assert fixture.concession_award["team"] == away.pk
    assert_ledgers(home, away)


def test_correcting_to_unplayed_takes_the_award_back_and_pays_nothing(fixture, commissioner):
    home, away = fixture.home, fixture.away
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=away, dice=ScriptedDice(DICE)
    )
    services.correct_forfeit(commissioner, fixture, kind="unplayed")
    fixture.refresh_from_db()
    home.refresh_from_db()
    assert fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS
    assert home.treasury == 0 and sum(spp(home).values()) == 0
    assert fixture.concession_award == {}
    assert_ledgers(home, away)


def test_the_same_forfeit_again_is_not_rolled_twice(fixture, commissioner):
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away, dice=ScriptedDice(DICE)
    )
    services.correct_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away, dice=ScriptedDice([])
    )
    fixture.home.refresh_from_db()
    assert fixture.home.treasury == 40_000 and fixture.home.ledger_entries.count() == 1
    assert_ledgers(fixture.home, fixture.away)


def test_undo_is_refused_once_the_gold_is_spent_and_nothing_changes(fixture, commissioner):
    home = fixture.home
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away, dice=ScriptedDice(DICE)
    )
    # The coach spends 30,000 of the 40,000 before the commissioner undoes the forfeit.
    with transaction.atomic():
        post_to_ledger(lock_team(home), -30_000, LedgerReason.PURCHASES, "Spent", None)
    with pytest.raises(LeagueError, match="spent the award's gold"):
        services.undo_forfeit(commissioner, fixture)
    fixture.refresh_from_db()
    home.refresh_from_db()
    assert fixture.status == Fixture.Status.FORFEIT and home.treasury == 10_000
    assert spp(home)[3] == 4
    assert_ledgers(home, fixture.away)


def test_undo_is_refused_once_the_mvp_spent_the_spp(fixture, commissioner):
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away, dice=ScriptedDice(DICE)
    )
    Player.objects.filter(team=fixture.home, number=3).update(spp_spent=4)
    with pytest.raises(LeagueError, match="has spent SPP"):
        services.undo_forfeit(commissioner, fixture)
    fixture.home.refresh_from_db()
    assert fixture.home.treasury == 40_000 and spp(fixture.home)[3] == 4
    assert_ledgers(fixture.home, fixture.away)


def test_only_a_commissioner_undoes_and_only_a_forfeit(fixture, commissioner):
    with pytest.raises(PermissionDenied):
        services.undo_forfeit(fixture.home.coach, fixture)
    with pytest.raises(LeagueError, match="not settled as a forfeit"):
        services.undo_forfeit(commissioner, fixture)
    services.record_result(
        commissioner,
        fixture,
        home_touchdowns=2,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
    )
    with pytest.raises(LeagueError, match="not settled as a forfeit"):
        services.correct_forfeit(commissioner, fixture, kind="unplayed")
    assert_ledgers(fixture.home, fixture.away)


# --- the API and the pages ------------------------------------------------------------


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_api_forfeit_pays_shows_the_dice_and_undo_reverses(fixture, commissioner, monkeypatch):
    monkeypatch.setattr(forfeits, "concession_dice", lambda: ScriptedDice(DICE))
    client = client_for(commissioner)
    response = client.post(
        f"{API}/fixtures/{fixture.pk}/forfeit/",
        {"kind": "concession", "conceded_by": fixture.away_id},
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["concession_award"]["gold"] == 40_000
    assert [r["result"] for r in body["concession_rolls"]] == list(DICE)
    fixture.home.refresh_from_db()
    assert fixture.home.treasury == 40_000
    assert_ledgers(fixture.home, fixture.away)

    monkeypatch.setattr(forfeits, "concession_dice", lambda: ScriptedDice([3, 1, 1]))
    response = client.post(
        f"{API}/fixtures/{fixture.pk}/correct-forfeit/",
        {"kind": "concession", "conceded_by": fixture.home_id},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["concession_award"]["team"] == fixture.away_id
    fixture.home.refresh_from_db()
    fixture.away.refresh_from_db()
    assert (fixture.home.treasury, fixture.away.treasury) == (0, 30_000)
    assert_ledgers(fixture.home, fixture.away)

    response = client.post(f"{API}/fixtures/{fixture.pk}/undo-forfeit/", format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "scheduled"
    fixture.away.refresh_from_db()
    assert fixture.away.treasury == 0 and ledger_sum(fixture.away) == 0
    assert sum(spp(fixture.away).values()) == 0
    assert_ledgers(fixture.home, fixture.away)


def test_api_refusals_leave_the_database_unchanged(fixture, commissioner):
    client = client_for(commissioner)
    response = client.post(
        f"{API}/fixtures/{fixture.pk}/correct-forfeit/", {"kind": "unplayed"}, format="json"
    )
    assert response.status_code == 400
    assert "not settled as a forfeit" in response.json()["detail"]
    response = client.post(
        f"{API}/fixtures/{fixture.pk}/correct-forfeit/", {"kind": "lost"}, format="json"
    )
    assert response.status_code == 400 and "kind" in response.json()["fields"]
    response = client_for(UserFactory()).post(
        f"{API}/fixtures/{fixture.pk}/undo-forfeit/", format="json"
    )
    assert response.status_code == 403
    fixture.refresh_from_db()
    assert fixture.is_open and fixture.home.ledger_entries.count() == 0
    assert_ledgers(fixture.home, fixture.away)


def test_the_fixture_page_shows_the_award_and_its_dice_log(fixture, commissioner, client):
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away, dice=ScriptedDice(DICE)
    )
    page = client.get(reverse("fixture-detail", args=[fixture.pk])).content.decode()
    assert "Dice log" in page and "Real-life concession: MVP 2" in page
    assert "D6 (4) × 10,000 = 40k" in page
    assert f"{fixture.home.name} 3 (+4 SPP)" in page
    client.force_login(commissioner)
    page = client.get(reverse("fixture-detail", args=[fixture.pk])).content.decode()
    assert "Undo the forfeit" in page and "Award a forfeit" not in page
    response = client.post(reverse("fixture-action", args=[fixture.pk, "undo-forfeit"]))
    assert response.status_code == 302
    fixture.refresh_from_db()
    fixture.home.refresh_from_db()
    assert fixture.is_open and fixture.home.treasury == 0
    assert_ledgers(fixture.home, fixture.away)
