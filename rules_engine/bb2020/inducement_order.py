"""One team's inducement order checked line by line against prices, maximums, who may
buy and the money left; every problem reported at once (``validate_purchase``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules_engine.bb2020.inducement_items import (
    EQUAL_CTV_MESSAGE,
    MAX_PLAYERS,
    MAX_STAR_PLAYERS,
    MERCENARIES,
    NO_MONEY,
    STAR_PLAYERS,
    BoughtItem,
    BoughtStar,
    InducementPurchase,
    Mercenary,
    Money,
    choice_first_message,
    inducing,
    needs_choice,
    players_counted,
    players_in,
    playing,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.errors import InducementError
from rules_engine.ruleset import Inducement, Position, Roster, Ruleset
from rules_engine.wording import Shown, Wording, say, say_plural, thousands

# Aliases a JSON answer may use for the two inducements bought by name, not by count.
_ORDER_KEYS = {"mercenaries": MERCENARIES, "star_players": STAR_PLAYERS}


class Order:
    """An order checked line by line; problems pile up instead of stopping at the first."""

    def __init__(self, ruleset: Ruleset, team: TeamState, money: Money) -> None:
        self.ruleset = ruleset
        self.team = team
        self.roster: Roster = team.roster(ruleset)
        self.choice = team.special_rule_choice
        self.money = money
        self.left = money.amount
        self.problems: list[Shown] = []
        self.items: list[BoughtItem] = []
        self.stars: list[BoughtStar] = []
        self.mercenaries: list[Mercenary] = []

    def pay(self, cost: int, what: Wording) -> bool:
        """Charge ``cost`` if it fits in what is left; else say so, with what is left."""
        if self.money.source == NO_MONEY:
            return True
        if cost > self.left:
            self.problems.append(say("{cost}; {left}", cost=what, left=self.money.left(self.left)))
            return False
        self.left -= cost
        return True

    def fixed(self, inducement: Inducement, count: Any) -> None:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            self.problems.append(
                say(
                    "{inducement}: {count} is not a number to buy",
                    inducement=inducement.name,
                    count=repr(count),
                )
            )
            return
        if count == 0:
            return
        if needs_choice(self.roster, self.choice, inducing(self.roster, inducement)):
            self.problems.append(choice_first_message(self.roster, inducement.name))
            return
        if not self.roster.may_induce(inducement, self.choice):
            self.problems.append(
                say(
                    "{roster} teams may not induce {inducement}",
                    roster=self.roster.name,
                    inducement=inducement.name,
                )
            )
            return
        if inducement.max_count is not None and count > inducement.max_count:
            self.problems.append(
                say_plural(
                    "A team may induce at most {most} {inducement}; {count} was asked for",
                    "A team may induce at most {most} {inducement}; {count} were asked for",
                    count,
                    most=inducement.max_count,
                    inducement=inducement.name,
                )
            )
            return
        price = self.roster.inducement_price(inducement, self.choice)
        what = say_plural(
            "{inducement} cost {price} gp each for {roster} teams",
            "{count} {inducement} cost {total} gp ({price} gp each for {roster} teams)",
            count,
            inducement=inducement.name,
            price=thousands(price),
            total=thousands(count * price),
            roster=self.roster.name,
        )
        if self.pay(count * price, what):
            self.items.append(BoughtItem(inducement.slug, inducement.name, count, price))

    def star_players(self, wanted: Any) -> None:
        if isinstance(wanted, str) or not isinstance(wanted, Sequence):
            self.problems.append(say("Star players are asked for as a list of names"))
            return
        if len(wanted) > MAX_STAR_PLAYERS:
            self.problems.append(
                say_plural(
                    "A team may induce at most {most} star players; {count} was asked for",
                    "A team may induce at most {most} star players; {count} were asked for",
                    len(wanted),
                    most=MAX_STAR_PLAYERS,
                )
            )
        plays_here = {star.slug for star in self.ruleset.stars_for(self.roster, self.choice)}
        seen: set[str] = set()
        for key in wanted:
            slug = self.ruleset.star_players.resolve(key)
            if slug is None:
                self.problems.append(say("There is no star player called {star}", star=repr(key)))
                continue
            star = self.ruleset.star_players[slug]
            if slug in seen:
                self.problems.append(say("{star} can be induced only once", star=star.name))
                continue
            seen.add(slug)
            if needs_choice(self.roster, self.choice, playing(self.roster, star)):
                self.problems.append(choice_first_message(self.roster, star.name))
                continue
            banned = self.ruleset.star_bans.get(slug)
            if banned is not None:
                self.problems.append(banned)
                continue
            if slug not in plays_here:
                self.problems.append(
                    say(
                        "{star} does not play for {roster} teams",
                        star=star.name,
                        roster=self.roster.name,
                    )
                )
                continue
            if self.pay(
                star.cost, say("{star} costs {cost} gp", star=star.name, cost=thousands(star.cost))
            ):
                self.stars.append(BoughtStar(slug, star.name, star.cost, players_in(star)))

    def mercenary_players(self, wanted: Any) -> None:
        if isinstance(wanted, str) or not isinstance(wanted, Sequence):
            self.problems.append(say("Mercenaries are asked for as a list of positions"))
            return
        for entry in wanted:
            key, skill = (entry, None) if isinstance(entry, str) else _mercenary_entry(entry)
            slug = self.roster.positions.resolve(key) if isinstance(key, str) else None
            if slug is None:
                self.problems.append(
                    say(
                        "{roster} teams have no position {position} to hire as a mercenary",
                        roster=self.roster.name,
                        position=repr(key),
                    )
                )
                continue
            position = self.roster.positions[slug]
            if skill is not None and not self._extra_skill_allowed(position, skill):
                continue
            price = self.ruleset.mercenary_price(position, extra_primary_skill=skill is not None)
            cost = (
                say(
                    "A mercenary {position} with an extra skill costs {price} gp",
                    position=position.name,
                    price=thousands(price),
                )
                if skill
                else say(
                    "A mercenary {position} costs {price} gp",
                    position=position.name,
                    price=thousands(price),
                )
            )
            if self.pay(price, cost):
                canonical = self.ruleset.skills.canonical(skill) if skill else None
                self.mercenaries.append(Mercenary(slug, position.name, price, canonical))

    def _extra_skill_allowed(self, position: Position, skill_name: str) -> bool:
        skill = self.ruleset.skills.find(skill_name)
        if skill is None:
            self.problems.append(say("There is no skill called {skill}", skill=repr(skill_name)))
            return False
        if skill.category not in position.primary:
            self.problems.append(
                say(
                    "{skill} is not a primary skill for a {position} ({categories}), so a "
                    "mercenary cannot take it",
                    skill=skill.name,
                    position=position.name,
                    categories=", ".join(position.primary),
                )
            )
            return False
        if any(self.ruleset.skills.find(own) == skill for own in position.skills):
            self.problems.append(
                say("A {position} already has {skill}", position=position.name, skill=skill.name)
            )
            return False
        return True

    def check_players(self) -> None:
        """At most 16 players with star players and mercenaries, temporarily retired
        players included; mercenaries within each position's maximum, counting every
        player of the position on the team (facts section 3, "Mercenary players")."""
        available, retired = players_counted(self.team)
        stars = sum(star.players for star in self.stars)
        total = available + retired + stars + len(self.mercenaries)
        if (stars or self.mercenaries) and total > MAX_PLAYERS:
            self.problems.append(too_many_players(available, retired, stars, len(self.mercenaries)))
        hired = Counter(m.position_slug for m in self.mercenaries)
        for slug, count in hired.items():
            position = self.roster.positions[slug]
            on_team = sum(1 for p in self.team.players if p.position_slug == slug)
            if on_team + count > position.max_count:
                self.problems.append(
                    say_plural(
                        "{roster} teams may have at most {most} {position}: {on_team} on the "
                        "team and {count} mercenary make {total}",
                        "{roster} teams may have at most {most} {position}: {on_team} on the "
                        "team and {count} mercenaries make {total}",
                        count,
                        roster=self.roster.name,
                        most=position.max_count,
                        position=position.plural_name(position.max_count),
                        on_team=on_team,
                        total=on_team + count,
                    )
                )

    def purchase(self) -> InducementPurchase:
        return InducementPurchase(tuple(self.items), tuple(self.stars), tuple(self.mercenaries))


def too_many_players(available: int, retired: int, stars: int, mercenaries: int) -> Wording:
    """Star players and mercenaries that would take a team past the 16 it may field
    (temporarily retired players count toward it)."""
    counted = {
        "available": say_plural("{count} available player", "{count} available players", available),
        "stars": say_plural("{count} star player", "{count} star players", stars),
        "mercenaries": say_plural("{count} mercenary", "{count} mercenaries", mercenaries),
        "total": available + retired + stars + mercenaries,
        "most": MAX_PLAYERS,
    }
    if retired:
        return say(
            "A team may field at most {most} players: {available}, {retired}, {stars} and "
            "{mercenaries} make {total}",
            retired=say_plural(
                "{count} temporarily retired player", "{count} temporarily retired players", retired
            ),
            **counted,
        )
    return say(
        "A team may field at most {most} players: {available}, {stars} and {mercenaries} "
        "make {total}",
        **counted,
    )


def _mercenary_entry(entry: Any) -> tuple[Any, str | None]:
    if isinstance(entry, Mapping):
        return entry.get("position"), entry.get("skill")
    return entry, None


def _order_slug(ruleset: Ruleset, key: Any) -> str | None:
    if not isinstance(key, str):
        return None
    return _ORDER_KEYS.get(key) or ruleset.inducements.resolve(key)


def validate_purchase(
    ruleset: Ruleset, team: TeamState, order: Mapping[str, Any] | None, money: Money
) -> InducementPurchase:
    """Check one team's inducement order; the purchase, or InducementError with every reason.

    Checks the price for this roster (Bribery and Corruption, Halfling Master
    Chef for Halflings), each maximum, who may buy it (apothecary teams,
    regional and team special rules), star players' "plays for" and at most
    two of them, mercenaries at position cost + 30,000 (+50,000 with one extra
    primary skill), no more than 16 players with star players and
    mercenaries, and the money: lines are charged in order and each line that
    no longer fits is named with what was left.
    ``team`` is the team as it plays the game, journeymen included.
    """
    if order is None or (isinstance(order, Mapping) and not order):
        return _NOTHING  # an empty order buys nothing and can break no rule
    return check_order(Order(ruleset, team, money), order)


_NOTHING = InducementPurchase()


def check_order(
    checked: Order,
    order: Mapping[str, Any] | None,
    slug_of: Callable[[Ruleset, Any], str | None] = _order_slug,
    refused: Mapping[str, Shown] | None = None,
) -> InducementPurchase:
    """Check an order line by line with ``checked`` (an edition's ``Order``): each key
    is an inducement's slug by ``slug_of``, or a ``refused`` key and its message."""
    order = order or {}
    if not isinstance(order, Mapping):
        raise InducementError(
            say("An inducement order is a mapping of inducement to number bought")
        )
    ruleset, refused = checked.ruleset, refused or {}
    wanted: dict[str, Any] = {}
    for key, value in order.items():
        if key in refused:
            checked.problems.append(refused[key])
            continue
        slug = slug_of(ruleset, key)
        if slug is None:
            checked.problems.append(
                say("There is no inducement called {inducement}", inducement=repr(key))
            )
        elif slug in wanted:
            checked.problems.append(
                say("{inducement} are asked for twice", inducement=ruleset.inducements[slug].name)
            )
        else:
            wanted[slug] = value
    for slug, inducement in ruleset.inducements.items():
        if slug not in wanted:
            continue
        if slug == STAR_PLAYERS:
            checked.star_players(wanted[slug])
        elif slug == MERCENARIES:
            checked.mercenary_players(wanted[slug])
        else:
            checked.fixed(inducement, wanted[slug])
    checked.check_players()
    purchase = checked.purchase()
    if checked.money.source == NO_MONEY and purchase.total:
        checked.problems.insert(0, EQUAL_CTV_MESSAGE)
    if checked.problems:
        raise InducementError(checked.problems)
    return purchase
