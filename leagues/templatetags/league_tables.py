"""What a league table shows, asked of the league's edition (never its name)."""

from __future__ import annotations

from typing import Any

from django import template

from leagues.models import TieBreaker
from leagues.standings import RANK_KEYS
from rules_engine.editions import edition_for

register = template.Library()

POINTS_SCORED = "points_scored"
assert POINTS_SCORED in RANK_KEYS


@register.filter
def ranks_by_points_scored(ruleset_key: str | None) -> bool:
    """True where the edition's tables rank by the points teams score in their games
    (Blitz Bowl): the table then shows those points, not league points, at its end."""
    try:
        return POINTS_SCORED in edition_for(str(ruleset_key)).standings_rank_by
    except LookupError:
        return False


@register.filter
def tie_breaker_names(keys: Any) -> str:
    """A league's tie-breakers, in order, by the names ``TieBreaker`` gives them:
    ["touchdowns_scored", "casualties"] -> "Touchdowns scored, Casualties caused"."""
    labels = dict(TieBreaker.choices)
    return ", ".join(
        str(labels.get(key, str(key).replace("_", " ").capitalize())) for key in keys or ()
    )
