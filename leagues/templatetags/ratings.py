"""``{% fixture_estimate fixture as estimate %}``: a fixture's pre-match win/draw/loss
estimate from its teams' Glicko-2 ratings (``leagues.insight.ratings_read``), and
``|percent`` to show a chance of 0..1 as a whole percentage."""

from __future__ import annotations

from django import template

from leagues.insight.ratings_read import Estimate
from leagues.insight.ratings_read import fixture_estimate as _estimate
from leagues.models import Fixture

register = template.Library()


@register.simple_tag
def fixture_estimate(fixture: Fixture) -> Estimate:
    return _estimate(fixture)


@register.filter
def percent(value: float | None) -> str:
    if value is None:
        return "–"
    share = round(value * 100)
    if share == 0 and value > 0:
        return "<1%"
    if share == 100 and value < 1:
        return ">99%"
    return f"{share}%"
