"""A ruleset as data: rosters, positions, star players, skills and inducements.

Everything here is frozen and built once by a loader (see ``registry``); the
apps read it and never change it. Lookups are forgiving about spelling because
coaches, forms and the data files spell the same thing differently: positions,
rosters, stars and inducements are found by slug, alias or name, skills by
name with or without their parameter ("Loner (4+)" finds "Loner (X+)").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, ItemsView, Iterator, Mapping, ValuesView
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules_engine.errors import InducementError

V = TypeVar("V")

# Skill categories as the rosters abbreviate them.
SKILL_CATEGORIES: dict[str, str] = {
    "G": "General",
    "A": "Agility",
    "S": "Strength",
    "P": "Passing",
    "M": "Mutations",
}

_PARAMETER = re.compile(r"^(?P<base>.*?)\s*\((?P<parameter>[^()]*)\)$")


def slugify(text: str) -> str:
    """Lower-case ASCII words joined by hyphens; apostrophes vanish ("Morg 'n' Thorg")."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ascii_text = re.sub(r"['\u2019]", "", ascii_text.lower())
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


def position_slug(roster_slug: str, position_name: str) -> str:
    """Roster slug + position slug, without saying the roster twice.

    "Human" + "Blitzer" is ``human-blitzer``; "Human" + "Human Lineman" is
    ``human-lineman`` (``human-human-lineman`` also finds it, as an alias).
    """
    name_slug = slugify(position_name)
    if name_slug.startswith(f"{roster_slug}-"):
        return name_slug
    return f"{roster_slug}-{name_slug}"


def split_parameter(skill_name: str) -> tuple[str, str | None]:
    """Split "Mighty Blow (+1)" into ("Mighty Blow", "+1"); a bare name has no parameter."""
    match = _PARAMETER.match(skill_name.strip())
    if match is None:
        return skill_name.strip(), None
    return match["base"], match["parameter"]


def skill_key(skill_name: str) -> str:
    """The key two spellings of one skill share: base name, case and hyphens ignored."""
    base, _ = split_parameter(skill_name)
    return re.sub(r"[\s\-]+", " ", base).strip().casefold()


class Catalogue(Mapping[str, V]):
    """A read-only mapping keyed by slug that also answers to aliases and names.

    Iteration, ``len`` and ``keys()`` show only the canonical slugs; ``[]``,
    ``get`` and ``in`` also accept an alias or anything that slugifies to one.
    """

    def __init__(self, items: Mapping[str, V], aliases: Mapping[str, str] | None = None) -> None:
        self._items: dict[str, V] = dict(items)
        self._aliases: dict[str, str] = {
            alias: slug for alias, slug in (aliases or {}).items() if alias not in self._items
        }

    def resolve(self, key: str) -> str | None:
        """The canonical slug ``key`` stands for, or None."""
        if not isinstance(key, str):
            return None
        if key in self._items:
            return key
        if key in self._aliases:
            return self._aliases[key]
        # Only a miss pays for slugifying: lookups by slug are the hot path.
        candidate = slugify(key)
        if candidate in self._items:
            return candidate
        return self._aliases.get(candidate)

    def __getitem__(self, key: str) -> V:
        found = self._items.get(key) if isinstance(key, str) else None
        if found is not None:
            return found
        slug = self.resolve(key)
        if slug is None:
            raise KeyError(key)
        return self._items[slug]

    def values(self) -> ValuesView[V]:
        return self._items.values()

    def items(self) -> ItemsView[str, V]:
        return self._items.items()

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.resolve(key) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self._items)!r})"


class SkillCatalogue(Mapping[str, "Skill"]):
    """Skills keyed by their name in the skill list; looked up by any spelling.

    ``skills["Loner (4+)"]``, ``skills["jump up"]`` and ``skills["Mighty Blow"]``
    all find the listed skill, because rosters carry parameters and odd cases.
    """

    def __init__(self, skills: Mapping[str, Skill]) -> None:
        self._items: dict[str, Skill] = dict(skills)
        self._by_key: dict[str, Skill] = {skill_key(name): s for name, s in self._items.items()}

    def find(self, name: str) -> Skill | None:
        """The skill ``name`` refers to, or None."""
        if not isinstance(name, str):
            return None
        return self._items.get(name) or self._by_key.get(skill_key(name))

    def canonical(self, name: str) -> str:
        """``name`` spelled as the skill list spells it, keeping its own parameter.

        "Jump up" becomes "Jump Up"; "Loner (4+)" stays "Loner (4+)" because the
        parameter is the roster's; "Mighty Blow (+2)" keeps its +2.
        """
        skill = self.find(name)
        if skill is None:
            raise KeyError(name)
        _, parameter = split_parameter(name)
        if parameter is None:
            return skill.name
        return f"{skill.base_name} ({parameter})"

    def __getitem__(self, name: str) -> Skill:
        skill = self.find(name)
        if skill is None:
            raise KeyError(name)
        return skill

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


@dataclass(frozen=True)
class Skill:
    """A skill or trait as the skill list names it.

    ``random_table`` is its place on the 2D6 random skill table as
    (first die half, second die), e.g. ("1-3", "1"); traits have none.
    """

    name: str
    category: str
    compulsory: bool = False
    trait: bool = False
    extraordinary: bool = False
    random_table: tuple[str, str] | None = None

    @property
    def base_name(self) -> str:
        """The name without its parameter: "Mighty Blow" for "Mighty Blow (+1)"."""
        return split_parameter(self.name)[0]


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
        most = max(p.max_count for p in self.positions.values())
        return tuple(p for p in self.positions.values() if p.max_count == most)

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
            raise InducementError(f"{self.name} teams may not induce {inducement.name}")
        if inducement.price is None:
            raise ValueError(f"{inducement.name} have no fixed price: {inducement.price_note}")
        rules = self.special_rules_for(special_rule_choice)
        for special in inducement.special_prices:
            if special.applies_to(self, rules):
                return special.price
        return inducement.price


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
    readings: tuple[str, ...] = field(default=(), repr=False)
    tables_loader: Callable[[str], Mapping[str, Any]] | None = field(default=None, repr=False)
    _tables: dict[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    _positions: dict[str, Position] = field(default_factory=dict, repr=False)

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
