"""``{% career_chart player career %}``: a player's SPP chart (``matches.charts``) drawn
where the player page lists his matches, from the rows the page read already."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template

from matches.charts import career_chart as build_career_chart
from matches.history import CareerMatch

register = template.Library()


@register.inclusion_tag("charts/line.html")
def career_chart(player: Any, career: Sequence[CareerMatch]) -> dict[str, Any]:
    return {"chart": build_career_chart(player.name, career)}
