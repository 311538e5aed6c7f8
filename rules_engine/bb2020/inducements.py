"""Buying inducements: pre-game step 4, what a team may buy and whether it can pay.

Prices, maximums and who may buy come from the ruleset (facts sheet section 3,
"Common inducements (p.89-95)"); this module checks one team's order against
them and against the money it has, and reports every problem at once so a
coach can mend the whole order in one go.

An order is plain data, as a form or a stored answer holds it::

    {"bribes": 1, "bloodweiser-kegs": 2,
     "star_players": ["griff-oberwald"],
     "mercenaries": ["human-blitzer", {"position": "human-catcher", "skill": "Block"}]}

Keys are inducement slugs or names ("Bribe", "Bloodweiser Kegs"); star players
and mercenary positions are slugs or names too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.bb2020.inducement_items import (
    BUDGET,
    EQUAL_CTV_MESSAGE,
    MAX_PLAYERS,
    MAX_STAR_PLAYERS,
    MERCENARIES,
    MERCENARY_TRAIT,
    NO_MONEY,
    PETTY_CASH,
    STAR_PLAYERS,
    TREASURY,
    BoughtItem,
    BoughtStar,
    InducementPurchase,
    Mercenary,
    Money,
    allowed,
    gp,
    inducing,
    player_slots,
    players_in,
    playing,
)
from rules_engine.bb2020.inducement_order import Order, check_order, validate_purchase
from rules_engine.bb2020.state import TeamState
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice
from rules_engine.wording import english, say

__all__ = [
    "BUDGET",
    "EQUAL_CTV_MESSAGE",
    "MAX_PLAYERS",
    "MAX_STAR_PLAYERS",
    "MERCENARIES",
    "MERCENARY_TRAIT",
    "NO_MONEY",
    "PETTY_CASH",
    "STAR_PLAYERS",
    "TREASURY",
    "BoughtItem",
    "BoughtStar",
    "InducementPurchase",
    "Mercenary",
    "Money",
    "Order",
    "can_buy_anything",
    "check_order",
    "gp",
    "inducement_choice",
    "inducement_offer",
    "players_in",
    "validate_purchase",
]


def inducement_offer(
    ruleset: Ruleset,
    team: TeamState,
    money: Money,
    opponent_star_players: Sequence[str] = (),
) -> dict[str, Any]:
    """What the team may buy, at its prices, with the money it has: a Choice's options.

    A star the opponent already induced is still offered, marked, because
    inducing him too is allowed - and then neither team fields him.
    """
    roster = team.roster(ruleset)
    choice = team.special_rule_choice
    fixed = [
        {
            "slug": inducement.slug,
            "name": inducement.name,
            "price": roster.inducement_price(inducement, choice),
            "max_count": inducement.max_count,
        }
        for inducement in ruleset.inducements_for(roster, choice)
        if inducement.price is not None and allowed(roster, choice, inducing(roster, inducement))
    ]
    stars = [
        {
            "slug": star.slug,
            "name": star.name,
            "cost": star.cost,
            "players": players_in(star),
            "induced_by_opponent": star.slug in opponent_star_players,
            # A league's house rules may ban him: shown, and refused with the reason.
            # English, as the offer is stored with the pre-game.
            **(
                {"banned": english(ruleset.star_bans[star.slug])}
                if star.slug in ruleset.star_bans
                else {}
            ),
        }
        for star in ruleset.stars_for(roster, choice)
        if allowed(roster, choice, playing(roster, star))
    ]
    mercenaries = [
        {
            "position": position.slug,
            "name": position.name,
            "price": ruleset.mercenary_price(position),
            "price_with_extra_skill": ruleset.mercenary_price(position, extra_primary_skill=True),
        }
        for position in roster.positions.values()
    ]
    return {
        "money": money.amount,
        "money_source": money.source,
        "inducements": fixed,
        "star_players": stars,
        "max_star_players": MAX_STAR_PLAYERS,
        "mercenaries": mercenaries,
        "player_slots": player_slots(team),
    }


def inducement_choice(side: str, team: TeamState, money: Money, offer: Mapping[str, Any]) -> Choice:
    """The question for a coach who may buy inducements: the offer is its options."""
    prompt = say(
        "{team}: choose inducements to buy; {left}",
        team=team.name,
        left=money.left(money.amount),
    )
    return Choice(side=side, kind="inducements", prompt=prompt, options=offer)


def can_buy_anything(offer: Mapping[str, Any]) -> bool:
    """Whether any single inducement on offer is affordable: else there is nothing to ask."""
    money, slots = offer["money"], offer["player_slots"]
    return (
        any(row["price"] <= money for row in offer["inducements"])
        or any(
            s["cost"] <= money and s["players"] <= slots and "banned" not in s
            for s in offer["star_players"]
        )
        or any(m["price"] <= money and slots >= 1 for m in offer["mercenaries"])
    )
