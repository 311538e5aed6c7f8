"""What a league table shows, asked of the league's edition (never its name)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import template

from leagues.models import TieBreaker
from leagues.standings import RANK_KEYS
from rules_engine.edition import LEAGUE_POINTS, TOUCHDOWNS
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


@dataclass(frozen=True)
class StandingsColumns:
    """Which columns a ruleset's league table shows, from its edition's data:
    ``league_points`` where the table ranks by league points (then the bonus, the points
    docked and the points, last); ``points_scored`` where it ranks by the points teams
    score in their games (then the points conceded, and those scored, last);
    ``casualties`` where games are scored in touchdowns, whose reports record the
    casualties (a game scored in points records its points, not casualties)."""

    league_points: bool
    points_scored: bool
    casualties: bool


@register.filter
def standings_columns(ruleset_key: str | None) -> StandingsColumns:
    """The columns of the league table of a season played under ``ruleset_key``."""
    try:
        edition = edition_for(str(ruleset_key))
    except LookupError:
        return StandingsColumns(league_points=True, points_scored=False, casualties=True)
    rank_by = edition.standings_rank_by
    return StandingsColumns(
        league_points=LEAGUE_POINTS in rank_by,
        points_scored=POINTS_SCORED in rank_by,
        casualties=edition.scoring == TOUCHDOWNS,
    )


@register.filter
def ranks_by_league_points(ruleset_key: str | None) -> bool:
    """True where the edition's tables rank by league points (win, draw, loss): a page
    then says the league's points for each."""
    return standings_columns(ruleset_key).league_points


@register.filter
def tie_breaker_names(keys: Any) -> str:
    """A league's tie-breakers, in order, by the names ``TieBreaker`` gives them:
    ["touchdowns_scored", "casualties"] -> "Touchdowns scored, Casualties caused"."""
    labels = dict(TieBreaker.choices)
    return ", ".join(
        str(labels.get(key, str(key).replace("_", " ").capitalize())) for key in keys or ()
    )
