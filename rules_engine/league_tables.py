"""League tables that are not read off one die: expensive mistakes by Treasury,
advancement SPP costs, value increases, SPP awards, the 2D6 random skill table.

They live in the dice tables' files under their own keys and load through
``load_league_tables``; the module-level helpers answer for one ruleset.
``rules_engine.tables`` re-exports all of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules_engine.dice_tables import Table, TableEntry, freeze_data, ruleset_dir, table_files
from rules_engine.errors import AdvancementError, RulesError, RulesetDataError
from rules_engine.wording import say, say_plural, thousands

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
                say(
                    "No Expensive Mistakes roll is made with less than {minimum} gp in the "
                    "Treasury",
                    minimum=thousands(self.minimum_treasury),
                )
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
                say(
                    "{kind} is not an advancement; choose one of {kinds}",
                    kind=repr(kind),
                    kinds=", ".join(self.costs),
                )
            )
        if not 0 <= previous_advancements < self.maximum_advancements:
            raise AdvancementError(
                say_plural(
                    "A player has at most {most} advancements; this one already has {count}",
                    "A player has at most {most} advancements; this one already has {count}",
                    previous_advancements,
                    most=self.maximum_advancements,
                )
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
                effect=freeze_data(outcomes[row["outcomes"][index]]["effect"]),
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
    for data in table_files(ruleset_key):
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
                ruleset_dir(ruleset_key), sections["random_skill"]["skills_file"]
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
                say(
                    "a characteristic improvement needs one of {characteristics}, got {got}",
                    characteristics=", ".join(increases),
                    got=repr(characteristic),
                )
            )
        return increases[key]
    if kind not in tables.skill_value_increases:
        raise AdvancementError(say("{kind} is not an advancement", kind=repr(kind)))
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
    raise RulesError(
        say(
            "{achievement} earns no SPP; SPP come from {awards}",
            achievement=repr(achievement),
            awards=", ".join(awards),
        )
    )


def skill_category(category: str, *, ruleset_key: str = "bb2020") -> str:
    """A skill category's name from its name or its roster letter ("A" is "Agility")."""
    categories = load_league_tables(ruleset_key).random_skills
    for name in categories:
        if category.casefold() in (name.casefold(), name[0].casefold()):
            return name
    raise AdvancementError(
        say(
            "{category} is not a skill category; choose one of {categories}",
            category=repr(category),
            categories=", ".join(categories),
        )
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
            raise RulesError(
                say("the random skill table is read with two D6, got {die}", die=repr(die))
            )
    half = "1-3" if first_die <= 3 else "4-6"
    return load_league_tables(ruleset_key).random_skills[name][(half, second_die)]
