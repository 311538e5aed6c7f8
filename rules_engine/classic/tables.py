"""The classic ruleset's tables (data/classic/tables.json, see its SOURCE.md).

The 2D6 tables (weather, injury, kick-off, improvement) are ordinary
``rules_engine.tables.Table`` objects read by ``load_tables("classic")``. The
rest cannot be a ``Table``, whose dice are those of ``TABLE_DIE_FACES``:

- the Casualty table is read off a D68 (a D6 for the tens, a D8 for the
  units: 11-18, 21-28, ... 61-68), so it is a ``D68Table`` here;
- the Agility table maps a characteristic, not a roll, to a target;
- SPP titles and Spiralling Expenses are bands of points and of gold.

``load_classic_tables()`` gathers all of them by name, validated; the classic
ruleset's ``table(name)`` answers from it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import RulesError, RulesetDataError
from rules_engine.tables import DATA_DIR, TableEntry, load_tables
from rules_engine.wording import Shown, say

RULESET = "classic"
TABLES_FILE = DATA_DIR / RULESET / "tables.json"
# A D68 roll: a D6 for the tens and a D8 for the units.
D68_FACES: tuple[int, ...] = tuple(
    10 * tens + units for tens in range(1, 7) for units in range(1, 9)
)
CHARACTERISTIC_KINDS: tuple[str, ...] = ("ma", "st", "ag", "av")
SKILL_KINDS: tuple[str, ...] = ("new_skill", "any_skill")


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _rolls(value: Any) -> range:
    if isinstance(value, int) and not isinstance(value, bool):
        return range(value, value + 1)
    first, last = value
    return range(first, last + 1)


def d68(tens: int, units: int) -> int:
    """The D68 result of a D6 (tens) and a D8 (units): 4 and 7 read 47."""
    if not (1 <= tens <= 6 and 1 <= units <= 8):
        raise RulesError(f"a D68 is a D6 (1-6) and a D8 (1-8), got {tens} and {units}")
    return 10 * tens + units


@dataclass(frozen=True)
class D68Table:
    """The Casualty table: every D68 result (11-18 ... 61-68) covered exactly once."""

    name: str
    title: str
    die: str
    entries: tuple[TableEntry, ...]
    source: str
    _by_face: Mapping[int, TableEntry] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        by_face: dict[int, TableEntry] = {}
        for entry in self.entries:
            covered = [face for face in entry.rolls if face in D68_FACES]
            if not covered or entry.rolls[0] not in D68_FACES or entry.rolls[-1] not in D68_FACES:
                raise RulesetDataError(
                    f"table {self.name!r}: {entry.name!r} covers {entry.roll_label}, "
                    "which is not a range of D68 results"
                )
            for face in covered:
                if face in by_face:
                    raise RulesetDataError(f"table {self.name!r}: {face} is covered twice")
                by_face[face] = entry
        missing = [face for face in D68_FACES if face not in by_face]
        if missing:
            raise RulesetDataError(f"table {self.name!r} misses the D68 results {missing}")
        object.__setattr__(self, "_by_face", MappingProxyType(by_face))

    @property
    def faces(self) -> tuple[int, ...]:
        return D68_FACES

    def lookup(self, roll: int | tuple[int, int]) -> TableEntry:
        """The row of a D68 result (47) or of its two dice ((4, 7): tens, units)."""
        total = d68(*roll) if isinstance(roll, tuple) else roll
        entry = self._by_face.get(total) if isinstance(total, int) else None
        if entry is None:
            raise RulesError(f"{roll!r} is not a D68 result (11-18, 21-28, ... 61-68)")
        return entry

    def roll(self, dice: Dice, purpose: Shown | None = None) -> TableEntry:
        """Roll the D6 (tens) and the D8 (units) through ``dice``; the row they land on."""
        label = purpose or say("{table} table", table=self.title)
        return self.lookup(
            (
                dice.d6(say("{roll} (D68 tens)", roll=label)),
                dice.d8(say("{roll} (D68 units)", roll=label)),
            )
        )

    def entry(self, name: str) -> TableEntry:
        for entry in self.entries:
            if entry.name == name:
                return entry
        raise RulesError(f"the {self.title} table has no result {name!r}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entry.name for entry in self.entries)


@dataclass(frozen=True)
class AgilityTable:
    """AG 1..6+ -> the D6 roll required, 6+..1+ (an AG above 6 reads the 6+ column)."""

    title: str
    source: str
    targets: Mapping[int, int]

    def target(self, agility: int) -> int:
        if isinstance(agility, bool) or not isinstance(agility, int) or agility < 1:
            raise RulesError(f"an Agility is 1 or more, got {agility!r}")
        return self.targets[min(agility, max(self.targets))]

    def agility(self, target: int) -> int:
        for agility, needed in self.targets.items():
            if needed == target:
                return agility
        raise RulesError(f"the Agility table asks for 1+ to 6+, not {target!r}+")


@dataclass(frozen=True)
class SppTitle:
    title: str
    first: int
    last: int | None

    def holds(self, spp: int) -> bool:
        return spp >= self.first and (self.last is None or spp <= self.last)


@dataclass(frozen=True)
class SppTitles:
    """Titles by SPP total, in order; each title after Rookie earns an improvement roll."""

    title: str
    source: str
    bands: tuple[SppTitle, ...]

    def of(self, spp: int) -> str:
        if isinstance(spp, bool) or not isinstance(spp, int) or spp < 0:
            raise RulesError(f"Star Player Points are 0 or more, got {spp!r}")
        return next(band.title for band in self.bands if band.holds(spp))

    def reached(self, spp_before: int, spp_after: int) -> tuple[str, ...]:
        """The titles first reached going from ``spp_before`` to ``spp_after`` SPP, in order."""
        return tuple(band.title for band in self.bands if spp_before < band.first <= spp_after)


@dataclass(frozen=True)
class SpirallingExpenses:
    """From ``start`` TV (to ``first_band_end``) ``first_expenses``; each further
    ``band`` of TV ``increment`` more."""

    title: str
    source: str
    start: int
    first_band_end: int
    first_expenses: int
    band: int
    increment: int

    def expenses(self, team_value: int) -> int:
        if isinstance(team_value, bool) or not isinstance(team_value, int) or team_value < 0:
            raise RulesError(f"a team value is 0 gp or more, got {team_value!r}")
        if team_value < self.start:
            return 0
        return self.first_expenses + (team_value - self.start) // self.band * self.increment


def _d68_table(data: Mapping[str, Any]) -> D68Table:
    entries = tuple(
        TableEntry(
            name=row["name"],
            description=row["description"],
            rolls=_rolls(row["rolls"]),
            effect=_freeze(row.get("effect", {})),
        )
        for row in data["entries"]
    )
    return D68Table(data["name"], data["title"], data["die"], entries, data["source"])


def _agility_table(data: Mapping[str, Any]) -> AgilityTable:
    targets = {row["agility"]: row["target"] for row in data["rows"]}
    if sorted(targets) != list(range(1, 7)) or sorted(targets.values()) != list(range(1, 7)):
        raise RulesetDataError("agility: AG 1-6 must each need one of 1+ to 6+")
    return AgilityTable(data["title"], data["source"], MappingProxyType(targets))


def _spp_titles(data: Mapping[str, Any]) -> SppTitles:
    bands = tuple(SppTitle(row["title"], row["from"], row["to"]) for row in data["titles"])
    expected_start = 0
    for band in bands:
        if band.first != expected_start:
            raise RulesetDataError(f"spp_titles: {band.title} starts at {band.first}")
        expected_start = band.last + 1 if band.last is not None else -1
    if bands[-1].last is not None:
        raise RulesetDataError("spp_titles: the last title must have no upper end")
    return SppTitles(data["title"], data["source"], bands)


def _spiralling_expenses(data: Mapping[str, Any]) -> SpirallingExpenses:
    first, further = data["rows"]
    if first["to"] - first["from"] >= further["every"]:
        raise RulesetDataError("spiralling_expenses: the first band is wider than a step")
    return SpirallingExpenses(
        data["title"],
        data["source"],
        start=first["from"],
        first_band_end=first["to"],
        first_expenses=first["expenses"],
        band=further["every"],
        increment=further["more"],
    )


def _check_improvement(tables: Mapping[str, Any], doubles: Mapping[str, Any]) -> None:
    kinds = [o["kind"] for entry in tables["improvement"].entries for o in entry.effect["options"]]
    kinds.append(doubles["option"]["kind"])
    unknown = set(kinds) - set(CHARACTERISTIC_KINDS) - set(SKILL_KINDS)
    if unknown:
        raise RulesetDataError(f"improvement: unknown options {sorted(unknown)}")


@cache
def _raw() -> Mapping[str, Any]:
    try:
        data: Mapping[str, Any] = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
        return data
    except (OSError, ValueError) as exc:
        raise RulesetDataError(f"classic tables: {exc}") from exc


@cache
def load_classic_tables(ruleset_key: str = RULESET) -> Mapping[str, Any]:
    """Every classic table by name: the 2D6 ``Table``s plus ``casualty`` (D68),
    ``agility``, ``spp_titles``, ``spiralling_expenses``, ``spp_awards`` and
    ``improvement_doubles``. Fails with RulesetDataError on malformed data."""
    if ruleset_key != RULESET:
        raise RulesetDataError(f"the classic tables are not those of {ruleset_key!r}")
    data = _raw()
    try:
        tables: dict[str, Any] = dict(load_tables(RULESET))
        tables["casualty"] = _d68_table(data["casualty"])
        tables["agility"] = _agility_table(data["agility"])
        tables["spp_titles"] = _spp_titles(data["spp_titles"])
        tables["spiralling_expenses"] = _spiralling_expenses(data["spiralling_expenses"])
        tables["spp_awards"] = _freeze(data["spp_awards"])
        tables["improvement_doubles"] = _freeze(data["improvement_doubles"])
        _check_improvement(tables, data["improvement_doubles"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RulesetDataError(f"classic tables are malformed: {exc!r}") from exc
    return MappingProxyType(tables)


def classic_table(name: str) -> Any:
    """One classic table by name (see ``load_classic_tables``)."""
    return load_classic_tables()[name]
