"""Buying inducements in BB2025: pre-game step 4 (league facts section 4).

BB2020's order checking (``rules_engine.bb2020.inducements``) with BB2025's table:
Prayers to Nuffle are an inducement (10,000, up to 3), a maximum may depend on a
special rule (Bribes: 6 with Bribery and Corruption), and the facts list no
mercenaries, so none are offered or sold. Star players play for the rosters that
accept them (``Bb2025Ruleset.stars_for``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.bb2020.inducements import (
    MAX_PLAYERS,
    MAX_STAR_PLAYERS,
    STAR_PLAYERS,
    BoughtItem,
    InducementPurchase,
    Money,
    Order,
    can_buy_anything,
    check_order,
    gp,
    inducement_choice,
    players_in,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025.data import Bb2025Inducement
from rules_engine.ruleset import Inducement, Ruleset

__all__ = [
    "PRAYERS",
    "InducementPurchase",
    "can_buy_anything",
    "inducement_choice",
    "inducement_offer",
    "max_count",
    "validate_purchase",
]

PRAYERS = "prayers-to-nuffle"
# The facts list no mercenaries: an order naming them is refused with this message.
_NO_MERCENARIES = dict.fromkeys(
    ("mercenaries", "mercenary-players"), "BB2025 teams induce no mercenaries"
)


def max_count(ruleset: Ruleset, team: TeamState, inducement: Inducement) -> int | None:
    """The most of an inducement this team may buy (Bribes: 3, or 6 with Bribery and
    Corruption; facts section 4)."""
    if isinstance(inducement, Bb2025Inducement):
        rules = team.roster(ruleset).special_rules_for(team.special_rule_choice)
        return inducement.max_for(rules)
    return inducement.max_count


def inducement_offer(
    ruleset: Ruleset,
    team: TeamState,
    money: Money,
    opponent_star_players: Sequence[str] = (),
) -> dict[str, Any]:
    """What the team may buy at its prices with the money it has (a Choice's options),
    in BB2020's shape with no mercenaries."""
    roster = team.roster(ruleset)
    choice = team.special_rule_choice
    fixed = [
        {
            "slug": inducement.slug,
            "name": inducement.name,
            "price": roster.inducement_price(inducement, choice),
            "max_count": max_count(ruleset, team, inducement),
        }
        for inducement in ruleset.inducements_for(roster, choice)
        if inducement.price is not None
    ]
    stars = [
        {
            "slug": star.slug,
            "name": star.name,
            "cost": star.cost,
            "players": players_in(star),
            "induced_by_opponent": star.slug in opponent_star_players,
        }
        for star in ruleset.stars_for(roster, choice)
    ]
    return {
        "money": money.amount,
        "money_source": money.source,
        "inducements": fixed,
        "star_players": stars,
        "max_star_players": MAX_STAR_PLAYERS,
        "mercenaries": [],
        "player_slots": max(0, MAX_PLAYERS - len(team.available_players)),
    }


class _Bb2025Order(Order):
    """BB2020's order check, with a maximum that may depend on a special rule."""

    def fixed(self, inducement: Inducement, count: Any) -> None:
        whole = isinstance(count, int) and not isinstance(count, bool) and count > 0
        if not whole or not self.roster.may_induce(inducement, self.choice):
            super().fixed(inducement, count)  # reports the number or who may buy
            return
        most = max_count(self.ruleset, self.team, inducement)
        if most is not None and count > most:
            self.problems.append(
                f"A {self.roster.name} team may induce at most {most} {inducement.name}; "
                f"{count} were asked for"
            )
            return
        price = self.roster.inducement_price(inducement, self.choice)
        what = f"{count} {inducement.name} cost {gp(count * price)} gp ({gp(price)} gp each)"
        if self.pay(count * price, what):
            self.items.append(BoughtItem(inducement.slug, inducement.name, count, price))


def validate_purchase(
    ruleset: Ruleset, team: TeamState, order: Mapping[str, Any] | None, money: Money
) -> InducementPurchase:
    """Check one team's BB2025 inducement order: the purchase, or InducementError with
    every reason (prices for this roster, maxima, who may buy, stars who play for the
    team, at most 16 players, and the money)."""
    return check_order(_Bb2025Order(ruleset, team, money), order, _order_slug, _NO_MERCENARIES)


def _order_slug(ruleset: Ruleset, key: Any) -> str | None:
    return STAR_PLAYERS if key == "star_players" else ruleset.inducements.resolve(str(key))
