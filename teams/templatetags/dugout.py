"""Template filters for Blood Bowl numbers: gold pieces and target numbers."""

from __future__ import annotations

from typing import Any

from django import template

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
