"""Buying inducements in BB2025: pre-game step 4 (league facts sections 4 and 5).

BB2020's order checking (``rules_engine.bb2020.inducements``) with BB2025's table
(``data/bb2025/inducements.json``): Prayers to Nuffle are an inducement (0-3), a
maximum may depend on a special rule (Bribes: 6 with Bribery and Corruption), and
Mercenary Players are 0-3 a game. A mercenary is a player of one of the team's own
positions at its hiring fee + 30,000 (+50,000 for one primary skill), with Loner (4+);
he counts toward his position's QTY, and no star player or mercenary may take the
team above 16 players; players missing the game count for neither (facts section 5,
"Mercenary Players", "Star Players"; section 13.9). Star players play for the rosters
that accept them (``Bb2025Ruleset.stars_for``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.bb2020.inducements import (
    MAX_PLAYERS,
    MAX_STAR_PLAYERS,
    MERCENARIES,
    STAR_PLAYERS,
    BoughtItem,
    InducementPurchase,
    Money,
    Order,
    can_buy_anything,
    check_order,
    inducement_choice,
    players_in,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025.data import Bb2025Inducement
from rules_engine.ruleset import Inducement, Position, Ruleset
from rules_engine.wording import english, say, say_plural, thousands

__all__ = [
    "MERCENARIES",
    "PRAYERS",
    "InducementPurchase",
    "can_buy_anything",
    "inducement_choice",
    "inducement_offer",
    "max_count",
    "mercenary_places",
    "player_slots",
    "validate_purchase",
]

PRAYERS = "prayers-to-nuffle"
# Facts section 5: a team that hires Josef Bugman as Infamous Coaching Staff "cannot also
# be hired as a star" by it.
BUGMAN_STAFF, BUGMAN_STAR = "infamous-coaching-staff", "josef-bugman"


def max_count(ruleset: Ruleset, team: TeamState, inducement: Inducement) -> int | None:
    """The most of an inducement this team may buy (Bribes: 3, or 6 with Bribery and
    Corruption; facts section 5)."""
    if isinstance(inducement, Bb2025Inducement):
        rules = team.roster(ruleset).special_rules_for(team.special_rule_choice)
        return inducement.max_for(rules)
    return inducement.max_count


def player_slots(team: TeamState) -> int:
    """How many star players and mercenaries still fit under the 16: the players able to
    play the game count, those missing it do not (facts section 5, "Star Players";
    section 13.9 for mercenaries)."""
    return max(0, MAX_PLAYERS - len(team.available_players))


def mercenary_places(team: TeamState, position: Position) -> int:
    """How many mercenaries of ``position`` fit under its QTY: they count toward it, the
    position's players missing the game do not (facts section 5, "Mercenary Players")."""
    return max(0, position.max_count - _playing(team, position))


def _playing(team: TeamState, position: Position) -> int:
    return sum(1 for p in team.available_players if p.position_slug == position.slug)


def inducement_offer(
    ruleset: Ruleset,
    team: TeamState,
    money: Money,
    opponent_star_players: Sequence[str] = (),
) -> dict[str, Any]:
    """What the team may buy at its prices with the money it has (a Choice's options), in
    BB2020's shape; each mercenary position says its primary categories (the extra
    skill comes from them) and how many fit under its QTY (``places``)."""
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
            # A league's house rules may ban him: shown, and refused with the reason.
            # English, as the offer is stored with the pre-game.
            **(
                {"banned": english(ruleset.star_bans[star.slug])}
                if star.slug in ruleset.star_bans
                else {}
            ),
        }
        for star in ruleset.stars_for(roster, choice)
    ]
    mercenaries = [
        {
            "position": position.slug,
            "name": position.name,
            "price": ruleset.mercenary_price(position),
            "price_with_extra_skill": ruleset.mercenary_price(position, extra_primary_skill=True),
            "primary": list(position.primary),
            "places": places,
        }
        for position in roster.positions.values()
        if (places := mercenary_places(team, position))
    ]
    return {
        "money": money.amount,
        "money_source": money.source,
        "inducements": fixed,
        "star_players": stars,
        "max_star_players": MAX_STAR_PLAYERS,
        # Facts section 5: "both teams may hire the same star" and both field him.
        "star_players_both_field": True,
        "mercenaries": mercenaries,
        "max_mercenaries": ruleset.inducements[MERCENARIES].max_count,
        "player_slots": player_slots(team),
    }


class _Bb2025Order(Order):
    """BB2020's order check, with a maximum that may depend on a special rule, at most
    3 mercenaries, and BB2025's count of players (those missing the game left out)."""

    def fixed(self, inducement: Inducement, count: Any) -> None:
        whole = isinstance(count, int) and not isinstance(count, bool) and count > 0
        if not whole or not self.roster.may_induce(inducement, self.choice):
            super().fixed(inducement, count)  # reports the number or who may buy
            return
        most = max_count(self.ruleset, self.team, inducement)
        if most is not None and count > most:
            self.problems.append(
                say_plural(
                    "A {roster} team may induce at most {most} {inducement}; {count} was asked for",
                    "A {roster} team may induce at most {most} {inducement}; {count} were "
                    "asked for",
                    count,
                    roster=self.roster.name,
                    most=most,
                    inducement=inducement.name,
                )
            )
            return
        price = self.roster.inducement_price(inducement, self.choice)
        what = say(
            "{count} {inducement} cost {total} gp ({price} gp each)",
            count=count,
            inducement=inducement.name,
            total=thousands(count * price),
            price=thousands(price),
        )
        if self.pay(count * price, what):
            self.items.append(BoughtItem(inducement.slug, inducement.name, count, price))

    def mercenary_players(self, wanted: Any) -> None:
        most = self.ruleset.inducements[MERCENARIES].max_count
        asked = isinstance(wanted, Sequence) and not isinstance(wanted, str)
        if asked and most is not None and len(wanted) > most:
            self.problems.append(
                say_plural(
                    "A team may induce at most {most} Mercenary Players; {count} was asked for",
                    "A team may induce at most {most} Mercenary Players; {count} were asked for",
                    len(wanted),
                    most=most,
                )
            )
            return
        super().mercenary_players(wanted)

    def purchase(self) -> InducementPurchase:
        """The purchase, once Josef Bugman is not both coaching staff and a star."""
        staff = any(item.slug == BUGMAN_STAFF for item in self.items)
        if staff and any(star.slug == BUGMAN_STAR for star in self.stars):
            self.problems.append(
                say(
                    "A team that hires {star} as Infamous Coaching Staff cannot also hire "
                    "him as a Star Player",
                    star="Josef Bugman",
                )
            )
        return super().purchase()

    def check_players(self) -> None:
        """At most 16 players with star players and mercenaries, and mercenaries within
        each position's QTY; players missing the game count for neither (facts section 5;
        section 13.9)."""
        available = len(self.team.available_players)
        stars = sum(star.players for star in self.stars)
        hired = len(self.mercenaries)
        total = available + stars + hired
        if (stars or hired) and total > MAX_PLAYERS:
            self.problems.append(
                say(
                    "A team may field at most {most} players: {available}, {stars} and "
                    "{mercenaries} make {total} (players missing the game do not count)",
                    most=MAX_PLAYERS,
                    available=say_plural(
                        "{count} player able to play", "{count} players able to play", available
                    ),
                    stars=say_plural("{count} star player", "{count} star players", stars),
                    mercenaries=say_plural("{count} mercenary", "{count} mercenaries", hired),
                    total=total,
                )
            )
        for slug, count in Counter(m.position_slug for m in self.mercenaries).items():
            position = self.roster.positions[slug]
            playing = _playing(self.team, position)
            if playing + count > position.max_count:
                self.problems.append(
                    say_plural(
                        "{roster} teams may have at most {most} {position}: {playing} able to "
                        "play and {count} mercenary make {total}",
                        "{roster} teams may have at most {most} {position}: {playing} able to "
                        "play and {count} mercenaries make {total}",
                        count,
                        roster=self.roster.name,
                        most=position.max_count,
                        position=position.plural_name(position.max_count),
                        playing=playing,
                        total=playing + count,
                    )
                )


def validate_purchase(
    ruleset: Ruleset, team: TeamState, order: Mapping[str, Any] | None, money: Money
) -> InducementPurchase:
    """Check one team's BB2025 inducement order: the purchase, or InducementError with
    every reason (prices for this roster, maxima, who may buy, stars who play for the
    team, mercenaries of the team's positions within their QTY, at most 16 players,
    and the money)."""
    return check_order(_Bb2025Order(ruleset, team, money), order, _order_slug)


def _order_slug(ruleset: Ruleset, key: Any) -> str | None:
    if key == "star_players":
        return STAR_PLAYERS
    if key == "mercenaries":
        return MERCENARIES
    return ruleset.inducements.resolve(str(key))
