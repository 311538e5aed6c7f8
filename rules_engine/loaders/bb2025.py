"""Loader of the Blood Bowl 2025 ruleset from the data files in data/bb2025/.

The data files hold the rulebook's facts (data/bb2025/SOURCE.md;
shared/rules/bb2025-league-facts.md). Loading checks them and fails loudly
(RulesetDataError): every skill named exists, costs are multiples of 5,000,
characteristics are within their limits, tiers run 1-4, Big Guy keywords agree with
the Big Guy flag and each roster's maximum, Low Cost Linemen flags sit on the
roster's Lineman line, a roster chooses either one of two Team Leagues or a Favoured
of ... (never both), each team's star list and inducement list agree with the stars'
"Plays For" and the common inducement table, and the dice tables load, every
Kick-off Event row with its handler.

What the data marks ``outside_rulebook`` (the Slann roster, Bryce 'The Slice' Cambuel
and Frank N Stein: facts section 13.14) is left out unless ``outside_rulebook=True``.

What is shared with BB2020 (gold and characteristic checks, skill lookups, the
tables check) is ``loaders.common``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules_engine.bb2025.data import (
    BIG_GUY,
    DUGOUTS_READING,
    Bb2025Inducement,
    Bb2025Position,
    Bb2025Roster,
    Bb2025Ruleset,
    Bb2025Skill,
)
from rules_engine.errors import RulesetDataError
from rules_engine.loaders.bb2025_stars import build_stars, cross_check_teams
from rules_engine.loaders.common import (
    STAFF,
    build_inducements,
    build_rosters,
    check_journeymen_line,
    check_position,
    check_reroll,
    check_tables,
    fail_on,
    position_aliases,
    position_fields,
    read_json,
    roster_fields,
)
from rules_engine.ruleset import (
    Catalogue,
    Position,
    SkillCatalogue,
    position_slug,
    slugify,
)
from rules_engine.tables import load_league_tables, load_tables

KEY = "bb2025"
NAME = "Blood Bowl 2025"
# Skill categories as the rosters abbreviate them; Devious is new (facts section 7).
BB2025_SKILL_CATEGORIES: dict[str, str] = {
    "G": "General",
    "A": "Agility",
    "S": "Strength",
    "P": "Passing",
    "M": "Mutations",
    "D": "Devious",
}
# Facts section 2.
BB2025_TEAM_LEAGUES = frozenset(
    {
        "Badlands Brawl",
        "Chaos Clash",
        "Elven Kingdoms League",
        "Halfling Thimble Cup",
        "Lustrian Superleague",
        "Old World Classic",
        "Sylvanian Spotlight",
        "Underworld Challenge",
        # The rulebook's spelling (NAFLM writes "Woodlands League").
        "Woodland League",
        "Worlds Edge Superleague",
    }
)
BB2025_TEAM_SPECIAL_RULES = frozenset(
    {
        "Brawlin' Brutes",
        "Bribery and Corruption",
        "Low Cost Linemen",
        "Masters of Undeath",
        "Swarming",
        "Team Captain",
    }
)
BB2025_FAVOURED_OF = frozenset(
    f"Favoured of {god}"
    for god in ("Chaos Undivided", "Hashut", "Khorne", "Nurgle", "Slaanesh", "Tzeentch")
)
# The rulebook's 30 rosters; Slann is outside it (facts section 13.14).
BB2025_ROSTER_COUNT = 30
# 66 star entries in the rulebook, of which 3 are the partners of a pair
# (Crumbleberry, Drull, Valen Swift) hired with their parent entry.
BB2025_STAR_ENTRY_COUNT = 66
BB2025_STAR_PLAYER_COUNT = 63
# What the data holds outside the rulebook: one roster, two stars (section 13.14).
OUTSIDE_ROSTERS = 1
OUTSIDE_STARS = 2
# Facts section 1: "Tiers now run 1-4".
BB2025_TIERS = range(1, 5)


def _known_special_rule(rule: Any) -> bool:
    return (
        rule in BB2025_TEAM_LEAGUES
        or rule in BB2025_TEAM_SPECIAL_RULES
        or rule in BB2025_FAVOURED_OF
    )


def _build_skills(data: Mapping[str, Any], problems: list[str]) -> SkillCatalogue:
    skills: dict[str, Bb2025Skill] = {}
    places: dict[str, set[int]] = {}
    for row in data["skills"]:
        category = row["category"]
        if category not in BB2025_SKILL_CATEGORIES.values():
            problems.append(f"skill {row['name']}: unknown category {category!r}")
        places.setdefault(category, set()).add(row["d12"])
        half = 0 if row["d6_1"] == "1-3" else 6
        if half + int(row["d6_2"]) != row["d12"]:
            problems.append(f"skill {row['name']}: its D6 cell disagrees with its D12 place")
        skills[row["name"]] = Bb2025Skill(
            name=row["name"],
            category=category,
            compulsory=bool(row.get("compulsory")),
            random_table=(row["d6_1"], row["d6_2"]),
            d12=row["d12"],
            elite=bool(row.get("elite")),
        )
    for category, found in places.items():
        if found != set(range(1, 13)):
            problems.append(f"the {category} D12 table does not hold places 1-12 once each")
    for row in data["traits"]:
        skills[row["name"]] = Bb2025Skill(
            name=row["name"], category="Trait", compulsory=bool(row.get("compulsory")), trait=True
        )
    for row in data["extraordinary"]:
        skills[row["name"]] = Bb2025Skill(
            name=row["name"], category="Extraordinary", trait=True, extraordinary=True
        )
    return SkillCatalogue(skills)


def _categories(letters: list[str], what: str, problems: list[str]) -> tuple[str, ...]:
    names = []
    for letter in letters:
        if letter not in BB2025_SKILL_CATEGORIES:
            problems.append(f"{what}: unknown skill category {letter!r}")
            continue
        names.append(BB2025_SKILL_CATEGORIES[letter])
    return tuple(names)


def _build_position(
    row: Mapping[str, Any],
    roster_slug: str,
    roster_name: str,
    skills: SkillCatalogue,
    problems: list[str],
) -> Bb2025Position:
    what = f"{roster_name} {row['position']}"
    check_position(row, what, problems)
    keywords = tuple(row["keywords"])
    if not keywords:
        problems.append(f"{what}: no keywords")
    if (BIG_GUY in keywords) != bool(row["big_guy"]):
        problems.append(f"{what}: the Big Guy keyword disagrees with the Big Guy flag")
    return Bb2025Position(
        slug=position_slug(roster_slug, row["position"]),
        **position_fields(row, roster_slug, skills, _categories, what, problems),
        big_guy=bool(row["big_guy"]),
        keywords=keywords,
        low_cost_lineman=bool(row.get("low_cost_lineman")),
    )


def _special_rules(
    team: Mapping[str, Any], problems: list[str]
) -> tuple[
    tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]
]:
    """A team's Team Leagues, its one choice's options (its two leagues, or its
    "Favoured of ..." options: facts section 2), all its special rules, and the rules a
    league choice brings along (Norse: Chaos Clash is also Favoured of Khorne); each
    rule known and every Team League among its special rules."""
    name = team["name"]
    leagues = tuple(team["team_leagues"])
    favoured = tuple(team["favoured_of_choices"]) if team["special_rules_choose_one"] else ()
    if bool(favoured) != bool(team["special_rules_choose_one"]):
        problems.append(f"{name}: chooses a Favoured of ... rule but has no options")
    if len(leagues) > 1 and favoured:
        problems.append(f"{name}: chooses both a Team League and a Favoured of ... rule")
    choices = leagues if len(leagues) > 1 else favoured
    brought = tuple(
        (league, tuple(rules)) for league, rules in team.get("league_special_rules", {}).items()
    )
    for league, _ in brought:
        if league not in choices:
            problems.append(f"{name}: {league!r} brings rules but is not one of its choices")
    extra = (rule for _, rules in brought for rule in rules)
    rules = tuple(dict.fromkeys((*team["special_rules"], *favoured, *extra)))
    for rule in rules:
        if not _known_special_rule(rule):
            problems.append(f"{name}: unknown special rule {rule!r}")
    if not leagues or any(league not in BB2025_TEAM_LEAGUES for league in leagues):
        problems.append(f"{name}: Team Leagues {leagues!r} are not all known")
    if any(league not in rules for league in leagues):
        problems.append(f"{name}: its special rules leave out a Team League")
    return leagues, choices, rules, brought


def _build_roster(
    team: Mapping[str, Any], skills: SkillCatalogue, problems: list[str]
) -> Bb2025Roster:
    name = team["name"]
    slug = slugify(name)
    positions: dict[str, Position] = {}
    aliases: dict[str, str] = {}
    for row in team["positions"]:
        position = _build_position(row, slug, name, skills, problems)
        if position.slug in positions:
            problems.append(f"{name} {row['position']}: position slug used twice")
        positions[position.slug] = position
        for alias, target in position_aliases(slug, row["position"], position.slug).items():
            aliases.setdefault(alias, target)
    check_journeymen_line(name, (p.max_count for p in positions.values()), problems)
    if team["tier"] not in BB2025_TIERS:
        problems.append(f"{name}: tier {team['tier']!r} is not 1-4")

    staff = {row["name"]: row["cost"] for row in team["staff"]}
    for staff_name in set(staff) - STAFF:
        problems.append(f"{name}: unknown sideline staff {staff_name!r}")
    check_reroll(team, staff, problems)
    apothecary = bool(team["apothecary_allowed"])
    if apothecary != ("Apothecary" in staff):
        problems.append(f"{name}: apothecary disagrees with its staff list")

    leagues, choices, rules, brought = _special_rules(team, problems)

    big_guy_max = team["big_guy_max"]
    big_guys = [p for p in positions.values() if p.big_guy]
    if not isinstance(big_guy_max, int) or big_guy_max < 0:
        problems.append(f"{name}: Big Guy maximum {big_guy_max!r} is not a count")
    elif bool(big_guys) != bool(big_guy_max):
        problems.append(f"{name}: Big Guy maximum {big_guy_max} disagrees with its positions")
    roster = Bb2025Roster(
        **roster_fields(team, slug, staff, apothecary),
        special_rules=rules,
        special_rule_choices=choices,
        positions=Catalogue(positions, aliases),
        max_big_guys=big_guy_max,
        roster_notes=tuple(team.get("roster_notes") or ()),
        team_leagues=leagues,
        league_special_rules=brought,
        outside_rulebook=bool(team.get("outside_rulebook")),
        non_core_inducements=_non_core_inducements(team, problems),
    )
    flagged = {
        p for p in positions.values() if isinstance(p, Bb2025Position) and p.low_cost_lineman
    }
    if roster.has_special_rule("Low Cost Linemen") and flagged != set(roster.lineman_positions()):
        problems.append(f"{name}: Low Cost Linemen flags are not on its Lineman line")
    if flagged and not roster.has_special_rule("Low Cost Linemen"):
        problems.append(f"{name}: a Low Cost Lineman without the Low Cost Linemen rule")
    return roster


def _non_core_inducements(
    team: Mapping[str, Any], problems: list[str]
) -> tuple[tuple[str, int, int], ...]:
    """The team list's inducements from other publications (facts §13.14), each a name,
    a price and a maximum; a row without them is reported."""
    rows: list[tuple[str, int, int]] = []
    for row in team.get("new_inducements_death_zone") or ():
        name, cost, most = row.get("name"), row.get("cost"), row.get("max")
        if not isinstance(name, str) or not isinstance(cost, int) or not isinstance(most, int):
            problems.append(f"{team['name']}: non-core inducement {row!r} lacks a name/cost/max")
            continue
        rows.append((name, cost, most))
    return tuple(rows)


def _inducement_extras(
    row: Mapping[str, Any], maxima: tuple[tuple[str, int], ...]
) -> dict[str, Any]:
    return {
        "special_max_counts": maxima,
        "surcharge": row.get("mercenary_surcharge", 0),
        "extra_skill_surcharge": row.get("mercenary_extra_skill_surcharge", 0),
    }


def _check_league_tables(problems: list[str]) -> None:
    try:
        tables = load_league_tables(KEY)
    except RulesetDataError as error:
        problems.append(str(error))
        return
    if set(tables.random_skills) != set(BB2025_SKILL_CATEGORIES.values()):
        problems.append("the random skill tables do not cover the six categories")


def _in_ruleset(rows: list[Mapping[str, Any]], outside_rulebook: bool) -> list[Mapping[str, Any]]:
    """The data rows the ruleset offers: those outside the rulebook only when asked."""
    return [row for row in rows if outside_rulebook or not row.get("outside_rulebook")]


def load_bb2025(
    data_dir: Traversable | Path | None = None,
    tables_loader: Callable[[str], Any] = load_tables,
    *,
    outside_rulebook: bool = False,
) -> Bb2025Ruleset:
    """Load and validate the Blood Bowl 2025 ruleset from its data files; with
    ``outside_rulebook`` also the roster and stars the rulebook does not have (facts
    section 13.14: off by default, a commissioner may enable them)."""
    data_dir = data_dir or files("rules_engine") / "data" / KEY
    problems: list[str] = []
    skills = _build_skills(read_json(data_dir, "skills.json"), problems)
    all_teams = read_json(data_dir, "teams.json")["teams"]
    teams = _in_ruleset(all_teams, outside_rulebook)
    rosters = build_rosters(teams, lambda team: _build_roster(team, skills, problems), problems)
    all_star_rows = read_json(data_dir, "star_players.json")["star_players"]
    star_rows = _in_ruleset(all_star_rows, outside_rulebook)
    left_out = {row["name"] for row in all_star_rows} - {row["name"] for row in star_rows}
    stars, star_aliases = build_stars(
        star_rows, skills, {t["name"] for t in all_teams}, _known_special_rule, problems
    )
    inducement_data = read_json(data_dir, "inducements.json")
    inducements, inducement_aliases = build_inducements(
        inducement_data,
        set(rosters),
        _known_special_rule,
        Bb2025Inducement,
        _inducement_extras,
        problems,
    )
    more_stars = OUTSIDE_STARS if outside_rulebook else 0
    expected_rosters = BB2025_ROSTER_COUNT + (OUTSIDE_ROSTERS if outside_rulebook else 0)
    if len(rosters) != expected_rosters:
        problems.append(f"{len(rosters)} rosters, expected {expected_rosters}")
    expected_entries = BB2025_STAR_ENTRY_COUNT + more_stars
    expected_stars = BB2025_STAR_PLAYER_COUNT + more_stars
    if len(star_rows) != expected_entries or len(stars) != expected_stars:
        problems.append(
            f"{len(star_rows)} star entries and {len(stars)} star players, expected "
            f"{expected_entries} and {expected_stars}"
        )
    cross_check_teams(teams, rosters, stars, inducements, inducement_data, problems, left_out)
    check_tables(KEY, tables_loader, problems)
    _check_league_tables(problems)
    fail_on(problems, KEY)
    return Bb2025Ruleset(
        key=KEY,
        name=NAME,
        description="Blood Bowl 2025 (Third Season) with its league rules",
        readings=DUGOUTS_READING,
        rosters=Catalogue(rosters),
        star_players=Catalogue(stars, star_aliases),
        skills=skills,
        inducements=Catalogue(inducements, inducement_aliases),
        tables_loader=tables_loader,
    )
