"""What the roster loaders check and build alike (BB2020's and BB2025's data files have
the same shape where the editions agree): reading a file, gold and characteristic
checks, skill lookups, a position's and a roster's common fields, the common
inducement table, and failing loudly (RulesetDataError) with every problem found."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules_engine.errors import RulesetDataError
from rules_engine.ruleset import Inducement, Roster, SkillCatalogue, SpecialPrice, slugify

_STAT_LIMITS: dict[str, tuple[int, int]] = {
    "MA": (1, 9),
    "ST": (1, 8),
    "AG": (1, 6),
    "PA": (1, 6),
    "AV": (3, 11),
}
# What a roster may list as sideline staff.
STAFF = frozenset({"Cheerleader", "Assistant Coach", "Apothecary", "Re-roll"})
# An edition's own inducement fields, from the data row and its special maxima.
InducementExtras = Callable[[Mapping[str, Any], tuple[tuple[str, int], ...]], dict[str, Any]]


def read_json(data_dir: Traversable | Path, filename: str) -> Any:
    return json.loads((data_dir / filename).read_text(encoding="utf-8"))


def check_gold(amount: Any, what: str, problems: list[str]) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0 or amount % 5000:
        problems.append(f"{what}: {amount!r} is not a positive multiple of 5,000 gp")


def check_stats(entry: Mapping[str, Any], what: str, problems: list[str]) -> None:
    for stat, (low, high) in _STAT_LIMITS.items():
        value = entry.get(stat)
        if stat == "PA" and value is None:
            continue
        if not isinstance(value, int) or not low <= value <= high:
            problems.append(f"{what}: {stat} {value!r} is outside {low}-{high}")


def skill_names(
    names: list[str], skills: SkillCatalogue, what: str, problems: list[str]
) -> tuple[str, ...]:
    canonical: list[str] = []
    for name in names:
        if name not in skills:
            problems.append(f"{what}: skill {name!r} is not in the skill list")
            continue
        canonical.append(skills.canonical(name))
    return tuple(canonical)


def check_tables(key: str, tables_loader: Callable[[str], Any], problems: list[str]) -> None:
    """Tables are validated by their own module; loading them here surfaces its errors.
    Whether the engine resolves every row it looks up by name is checked above the
    loaders and the sequences (``rules_engine.shipped``)."""
    try:
        tables_loader(key)
    except RulesetDataError as error:
        problems.append(str(error))


def check_position(row: Mapping[str, Any], what: str, problems: list[str]) -> None:
    """A position's cost, characteristics and quantity."""
    check_gold(row["cost"], f"{what} cost", problems)
    check_stats(row, what, problems)
    if not 0 <= row["min"] <= row["max"] or row["max"] < 1:
        problems.append(f"{what}: quantity {row['min']}-{row['max']} is not a range")


def position_fields(
    row: Mapping[str, Any],
    roster_slug: str,
    skills: SkillCatalogue,
    categories: Callable[[list[str], str, list[str]], tuple[str, ...]],
    what: str,
    problems: list[str],
) -> dict[str, Any]:
    """The fields every edition's position has, from its data row."""
    return {
        "name": row["position"],
        "roster_slug": roster_slug,
        "min_count": row["min"],
        "max_count": row["max"],
        "cost": row["cost"],
        "ma": row["MA"],
        "st": row["ST"],
        "ag": row["AG"],
        "pa": row["PA"],
        "av": row["AV"],
        "skills": skill_names(row["skills"], skills, what, problems),
        "primary": categories(row["primary"], what, problems),
        "secondary": categories(row["secondary"], what, problems),
    }


def position_aliases(slug: str, position: str, position_slug: str) -> dict[str, str]:
    return {alias: position_slug for alias in (f"{slug}-{slugify(position)}", slugify(position))}


def check_journeymen_line(name: str, max_counts: Iterable[int], problems: list[str]) -> None:
    counts = list(max_counts)
    if counts and max(counts) < 12:
        problems.append(f"{name}: no 0-12 or 0-16 position to draw journeymen from")


def check_reroll(team: Mapping[str, Any], staff: Mapping[str, Any], problems: list[str]) -> None:
    name = team["name"]
    check_gold(team["reroll_cost"], f"{name} re-roll cost", problems)
    if staff.get("Re-roll") != team["reroll_cost"]:
        problems.append(f"{name}: re-roll cost disagrees with its staff list")


def roster_fields(
    team: Mapping[str, Any], slug: str, staff: Mapping[str, Any], apothecary: bool
) -> dict[str, Any]:
    """The fields every edition's roster has, from its data row and staff list."""
    return {
        "slug": slug,
        "name": team["name"],
        "tier": team["tier"],
        "reroll_cost": team["reroll_cost"],
        "apothecary_allowed": apothecary,
        "apothecary_cost": team["apothecary_cost"] if apothecary else None,
        "assistant_coach_cost": staff.get("Assistant Coach", 10_000),
        "cheerleader_cost": staff.get("Cheerleader", 10_000),
    }


def build_rosters(
    teams: list[Mapping[str, Any]],
    build: Callable[[Mapping[str, Any]], Roster],
    problems: list[str],
) -> dict[str, Roster]:
    rosters: dict[str, Roster] = {}
    for team in teams:
        roster = build(team)
        if roster.slug in rosters:
            problems.append(f"{roster.name}: roster slug {roster.slug!r} is used twice")
        rosters[roster.slug] = roster
    return rosters


def build_inducements(
    data: Mapping[str, Any],
    roster_slugs: set[str],
    known_rule: Callable[[Any], bool],
    kind: type[Inducement],
    extras: InducementExtras,
    problems: list[str],
) -> tuple[dict[str, Inducement], dict[str, str]]:
    """The common inducement table (facts section 3 / 4): prices, who may buy, special
    prices (and maxima), each by its slug, with its names as aliases."""
    inducements: dict[str, Inducement] = {}
    aliases: dict[str, str] = {}
    for row in data["inducements"]:
        slug, name = row["slug"], row["name"]
        if row["price"] is not None:
            check_gold(row["price"], f"inducement {name}", problems)
        if row["who"] not in ("any", "apothecary", "special_rule"):
            problems.append(f"inducement {name}: unknown 'who' {row['who']!r}")
        if row["who"] == "special_rule" and not known_rule(row.get("who_special_rule")):
            problems.append(f"inducement {name}: unknown special rule {row['who_special_rule']!r}")
        specials, maxima = [], []
        for special in row.get("special_prices", ()):
            check_gold(special["price"], f"inducement {name} special price", problems)
            if special.get("roster") is not None and special["roster"] not in roster_slugs:
                problems.append(f"inducement {name}: unknown roster {special['roster']!r}")
            specials.append(
                SpecialPrice(special["price"], special.get("special_rule"), special.get("roster"))
            )
            if "max_count" in special:
                maxima.append((special["special_rule"], special["max_count"]))
        fields = inducement_fields(row, tuple(specials), data["source"])
        inducements[slug] = kind(**fields, **extras(row, tuple(maxima)))
        for alias in (slugify(name), *(slugify(n) for n in row["team_list_names"])):
            aliases.setdefault(alias, slug)
    return inducements, aliases


def inducement_fields(
    row: Mapping[str, Any], specials: tuple[SpecialPrice, ...], source: str
) -> dict[str, Any]:
    """The fields every edition's inducement has, from its data row."""
    return {
        "slug": row["slug"],
        "name": row["name"],
        "max_count": row["max_count"],
        "price": row["price"],
        "who": row["who"],
        "who_special_rule": row.get("who_special_rule"),
        "special_prices": specials,
        "price_note": row.get("price_note", ""),
        "source": source,
    }


def fail_on(problems: list[str], key: str) -> None:
    if problems:
        raise RulesetDataError(f"the {key} data failed validation:\n- " + "\n- ".join(problems))
