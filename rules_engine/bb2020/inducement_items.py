"""What an inducement order buys and with what money, and who may buy what
(a team whose special rule is still to choose may have only what every option allows).
``rules_engine.bb2020.inducements`` re-exports all of it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules_engine.bb2020.journeymen import JOURNEYMAN_TRAIT
from rules_engine.bb2020.state import TeamState
from rules_engine.ruleset import STANDARD_GAME, Inducement, Roster, StarPlayer
from rules_engine.wording import Wording, say, thousands

STAR_PLAYERS = "star-players"
MERCENARIES = "mercenary-players"
# Facts section 3: "Star players | 0-2".
MAX_STAR_PLAYERS = 2
# A team never has more than 16 players for a game: its own, star players and mercenaries.
MAX_PLAYERS = STANDARD_GAME.most_players
# Facts section 3: mercenaries have Loner (4+), like journeymen.
MERCENARY_TRAIT = JOURNEYMAN_TRAIT

# Where the gold comes from, and how a message says what is left of it.
TREASURY = "treasury"
PETTY_CASH = "petty cash"
BUDGET = "budget"
NO_MONEY = "none"
_LEFT: dict[str, Callable[[int], Wording]] = {
    TREASURY: lambda amount: say(
        "you have {amount} gp left in the Treasury", amount=thousands(amount)
    ),
    PETTY_CASH: lambda amount: say(
        "you have {amount} gp of petty cash left", amount=thousands(amount)
    ),
    BUDGET: lambda amount: say(
        "you have {amount} gp of your inducement budget left", amount=thousands(amount)
    ),
}
EQUAL_CTV_MESSAGE = say(
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

    def left(self, amount: int) -> Wording:
        return _LEFT[self.source](amount)


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

    @cached_property
    def total(self) -> int:
        """What it all cost (worked out once: the steps read it several times)."""
        return (
            sum(item.total for item in self.items)
            + sum(star.cost for star in self.star_players)
            + sum(mercenary.price for mercenary in self.mercenaries)
        )

    def count(self, slug: str) -> int:
        return sum([item.count for item in self.items if item.slug == slug])

    def as_dict(self) -> dict[str, Any]:
        """Plain data for a stored step outcome."""
        if not (self.items or self.star_players or self.mercenaries):  # bought nothing
            return {
                "items": {},
                "prices": {},
                "star_players": [],
                "star_player_costs": {},
                "mercenaries": [],
                "total": self.total,
            }
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


def players_in(star: StarPlayer) -> int:
    return len(star.profiles) or 1


def allowed(roster: Roster, choice: str | None, allows: Callable[[str | None], bool]) -> bool:
    """Whether the team may have something ``allows`` judges by its special rules.

    A roster whose team chooses a special rule ("Favoured of ...", Norse's league)
    and has not chosen yet may have only what every option allows: what depends on
    the choice waits for it (``needs_choice``).
    """
    if choice is not None or not roster.special_rule_choices:
        return allows(choice)
    return all(allows(option) for option in roster.special_rule_choices)


def needs_choice(roster: Roster, choice: str | None, allows: Callable[[str | None], bool]) -> bool:
    """Whether the team could have it with one of its options but has not chosen yet."""
    if choice is not None or not roster.special_rule_choices:
        return False
    return any(allows(option) for option in roster.special_rule_choices) and not allowed(
        roster, choice, allows
    )


def choice_first_message(roster: Roster, what: str) -> Wording:
    return say(
        "{what} depends on the {roster} team's special rule: choose one of {choices} first",
        what=what,
        roster=roster.name,
        choices=", ".join(roster.special_rule_choices),
    )


def players_counted(team: TeamState) -> tuple[int, int]:
    """(available players, temporarily retired players): both count toward the 16 a
    team may field with star players and mercenaries (facts section 3: "the usual
    limits on the team's total (16, temporarily retired players included)")."""
    retired = sum(1 for p in team.players if p.temporarily_retired)
    return len(team.available_players), retired


def player_slots(team: TeamState) -> int:
    """How many star players and mercenaries still fit under the 16."""
    return max(0, MAX_PLAYERS - sum(players_counted(team)))


def plays_for(roster: Roster, star: StarPlayer, choice: str | None) -> bool:
    return star.plays_for_rules(roster.special_rules_for(choice))


def playing(roster: Roster, star: StarPlayer) -> Callable[[str | None], bool]:
    """Whether the star plays for the roster's team with a given choice."""
    return lambda choice: plays_for(roster, star, choice)


def inducing(roster: Roster, inducement: Inducement) -> Callable[[str | None], bool]:
    """Whether the roster's team may buy the inducement with a given choice."""
    return lambda choice: roster.may_induce(inducement, choice)
