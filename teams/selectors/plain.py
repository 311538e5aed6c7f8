"""The team sheet as plain values (issue 15): four shaped queries, compiled once per
connection (``PreparedRead``), straight into dicts - no model instances, no prefetch
querysets. What the API answers (``teams.sheet_json``) and the page's rows
(``teams.selectors.rows.plain_player_rows``) are made from it.

Team value stays the database's sum: the team's row carries the same aggregates
``with_team_value`` annotates (``PLAYER_VALUE_ANNOTATIONS``, the League Trophies held),
priced into the engine's ``TeamValueBreakdown`` by ``value_breakdown_of``.

The queries, each keyed by the team's id alone (so none waits for another's answer):
the team with its coach's name and its value sums; its active players by number; their
gained skills; their injuries (oldest first) - as ``team_sheet`` reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection

from rules_engine import TeamValueBreakdown
from teams.models import InjuryRecord, Player, PlayerSkill, PlayerStatus, Team
from teams.selectors.prepared import PreparedRead
from teams.selectors.value import LEAGUE_TROPHIES, PLAYER_VALUE_ANNOTATIONS, value_breakdown_of

TEAM_FIELDS = (
    "id",
    "name",
    "coach_id",
    "coach__username",
    "ruleset",
    "roster_slug",
    "special_rule_choice",
    "status",
    "treasury",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
    "dedicated_fans",
    "created_at",
)
PLAYER_FIELDS = (
    "id",
    "number",
    "name",
    "position_slug",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "spp_earned",
    "spp_spent",
    "advancements",
    "value_increases",
    "current_value",
    "niggling_injuries",
    "miss_next_game",
    "temporarily_retired",
    "journeyman",
    "status",
)
INJURY_FIELDS = ("id", "player_id", "kind", "characteristic", "note", "source", "created_at")
_ACTIVE = PlayerStatus.ACTIVE

_TEAM = PreparedRead(
    lambda key: (
        Team.objects.filter(pk=key)
        .annotate(**PLAYER_VALUE_ANNOTATIONS, league_trophies=LEAGUE_TROPHIES)
        .values(*TEAM_FIELDS, *PLAYER_VALUE_ANNOTATIONS, "league_trophies")
    )
)
_PLAYERS = PreparedRead(
    lambda key: (
        Player.objects.filter(team_id=key, status=_ACTIVE)
        .order_by("number", "id")
        .values(*PLAYER_FIELDS)
    )
)
_SKILLS = PreparedRead(
    lambda key: (
        PlayerSkill.objects.filter(player__team_id=key, player__status=_ACTIVE)
        .order_by("player_id", "id")
        .values("player_id", "skill")
    )
)
_INJURIES = PreparedRead(
    lambda key: (
        InjuryRecord.objects.filter(player__team_id=key, player__status=_ACTIVE)
        .order_by("player_id", "created_at", "id")
        .values(*INJURY_FIELDS)
    )
)


@dataclass(frozen=True)
class PlainSheet:
    """A team's sheet as plain values: ``team`` (``TEAM_FIELDS`` and its value sums by
    name), its active players by number (``PLAYER_FIELDS``, with ``skills``: the gained
    skills' names, and ``injuries``: ``INJURY_FIELDS`` dicts oldest first), and its value
    (the engine's ``TeamValueBreakdown``)."""

    team: dict[str, Any]
    players: list[dict[str, Any]]
    value: TeamValueBreakdown


def plain_sheet(team_id: int) -> PlainSheet:
    """The team's sheet in four queries whatever its size. Raises ``Team.DoesNotExist``."""
    with connection.cursor() as cursor:
        teams = _TEAM.rows(team_id, cursor)
        if not teams:
            raise Team.DoesNotExist(f"No team {team_id}.")
        players = _PLAYERS.rows(team_id, cursor)
        skills = _SKILLS.rows(team_id, cursor)
        injuries = _INJURIES.rows(team_id, cursor)
    team = teams[0]
    by_id: dict[int, dict[str, Any]] = {}
    for player in players:
        player["skills"], player["injuries"] = [], []
        by_id[player["id"]] = player
    for skill in skills:
        if (owner := by_id.get(skill["player_id"])) is not None:
            owner["skills"].append(skill["skill"])
    for injury in injuries:
        if (owner := by_id.get(injury["player_id"])) is not None:
            owner["injuries"].append(injury)
    return PlainSheet(team=team, players=players, value=value_breakdown_of(team))
