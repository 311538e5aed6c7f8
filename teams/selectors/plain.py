"""The team sheet as plain values: shaped ``values()`` queries straight into dicts - no
model instances, no prefetch querysets. What the API answers (``teams.sheet_json``) and
the page shows (its rows: ``teams.selectors.rows.plain_player_rows``; its team:
``team_of``) are made from it.

Team value stays the database's sum: the team's row carries the aggregates
``with_team_value`` annotates (``PLAYER_VALUE_ANNOTATIONS``; the League Trophies held
by ``trophies_held``), priced into the engine's ``TeamValueBreakdown`` by
``value_breakdown_of``.

``plain_sheet`` reads, each keyed by the team's id alone: the team with its coach's name
and its value sums; its active players by number; their gained skills; their injuries
(oldest first) - as ``team_sheet`` reads them - and, for a page that may ask who can
spend SPP, what their advancements improved. The page's other reads: the latest ledger
entries (``plain_latest_ledger``), the latest changes (``plain_audit``) and the leagues
whose trophy the team holds (``plain_trophy_leagues``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Q, QuerySet

from rules_engine import TeamValueBreakdown
from teams.models import (
    Advancement,
    AuditEntry,
    InjuryRecord,
    Player,
    PlayerSkill,
    PlayerStatus,
    Team,
    TreasuryEntry,
)
from teams.selectors.sheet import LATEST_LEDGER_ENTRIES
from teams.selectors.value import PLAYER_VALUE_ANNOTATIONS, trophies_held, value_breakdown_of
from teams.templatetags.audit import LATEST as LATEST_AUDIT

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
    "logo",
    "description",
    "created_at",
    "updated_at",
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
# The team's own columns in the model's order (``team_of``: its row has them all).
_MODEL_FIELDS = [field.attname for field in Team._meta.concrete_fields]
assert set(_MODEL_FIELDS) <= set(TEAM_FIELDS), "TEAM_FIELDS must hold every Team column"


def _team(key: int) -> QuerySet[Team, Any]:
    return (
        Team.objects.filter(pk=key)
        .annotate(**PLAYER_VALUE_ANNOTATIONS, league_trophies=trophies_held())
        .values(*TEAM_FIELDS, *PLAYER_VALUE_ANNOTATIONS, "league_trophies")
    )


def _players(key: int, *, development: bool) -> QuerySet[Player, Any]:
    """The active players by number; ``development``: with the roll waiting on each
    (``pending_advancement``: JSON, read only where the page may ask who can spend SPP)."""
    extra = ("pending_advancement",) if development else ()
    return (
        Player.objects.filter(team_id=key, status=_ACTIVE)
        .order_by("number", "id")
        .values(*PLAYER_FIELDS, *extra)
    )


def _skills(key: int) -> QuerySet[PlayerSkill, Any]:
    return (
        PlayerSkill.objects.filter(player__team_id=key, player__status=_ACTIVE)
        .order_by("player_id", "id")
        .values("player_id", "skill")
    )


def _improvements(key: int) -> QuerySet[Advancement, Any]:
    return (
        Advancement.objects.filter(player__team_id=key, player__status=_ACTIVE)
        .exclude(characteristic="")
        .order_by("player_id", "number")
        .values("player_id", "characteristic")
    )


def _injuries(key: int) -> QuerySet[InjuryRecord, Any]:
    return (
        InjuryRecord.objects.filter(player__team_id=key, player__status=_ACTIVE)
        .order_by("player_id", "created_at", "id")
        .values(*INJURY_FIELDS)
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


def plain_sheet(team_id: int, *, development: bool = False) -> PlainSheet:
    """The team's sheet in four queries whatever its size; ``development`` adds a fifth,
    the characteristics each player's advancements improved (``improvements``), and the
    roll waiting on each (``pending_advancement``): what the page needs to ask who may
    spend SPP (``teams.services.convert.player_state_from``). Raises ``Team.DoesNotExist``."""
    teams = list(_team(team_id))
    if not teams:
        raise Team.DoesNotExist(f"No team {team_id}.")
    players = list(_players(team_id, development=development))
    skills = list(_skills(team_id))
    injuries = list(_injuries(team_id))
    improvements = list(_improvements(team_id)) if development else []
    team = teams[0]
    by_id: dict[int, dict[str, Any]] = {}
    for player in players:
        player["skills"], player["injuries"], player["improvements"] = [], [], []
        by_id[player["id"]] = player
    for name, rows, value in (
        ("skills", skills, "skill"),
        ("injuries", injuries, None),
        ("improvements", improvements, "characteristic"),
    ):
        for row in rows:
            if (owner := by_id.get(row["player_id"])) is not None:
                owner[name].append(row[value] if value else row)
    return PlainSheet(team=team, players=players, value=value_breakdown_of(team))


def team_of(sheet: PlainSheet) -> Team:
    """The sheet's team as a model instance, without a query (as ``Model.from_db`` makes
    it from a row), with its coach (id and username) and the value sums
    ``with_team_value`` annotates: for the page's forms, permissions and template."""
    row = sheet.team
    team = Team.from_db(connection.alias, _MODEL_FIELDS, [row[name] for name in _MODEL_FIELDS])
    team.coach = get_user_model().from_db(
        connection.alias, ["id", "username"], [row["coach_id"], row["coach__username"]]
    )
    for name in (*PLAYER_VALUE_ANNOTATIONS, "league_trophies"):
        setattr(team, name, row[name])
    return team


def plain_latest_ledger(team_id: int) -> list[dict[str, Any]]:
    """The team's latest ledger entries (``LATEST_LEDGER_ENTRIES``), newest first, as
    plain values (``created_at``, ``note``, ``amount``, ``balance_after``), in one query."""
    rows: QuerySet[TreasuryEntry, Any] = (
        TreasuryEntry.objects.filter(team_id=team_id)
        .order_by("-created_at", "-id")
        .values("created_at", "note", "note_said", "amount", "balance_after")[
            :LATEST_LEDGER_ENTRIES
        ]
    )
    return list(rows)


def plain_audit(team_id: int) -> dict[str, Any]:
    """What ``{% audit_section team=... %}`` shows of a team - its latest changes
    (``teams.audit.team_entries``: ``action``, ``at``, ``message``, ``actor`` with his
    ``username``, None for Dugout's own) and whether there are more - in one query, for
    ``teams/_audit_section.html``."""
    rows: QuerySet[AuditEntry, Any] = (
        AuditEntry.objects.filter(Q(team_id=team_id) | Q(other_team_id=team_id))
        .order_by("-at", "-id")
        .values("action", "at", "message", "message_said", "actor__username")[: LATEST_AUDIT + 1]
    )
    entries = list(rows)
    for entry in entries:
        name = entry.pop("actor__username")
        entry["actor"] = {"username": name} if name is not None else None
    return {"entries": entries[:LATEST_AUDIT], "more": len(entries) > LATEST_AUDIT}


def plain_trophy_leagues(team_id: int) -> list[str]:
    """The names of the leagues whose League Trophy the team holds, by name."""
    league = Team._meta.get_field("league_trophies_held").related_model
    held = league._default_manager.filter(trophy_holder_id=team_id).order_by("name", "id")
    return list(held.values_list("name", flat=True))
