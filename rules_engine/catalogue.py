"""Names and the catalogues that find things by them.

Coaches, forms and the data files spell the same thing differently: positions,
rosters, stars and inducements are found by slug, alias or name (``Catalogue``),
skills by name with or without their parameter ("Loner (4+)" finds "Loner (X+)",
``SkillCatalogue``). ``rules_engine.ruleset`` re-exports all of it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import ItemsView, Iterator, Mapping, ValuesView
from dataclasses import dataclass
from typing import TypeVar

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
