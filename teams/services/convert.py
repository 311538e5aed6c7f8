"""Teams and players as the rules engine's plain states.

The matches app calls ``team_state`` to hand a team to ``pre_game`` and
``post_game``; ``spend_spp`` hands a player to ``take_advancement``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from django.db import connection
from django.db.models import Prefetch

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
    """``team_state`` of each team, in the order given, all read at once: one shaped
    statement (the teams with their active players, then those players' gained skills
    and improved characteristics) written once per number of teams, its rows made into
    the states directly (no model instances, no prefetch). The same states
    as ``player_state`` gives of each player of ``state_players``."""
    ids = [team.pk if isinstance(team, Team) else team for team in teams]
    wanted = list(dict.fromkeys(ids))
    with connection.cursor() as cursor:
        active = PlayerStatus.ACTIVE.value
        params: list[int | str] = [active, *wanted, *wanted, active, *wanted, active]
        cursor.execute(_state_sql(connection.vendor, len(wanted)), params)
        read = cursor.fetchall()
    rows = [row[1:_EXTRAS_AT] for row in read if not row[0]]
    skills: dict[int, list[str]] = {}
    improved: dict[int, list[str]] = {}
    for player_id, kind, value, _ in (row[_EXTRAS_AT:] for row in read if row[0]):
        (improved if kind else skills).setdefault(player_id, []).append(value)
    found: dict[int, tuple[Any, list[PlayerState]]] = {}
    for row in rows:
        _, players = found.setdefault(row[0], (row, []))
        if row[_TEAM_WIDTH] is not None:
            players.append(_player_of(row, skills, improved))
    missing = [team_id for team_id in ids if team_id not in found]
    if missing:
        raise Team.DoesNotExist("Team matching query does not exist.")
    return [_team_of(*found[team_id]) for team_id in ids]


# The teams' columns, then the players', in the order the statement selects them.
_TEAM_COLUMNS = (
    "id",
    "name",
    "roster_slug",
    "special_rule_choice",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
    "dedicated_fans",
    "treasury",
)
_TEAM_WIDTH = len(_TEAM_COLUMNS) + 1  # and the League Trophies held
_PLAYER_COLUMNS = (
    "id",
    "name",
    "position_slug",
    "number",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "spp_earned",
    "spp_spent",
    "advancements",
    "value_increases",
    "niggling_injuries",
    "miss_next_game",
    "temporarily_retired",
    "journeyman",
)


# Where a row's skill or improvement columns start (after the part, the team's and the
# player's columns): (player id, 0 for a skill or 1 for an improvement, its name, order).
_EXTRAS_AT = 1 + _TEAM_WIDTH + len(_PLAYER_COLUMNS)


@functools.cache
def _state_sql(vendor: str, count: int) -> str:
    """The statement for ``count`` teams on a ``vendor`` database (its parameters: the
    active status and the ids, then the ids and the active status, twice): the teams with
    their active players (part 0, by team, number and id), then those players' skills
    and improvements (part 1, by player, kind, order), each part's other columns NULL -
    one round trip, not two."""
    league = Team._meta.get_field("league_trophies_held").related_model
    quote = connection.ops.quote_name

    def table(model: Any) -> str:
        return quote(model._meta.db_table)

    def column(model: Any, name: str) -> str:
        return quote(model._meta.get_field(name).column)

    marks = ", ".join(["%s"] * count)
    trophies = (
        f"(SELECT COUNT(*) FROM {table(league)} l "
        f"WHERE l.{column(league, 'trophy_holder')} = t.{column(Team, 'id')})"
    )
    selected = [f"t.{column(Team, name)}" for name in _TEAM_COLUMNS]
    selected += [trophies] + [f"p.{column(Player, name)}" for name in _PLAYER_COLUMNS]
    player_id, player_team = column(Player, "id"), column(Player, "team")
    blank = ", ".join(["NULL"] * (_EXTRAS_AT - 1))
    teams = (
        f"SELECT 0, {', '.join(selected)}, NULL, NULL, NULL, NULL FROM {table(Team)} t "
        f"LEFT JOIN {table(Player)} p ON p.{player_team} = t.{column(Team, 'id')} "
        f"AND p.{column(Player, 'status')} = %s "
        f"WHERE t.{column(Team, 'id')} IN ({marks})"
    )
    active = (
        f"JOIN {table(Player)} p ON p.{player_id} = x.{{player}} "
        f"WHERE p.{player_team} IN ({marks}) AND p.{column(Player, 'status')} = %s"
    )
    skill_player = column(PlayerSkill, "player")
    advancement_player = column(Advancement, "player")
    characteristic = column(Advancement, "characteristic")
    extras = (
        f"SELECT 1, {blank}, x.{skill_player}, 0, x.{column(PlayerSkill, 'skill')}, "
        f"x.{column(PlayerSkill, 'id')} FROM {table(PlayerSkill)} x "
        + active.format(player=skill_player)
        + f" UNION ALL SELECT 1, {blank}, x.{advancement_player}, 1, x.{characteristic}, "
        f"x.{column(Advancement, 'number')} FROM {table(Advancement)} x "
        + active.format(player=advancement_player)
        + f" AND x.{characteristic} <> ''"
    )
    # Output columns by position: the team's id, the player's number and id; the extras'.
    player_at = 2 + _TEAM_WIDTH
    order = [1, 2, player_at + _PLAYER_COLUMNS.index("number"), player_at]
    order += [_EXTRAS_AT + 1, _EXTRAS_AT + 2, _EXTRAS_AT + 4]
    return f"{teams} UNION ALL {extras} ORDER BY {', '.join(map(str, order))}"


def _player_of(
    row: Any, skills: dict[int, list[str]], improved: dict[int, list[str]]
) -> PlayerState:
    values = dict(zip(_PLAYER_COLUMNS, row[_TEAM_WIDTH:], strict=True))
    values["skills"] = skills.get(values["id"], ())
    values["improvements"] = improved.get(values["id"], ())
    return player_state_from(values)


def player_state_from(values: Mapping[str, Any]) -> PlayerState:
    """``player_state`` of a player read as plain values: his row's columns by field
    name (``_PLAYER_COLUMNS``), his gained ``skills`` and the characteristics his
    advancements ``improvements`` made (the raw reads here, the plain team sheet)."""
    return PlayerState(
        id=values["id"],
        name=values["name"],
        position_slug=values["position_slug"],
        number=values["number"],
        skills=tuple(values["skills"]),
        ma=values["ma"],
        st=values["st"],
        ag=values["ag"],
        pa=values["pa"],
        av=values["av"],
        spp=values["spp_earned"] - values["spp_spent"],
        advancements=values["advancements"],
        value_increases=values["value_increases"],
        niggling_injuries=values["niggling_injuries"],
        characteristic_improvements=tuple(values["improvements"]),
        # Booleans as they come from a raw read (SQLite gives 0 and 1).
        miss_next_game=bool(values["miss_next_game"]),
        temporarily_retired=bool(values["temporarily_retired"]),
        journeyman=bool(values["journeyman"]),
    )


def _team_of(row: Any, players: list[PlayerState]) -> TeamState:
    (pk, name, roster, special, rerolls, assistants, cheerleaders, apothecary, fans, treasury,
     trophies) = row[:_TEAM_WIDTH]  # fmt: skip
    return TeamState(
        id=pk,
        name=name,
        roster_slug=roster,
        players=tuple(players),
        special_rule_choice=special or None,
        rerolls=rerolls,
        assistant_coaches=assistants,
        cheerleaders=cheerleaders,
        apothecary=bool(apothecary),
        dedicated_fans=fans,
        treasury=treasury,
        league_trophies=trophies,
    )
