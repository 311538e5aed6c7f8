"""The team value breakdown as the sheet, the printable sheet and the PDF show it: one
list of lines, so every one of them lists the same parts and adds up to its totals.

The parts before "Team value (TV)" add up to TV; TV and the parts after it add up to
"Current team value (CTV)". A line's ``amount`` is what it adds (negative for what is
taken off); ``shown`` is the amount as the sheet prints it ("−50k" for a "Less ..."
line, "+50k" for journeymen)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from rules_engine import TeamValueBreakdown
from rules_engine.ruleset import Roster
from rules_engine.team_value import LOW_COST_LINEMEN
from teams.templatetags.dugout import gp, gp_less, gp_signed


@dataclass(frozen=True)
class ValueLine:
    """One line of the breakdown: its label, what it adds to the total below it, the
    amount as printed, whether it is a total (TV, CTV), and its id on the page."""

    label: str
    amount: int
    shown: str
    total: bool = False
    html_id: str = ""


def _part(label: str, amount: int, html_id: str = "") -> ValueLine:
    return ValueLine(label, amount, gp(amount), html_id=html_id)


def _less(label: str, amount: int) -> ValueLine:
    return ValueLine(label, -amount, gp_less(amount))


def value_lines(
    value: TeamValueBreakdown, team: Any, roster: Roster, rows: dict[str, bool]
) -> list[ValueLine]:
    """Every part of the team's TV and CTV (``rows``: ``selectors.sheet_rows``, which
    rows the team's ruleset has; a part worth something is listed whatever the rules,
    so the lines always add up)."""
    lines = [_part(_("Players"), value.players)]
    if rows.get("shows_rerolls") or value.rerolls:
        label = _("Team re-rolls (%(count)s × %(price)s)") % {
            "count": team.rerolls,
            "price": gp(roster.reroll_cost),
        }
        lines.append(_part(label, value.rerolls))
    if value.league_trophy:
        label = _("League Trophy (a free re-roll while held)")
        lines.append(_part(label, value.league_trophy, "league-trophy-value"))
    for shows, label, amount in (
        ("shows_assistant_coaches", _("Assistant coaches"), value.assistant_coaches),
        ("shows_cheerleaders", _("Cheerleaders"), value.cheerleaders),
        ("shows_apothecary", _("Apothecary"), value.apothecary),
    ):
        if rows.get(shows) or amount:
            lines.append(_part(label, amount))
    lines.append(
        ValueLine(_("Team value (TV)"), value.team_value, gp(value.team_value), True, "team-value")
    )
    lines.append(_less(_("Less players missing the next game"), value.missing_next_game))
    lines.append(_less(_("Less temporarily retired players"), value.temporarily_retired))
    if value.low_cost_linemen:
        label = _("Less the Linemen's hiring fees (%(rule)s)") % {"rule": LOW_COST_LINEMEN}
        lines.append(_less(label, value.low_cost_linemen))
    lines.append(ValueLine(_("Plus journeymen"), value.journeymen, gp_signed(value.journeymen)))
    ctv = value.current_team_value
    lines.append(ValueLine(_("Current team value (CTV)"), ctv, gp(ctv), True, "current-team-value"))
    return lines
