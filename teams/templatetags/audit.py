"""``{% audit_section league=... %}`` / ``{% audit_section team=... %}``: the latest
changes (teams/audit.py) on the league page and the team sheet, with a link to the
whole history. Two queries: the entries with their actors and teams, and no more."""

from __future__ import annotations

from typing import Any

from django import template

from teams.audit import league_entries, team_entries

register = template.Library()

LATEST = 10


@register.inclusion_tag("teams/_audit_section.html")
def audit_section(*, league: Any = None, team: Any = None) -> dict[str, Any]:
    entries = league_entries(league) if league is not None else team_entries(team)
    latest = list(entries[: LATEST + 1])
    return {
        "entries": latest[:LATEST],
        "more": len(latest) > LATEST,
        "league": league,
        "team": team,
    }
