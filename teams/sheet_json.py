"""The team sheet as the API answers it, from the plain sheet: the same JSON,
key for key and byte for byte, as ``TeamSheetSerializer`` made from ``team_sheet``
(which stays the schema's description of it), without building a serializer's fields
or a model instance per request. ``tests/teams/test_sheet_json.py`` holds the two equal
for every edition and every kind of row."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from rules_engine import TeamValueBreakdown, get_ruleset
from rules_engine.ruleset import Roster
from teams.models import InjuryRecord
from teams.selectors.captain import team_captain_id
from teams.selectors.plain import PlainSheet, plain_sheet

_INJURY_KINDS = dict(InjuryRecord.Kind.choices)


def iso_datetime(value: datetime) -> str:
    """A date and time as DRF's ``DateTimeField`` writes it (ISO 8601 in the current
    time zone, UTC as ``Z``)."""
    text = value.astimezone(timezone.get_current_timezone()).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _value(value: TeamValueBreakdown) -> dict[str, int]:
    return {
        "players": value.players,
        "rerolls": value.rerolls,
        "assistant_coaches": value.assistant_coaches,
        "cheerleaders": value.cheerleaders,
        "apothecary": value.apothecary,
        "sideline_staff": value.sideline_staff,
        "missing_next_game": value.missing_next_game,
        "temporarily_retired": value.temporarily_retired,
        "journeymen": value.journeymen,
        "league_trophy": value.league_trophy,
        "team_value": value.team_value,
        "current_team_value": value.current_team_value,
    }


def _injury(injury: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": injury["id"],
        "kind": injury["kind"],
        "kind_display": _INJURY_KINDS.get(injury["kind"], injury["kind"]),
        "characteristic": injury["characteristic"],
        "note": injury["note"],
        "source": injury["source"],
        "created_at": iso_datetime(injury["created_at"]),
    }


def _player(roster: Roster, p: dict[str, Any]) -> dict[str, Any]:
    position = roster.positions.get(p["position_slug"])
    gained = p["skills"]
    return {
        "id": p["id"],
        "number": p["number"],
        "name": p["name"],
        "position_slug": p["position_slug"],
        "position": position.name if position else p["position_slug"],
        "ma": p["ma"],
        "st": p["st"],
        "ag": p["ag"],
        "pa": p["pa"],
        "av": p["av"],
        "skills": [*(position.skills if position else ()), *gained],
        "gained_skills": list(gained),
        "spp": p["spp_earned"] - p["spp_spent"],
        "spp_earned": p["spp_earned"],
        "spp_spent": p["spp_spent"],
        "advancements": p["advancements"],
        "value_increases": p["value_increases"],
        "current_value": p["current_value"],
        "niggling_injuries": p["niggling_injuries"],
        "miss_next_game": p["miss_next_game"],
        "temporarily_retired": p["temporarily_retired"],
        "journeyman": p["journeyman"],
        "status": p["status"],
        "available": p["status"] == "active"
        and not (p["miss_next_game"] or p["temporarily_retired"]),
        "injuries": [_injury(i) for i in p["injuries"]],
    }


def sheet_json(sheet: PlainSheet) -> dict[str, Any]:
    """The API's team sheet (``TeamSheetSerializer``'s fields, in its order)."""
    team, value = sheet.team, sheet.value
    roster = get_ruleset(team["ruleset"]).roster(team["roster_slug"])
    return {
        "id": team["id"],
        "name": team["name"],
        "coach": team["coach_id"],
        "coach_username": team["coach__username"],
        "ruleset": team["ruleset"],
        "roster_slug": team["roster_slug"],
        "roster_name": roster.name,
        "special_rule_choice": team["special_rule_choice"],
        "status": team["status"],
        "treasury": team["treasury"],
        "team_value": value.team_value,
        "current_team_value": value.current_team_value,
        "player_count": team["player_count"],
        "rerolls": team["rerolls"],
        "reroll_cost": roster.reroll_cost,
        "assistant_coaches": team["assistant_coaches"],
        "cheerleaders": team["cheerleaders"],
        "apothecary": team["apothecary"],
        "dedicated_fans": team["dedicated_fans"],
        "value": _value(value),
        "players": [_player(roster, p) for p in sheet.players],
        "team_captain": team_captain_id(team["id"], team["ruleset"], team["roster_slug"]),
        "created_at": iso_datetime(team["created_at"]),
    }


def team_sheet_json(team_id: int) -> dict[str, Any]:
    """The API's team sheet of a team, read fresh. Raises ``Team.DoesNotExist``."""
    return sheet_json(plain_sheet(team_id))
