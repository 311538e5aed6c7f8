"""Rule tables as data.

A dice table (weather, kick-off event, Prayers to Nuffle, injury, casualty, ...)
is a ``Table``: rows that cover every face of its die exactly once, looked up
by roll. The data live in ``rules_engine/data/<ruleset>/tables*.json``; every
table names the rule-text section it was transcribed from, and a table that
misses or repeats a face fails at load with ``RulesetDataError``.

League tables that are not read off one die (expensive mistakes by Treasury,
advancement SPP costs, value increases, SPP awards, the 2D6 random skill table)
live in the same files under their own keys and load through
``load_league_tables``; the module-level helpers answer for one ruleset.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import AdvancementError, RulesError, RulesetDataError

DATA_DIR = Path(__file__).parent / "data"

# The totals a table can be read with. "2d6" tables read the two dice summed.
TABLE_DIE_FACES: dict[str, range] = {
    "d3": range(1, 4),
    "d6": range(1, 7),
    "d8": range(1, 9),
    "d16": range(1, 17),
    "2d6": range(2, 13),
}

_RULESET_KEY = re.compile(r"[a-z0-9_]+")


def _freeze(value: Any) -> Any:
    """JSON data made immutable, so a frozen entry cannot be changed through its effect."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _name_key(name: str) -> str:
    # The rule text prints typographic apostrophes and quotes; callers type plain ones.
    name = name.replace("\u2019", "'").replace("\u2026", "...")
    return re.sub(r"[^a-z0-9']+", " ", name.casefold()).strip()


def _die_label(die: str) -> str:
    return die.upper()


class RuleName(str):
    """A result's name as the rule text prints it, compared as a reader would.

    The text prints some names in capitals ("DEAD", "HEAD INJURY") and with
    typographic apostrophes ("KO’d"); a coach or a caller may type "Dead" or
    "KO'd". Equality ignores case, apostrophe and ellipsis style and trailing
    "!" or ":"; the text shown is unchanged. The hash stays str's, so plain
    dictionaries keyed by the canonical spelling keep working.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, str):
            return NotImplemented
        return _comparable(self) == _comparable(other)

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = str.__hash__


def _comparable(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u2026", "...")
    return " ".join(text.casefold().split()).rstrip("!:. ")


@dataclass(frozen=True)
class TableEntry:
    """One row: its name as the rule text prints it, effect text, and the rolls it covers."""

    name: str
    description: str
    rolls: range
    effect: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", RuleName(self.name))

    def __str__(self) -> str:
        return self.name

    @property
    def roll_label(self) -> str:
        """The rolls as the rule text prints them: "4-10" or "11"."""
        first, last = self.rolls[0], self.rolls[-1]
        return str(first) if first == last else f"{first}-{last}"


@dataclass(frozen=True)
class Table:
    """A dice table: ``lookup(roll)`` gives the row covering that roll."""

    name: str
    title: str
    die: str
    entries: tuple[TableEntry, ...]
    source: str
    _by_face: Mapping[int, TableEntry] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        faces = TABLE_DIE_FACES.get(self.die)
        if faces is None:
            raise RulesetDataError(f"table {self.name!r}: unknown die {self.die!r}")
        by_face: dict[int, TableEntry] = {}
        repeated: list[int] = []
        for entry in self.entries:
            for face in entry.rolls:
                if face not in faces:
                    raise RulesetDataError(
                        f"table {self.name!r}: {entry.name!r} covers {face}, "
                        f"which a {_die_label(self.die)} cannot roll"
                    )
                if face in by_face:
                    repeated.append(face)
                by_face[face] = entry
        missing = [face for face in faces if face not in by_face]
        if missing or repeated:
            raise RulesetDataError(
                f"table {self.name!r} must cover each face of its {_die_label(self.die)} "
                f"exactly once: missing {missing}, repeated {repeated}"
            )
        object.__setattr__(self, "_by_face", MappingProxyType(by_face))

    @property
    def faces(self) -> range:
        """Every total the table's die can show."""
        return TABLE_DIE_FACES[self.die]

    def lookup(self, roll: int | tuple[int, int]) -> TableEntry:
        """The row for ``roll`` (a 2D6 pair is summed); a roll the die cannot show is an error."""
        total = sum(roll) if isinstance(roll, tuple) else roll
        entry = self._by_face.get(total) if isinstance(total, int) else None
        if entry is None:
            raise RulesError(
                f"{roll!r} is not a roll on the {self.title} table "
                f"({_die_label(self.die)}: {self.faces[0]}-{self.faces[-1]})"
            )
        return entry

    def clamp(self, total: int) -> int:
        """A modified total brought onto the table: its top row reads "N+", its bottom "up to N"."""
        return max(self.faces[0], min(self.faces[-1], total))

    def lookup_modified(self, total: int) -> TableEntry:
        """The row for a modified total, which may run past either end of the table."""
        return self.lookup(self.clamp(total))

    def roll(self, dice: Dice, purpose: str | None = None) -> TableEntry:
        """Roll the table's die through ``dice`` and give the row it lands on."""
        return self.lookup(dice.roll(self.die, purpose or f"{self.title} table"))  # type: ignore[arg-type]

    def entry(self, name: str) -> TableEntry:
        """A row by name; case, quotes and typographic apostrophes do not matter."""
        wanted = _name_key(name)
        for entry in self.entries:
            if _name_key(entry.name) == wanted:
                return entry
        raise RulesError(f"the {self.title} table has no result {name!r}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entry.name for entry in self.entries)


def _rolls(value: Any, table: str) -> range:
    if isinstance(value, int) and not isinstance(value, bool):
        return range(value, value + 1)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) for v in value)
        and value[0] <= value[1]
    ):
        return range(value[0], value[1] + 1)
    raise RulesetDataError(f"table {table!r}: rolls must be N or [first, last], got {value!r}")


def table_from_data(data: Mapping[str, Any]) -> Table:
    """Build one ``Table`` from its JSON object, failing loudly on malformed data."""
    name = data.get("name", "?")
    try:
        entries = tuple(
            TableEntry(
                name=row["name"],
                description=row["description"].strip(),
                rolls=_rolls(row["rolls"], name),
                effect=_freeze(row.get("effect", {})),
            )
            for row in data["entries"]
        )
        return Table(
            name=data["name"],
            title=data["title"],
            die=data["die"],
            entries=entries,
            source=data["source"],
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise RulesetDataError(f"table {name!r} is malformed: {exc!r}") from exc


def _ruleset_dir(ruleset_key: str) -> Path:
    if not _RULESET_KEY.fullmatch(ruleset_key):
        raise RulesetDataError(f"{ruleset_key!r} is not a ruleset key")
    folder = DATA_DIR / ruleset_key
    if not folder.is_dir():
        raise RulesetDataError(f"no data folder for ruleset {ruleset_key!r}")
    return folder


@cache
def _table_files(ruleset_key: str) -> tuple[Mapping[str, Any], ...]:
    files = sorted(_ruleset_dir(ruleset_key).glob("tables*.json"))
    loaded = []
    for path in files:
        try:
            loaded.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise RulesetDataError(f"{path.name}: {exc}") from exc
    return tuple(loaded)


@cache
def load_tables(ruleset_key: str) -> Mapping[str, Table]:
    """The ruleset's dice tables by name, read once from ``data/<key>/tables*.json``."""
    tables: dict[str, Table] = {}
    for data in _table_files(ruleset_key):
        for table_data in data.get("tables", []):
            table = table_from_data(table_data)
            if table.name in tables:
                raise RulesetDataError(f"{ruleset_key}: table {table.name!r} is defined twice")
            tables[table.name] = table
    return MappingProxyType(tables)


# --- league tables -----------------------------------------------------------------------


@dataclass(frozen=True)
class TreasuryColumn:
    """One Treasury column of the Expensive Mistakes grid, as a D6 table."""

    label: str
    from_treasury: int
    table: Table


@dataclass(frozen=True)
class ExpensiveMistakes:
    """Post-game step 5: a D6 read in the column of the team's Treasury."""

    title: str
    source: str
    minimum_treasury: int
    columns: tuple[TreasuryColumn, ...]

    def applies(self, treasury: int) -> bool:
        """No roll at all is made with less than the minimum in the Treasury."""
        return treasury >= self.minimum_treasury

    def column(self, treasury: int) -> TreasuryColumn:
        """The column for ``treasury``; an error when no roll is made at that Treasury."""
        if not self.applies(treasury):
            raise RulesError(
                f"No Expensive Mistakes roll is made with less than "
                f"{self.minimum_treasury:,} gp in the Treasury"
            )
        candidates = [c for c in self.columns if c.from_treasury <= treasury]
        return max(candidates, key=lambda c: c.from_treasury)

    def outcome(self, treasury: int, d6: int) -> TableEntry:
        return self.column(treasury).table.lookup(d6)


@dataclass(frozen=True)
class AdvancementCosts:
    """SPP cost of an advancement by kind and by the player's earlier advancements."""

    title: str
    source: str
    costs: Mapping[str, tuple[int, ...]]
    titles: tuple[str, ...]

    @property
    def maximum_advancements(self) -> int:
        return len(self.titles)

    def cost(self, kind: str, previous_advancements: int) -> int:
        costs = self.costs.get(kind)
        if costs is None:
            raise AdvancementError(
                f"{kind!r} is not an advancement; choose one of {', '.join(self.costs)}"
            )
        if not 0 <= previous_advancements < self.maximum_advancements:
            raise AdvancementError(
                f"A player has at most {self.maximum_advancements} advancements; "
                f"this one already has {previous_advancements}"
            )
        return costs[previous_advancements]

    def title_after(self, advancements: int) -> str | None:
        """The player's title after that many advancements (none before the first)."""
        if advancements <= 0:
            return None
        return self.titles[min(advancements, self.maximum_advancements) - 1]


@dataclass(frozen=True)
class LeagueTables:
    """The post-game tables of a ruleset that are not read off a single die."""

    expensive_mistakes: ExpensiveMistakes
    advancement_spp_costs: AdvancementCosts
    skill_value_increases: Mapping[str, int]
    characteristic_value_increases: Mapping[str, int]
    spp_awards: Mapping[str, int]
    characteristic_limits: Mapping[str, tuple[int, int]]
    random_skills: Mapping[str, Mapping[tuple[str, int], str]]
    sources: Mapping[str, str]


def _expensive_mistakes(data: Mapping[str, Any]) -> ExpensiveMistakes:
    outcomes = data["outcomes"]
    rows = sorted(data["rows"], key=lambda row: row["d6"])
    columns = []
    for index, column in enumerate(data["columns"]):
        entries = tuple(
            TableEntry(
                name=row["outcomes"][index],
                description=outcomes[row["outcomes"][index]]["description"],
                rolls=range(row["d6"], row["d6"] + 1),
                effect=_freeze(outcomes[row["outcomes"][index]]["effect"]),
            )
            for row in rows
        )
        table = Table(
            name="expensive_mistakes",
            title=f"{data['title']} ({column['label']})",
            die="d6",
            entries=entries,
            source=data["source"],
        )
        columns.append(TreasuryColumn(column["label"], column["from"], table))
    starts = [c.from_treasury for c in columns]
    if starts != sorted(set(starts)) or starts[0] > data["minimum_treasury"]:
        raise RulesetDataError("expensive_mistakes: columns must rise and start by the minimum")
    return ExpensiveMistakes(
        data["title"], data["source"], data["minimum_treasury"], tuple(columns)
    )


def _advancement_costs(data: Mapping[str, Any]) -> AdvancementCosts:
    titles = tuple(data["titles"])
    costs: dict[str, tuple[int, ...]] = {}
    for column in data["columns"]:
        if len(column["costs"]) != len(titles):
            raise RulesetDataError(
                f"advancement_spp_costs: {column['label']!r} needs {len(titles)} costs"
            )
        for kind in column["kinds"]:
            if kind in costs:
                raise RulesetDataError(f"advancement_spp_costs: {kind!r} appears twice")
            costs[kind] = tuple(column["costs"])
    return AdvancementCosts(data["title"], data["source"], MappingProxyType(costs), titles)


def _random_skills(folder: Path, skills_file: str) -> Mapping[str, Mapping[tuple[str, int], str]]:
    """The 2D6 random skill table of each category, from the skills data's d6_1/d6_2."""
    data = json.loads((folder / skills_file).read_text(encoding="utf-8"))
    grids: dict[str, dict[tuple[str, int], str]] = {}
    for skill in data["skills"]:
        if not skill.get("d6_1"):
            continue
        cell = (skill["d6_1"], int(skill["d6_2"]))
        grid = grids.setdefault(skill["category"], {})
        if cell in grid:
            raise RulesetDataError(
                f"random skill table {skill['category']}: {grid[cell]!r} and "
                f"{skill['name']!r} share {cell}"
            )
        grid[cell] = skill["name"]
    every_cell = {(half, row) for half in ("1-3", "4-6") for row in range(1, 7)}
    for category, grid in grids.items():
        if set(grid) != every_cell:
            raise RulesetDataError(f"random skill table {category} does not fill all 12 rows")
    return MappingProxyType({k: MappingProxyType(v) for k, v in grids.items()})


@cache
def load_league_tables(ruleset_key: str) -> LeagueTables:
    """The ruleset's league tables, read once from ``data/<key>/tables*.json``."""
    sections: dict[str, Any] = {}
    for data in _table_files(ruleset_key):
        sections.update({k: v for k, v in data.items() if isinstance(v, dict)})
    try:
        values = sections["value_increases"]
        limits = sections["characteristic_limits"]["limits"]
        return LeagueTables(
            expensive_mistakes=_expensive_mistakes(sections["expensive_mistakes"]),
            advancement_spp_costs=_advancement_costs(sections["advancement_spp_costs"]),
            skill_value_increases=MappingProxyType(dict(values["skills"])),
            characteristic_value_increases=MappingProxyType(dict(values["characteristics"])),
            spp_awards=MappingProxyType(dict(sections["spp_awards"]["awards"])),
            characteristic_limits=MappingProxyType({k: tuple(v) for k, v in limits.items()}),
            random_skills=_random_skills(
                _ruleset_dir(ruleset_key), sections["random_skill"]["skills_file"]
            ),
            sources=MappingProxyType({k: v["source"] for k, v in sections.items()}),
        )
    except (KeyError, TypeError, ValueError, IndexError, OSError) as exc:
        raise RulesetDataError(f"{ruleset_key}: league tables are malformed: {exc!r}") from exc


# --- lookups for one ruleset ------------------------------------------------------------


def expensive_mistakes_outcome(treasury: int, d6: int, *, ruleset_key: str = "bb2020") -> str:
    """Post-game step 5, Expensive Mistakes: the outcome of ``d6`` in the Treasury's column.

    "Crisis Averted", "Minor Incident", "Major Incident" or "Catastrophe". Below
    the minimum Treasury no roll is made at all, so asking is an error.
    """
    return load_league_tables(ruleset_key).expensive_mistakes.outcome(treasury, d6).name


def advancement_spp_cost(
    kind: str, previous_advancements: int, *, ruleset_key: str = "bb2020"
) -> int:
    """Post-game step 3: SPP an advancement of ``kind`` costs after that many earlier ones.

    ``kind`` is random_primary, chosen_primary, random_secondary, chosen_secondary
    or random_characteristic.
    """
    return load_league_tables(ruleset_key).advancement_spp_costs.cost(kind, previous_advancements)


def value_increase(
    kind: str, characteristic: str | None = None, *, ruleset_key: str = "bb2020"
) -> int:
    """Post-game step 3: how much an advancement adds to the player's current value.

    A skill's increase depends on ``kind``; a characteristic improvement's on
    the ``characteristic`` improved (ma, st, ag, pa, av).
    """
    tables = load_league_tables(ruleset_key)
    if kind == "random_characteristic":
        increases = tables.characteristic_value_increases
        key = (characteristic or "").lower()
        if key not in increases:
            raise AdvancementError(
                f"a characteristic improvement needs one of {', '.join(increases)}, "
                f"got {characteristic!r}"
            )
        return increases[key]
    if kind not in tables.skill_value_increases:
        raise AdvancementError(f"{kind!r} is not an advancement")
    return tables.skill_value_increases[kind]


@cache
def _folded_spp_awards(ruleset_key: str) -> Mapping[str, int]:
    """The SPP awards by case-folded achievement (the first of a spelling wins)."""
    folded: dict[str, int] = {}
    for name, spp in load_league_tables(ruleset_key).spp_awards.items():
        folded.setdefault(name.casefold(), spp)
    return MappingProxyType(folded)


def spp_award(achievement: str, *, ruleset_key: str = "bb2020") -> int:
    """Post-game step 3: SPP earned for a Completion, Deflection, Casualty, Touchdown, MVP..."""
    found = _folded_spp_awards(ruleset_key).get(achievement.casefold())
    if found is not None:
        return found
    awards = load_league_tables(ruleset_key).spp_awards
    raise RulesError(f"{achievement!r} earns no SPP; SPP come from {', '.join(awards)}")


def skill_category(category: str, *, ruleset_key: str = "bb2020") -> str:
    """A skill category's name from its name or its roster letter ("A" is "Agility")."""
    categories = load_league_tables(ruleset_key).random_skills
    for name in categories:
        if category.casefold() in (name.casefold(), name[0].casefold()):
            return name
    raise AdvancementError(
        f"{category!r} is not a skill category; choose one of {', '.join(categories)}"
    )


def random_skill(
    category: str, first_die: int, second_die: int, *, ruleset_key: str = "bb2020"
) -> str:
    """Post-game step 3, random skill: the first D6 picks the half (1-3 or 4-6), the second the row.

    Re-rolling a skill the player already has or cannot take is the caller's step.
    """
    name = skill_category(category, ruleset_key=ruleset_key)
    for die in (first_die, second_die):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise RulesError(f"the random skill table is read with two D6, got {die!r}")
    half = "1-3" if first_die <= 3 else "4-6"
    return load_league_tables(ruleset_key).random_skills[name][(half, second_die)]
