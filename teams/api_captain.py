"""The re-draft API's Team Captain (``teams.services.captain``): what the GETs say about
the captain to name, and the choice read from the input (its refusals by field:
``teams.api_errors.field_errors``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine.draft import draft_rules_for
from rules_engine.ruleset import Roster, Ruleset
from teams.models import Team
from teams.services._common import roster_of, ruleset_of
from teams.services.captain import current_captain


def captain_choice(data: dict[str, Any]) -> dict[str, Any]:
    """The service's keyword arguments for the captain the input names."""
    return {
        "team_captain": data.get("team_captain") or None,
        "team_captain_player": data.get("team_captain_player"),
    }


def captain_options(ruleset: Ruleset, roster: Roster, players: Iterable[Any]) -> dict[str, Any]:
    """Whether the roster names a Team Captain, his skill, the current one (if any) and
    whom the coach may name: a re-hired player (not a Big Guy), or the first new player
    of a position."""
    rules = draft_rules_for(ruleset)
    if not rules.names_team_captain(roster):
        return {"named": False, "skill": None, "current": None, "players": [], "positions": []}
    players = list(players)
    current = current_captain(ruleset, players)
    ordinary = {p.slug for p in roster.positions.values() if not p.big_guy}
    return {
        "named": True,
        "skill": rules.captain_skill,
        "current": current.pk if current is not None else None,
        "players": [p.pk for p in players if p.position_slug in ordinary],
        "positions": sorted(ordinary),
    }


def captain_data(team: Team, candidates: Iterable[Any]) -> dict[str, Any]:
    """The Team Captain to name at the team's re-draft (its own edition)."""
    ruleset = ruleset_of(team)
    return captain_options(ruleset, roster_of(team, ruleset), (c.player for c in candidates))
