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

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.journeymen import JOURNEYMAN_TRAIT
from rules_engine.bb2020.state import TeamState
from rules_engine.errors import InducementError
from rules_engine.ruleset import Inducement, Position, Roster, Ruleset, StarPlayer
from rules_engine.sequence import Choice

STAR_PLAYERS = "star-players"
MERCENARIES = "mercenary-players"
# Aliases a JSON answer may use for the two inducements bought by name, not by count.
_ORDER_KEYS = {"mercenaries": MERCENARIES, "star_players": STAR_PLAYERS}
# Facts section 3: "Star players | 0-2".
MAX_STAR_PLAYERS = 2
# A team never has more than 16 players for a game: its own, star players and mercenaries.
MAX_PLAYERS = 16
# Facts section 3: mercenaries have Loner (4+), like journeymen.
MERCENARY_TRAIT = JOURNEYMAN_TRAIT

# Where the gold comes from, and how a message says what is left of it.
TREASURY = "treasury"
PETTY_CASH = "petty cash"
BUDGET = "budget"
NO_MONEY = "none"
_LEFT = {
    TREASURY: "you have {} gp left in the Treasury",
    PETTY_CASH: "you have {} gp of petty cash left",
    BUDGET: "you have {} gp of your inducement budget left",
}
EQUAL_CTV_MESSAGE = (
    "With equal CTVs neither team may buy inducements: there is no petty cash and no "
    "Treasury spending"
)


def gp(amount: int) -> str:
    return f"{amount:,}"


@dataclass(frozen=True)
class Money:
    """The gold a team may spend on inducements and where it comes from."""

    amount: int
    source: str

    def left(self, amount: int) -> str:
        return _LEFT[self.source].format(gp(amount))


@dataclass(frozen=True)
class BoughtItem:
    """Inducements of one kind bought at this team's price."""

    slug: str
    name: str
    count: int
    unit_price: int

    @property
    def total(self) -> int:
        return self.count * self.unit_price


@dataclass(frozen=True)
class BoughtStar:
    """A star player; ``players`` is 2 for a pair such as Grak and Crumbleberry."""

    slug: str
    name: str
    cost: int
    players: int = 1


@dataclass(frozen=True)
class Mercenary:
    """A mercenary: a roster position with Loner (4+) and perhaps one extra primary skill."""

    position_slug: str
    name: str
    price: int
    extra_skill: str | None = None

    @property
    def skills(self) -> tuple[str, ...]:
        return (MERCENARY_TRAIT,) + ((self.extra_skill,) if self.extra_skill else ())


@dataclass(frozen=True)
class InducementPurchase:
    """What one team bought for the game, and what it cost."""

    items: tuple[BoughtItem, ...] = ()
    star_players: tuple[BoughtStar, ...] = ()
    mercenaries: tuple[Mercenary, ...] = ()

    @property
    def total(self) -> int:
        return (
            sum(item.total for item in self.items)
            + sum(star.cost for star in self.star_players)
            + sum(mercenary.price for mercenary in self.mercenaries)
        )

    def count(self, slug: str) -> int:
        return sum(item.count for item in self.items if item.slug == slug)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for a stored step outcome."""
        return {
            "items": {item.slug: item.count for item in self.items},
            "prices": {item.slug: item.unit_price for item in self.items},
            "star_players": [star.slug for star in self.star_players],
            "star_player_costs": {star.slug: star.cost for star in self.star_players},
            "mercenaries": [
                {
                    "position": m.position_slug,
                    "price": m.price,
                    "skills": list(m.skills),
                }
                for m in self.mercenaries
            ],
            "total": self.total,
        }


def _players_in(star: StarPlayer) -> int:
    return len(star.profiles) or 1


def _allowed(roster: Roster, choice: str | None, allows: Callable[[str | None], bool]) -> bool:
    """Whether the team may have something ``allows`` judges by its special rules.

    A roster whose team chooses a special rule ("Favoured of ...", Norse's league)
    and has not chosen yet may have only what every option allows: what depends on
    the choice waits for it (``_needs_choice``).
    """
    if choice is not None or not roster.special_rule_choices:
        return allows(choice)
    return all(allows(option) for option in roster.special_rule_choices)


def _needs_choice(roster: Roster, choice: str | None, allows: Callable[[str | None], bool]) -> bool:
    """Whether the team could have it with one of its options but has not chosen yet."""
    if choice is not None or not roster.special_rule_choices:
        return False
    return any(allows(option) for option in roster.special_rule_choices) and not _allowed(
        roster, choice, allows
    )


def choice_first_message(roster: Roster, what: str) -> str:
    options = ", ".join(roster.special_rule_choices)
    return f"{what} depends on the {roster.name} team's special rule: choose one of {options} first"


def players_counted(team: TeamState) -> tuple[int, int]:
    """(available players, temporarily retired players): both count toward the 16 a
    team may field with star players and mercenaries (facts section 3: "the usual
    limits on the team's total (16, temporarily retired players included)")."""
    retired = sum(1 for p in team.players if p.temporarily_retired)
    return len(team.available_players), retired


def player_slots(team: TeamState) -> int:
    """How many star players and mercenaries still fit under the 16."""
    return max(0, MAX_PLAYERS - sum(players_counted(team)))


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
        if inducement.price is not None and _allowed(roster, choice, _inducing(roster, inducement))
    ]
    stars = [
        {
            "slug": star.slug,
            "name": star.name,
            "cost": star.cost,
            "players": _players_in(star),
            "induced_by_opponent": star.slug in opponent_star_players,
        }
        for star in ruleset.stars_for(roster, choice)
        if _allowed(roster, choice, _playing(roster, star))
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


def _plays_for(roster: Roster, star: StarPlayer, choice: str | None) -> bool:
    return star.plays_for_rules(roster.special_rules_for(choice))


def _playing(roster: Roster, star: StarPlayer) -> Callable[[str | None], bool]:
    """Whether the star plays for the roster's team with a given choice."""
    return lambda choice: _plays_for(roster, star, choice)


def _inducing(roster: Roster, inducement: Inducement) -> Callable[[str | None], bool]:
    """Whether the roster's team may buy the inducement with a given choice."""
    return lambda choice: roster.may_induce(inducement, choice)


def inducement_choice(side: str, team: TeamState, money: Money, offer: Mapping[str, Any]) -> Choice:
    """The question for a coach who may buy inducements: the offer is its options."""
    prompt = f"{team.name}: choose inducements to buy; {money.left(money.amount)}"
    return Choice(side=side, kind="inducements", prompt=prompt, options=offer)


def can_buy_anything(offer: Mapping[str, Any]) -> bool:
    """Whether any single inducement on offer is affordable: else there is nothing to ask."""
    money, slots = offer["money"], offer["player_slots"]
    return (
        any(row["price"] <= money for row in offer["inducements"])
        or any(s["cost"] <= money and s["players"] <= slots for s in offer["star_players"])
        or any(m["price"] <= money and slots >= 1 for m in offer["mercenaries"])
    )


class _Order:
    """An order checked line by line; problems pile up instead of stopping at the first."""

    def __init__(self, ruleset: Ruleset, team: TeamState, money: Money) -> None:
        self.ruleset = ruleset
        self.team = team
        self.roster: Roster = team.roster(ruleset)
        self.choice = team.special_rule_choice
        self.money = money
        self.left = money.amount
        self.problems: list[str] = []
        self.items: list[BoughtItem] = []
        self.stars: list[BoughtStar] = []
        self.mercenaries: list[Mercenary] = []

    def pay(self, cost: int, what: str) -> bool:
        """Charge ``cost`` if it fits in what is left; else say so, with what is left."""
        if self.money.source == NO_MONEY:
            return True
        if cost > self.left:
            self.problems.append(f"{what}; {self.money.left(self.left)}")
            return False
        self.left -= cost
        return True

    def fixed(self, inducement: Inducement, count: Any) -> None:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            self.problems.append(f"{inducement.name}: {count!r} is not a number to buy")
            return
        if count == 0:
            return
        if _needs_choice(self.roster, self.choice, _inducing(self.roster, inducement)):
            self.problems.append(choice_first_message(self.roster, inducement.name))
            return
        if not self.roster.may_induce(inducement, self.choice):
            self.problems.append(f"{self.roster.name} teams may not induce {inducement.name}")
            return
        if inducement.max_count is not None and count > inducement.max_count:
            self.problems.append(
                f"A team may induce at most {inducement.max_count} {inducement.name}; "
                f"{count} were asked for"
            )
            return
        price = self.roster.inducement_price(inducement, self.choice)
        each = f"{gp(price)} gp each for {self.roster.name} teams"
        what = f"{inducement.name} cost {each}"
        if count > 1:
            what = f"{count} {inducement.name} cost {gp(count * price)} gp ({each})"
        if self.pay(count * price, what):
            self.items.append(BoughtItem(inducement.slug, inducement.name, count, price))

    def star_players(self, wanted: Any) -> None:
        if isinstance(wanted, str) or not isinstance(wanted, Sequence):
            self.problems.append("Star players are asked for as a list of names")
            return
        if len(wanted) > MAX_STAR_PLAYERS:
            self.problems.append(
                f"A team may induce at most {MAX_STAR_PLAYERS} star players; "
                f"{len(wanted)} were asked for"
            )
        playing = {star.slug for star in self.ruleset.stars_for(self.roster, self.choice)}
        seen: set[str] = set()
        for key in wanted:
            slug = self.ruleset.star_players.resolve(key)
            if slug is None:
                self.problems.append(f"There is no star player called {key!r}")
                continue
            star = self.ruleset.star_players[slug]
            if slug in seen:
                self.problems.append(f"{star.name} can be induced only once")
                continue
            seen.add(slug)
            if _needs_choice(self.roster, self.choice, _playing(self.roster, star)):
                self.problems.append(choice_first_message(self.roster, star.name))
                continue
            if slug not in playing:
                self.problems.append(f"{star.name} does not play for {self.roster.name} teams")
                continue
            if self.pay(star.cost, f"{star.name} costs {gp(star.cost)} gp"):
                self.stars.append(BoughtStar(slug, star.name, star.cost, _players_in(star)))

    def mercenary_players(self, wanted: Any) -> None:
        if isinstance(wanted, str) or not isinstance(wanted, Sequence):
            self.problems.append("Mercenaries are asked for as a list of positions")
            return
        for entry in wanted:
            key, skill = (entry, None) if isinstance(entry, str) else _mercenary_entry(entry)
            slug = self.roster.positions.resolve(key) if isinstance(key, str) else None
            if slug is None:
                self.problems.append(
                    f"{self.roster.name} teams have no position {key!r} to hire as a mercenary"
                )
                continue
            position = self.roster.positions[slug]
            if skill is not None and not self._extra_skill_allowed(position, skill):
                continue
            price = self.ruleset.mercenary_price(position, extra_primary_skill=skill is not None)
            extra = " with an extra skill" if skill else ""
            if self.pay(price, f"A mercenary {position.name}{extra} costs {gp(price)} gp"):
                canonical = self.ruleset.skills.canonical(skill) if skill else None
                self.mercenaries.append(Mercenary(slug, position.name, price, canonical))

    def _extra_skill_allowed(self, position: Position, skill_name: str) -> bool:
        skill = self.ruleset.skills.find(skill_name)
        if skill is None:
            self.problems.append(f"There is no skill called {skill_name!r}")
            return False
        if skill.category not in position.primary:
            self.problems.append(
                f"{skill.name} is not a primary skill for a {position.name} "
                f"({', '.join(position.primary)}), so a mercenary cannot take it"
            )
            return False
        if any(self.ruleset.skills.find(own) == skill for own in position.skills):
            self.problems.append(f"A {position.name} already has {skill.name}")
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
            resting = f"{retired} temporarily retired players, " if retired else ""
            self.problems.append(
                f"A team may field at most {MAX_PLAYERS} players: {available} available players, "
                f"{resting}{stars} star players and {len(self.mercenaries)} mercenaries "
                f"make {total}"
            )
        hired = Counter(m.position_slug for m in self.mercenaries)
        for slug, count in hired.items():
            position = self.roster.positions[slug]
            on_team = sum(1 for p in self.team.players if p.position_slug == slug)
            if on_team + count > position.max_count:
                noun = "mercenary" if count == 1 else "mercenaries"
                self.problems.append(
                    f"{self.roster.name} teams may have at most {position.max_count} "
                    f"{position.plural_name(position.max_count)}: {on_team} on the team and "
                    f"{count} {noun} make {on_team + count}"
                )

    def purchase(self) -> InducementPurchase:
        return InducementPurchase(tuple(self.items), tuple(self.stars), tuple(self.mercenaries))


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
    return check_order(_Order(ruleset, team, money), order)


def check_order(
    checked: _Order,
    order: Mapping[str, Any] | None,
    slug_of: Callable[[Ruleset, Any], str | None] = _order_slug,
    refused: Mapping[str, str] | None = None,
) -> InducementPurchase:
    """Check an order line by line with ``checked`` (an edition's ``_Order``): each key
    is an inducement's slug by ``slug_of``, or a ``refused`` key and its message."""
    order = order or {}
    if not isinstance(order, Mapping):
        raise InducementError("An inducement order is a mapping of inducement to number bought")
    ruleset, refused = checked.ruleset, refused or {}
    wanted: dict[str, Any] = {}
    for key, value in order.items():
        if key in refused:
            checked.problems.append(refused[key])
            continue
        slug = slug_of(ruleset, key)
        if slug is None:
            checked.problems.append(f"There is no inducement called {key!r}")
        elif slug in wanted:
            checked.problems.append(f"{ruleset.inducements[slug].name} are asked for twice")
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
