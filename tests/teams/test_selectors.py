"""Team sheets sum team value in the database and agree with the engine."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from rules_engine import (
    PlayerValueInput,
    TeamValueInput,
    current_team_value,
    get_ruleset,
    player_current_value,
    team_value,
    team_value_breakdown,
)
from teams.models import Player, Team
from teams.selectors import ledger, team_sheet, teams_for_coach, value_breakdown
from teams.services import (
    buy_reroll,
    fire_player,
    hire_player,
    hire_staff,
    record_injury,
    take_journeyman,
)
from tests.factories import TeamFactory, UserFactory, drafted_team

pytestmark = pytest.mark.django_db

BB2020 = get_ruleset("bb2020")


def engine_input(team: Team) -> TeamValueInput:
    """The team as the engine sees it, built from its rows without the selectors."""
    return TeamValueInput(
        roster_slug=team.roster_slug,
        players=[
            PlayerValueInput(
                position_slug=p.position_slug,
                value_increases=p.value_increases,
                miss_next_game=p.miss_next_game,
                temporarily_retired=p.temporarily_retired,
                journeyman=p.journeyman,
                dead_or_fired=p.status != Player.Status.ACTIVE,
            )
            for p in Player.objects.filter(team=team)
        ],
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
    )


def advance(player: Player, increase: int) -> None:
    """Give a player value increases as advancements would (current value from the engine)."""
    ruleset = BB2020
    roster = ruleset.roster(player.team.roster_slug)
    value = player_current_value(
        ruleset, roster, PlayerValueInput(player.position_slug, value_increases=increase)
    )
    Player.objects.filter(pk=player.pk).update(value_increases=increase, current_value=value)


def assert_sheet_matches_engine(team: Team) -> None:
    team = Team.objects.get(pk=team.pk)
    sheet = team_sheet(team.pk)
    expected = team_value_breakdown(BB2020, engine_input(team))
    assert sheet.value == expected
    assert sheet.value.team_value == team_value(BB2020, engine_input(team))
    assert sheet.value.current_team_value == current_team_value(BB2020, engine_input(team))


def a_season_of_wear(team: Team) -> Team:
    """Advancements, a player who misses the next game, a temporarily retired
    one, the dead, the fired and a journeyman."""
    coach = team.coach
    players = list(team.players.order_by("number"))
    advance(players[0], 20_000)
    advance(players[1], 60_000)
    advance(players[2], 30_000)
    record_injury(coach, players[1], "miss_next_game")
    Player.objects.filter(pk=players[2].pk).update(temporarily_retired=True, miss_next_game=True)
    record_injury(coach, players[3], "dead")
    fire_player(coach, players[4])
    take_journeyman(coach, team)
    return team


@pytest.mark.parametrize("roster_slug", ["human", "ogre", "snotling", "shambling-undead"])
def test_team_sheet_value_equals_the_engines(roster_slug):
    team = drafted_team(roster_slug=roster_slug, rerolls=2, assistant_coaches=1, cheerleaders=1)
    assert_sheet_matches_engine(team)
    a_season_of_wear(team)
    if roster_slug != "shambling-undead":
        hire_staff(team.coach, team, "apothecary")
    buy_reroll(team.coach, team)
    assert_sheet_matches_engine(team)


def test_low_cost_linemen_count_for_nothing_but_their_increases():
    team = drafted_team(
        roster_slug="ogre", players={"ogre-gnoblar-lineman": 6, "ogre-ogre-blocker": 5}
    )
    sheet = team_sheet(team.pk)
    assert sheet.value.players == 5 * 140_000
    advance(team.players.filter(position_slug="ogre-gnoblar-lineman").first(), 20_000)
    assert team_sheet(team.pk).value.players == 5 * 140_000 + 20_000
    assert_sheet_matches_engine(team)


def test_team_sheet_lists_active_players_by_number_with_skills():
    team = drafted_team()
    fire_player(team.coach, team.players.get(number=2))
    hire_player(team.coach, team, "human-blitzer", "Karl", 40)
    hire_player(team.coach, team, "human-catcher", "Ulf")  # takes number 2
    for number in (1, 3):
        record_injury(team.coach, team.players.get(number=number), "miss_next_game")
    take_journeyman(team.coach, team)
    sheet = team_sheet(team.pk)
    numbers = [p.number for p in sheet.players]
    assert numbers == sorted(numbers) and 40 in numbers and numbers.count(2) == 1
    journeyman = next(p for p in sheet.players if p.journeyman)
    assert [s.skill for s in journeyman.skills.all()] == ["Loner (4+)"]
    assert sheet.team.coach == team.coach
    assert sheet.team.player_count == 12


def sized_team(count: int) -> Team:
    team = drafted_team(players={"human-lineman": count})
    for player in team.players.all()[:3]:
        record_injury(team.coach, player, "niggling")
    return team


def test_team_sheet_queries_do_not_grow_with_the_team(django_assert_num_queries):
    small, large = sized_team(11), sized_team(16)

    def read(team: Team) -> None:
        sheet = team_sheet(team.pk)
        for player in sheet.players:
            list(player.skills.all())
            assert player.team_id == team.pk
        assert sheet.team.coach.username
        assert sheet.value.team_value > 0

    # The team with its value sums, its players, their skills, injuries, advancements.
    with django_assert_num_queries(5):
        read(small)
    with django_assert_num_queries(5):
        read(large)


def test_value_breakdown_of_a_plain_team_instance():
    team = drafted_team()
    assert value_breakdown(Team.objects.get(pk=team.pk)) == team_sheet(team.pk).value


def test_ledger_reads_oldest_first_with_balances():
    team = drafted_team()
    buy_reroll(team.coach, team)
    entries = list(ledger(team))
    assert [e.reason for e in entries] == ["draft_budget", "draft_purchase", "reroll"]
    assert entries[-1].balance_after == Team.objects.get(pk=team.pk).treasury
    assert [e.created_by for e in entries] == [team.coach] * 3
    assert list(ledger(team.pk)) == entries


def test_teams_for_coach():
    coach = UserFactory()
    b = drafted_team(coach, name="B Team")
    a = drafted_team(coach, name="A Team")
    TeamFactory()  # someone else's
    teams = list(teams_for_coach(coach))
    assert teams == [a, b]
    assert value_breakdown(teams[0]).team_value == 550_000
    assert list(teams_for_coach(AnonymousUser())) == []
