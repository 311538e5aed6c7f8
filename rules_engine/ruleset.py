"""A ruleset as data: rosters, positions, star players, skills and inducements.

Everything here is frozen and built once by a loader (see ``registry``); the
apps read it and never change it. Lookups are forgiving about spelling because
coaches, forms and the data files spell the same thing differently: positions,
rosters, stars and inducements are found by slug, alias or name, skills by
name with or without their parameter ("Loner (4+)" finds "Loner (X+)").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.catalogue import SKILL_CATEGORIES as SKILL_CATEGORIES
from rules_engine.catalogue import Catalogue as Catalogue
from rules_engine.catalogue import Skill as Skill
from rules_engine.catalogue import SkillCatalogue as SkillCatalogue
from rules_engine.catalogue import position_slug as position_slug
from rules_engine.catalogue import skill_key as skill_key
from rules_engine.catalogue import slugify as slugify
from rules_engine.catalogue import split_parameter as split_parameter
from rules_engine.errors import InducementError
from rules_engine.wording import Shown, say


@dataclass(frozen=True)
class Position:
    """One line of a team roster: a positional player a team may hire.

    AG, PA and AV hold the target number (AG 3 means 3+); ``pa`` is None where
    the roster shows "-". ``primary`` and ``secondary`` name skill categories.
    """

    slug: str
    name: str
    roster_slug: str
    min_count: int
    max_count: int
    cost: int
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[str, ...]
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    big_guy: bool = False

    def plural_name(self, count: int = 2) -> str:
        """The position's name for ``count`` players: "Blitzers", "Zombie Linemen"."""
        return self.name if count == 1 else pluralise(self.name)


_PLURAL_ENDINGS: tuple[tuple[str, str], ...] = (
    ("woman", "women"),
    ("man", "men"),
    ("elf", "elves"),
    ("wolf", "wolves"),
    ("fox", "foxes"),
    ("spawn", "spawn"),
)


def pluralise(name: str) -> str:
    """English plural of a position name; enough for the names on the rosters."""
    lower = name.lower()
    for ending, plural in _PLURAL_ENDINGS:
        if lower.endswith(ending):
            return name[: len(name) - len(ending)] + (
                plural.capitalize() if name[-len(ending)].isupper() else plural
            )
    if lower.endswith("s"):
        return name
    if lower.endswith("y") and lower[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    return name + "s"


@dataclass(frozen=True)
class StarProfile:
    """One player's profile in a star player entry; pairs have two."""

    name: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[str, ...]


@dataclass(frozen=True)
class StarPlayer:
    """A star player inducement.

    ``plays_for`` names the special rules (regional or team) of the teams the
    star plays for; ``never_plays_for`` overrides it for stars who play for
    "any team except ...". The profile fields are the first player's; a pair
    (Grak and Crumbleberry, ...) keeps both players in ``profiles`` and all
    their skills in ``skills``.
    """

    slug: str
    name: str
    cost: int
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[str, ...]
    plays_for: tuple[str, ...]
    special_rule: str
    profiles: tuple[StarProfile, ...]
    mega_star: bool = False
    never_plays_for: tuple[str, ...] = ()

    def plays_for_rules(self, special_rules: frozenset[str] | set[str]) -> bool:
        """Whether the star plays for a team with these special rules."""
        if self.never_plays_for and special_rules & set(self.never_plays_for):
            return False
        return bool(special_rules & set(self.plays_for))


@dataclass(frozen=True)
class SpecialPrice:
    """A price that replaces an inducement's usual price for some teams."""

    price: int
    special_rule: str | None = None
    roster: str | None = None

    def applies_to(self, roster: Roster, special_rules: frozenset[str]) -> bool:
        if self.special_rule is not None and self.special_rule not in special_rules:
            return False
        return self.roster is None or self.roster == roster.slug


@dataclass(frozen=True)
class Inducement:
    """A pre-game inducement: what it costs, how many a team may take, who may.

    ``price`` is None where the price depends on what is bought (star players,
    mercenaries); ``max_count`` is None where the rules set no number.
    ``who`` is "any", "apothecary" (teams that may hire an apothecary) or
    "special_rule" with ``who_special_rule`` naming the rule.
    """

    slug: str
    name: str
    max_count: int | None
    price: int | None
    who: str = "any"
    who_special_rule: str | None = None
    special_prices: tuple[SpecialPrice, ...] = ()
    price_note: str = ""
    surcharge: int = 0
    extra_skill_surcharge: int = 0
    source: str = ""
    # Only these rosters may buy it, where set: a league's non-core inducements, each on
    # the team lists that print it (``rules_engine.house_rules``).
    rosters: tuple[str, ...] = ()


@dataclass(frozen=True)
class Roster:
    """A team roster: positions, re-roll price, sideline staff and special rules.

    ``special_rules`` lists every rule the roster shows; where the team chooses
    one of them ("Favoured of ..."), ``special_rule_choices`` holds the options
    and ``fixed_special_rules`` the rest. Without a choice, a roster is taken to
    have every option (what it *may* take); pass the team's choice to narrow it.
    """

    slug: str
    name: str
    tier: int
    reroll_cost: int
    apothecary_allowed: bool
    special_rules: tuple[str, ...]
    positions: Catalogue[Position] = field(compare=False, hash=False, repr=False)
    special_rule_choices: tuple[str, ...] = ()
    apothecary_cost: int | None = None
    assistant_coach_cost: int = 10_000
    cheerleader_cost: int = 10_000
    max_big_guys: int | None = None
    roster_notes: tuple[str, ...] = ()

    @property
    def fixed_special_rules(self) -> tuple[str, ...]:
        return tuple(r for r in self.special_rules if r not in self.special_rule_choices)

    def special_rules_for(self, special_rule_choice: str | None = None) -> frozenset[str]:
        """The special rules a team of this roster has, given its choice if any."""
        if not self.special_rule_choices or special_rule_choice is None:
            return frozenset(self.special_rules)
        if special_rule_choice not in self.special_rule_choices:
            options = ", ".join(self.special_rule_choices)
            raise ValueError(
                f"{self.name} teams choose one of {options}; {special_rule_choice!r} is not one"
            )
        return frozenset((*self.fixed_special_rules, special_rule_choice))

    def has_special_rule(self, name: str, special_rule_choice: str | None = None) -> bool:
        """Whether the roster has (or, without a choice, may have) the special rule."""
        wanted = name.casefold()
        return any(r.casefold() == wanted for r in self.special_rules_for(special_rule_choice))

    def lineman_positions(self) -> tuple[Position, ...]:
        """The positions with the roster's highest maximum (its 0-12 or 0-16 lines)."""
        found: tuple[Position, ...] | None = self.__dict__.get("_lineman_positions")
        if found is None:  # worked out once: a loaded roster never changes
            most = max(p.max_count for p in self.positions.values())
            found = tuple(p for p in self.positions.values() if p.max_count == most)
            object.__setattr__(self, "_lineman_positions", found)
        return found

    def lineman_position(self) -> Position:
        """The Lineman: the 0-12/0-16 position journeymen are drawn from.

        It is the position with the highest maximum. Shambling Undead list two
        0-12 lines (Skeleton and Zombie); the first listed, Skeleton, is taken,
        and ``lineman_positions()`` gives both for a coach to choose from.
        """
        return self.lineman_positions()[0]

    def is_lineman(self, position: Position) -> bool:
        return position in self.lineman_positions()

    def may_induce(self, inducement: Inducement, special_rule_choice: str | None = None) -> bool:
        """Whether a team of this roster may buy the inducement at all."""
        rules = self.special_rules_for(special_rule_choice)
        if inducement.rosters and self.slug not in inducement.rosters:
            return False
        if inducement.who == "apothecary":
            return self.apothecary_allowed
        if inducement.who == "special_rule":
            return inducement.who_special_rule in rules
        return True

    def inducement_price(
        self, inducement: Inducement, special_rule_choice: str | None = None
    ) -> int:
        """What one of the inducement costs this roster (Bribes 50,000 with Bribery and
        Corruption, Halfling Master Chef 100,000 for Halflings, ...).

        Raises InducementError if the roster may not buy it, and ValueError for
        inducements priced per purchase (star players, mercenaries).
        """
        if not self.may_induce(inducement, special_rule_choice):
            raise InducementError(
                say(
                    "{roster} teams may not induce {inducement}",
                    roster=self.name,
                    inducement=inducement.name,
                )
            )
        if inducement.price is None:
            raise ValueError(f"{inducement.name} have no fixed price: {inducement.price_note}")
        rules = self.special_rules_for(special_rule_choice)
        for special in inducement.special_prices:
            if special.applies_to(self, rules):
                return special.price
        return inducement.price


@dataclass(frozen=True)
class GameLimits:
    """The numbers a game is played within, which the apps check reports and orders
    against (the Blood Bowl rules' unless a ruleset sets its own)."""

    # "A team sets up at most 11 players"; a team short of them takes on journeymen.
    players_on_pitch: int = 11
    # A team never has more than 16 players for a game: its own, journeymen, star
    # players and mercenaries.
    most_players: int = 16
    halves: int = 2
    turns_per_half: int = 8
    # A drawn play-off's Extra Time: 8 more turns for each team.
    extra_time_turns: int = 8
    # Bribes one team can use in a game, generously: the most a roster may buy (3, or
    # 6 with Bribery and Corruption) and more from kick-off results.
    bribes_per_team: int = 8

    @property
    def team_turns(self) -> int:
        """The most turns one team plays in a game, Extra Time included."""
        return self.halves * self.turns_per_half + self.extra_time_turns


STANDARD_GAME = GameLimits()


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One edition's rules as data, loaded once per process (see ``get_ruleset``)."""

    key: str
    name: str
    rosters: Catalogue[Roster] = field(repr=False)
    star_players: Catalogue[StarPlayer] = field(repr=False)
    skills: SkillCatalogue = field(repr=False)
    inducements: Catalogue[Inducement] = field(repr=False)
    description: str = ""
    # Points the sources leave open, each with the reading Dugout takes (its ruleset page
    # lists them as "Dugout's reading"); empty where the rule text settles everything.
    readings: tuple[Shown, ...] = field(default=(), repr=False)
    tables_loader: Callable[[str], Mapping[str, Any]] | None = field(default=None, repr=False)
    _tables: dict[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    _positions: dict[str, Position] = field(default_factory=dict, repr=False)
    # The numbers its games are played within.
    limits: GameLimits = field(default=STANDARD_GAME, repr=False)
    # Star players a league's house rules ban, by slug, each with the reason a coach
    # reads (``rules_engine.house_rules.under_house_rules``); none in the edition.
    star_bans: Mapping[str, Shown] = field(default_factory=dict, repr=False)

    def roster(self, slug_or_name: str) -> Roster:
        """The roster by slug or name, with a message naming the rosters if unknown."""
        try:
            return self.rosters[slug_or_name]
        except KeyError:
            raise KeyError(
                f"{self.name} has no roster {slug_or_name!r}; rosters: {', '.join(self.rosters)}"
            ) from None

    def position(self, slug: str) -> Position:
        """A position by its ruleset-wide slug ("human-blitzer")."""
        if not self._positions:
            # Filled once: team value and the sequences look positions up per player.
            for roster in self.rosters.values():
                self._positions.update(roster.positions._items)
        found = self._positions.get(slug)
        if found is not None:
            return found
        for roster in self.rosters.values():
            if slug in roster.positions:
                return roster.positions[slug]
        raise KeyError(f"{self.name} has no position {slug!r}")

    def stars_for(
        self, roster: Roster | str, special_rule_choice: str | None = None
    ) -> tuple[StarPlayer, ...]:
        """Star players who play for a team of this roster, by their "plays for"."""
        if isinstance(roster, str):
            roster = self.roster(roster)
        rules = roster.special_rules_for(special_rule_choice)
        return tuple(s for s in self.star_players.values() if s.plays_for_rules(rules))

    def inducements_for(
        self, roster: Roster | str, special_rule_choice: str | None = None
    ) -> tuple[Inducement, ...]:
        """Inducements a team of this roster may buy."""
        if isinstance(roster, str):
            roster = self.roster(roster)
        return tuple(
            i for i in self.inducements.values() if roster.may_induce(i, special_rule_choice)
        )

    def mercenary_price(self, position: Position, extra_primary_skill: bool = False) -> int:
        """A mercenary's price: the position's cost plus the mercenary surcharge, plus
        the extra-skill surcharge if the coach buys him one extra primary skill."""
        mercenary = self.inducements["mercenary-players"]
        extra = mercenary.extra_skill_surcharge if extra_primary_skill else 0
        return position.cost + mercenary.surcharge + extra

    def _loaded_tables(self) -> Mapping[str, Any]:
        if self.tables_loader is None:
            return {}
        if "tables" not in self._tables:
            # A frozen dataclass can still fill its own private cache dict.
            self._tables["tables"] = self.tables_loader(self.key)
        return self._tables["tables"]

    def table_names(self) -> list[str]:
        """Names of the ruleset's dice tables ("weather", "kick_off", ...)."""
        return sorted(self._loaded_tables())

    def table(self, name: str) -> Any:
        """A dice table by name; ``.lookup(roll)`` gives the row for a roll."""
        tables = self._loaded_tables()
        try:
            return tables[name]
        except KeyError:
            raise KeyError(
                f"{self.name} has no table {name!r}; tables: {', '.join(sorted(tables))}"
            ) from None
