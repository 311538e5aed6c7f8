"""Dice tables as data (weather, kick-off event, Prayers to Nuffle, injury, casualty...).

A ``Table`` has rows that cover every face of its die exactly once, looked up by roll.
The data live in ``rules_engine/data/<ruleset>/tables*.json``; every table names the
rule-text section it was transcribed from, and a table that misses or repeats a face
fails at load with ``RulesetDataError``. ``rules_engine.tables`` re-exports all of it.
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
from rules_engine.errors import RulesError, RulesetDataError
from rules_engine.wording import Shown, say

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


def freeze_data(value: Any) -> Any:
    """JSON data made immutable, so a frozen entry cannot be changed through its effect."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze_data(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze_data(v) for v in value)
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
                say(
                    "{roll} is not a roll on the {table} table ({die}: {lowest}-{highest})",
                    roll=repr(roll),
                    table=self.title,
                    die=_die_label(self.die),
                    lowest=self.faces[0],
                    highest=self.faces[-1],
                )
            )
        return entry

    def clamp(self, total: int) -> int:
        """A modified total brought onto the table: its top row reads "N+", its bottom "up to N"."""
        return max(self.faces[0], min(self.faces[-1], total))

    def lookup_modified(self, total: int) -> TableEntry:
        """The row for a modified total, which may run past either end of the table."""
        return self.lookup(self.clamp(total))

    def roll(self, dice: Dice, purpose: Shown | None = None) -> TableEntry:
        """Roll the table's die through ``dice`` and give the row it lands on."""
        rolled = dice.roll(self.die, purpose or say("{table} table", table=self.title))
        return self.lookup(rolled)  # type: ignore[arg-type]

    def entry(self, name: str) -> TableEntry:
        """A row by name; case, quotes and typographic apostrophes do not matter."""
        wanted = _name_key(name)
        for entry in self.entries:
            if _name_key(entry.name) == wanted:
                return entry
        raise RulesError(
            say("the {table} table has no result {result}", table=self.title, result=repr(name))
        )

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
                effect=freeze_data(row.get("effect", {})),
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


def ruleset_dir(ruleset_key: str) -> Path:
    if not _RULESET_KEY.fullmatch(ruleset_key):
        raise RulesetDataError(f"{ruleset_key!r} is not a ruleset key")
    folder = DATA_DIR / ruleset_key
    if not folder.is_dir():
        raise RulesetDataError(f"no data folder for ruleset {ruleset_key!r}")
    return folder


@cache
def table_files(ruleset_key: str) -> tuple[Mapping[str, Any], ...]:
    files = sorted(ruleset_dir(ruleset_key).glob("tables*.json"))
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
    for data in table_files(ruleset_key):
        for table_data in data.get("tables", []):
            table = table_from_data(table_data)
            if table.name in tables:
                raise RulesetDataError(f"{ruleset_key}: table {table.name!r} is defined twice")
            tables[table.name] = table
    return MappingProxyType(tables)
