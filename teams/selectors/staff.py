"""What the team sheet offers the coach: which rows its ruleset has (gold, re-rolls,
each kind of sideline staff, fans), the staff he may hire or let go, and whether he may
buy a team re-roll now - each with the reason where not."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules_engine import get_ruleset
from rules_engine.draft import draft_rules_for
from rules_engine.ruleset import Roster
from teams.models import Team
from teams.selectors.development import edition_of
from teams.selectors.sheet import roster_for
from teams.templatetags.dugout import gp


@dataclass(frozen=True)
class StaffOffer:
    """One kind of sideline staff on the team sheet: how many the team has, the most the
    ruleset's draft rules allow, the price, and whether one more may be hired now
    (``hire_refusal`` says why not: at the most allowed, or short of gold)."""

    kind: str
    label: str
    count: int
    most: int
    price: int
    hire_refusal: str = ""
    let_go: str = ""  # the button that lets one go

    @property
    def may_hire(self) -> bool:
        return not self.hire_refusal


def staff_offers(team: Team, roster: Roster | None = None) -> list[StaffOffer]:
    """The sideline staff the team may keep, as ``teams.services.hire_staff`` allows them:
    the draft rules' maxima (``draft_rules_for``), an apothecary only where the roster
    allows one, and none at all where the ruleset has none (Blitz Bowl); a kind the team
    may not hire but still has is listed, so it can be let go."""
    roster = roster or roster_for(team)
    rules = draft_rules_for(get_ruleset(team.ruleset))
    kinds = [
        ("assistant_coach", _("Assistant coach"), team.assistant_coaches,
         rules.max_assistant_coaches, roster.assistant_coach_cost),
        ("cheerleader", _("Cheerleader"), team.cheerleaders,
         rules.max_cheerleaders, roster.cheerleader_cost),
    ]  # fmt: skip
    if roster.apothecary_allowed and roster.apothecary_cost is not None:
        kinds.append(
            ("apothecary", _("Apothecary"), int(team.apothecary), rules.max_apothecaries,
             roster.apothecary_cost)
        )  # fmt: skip
    elif team.apothecary:
        kinds.append(("apothecary", _("Apothecary"), 1, 0, 0))
    offers = []
    for kind, label, count, most, price in kinds:
        if not most and not count:
            continue
        refusal = ""
        if not most:
            refusal = _("%(roster)s teams may not hire one") % {"roster": roster.name}
        elif count >= most:
            refusal = (
                _("%(most)s is the most allowed") % {"most": most}
                if most > 1
                else _("A team may have only one")
            )
        elif price > team.treasury:
            refusal = _("Costs %(price)s; the treasury holds %(held)s") % {
                "price": gp(price),
                "held": gp(team.treasury),
            }
        offers.append(StaffOffer(kind, label, count, most, price, refusal, _let_go(kind, most)))
    return offers


def _let_go(kind: str, most: int) -> str:
    """The button that lets one of the staff go: named where the team has one at most."""
    if most > 1:
        return _("Let one go")
    if kind == "assistant_coach":
        return _("Let the assistant coach go")
    if kind == "cheerleader":
        return _("Let the cheerleader go")
    return _("Let the apothecary go")


def sheet_rows(team: Team, roster: Roster | None = None) -> dict[str, bool]:
    """Which rows of the sheet's value and sideline tables the team's ruleset has: gold
    (team value, Treasury, ledger; none in Blitz Bowl), team re-rolls, each kind of
    sideline staff and fans; a row the team still holds is shown whatever the rules."""
    edition = edition_of(team.ruleset)
    rules = draft_rules_for(get_ruleset(team.ruleset))
    has_gold = edition.has_gold if edition is not None else True
    return {
        "has_gold": has_gold,
        "shows_rerolls": bool(rules.max_rerolls or team.rerolls),
        "shows_assistant_coaches": bool(rules.max_assistant_coaches or team.assistant_coaches),
        "shows_cheerleaders": bool(rules.max_cheerleaders or team.cheerleaders),
        "shows_apothecary": bool(rules.max_apothecaries or team.apothecary),
        # Fans go with gold: a ruleset without gold has no post-game that reads them.
        "shows_fans": has_gold,
    }


def reroll_refusal(team: Team, roster: Roster | None = None) -> str | None:
    """Why the team may not buy a team re-roll now ("" if it may), or None where its
    ruleset has no team re-rolls to buy (Blitz Bowl)."""
    rules = draft_rules_for(get_ruleset(team.ruleset))
    if not rules.max_rerolls:
        return None
    trophies = 0
    if rules.trophy_reroll_counts_toward_cap:  # BB2025, facts section 13.8
        annotated = getattr(team, "league_trophies", None)
        trophies = team.league_trophies_held.count() if annotated is None else int(annotated)
    if not rules.may_buy_reroll(team.rerolls, trophies):
        held = rules.rerolls_held(team.rerolls, trophies)
        if held > team.rerolls:
            message = _(
                "%(team)s has %(count)s team re-rolls with the League Trophy's, the most allowed."
            )
        else:
            message = _("%(team)s has %(count)s team re-rolls, the most allowed.")
        return message % {"team": team.name, "count": held}
    price = rules.reroll_price_after_draft(roster or roster_for(team))
    if price > team.treasury:
        return _("A team re-roll costs %(price)s; the treasury holds %(held)s.") % {
            "price": gp(price),
            "held": gp(team.treasury),
        }
    return ""
