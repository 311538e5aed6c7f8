"""The re-draft reads the recorded season: budget, fees, rolls, the new season's entry."""

from __future__ import annotations

import pytest

from leagues.models import Season, TeamEntry
from leagues.services.team_redraft import redraft_team, season_to_redraft
from rules_engine.dice import ScriptedDice
from rules_engine.errors import DraftError
from teams.errors import TeamError
from teams.models import LedgerReason, Player, Redraft, TreasuryEntry
from teams.services import correct_treasury, record_injury
from teams.services.redraft_season import budget_of, rehire_candidates
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.teams.redraft_helpers import DRAW, LOSS, UNPLAYED, WIN, closed_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def team():
    """11 Human Linemen and 2 Blitzers, 2 re-rolls; 100,000 gp in the treasury."""
    team = drafted_team(players={"human-lineman": 11, "human-blitzer": 2}, rerolls=2)
    correct_treasury(UserFactory(is_superuser=True), team, 100_000 - team.treasury, "Season")
    team.refresh_from_db()
    return team


def everyone(team):
    return [p.pk for p in team.players.filter(status="active")]


def test_the_budget_is_the_recorded_season(team):
    # 3 league games played (W, D, L), one unplayed (no game), one play-off game won.
    closed_season(team, [WIN, DRAW, LOSS, UNPLAYED], playoff=WIN)
    budget = budget_of(team, season_to_redraft(team))
    assert (budget.games_played, budget.league_wins, budget.league_draws) == (4, 1, 1)
    assert budget.budget == 1_000_000 + 100_000 + 4 * 20_000 + 20_000 + 10_000

    result = redraft_team(team.coach, team, rehire=everyone(team), dice=ScriptedDice([]))
    assert result.budget == 1_210_000
    # 11 x (50k + 20k) + 2 x (85k + 20k), no re-rolls bought this time
    assert result.cost == 11 * 70_000 + 2 * 105_000
    team.refresh_from_db()
    assert team.treasury == 1_210_000 - result.cost
    assert team.rerolls == 0
    assert_treasury_is_ledger(team)


def test_the_leagues_cap_bounds_the_budget(team):
    closed_season(team, [WIN] * 12, cap=1_300_000)
    result = redraft_team(team.coach, team, rehire=everyone(team), dice=ScriptedDice([]))
    assert result.budget == 1_300_000  # 1,000,000 + 100,000 + 240,000 + 240,000 uncapped
    assert result.budget_parts.uncapped == 1_580_000
    assert result.record.cap == 1_300_000


def test_seasons_played_are_counted_from_earlier_redrafts(team):
    first, second = closed_season(team, [WIN])
    redraft_team(team.coach, team, rehire=everyone(team), dice=ScriptedDice([]))
    Season.objects.filter(pk=second.pk).update(status=Season.Status.FINISHED)
    closed_season(team, [WIN], league=first.league)
    fees = {c.player.number: (c.seasons, c.fee) for c in rehire_candidates(team)}
    assert fees[1] == (2, 50_000 + 40_000)
    # A mapping's values (the old API's seasons) are not read: the database counts.
    linemen = team.players.filter(status="active", position_slug="human-lineman")
    result = redraft_team(
        team.coach, team, rehire={p.pk: 9 for p in linemen}, dice=ScriptedDice([])
    )
    assert {row["seasons"] for row in result.record.rehired} == {2}
    assert result.cost_parts.rehire_fees == 11 * 90_000


def test_the_redraft_is_recorded_with_its_rolls_and_enters_the_new_season(team):
    _, following = closed_season(team, [WIN, WIN])
    niggled = team.players.get(number=2)
    record_injury(team.coach, niggled, "niggling")
    record_injury(team.coach, niggled, "niggling")
    record_injury(team.coach, team.players.get(number=1), "miss_next_game")
    Player.objects.filter(team=team, number=3).update(journeyman=True)
    kept = [p.pk for p in team.players.filter(number__lte=12, journeyman=False)]

    result = redraft_team(
        team.coach,
        team,
        rehire=kept,
        hire=[{"position_slug": "human-catcher", "name": "Ulf", "number": 20}],
        rerolls=1,
        apothecary=True,
        dice=ScriptedDice([4, 3]),  # team had no apothecary in the season: 3 fails
    )

    saved = Redraft.objects.get(team=team)
    assert saved == result.record
    assert saved.from_season.number == 1 and saved.to_season == following
    assert (saved.games_played, saved.league_wins, saved.league_draws) == (2, 2, 0)
    assert [(r["purpose"], r["result"]) for r in saved.rolls] == [
        (f"Niggling Injury: {niggled.name}", 4),
        (f"Niggling Injury: {niggled.name}", 3),
    ]
    assert saved.created_by == team.coach
    niggled.refresh_from_db()
    assert niggled.niggling_injuries == 1
    assert not team.players.get(number=1).miss_next_game
    assert team.players.get(number=3).status == Player.Status.RETIRED  # journeyman left
    assert team.players.get(number=13).status == Player.Status.RETIRED  # not re-hired
    assert team.players.get(number=20, status="active").name == "Ulf"
    entry = TeamEntry.objects.get(season=following, team=team)
    assert entry.division.name == "North"
    ledger = team.ledger_entries.filter(reason=LedgerReason.REDRAFT).order_by("id")
    assert [e.amount for e in ledger] == [saved.budget - 100_000, -saved.cost]
    assert_treasury_is_ledger(team)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("no_league", "has played no league season"),
        ("running", "is still under way"),
        ("not_opened", "has not opened the next season"),
        ("begun", "too late to re-draft"),
        ("twice", "already re-drafted"),
        ("carry_over", "carry over between seasons"),
    ],
)
def test_a_redraft_that_cannot_be_made_says_why_and_changes_nothing(team, setup, message):
    if setup == "running":
        season, _ = closed_season(team, [WIN], open_next=False)
        Season.objects.filter(pk=season.pk).update(status=Season.Status.REGULAR_SEASON)
    elif setup == "not_opened":
        closed_season(team, [WIN], open_next=False)
    elif setup == "begun":
        _, following = closed_season(team, [WIN])
        Season.objects.filter(pk=following.pk).update(status=Season.Status.REGULAR_SEASON)
    elif setup == "twice":
        closed_season(team, [WIN])
        redraft_team(team.coach, team, rehire=everyone(team), dice=ScriptedDice([]))
    elif setup == "carry_over":
        closed_season(team, [WIN], ruleset="classic")
    rows = (TreasuryEntry.objects.count(), Redraft.objects.count(), TeamEntry.objects.count())
    with pytest.raises(TeamError, match=message):
        redraft_team(team.coach, team, rehire=everyone(team), dice=ScriptedDice([]))
    assert rows == (
        TreasuryEntry.objects.count(),
        Redraft.objects.count(),
        TeamEntry.objects.count(),
    )


def test_every_problem_at_once_and_nothing_changes(team):
    closed_season(team, [LOSS], cap=1_000_000)
    rows = (TreasuryEntry.objects.count(), Player.objects.filter(status="active").count())
    with pytest.raises(DraftError) as caught:
        redraft_team(
            team.coach,
            team,
            rehire=[*everyone(team), 999_999],
            hire={"human-blitzer": 3},
            rerolls=8,
        )
    messages = caught.value.messages
    assert messages[0] == f"Player 999999 is not a permanent player of {team.name}"
    assert "Human teams may have at most 4 Blitzers; this draft has 5" in messages
    assert (
        messages[-1].startswith("This re-draft costs ")
        and "over the 1,000,000 gp" in (messages[-1])
    )
    assert rows == (TreasuryEntry.objects.count(), Player.objects.filter(status="active").count())
    assert not Redraft.objects.exists()
