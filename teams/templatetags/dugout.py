"""Template filters for Blood Bowl numbers (gold pieces, target numbers) and for a
ruleset's name and how its league tables rank teams."""

from __future__ import annotations

from typing import Any

from django import template

from rules_engine import UnknownRulesetError, get_ruleset
from rules_engine.editions import sequences_for

register = template.Library()


@register.filter
def gp(value: int | None) -> str:
    """150000 -> "150k" as rosters print prices; None -> "—"."""
    if value is None:
        return "—"
    if value % 1000 == 0:
        return f"{value // 1000:,}k"
    return f"{value:,} gp"


@register.filter
def target(value: int | None) -> str:
    """A target number as the rules print it: 3 -> "3+", None -> "-"."""
    return "-" if value is None else f"{value}+"


@register.simple_tag
def roster_price(roster: Any, inducement: Any) -> str:
    """An inducement's price for this roster, or its note where it varies."""
    if inducement.price is None:
        return inducement.price_note or "varies"
    return gp(roster.inducement_price(inducement))


@register.filter
def ruleset_name(key: str | None) -> str:
    """A ruleset key as coaches read it: "blitz_bowl" -> "Blitz Bowl"."""
    if not key:
        return "—"
    try:
        return get_ruleset(key).name
    except UnknownRulesetError:
        return str(key)


# How a sequences module's STANDINGS names what a table ranks by.
RANK_LABELS = {
    "league_points": "league points",
    "wins": "wins",
    "points_scored": "points scored",
}


@register.filter
def ranked_by(key: str | None) -> str:
    """What the ruleset's league tables rank by ("wins, then points scored"); empty for
    the league's own points scheme, which the page spells out itself."""
    try:
        rank_by = sequences_for(str(key)).STANDINGS.get("rank_by")
    except LookupError:
        return ""
    keys = [rank_by] if isinstance(rank_by, str) else list(rank_by or ())
    if keys in ([], ["league_points"]):
        return ""
    return ", then ".join(RANK_LABELS.get(k, k.replace("_", " ")) for k in keys)
