"""Teams and players as the rules engine's plain states.

The matches app calls ``team_state`` to hand a team to ``pre_game`` and
``post_game``; ``spend_spp`` hands a player to ``take_advancement``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch

from rules_engine.bb2020.state import PlayerState, TeamState
from teams.models import Advancement, Player, PlayerSkill, PlayerStatus, Team


def player_state(player: Player) -> PlayerState:
    """The player as the engine sees him: gained skills, current characteristics,
    unspent SPP, advancements and the characteristics they improved."""
    return PlayerState(
        id=player.pk,
        name=player.name,
        position_slug=player.position_slug,
        number=player.number,
        skills=tuple(skill.skill for skill in player.skills.all()),
        ma=player.ma,
        st=player.st,
        ag=player.ag,
        pa=player.pa,
        av=player.av,
        spp=player.spp,
        advancements=player.advancements,
        value_increases=player.value_increases,
        niggling_injuries=player.niggling_injuries,
        characteristic_improvements=tuple(
            a.characteristic for a in player.advancement_history.all() if a.characteristic
        ),
        miss_next_game=player.miss_next_game,
        temporarily_retired=player.temporarily_retired,
        journeyman=player.journeyman,
    )


def state_players():
    """Active players by number with what ``player_state`` reads, in three queries."""
    return (
        Player.objects.filter(status=PlayerStatus.ACTIVE)
        .order_by("number", "id")
        .prefetch_related(
            Prefetch("skills", queryset=PlayerSkill.objects.order_by("id")),
            Prefetch("advancement_history", queryset=Advancement.objects.order_by("number")),
        )
    )


def team_state(team: Team | int) -> TeamState:
    """The team between games as ``rules_engine.bb2020.state.TeamState``: its
    active players (journeymen included), staff, fans and treasury, and the League
    Trophies it holds (each one more team re-roll in its games, counted in TV).
    ``id`` is the team's primary key and each player's ``id`` his."""
    return team_states(team)[0]


def team_states(*teams: Team | int) -> list[TeamState]:
    """``team_state`` of each team, in the order given, all read at once."""
    ids = [team.pk if isinstance(team, Team) else team for team in teams]
    found = {
        team.pk: team
        for team in Team.objects.annotate(trophies_held=Count("league_trophies_held"))
        .prefetch_related(Prefetch("players", queryset=state_players(), to_attr="state_players"))
        .filter(pk__in=ids)
    }
    missing = [team_id for team_id in ids if team_id not in found]
    if missing:
        raise Team.DoesNotExist("Team matching query does not exist.")
    return [_state_of(found[team_id]) for team_id in ids]


def _state_of(team: Any) -> TeamState:  # a Team annotated with trophies_held, state_players
    return TeamState(
        id=team.pk,
        name=team.name,
        roster_slug=team.roster_slug,
        players=tuple(player_state(p) for p in team.state_players),
        special_rule_choice=team.special_rule_choice or None,
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        dedicated_fans=team.dedicated_fans,
        treasury=team.treasury,
        league_trophies=team.trophies_held,
    )
