"""Loader of the Blood Bowl 2020 ruleset from the data files in data/bb2020/.

The data files are facts copied from public transcriptions (data/bb2020/SOURCE.md).
Loading checks them and fails loudly (RulesetDataError); where the files disagree
with each other, the maps below say which side wins and why, so a new
disagreement is an error and not a silent skip.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules_engine.loaders.bb2020_checks import (
    BB2020_STAR_ALIASES,
    BB2020_STARS_LISTED_AS_STAFF,
    cross_check_inducements,
    cross_check_stars,
)
from rules_engine.loaders.common import (
    STAFF,
    build_inducements,
    build_rosters,
    check_gold,
    check_journeymen_line,
    check_position,
    check_reroll,
    check_stats,
    check_tables,
    fail_on,
    position_aliases,
    position_fields,
    read_json,
    roster_fields,
    skill_names,
)
from rules_engine.ruleset import (
    SKILL_CATEGORIES,
    Catalogue,
    Inducement,
    Position,
    Roster,
    Ruleset,
    Skill,
    SkillCatalogue,
    StarPlayer,
    StarProfile,
    position_slug,
    slugify,
)
from rules_engine.tables import load_tables

# --- Blood Bowl 2020 ---------------------------------------------------------
#
# The data files are facts copied from public transcriptions (data/bb2020/
# SOURCE.md). Loading checks them and fails loudly; where the files disagree
# with each other, the maps below say which side wins and why, so a new
# disagreement is an error and not a silent skip.

BB2020_REGIONAL_SPECIAL_RULES = frozenset(
    {
        "Badlands Brawl",
        "Elven Kingdoms League",
        "Halfling Thimble Cup",
        "Lustrian Superleague",
        "Old World Classic",
        "Sylvanian Spotlight",
        "Underworld Challenge",
        "Worlds Edge Superleague",
    }
)
BB2020_TEAM_SPECIAL_RULES = frozenset(
    {"Bribery and Corruption", "Low Cost Linemen", "Masters of Undeath", "Vampire Lord"}
)
BB2020_ROSTER_COUNT = 29
BB2020_STAR_PLAYER_COUNT = 64

# Stars whose "plays_for" is null in star_players.json: (plays for, never plays
# for); None plays for every team. Morg 'n' Thorg plays for any team except
# Sylvanian Spotlight (every team list but the Sylvanian ones holds him).
# Swiftvine Glimmershard: her accepts_to_play_for and the team lists place her
# with the Elven Kingdoms League and Halfling Thimble Cup teams.
BB2020_STAR_PLAYS_FOR: dict[str, tuple[tuple[str, ...] | None, tuple[str, ...]]] = {
    "Morg 'n' Thorg": (None, ("Sylvanian Spotlight",)),
    "Swiftvine Glimmershard": (("Elven Kingdoms League", "Halfling Thimble Cup"), ()),
}
# Paired stars list both players' skills one after the other; this many are the
# first player's (Dribl, Grak, Lucien Swift), the rest the second's.
BB2020_PAIRED_STAR_SKILLS: dict[str, int] = {
    "Dribl and Drull": 6,
    "Grak and Crumbleberry": 5,
    "The Swift Twins": 4,
}
_NUMBER_WORDS = {"a single": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_BIG_GUY_NOTE = re.compile(r"may include (a single|up to (\w+)) Big Guys?", re.IGNORECASE)


def _known_special_rule(rule: str) -> bool:
    return (
        rule in BB2020_REGIONAL_SPECIAL_RULES
        or rule in BB2020_TEAM_SPECIAL_RULES
        or rule.startswith("Favoured of ")
    )


def _categories(letters: list[str], what: str, problems: list[str]) -> tuple[str, ...]:
    # "-" (the Woodland Fox) and [] (the Beer Boar) both mean no category.
    names = []
    for letter in letters:
        if letter == "-":
            continue
        if letter not in SKILL_CATEGORIES:
            problems.append(f"{what}: unknown skill category {letter!r}")
            continue
        names.append(SKILL_CATEGORIES[letter])
    return tuple(names)


def _build_skills(data: Mapping[str, Any]) -> SkillCatalogue:
    skills: dict[str, Skill] = {}
    for row in data["skills"]:
        skills[row["name"]] = Skill(
            name=row["name"],
            category=row["category"],
            compulsory=bool(row.get("compulsory")),
            random_table=(row["d6_1"], row["d6_2"]),
        )
    for row in data["traits"]:
        skills[row["name"]] = Skill(
            name=row["name"], category="Trait", compulsory=bool(row.get("compulsory")), trait=True
        )
    for row in data["extraordinary"]:
        skills[row["name"]] = Skill(
            name=row["name"], category="Extraordinary", trait=True, extraordinary=True
        )
    return SkillCatalogue(skills)


def _build_roster(team: Mapping[str, Any], skills: SkillCatalogue, problems: list[str]) -> Roster:
    name = team["name"]
    slug = slugify(name)
    positions: dict[str, Position] = {}
    aliases: dict[str, str] = {}
    for row in team["positions"]:
        what = f"{name} {row['position']}"
        pslug = position_slug(slug, row["position"])
        if pslug in positions:
            problems.append(f"{what}: position slug {pslug!r} is used twice")
        check_position(row, what, problems)
        positions[pslug] = Position(
            slug=pslug,
            **position_fields(row, slug, skills, _categories, what, problems),
            big_guy=bool(row.get("big_guy")),
        )
        for alias, target in position_aliases(slug, row["position"], pslug).items():
            aliases.setdefault(alias, target)
    check_journeymen_line(name, (p.max_count for p in positions.values()), problems)

    staff = {row["name"]: row["cost"] for row in team["staff"]}
    for staff_name in staff:
        if staff_name not in STAFF and staff_name not in BB2020_STARS_LISTED_AS_STAFF:
            problems.append(f"{name}: unknown sideline staff {staff_name!r}")
    check_reroll(team, staff, problems)
    apothecary = bool(team["apothecary_allowed"])
    if apothecary != ("Apothecary" in staff) or (
        apothecary and team["apothecary_cost"] != staff["Apothecary"]
    ):
        problems.append(f"{name}: apothecary disagrees with its staff list")

    rules = tuple(team["special_rules"])
    for rule in rules:
        if not _known_special_rule(rule):
            problems.append(f"{name}: unknown special rule {rule!r}")
    notes = tuple(team.get("roster_notes") or ())
    max_big_guys = None
    for note in notes:
        match = _BIG_GUY_NOTE.search(note)
        if match is None:
            problems.append(f"{name}: roster note {note!r} is not understood")
            continue
        max_big_guys = _NUMBER_WORDS.get((match[2] or match[1]).lower())
        if max_big_guys is None:
            problems.append(f"{name}: roster note {note!r} has no number of Big Guys")
    return Roster(
        **roster_fields(team, slug, staff, apothecary),
        special_rules=rules,
        special_rule_choices=rules if team.get("special_rules_choose_one") else (),
        positions=Catalogue(positions, aliases),
        max_big_guys=max_big_guys,
        roster_notes=notes,
    )


def _build_star(
    row: Mapping[str, Any],
    skills: SkillCatalogue,
    every_rule: tuple[str, ...],
    problems: list[str],
) -> StarPlayer:
    name = row["name"]
    check_gold(row["cost"], f"{name} cost", problems)
    all_skills = skill_names(row["skills"], skills, name, problems)
    raw_profiles = row["profiles"]
    if len(raw_profiles) == 1:
        skill_groups = [all_skills]
    elif name in BB2020_PAIRED_STAR_SKILLS:
        first = BB2020_PAIRED_STAR_SKILLS[name]
        skill_groups = [all_skills[:first], all_skills[first:]]
    else:
        problems.append(f"{name}: {len(raw_profiles)} profiles but no split of their skills")
        skill_groups = [all_skills] * len(raw_profiles)
    profiles = []
    for raw, group in zip(raw_profiles, skill_groups, strict=True):
        check_stats(raw, name, problems)
        if not any(s.startswith("Loner") for s in group):
            problems.append(f"{name}: {raw['label']} has no Loner; check the skill split")
        if raw.get("cost") not in (None, row["cost"]):
            problems.append(f"{name}: profile cost {raw['cost']} disagrees with {row['cost']}")
        label = raw["label"] if len(raw_profiles) > 1 else name
        profiles.append(
            StarProfile(label, raw["MA"], raw["ST"], raw["AG"], raw["PA"], raw["AV"], group)
        )

    plays_for = row["plays_for"]
    never: tuple[str, ...] = ()
    if name in BB2020_STAR_PLAYS_FOR:
        if plays_for is not None:
            problems.append(f"{name}: the data now has 'plays_for'; drop the override")
        override, never = BB2020_STAR_PLAYS_FOR[name]
        plays_for = every_rule if override is None else override
    if not plays_for:
        problems.append(f"{name}: plays for nobody")
        plays_for = ()
    for rule in (*plays_for, *never):
        if not _known_special_rule(rule):
            problems.append(f"{name}: plays for unknown special rule {rule!r}")
    main = profiles[0]
    return StarPlayer(
        slug=slugify(name),
        name=name,
        cost=row["cost"],
        ma=main.ma,
        st=main.st,
        ag=main.ag,
        pa=main.pa,
        av=main.av,
        skills=tuple(dict.fromkeys(all_skills)),
        plays_for=tuple(plays_for),
        never_plays_for=tuple(never),
        special_rule=", ".join(dict.fromkeys(row["special_rule_names"])),
        profiles=tuple(profiles),
        mega_star=bool(row.get("mega_star")),
    )


def _inducement_extras(
    row: Mapping[str, Any], maxima: tuple[tuple[str, int], ...]
) -> dict[str, Any]:
    return {
        "surcharge": row.get("mercenary_surcharge", 0),
        "extra_skill_surcharge": row.get("mercenary_extra_skill_surcharge", 0),
    }


def load_bb2020(
    data_dir: Traversable | Path | None = None,
    tables_loader: Callable[[str], Any] = load_tables,
) -> Ruleset:
    """Load and validate the Blood Bowl 2020 ruleset from its data files."""
    data_dir = data_dir or files("rules_engine") / "data" / "bb2020"
    problems: list[str] = []
    skills = _build_skills(read_json(data_dir, "skills.json"))
    teams = read_json(data_dir, "teams.json")["teams"]
    rosters = build_rosters(teams, lambda team: _build_roster(team, skills, problems), problems)
    every_rule = tuple(sorted({rule for r in rosters.values() for rule in r.special_rules}))
    stars = {}
    for row in read_json(data_dir, "star_players.json")["star_players"]:
        star = _build_star(row, skills, every_rule, problems)
        stars[star.slug] = star
    inducement_data = read_json(data_dir, "inducements.json")
    inducements, inducement_aliases = build_inducements(
        inducement_data,
        set(rosters),
        _known_special_rule,
        Inducement,
        _inducement_extras,
        problems,
    )
    if len(rosters) != BB2020_ROSTER_COUNT:
        problems.append(f"{len(rosters)} rosters, expected {BB2020_ROSTER_COUNT}")
    if len(stars) != BB2020_STAR_PLAYER_COUNT:
        problems.append(f"{len(stars)} star players, expected {BB2020_STAR_PLAYER_COUNT}")
    cross_check_stars(teams, rosters, stars, problems)
    cross_check_inducements(teams, rosters, inducements, inducement_data, problems)
    check_tables("bb2020", tables_loader, problems)
    fail_on(problems, "bb2020")
    star_aliases = {slugify(alias): slugify(name) for alias, name in BB2020_STAR_ALIASES.items()}
    return Ruleset(
        key="bb2020",
        name="Blood Bowl 2020",
        description="Blood Bowl 2020 (Second Season Edition) with its league rules",
        rosters=Catalogue(rosters),
        star_players=Catalogue(stars, star_aliases),
        skills=skills,
        inducements=Catalogue(inducements, inducement_aliases),
        tables_loader=tables_loader,
    )
