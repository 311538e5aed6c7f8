"""``team_states`` reads teams as the engine's states in two shaped statements (issue
15): the same states, field for field, as the model instances give through
``player_state`` (gained skills by id, improved characteristics by advancement
number, active players by number, journeymen included, League Trophies held)."""

from __future__ import annotations

import pytest
from django.db.models import Count

from rules_engine.bb2020.state import TeamState
from teams.models import Advancement, PlayerSkill, PlayerStatus, Team
from teams.services.convert import player_state, state_players, team_states
from tests.factories import PlayerFactory, TeamFactory
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


def as_models_read_it(team: Team) -> TeamState:
    """The state as the model instances give it (the slower reading through the models)."""
    team = Team.objects.annotate(held=Count("league_trophies_held")).get(pk=team.pk)
    return TeamState(
        id=team.pk,
        name=team.name,
        roster_slug=team.roster_slug,
        players=tuple(player_state(p) for p in state_players().filter(team=team)),
        special_rule_choice=team.special_rule_choice or None,
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        dedicated_fans=team.dedicated_fans,
        treasury=team.treasury,
        league_trophies=team.held,
    )


def improve(player, number: int, characteristic: str = "", skill: str | None = None) -> None:
    row = Advancement.objects.create(
        player=player,
        number=number,
        kind="random_characteristic" if characteristic else "chosen_primary",
        result=skill or f"+1 {characteristic.upper()}",
        characteristic=characteristic,
        spp_cost=6,
        value_increase=20_000,
    )
    if skill:
        PlayerSkill.objects.create(player=player, skill=skill, advancement=row)


@pytest.fixture
def teams(db):
    home = TeamFactory(
        roster_slug="human", rerolls=3, apothecary=True, treasury=55_000, dedicated_fans=4
    )
    away = TeamFactory(roster_slug="orc", special_rule_choice="", cheerleaders=2)
    for number in (7, 2, 11, 5):  # read by number, not by hire
        PlayerFactory(team=home, number=number)
    star = PlayerFactory(
        team=home, number=3, spp_earned=20, spp_spent=12, advancements=2, niggling_injuries=1
    )
    improve(star, 2, characteristic="ma")  # read by number, not by id
    improve(star, 1, skill="Dodge")
    PlayerSkill.objects.create(player=star, skill="Block")  # not from an advancement
    improve(star, 3, skill="Sure Hands")
    PlayerFactory(team=home, number=9, miss_next_game=True, temporarily_retired=True)
    PlayerFactory(team=home, number=10, journeyman=True)
    gone = PlayerFactory(team=home, number=4, status=PlayerStatus.DEAD)
    PlayerSkill.objects.create(player=gone, skill="Guard")  # never read: not active
    PlayerFactory(team=home, number=4)  # his number worn again
    LeagueFactory(trophy_holder=home)
    LeagueFactory(trophy_holder=home)
    return home, away  # away: no players at all


def test_the_states_are_the_models_field_for_field(teams):
    home, away = teams
    states = team_states(home, away.pk)
    assert states == [as_models_read_it(home), as_models_read_it(away)]
    home_state = states[0]
    assert [p.number for p in home_state.players] == [2, 3, 4, 5, 7, 9, 10, 11]
    star = home_state.players[1]
    assert star.skills == ("Dodge", "Block", "Sure Hands")
    assert star.characteristic_improvements == ("ma",)
    assert star.spp == 8 and star.niggling_injuries == 1
    assert home_state.league_trophies == 2 and away.pk == states[1].id
    assert states[1].players == () and states[1].special_rule_choice is None
    # Plain booleans, as the match's JSON snapshots store them.
    assert home_state.apothecary is True and states[1].apothecary is False
    assert [p.journeyman for p in home_state.players].count(True) == 1


def test_order_given_repeats_and_missing_teams(teams):
    home, away = teams
    assert [s.id for s in team_states(away, home, away)] == [away.pk, home.pk, away.pk]
    with pytest.raises(Team.DoesNotExist):
        team_states(home, 987_654)


def test_one_statement_whatever_the_roster(teams, django_assert_num_queries):
    home, away = teams
    with django_assert_num_queries(1):
        team_states(home, away)
