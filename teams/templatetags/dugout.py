"""Template filters for Blood Bowl numbers (gold pieces, characteristics, target numbers)
and for a ruleset's name and how its league tables rank and separate teams."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, pgettext

from rules_engine import UnknownRulesetError, get_ruleset
from rules_engine.editions import edition_for
from rules_engine.wording import shown_from
from teams.skill_notes import skill_notes

register = template.Library()


# Negative gold prints with the minus sign (U+2212), as the pages' "−" rows do.
MINUS = "\u2212"


@register.filter
def gp(value: int | None) -> str:
    """Gold as rosters print prices: 150000 -> "150k", -50000 -> "−50k", 2500 ->
    "2,500 gp", 0 -> "0 gp" (never "0k"); None -> "—". The number is grouped as the
    active language writes it, and "k" and "gp" are translatable phrases."""
    if value is None:
        return "—"
    if value == 0:
        return gettext("%(amount)s gp") % {"amount": 0}
    sign = MINUS if value < 0 else ""
    amount = abs(value)
    if amount % 1000 == 0:
        grouped = number_format(amount // 1000, force_grouping=True)
        return pgettext("gold pieces, in thousands", "%(amount)sk") % {"amount": sign + grouped}
    grouped = number_format(amount, force_grouping=True)
    return gettext("%(amount)s gp") % {"amount": sign + grouped}


@register.filter
def said(text: str | None, sentence: Any) -> str:
    """A stored line (a ledger note, an audit message) in the reader's language where
    its row kept the sentence, else as written: ``{{ entry.note|said:entry.note_said }}``."""
    return str(shown_from(sentence, text or ""))


@register.filter
def gp_signed(value: int | None) -> str:
    """A movement of gold: "+50k", "−50k", or "0 gp" for nothing (no sign on zero)."""
    if value is None or value <= 0:
        return gp(value)
    return f"+{gp(value)}"


@register.filter
def gp_less(value: int | None) -> str:
    """An amount taken off a total ("Less ..."): 50000 -> "−50k", 0 -> "0 gp"."""
    return gp(None if value is None else -value)


@register.filter
def stat(value: int | None) -> str:
    """A characteristic as a number (MA 6, ST 3); "—" where the player has none (Blitz
    Bowl's Team cards print no MA or ST)."""
    return "—" if value is None else str(value)


@register.filter
def target(value: int | None) -> str:
    """A target number as the rules print it: 3 -> "3+", None -> "-"."""
    return "-" if value is None else f"{value}+"


@register.simple_tag
def roster_price(roster: Any, inducement: Any) -> str:
    """An inducement's price for this roster, or "varies" where it has none of its own
    (star players, mercenaries: the rules data's note on how it is worked out names the
    data's own files, and is not shown to coaches)."""
    if inducement.price is None:
        return pgettext("an inducement's price", "varies")
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


@register.filter
def fans_label(key: str | None) -> str:
    """What the ruleset's roster sheet calls a team's fans: "Dedicated Fans" (BB2020,
    BB2025), "Fan Factor" (the classic sheet)."""
    try:
        return edition_for(str(key)).fans_label
    except (LookupError, UnknownRulesetError):
        return "Dedicated Fans"


@register.filter
def has_gold(key: str | None) -> bool:
    """Whether the ruleset's teams have gold (a treasury, values, TV): not Blitz Bowl's."""
    try:
        return bool(edition_for(str(key)).has_gold)
    except (LookupError, UnknownRulesetError):
        return True


# How an edition's ``standings_rank_by`` names what a table ranks by.
RANK_LABELS = {
    "league_points": gettext_lazy("league points"),
    "wins": gettext_lazy("wins"),
    "points_scored": gettext_lazy("points scored"),
}


@register.filter
def ranked_by(key: str | None) -> str:
    """What the ruleset's league tables rank by ("wins, then points scored"); empty for
    the league's own points scheme, which the page spells out itself."""
    try:
        keys = list(edition_for(str(key)).standings_rank_by)
    except LookupError:
        return ""
    if keys in ([], ["league_points"]):
        return ""
    labels = [str(RANK_LABELS.get(k, k.replace("_", " "))) for k in keys]
    ranked = labels[0]
    for label in labels[1:]:
        ranked = gettext("%(first)s, then %(then)s") % {"first": ranked, "then": label}
    return ranked


@register.inclusion_tag("teams/_skills.html")
def skill_list(ruleset_key: str, position_skills: Any = (), gained: Any = ()) -> dict[str, Any]:
    """A player's skills, the position's then the gained ones (in bold), each name
    opening its rules summary on tap (a ``<details>``: no script)."""

    def names(value: Any) -> list[str]:  # one skill's name, or a list of them
        return [value] if isinstance(value, str) else list(value or ())

    return {"notes": skill_notes(str(ruleset_key), names(position_skills), names(gained))}
