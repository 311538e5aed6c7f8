"""Loader of the Blitz Bowl ruleset from the data files in data/blitz_bowl/.

The data are transcribed from the Blitz Bowl rule text (data/blitz_bowl/SOURCE.md):
the two teams of the box, the D8 Regional League table and the scoring numbers.
Loading checks them for what Blitz Bowl is - a team is exactly six players, three
Linemen and three unique players; nothing costs gold - and fails loudly
(RulesetDataError).

Blitz Bowl's Team cards give Move, Block, Throw and Armour; they become the
positions' ``ma``, ``st``, ``pa`` and ``av`` (Blitz Bowl has no Agility, so ``ag``
is None). The text prints no card, so every value is None; a Move of "D6" would
be None as well, since ``ma`` holds a number.

Importing this module registers Blitz Bowl's draft numbers with ``DRAFT_RULES``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules_engine.blitz_bowl.scoring import ScoringRules, scoring_rules
from rules_engine.draft import DRAFT_RULES, DraftRules
from rules_engine.errors import RulesetDataError
from rules_engine.ruleset import (
    Catalogue,
    Position,
    Roster,
    Ruleset,
    Skill,
    SkillCatalogue,
    position_slug,
    slugify,
)
from rules_engine.tables import load_tables

KEY = "blitz_bowl"
NAME = "Blitz Bowl"
DESCRIPTION = (
    "Blitz Bowl: six-a-side exhibition play scored in points (touchdowns, Challenge "
    "cards, Clean Sweeps; Sudden Death or Points Victory), with the two teams of the "
    "box, the Human Reavers and the Skaven Scramblers"
)
BLITZ_BOWL_ROSTER_COUNT = 2
LINEMAN = "Lineman"
ABILITY_CATEGORY = "Ability"
REGIONAL_LEAGUE = "regional_league"
# The regional rules the engine resolves itself, and the effect each must carry.
RESOLVED_REGIONAL_EFFECTS: dict[str, str] = {
    "World's Edge Superleague": "sudden_death_margin",
    "Lustrian Superleague": "pitch",
}
_PROFILE_LIMITS: dict[str, tuple[int, int]] = {
    "move": (1, 9),
    "block": (1, 3),
    "throw": (1, 6),
    "armour": (1, 6),
}

# "Each team consists of six players - three Linemen ... and three unique players"; no
# gold, re-rolls, staff or fans. Dedicated Fans stay at the one every team starts with
# (the teams app stores at least that) and no more may be bought.
BLITZ_BOWL_DRAFT = DraftRules(
    budget=0,
    min_players=6,
    max_players=6,
    max_rerolls=0,
    max_assistant_coaches=0,
    max_cheerleaders=0,
    max_apothecaries=0,
    starting_dedicated_fans=1,
    max_dedicated_fans=1,
    dedicated_fan_cost=0,
)
DRAFT_RULES.setdefault(KEY, BLITZ_BOWL_DRAFT)


def _read_json(data_dir: Traversable | Path, filename: str) -> Any:
    return json.loads((data_dir / filename).read_text(encoding="utf-8"))


def _profile_value(row: Mapping[str, Any], name: str, what: str, problems: list[str]) -> Any:
    """A Team card value: a number in range, "D6" for a Move, or None (not in the text)."""
    if name not in row:
        problems.append(f"{what}: no {name!r} (null where the text gives none)")
        return None
    value = row[name]
    if value is None or (name == "move" and value == "D6"):
        return value
    low, high = _PROFILE_LIMITS[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.append(f"{what}: {name} {value!r} is outside {low}-{high}")
        return None
    return value


def _ability(row: Mapping[str, Any], what: str, problems: list[str]) -> str | None:
    ability = row.get("ability")
    if ability is not None and (not isinstance(ability, str) or not ability.strip()):
        problems.append(f"{what}: ability {ability!r} is neither text nor null")
        return None
    if not isinstance(row.get("text"), str) or not row["text"].strip():
        problems.append(f"{what}: no 'text' quoting the rules about the player")
    return ability


def _build_position(
    row: Mapping[str, Any],
    slug: str,
    name: str,
    abilities: dict[str, Skill],
    problems: list[str],
) -> Position:
    """One line of a Blitz Bowl team: fixed in number, free, its profile within limits."""
    what = f"{name} {row['position']}"
    low, high = row["min"], row["max"]
    if low != high:
        problems.append(f"{what}: a Blitz Bowl team is fixed, so min {low} must equal max")
    if row["position"] != LINEMAN and high != 1:
        problems.append(f"{what}: only Linemen come more than one to a team")
    if row.get("cost", 0) != 0:
        problems.append(f"{what}: cost {row['cost']!r}; nothing costs gold in Blitz Bowl")
    profile = {n: _profile_value(row, n, what, problems) for n in _PROFILE_LIMITS}
    ability = _ability(row, what, problems)
    if ability is not None:
        abilities.setdefault(ability, Skill(name=ability, category=ABILITY_CATEGORY))
    move = profile["move"]
    return Position(
        slug=position_slug(slug, row["position"]),
        name=row["position"],
        roster_slug=slug,
        min_count=low,
        max_count=high,
        cost=0,
        ma=move if isinstance(move, int) else None,  # type: ignore[arg-type]
        st=profile["block"],
        ag=None,  # type: ignore[arg-type]
        pa=profile["throw"],
        av=profile["armour"],
        skills=(ability,) if ability else (),
        primary=(),
        secondary=(),
        big_guy=False,
    )


def _team_card(team: Mapping[str, Any], problems: list[str]) -> tuple[str, tuple[str, ...]]:
    """The name on the team's Team card and its roster notes; tier and Emergency
    Reserves checked."""
    name = team["name"]
    if team.get("tier") not in (0, 1):
        problems.append(f"{name}: tier {team.get('tier')!r} is not 0 or 1")
    reserves = team.get("emergency_reserves")
    if reserves is not None and (
        isinstance(reserves, bool) or not isinstance(reserves, int) or not 1 <= reserves <= 6
    ):
        problems.append(f"{name}: Emergency Reserves {reserves!r} is outside 1-6")
    team_name = team.get("team_name")
    if not isinstance(team_name, str) or not team_name.strip():
        problems.append(f"{name}: no team name (the name on its Team card)")
        team_name = name
    notes = (
        f"Team card: {team_name}",
        "Emergency Reserves: "
        + (str(reserves) if reserves is not None else "not given in the rule text"),
    )
    return team_name, notes


def _build_roster(
    team: Mapping[str, Any], abilities: dict[str, Skill], rules: ScoringRules, problems: list[str]
) -> tuple[Roster, list[str]]:
    name = team["name"]
    slug = slugify(name)
    positions: dict[str, Position] = {}
    aliases: dict[str, str] = {}
    linemen = unique = 0
    for row in team["positions"]:
        position = _build_position(row, slug, name, abilities, problems)
        if position.slug in positions:
            problems.append(
                f"{name} {row['position']}: position slug {position.slug!r} is used twice"
            )
        if row["position"] == LINEMAN:
            linemen += position.max_count
        elif position.max_count == 1:
            unique += 1
        positions[position.slug] = position
        for alias in (f"{slug}-{slugify(row['position'])}", slugify(row["position"])):
            aliases.setdefault(alias, position.slug)
    if linemen != rules.team_linemen or linemen + unique != rules.team_players:
        problems.append(
            f"{name}: {linemen} Linemen and {unique} unique players; a Blitz Bowl team is "
            f"{rules.team_linemen} Linemen and {rules.team_players - rules.team_linemen} "
            f"unique players"
        )
    team_name, notes = _team_card(team, problems)
    roster = Roster(
        slug=slug,
        name=name,
        tier=team["tier"],
        reroll_cost=0,
        apothecary_allowed=False,
        apothecary_cost=None,
        assistant_coach_cost=0,
        cheerleader_cost=0,
        special_rules=(),
        special_rule_choices=(),
        positions=Catalogue(positions, aliases),
        roster_notes=notes,
    )
    return roster, [slugify(team_name)]


def _check_tables(tables_loader: Callable[[str], Any], problems: list[str]) -> None:
    """The Regional League table must be there, a D8 table, with the effects the
    sequences read (World's Edge's margin, Lustrian's pitch)."""
    try:
        table = tables_loader(KEY).get(REGIONAL_LEAGUE)
    except RulesetDataError as error:
        problems.append(str(error))
        return
    if table is None:
        problems.append(f"no {REGIONAL_LEAGUE!r} table")
        return
    if table.die != "d8":
        problems.append(f"the {REGIONAL_LEAGUE} table is read with a {table.die}, not a D8")
    by_name = {str(entry.name): entry for entry in table.entries}
    for name, effect in RESOLVED_REGIONAL_EFFECTS.items():
        if name not in by_name or effect not in by_name[name].effect:
            problems.append(f"the {REGIONAL_LEAGUE} table needs {name} with {effect!r}")


def load_blitz_bowl(
    data_dir: Traversable | Path | None = None,
    tables_loader: Callable[[str], Any] = load_tables,
) -> Ruleset:
    """Load and validate the Blitz Bowl ruleset from its data files."""
    data_dir = data_dir or files("rules_engine") / "data" / KEY
    problems: list[str] = []
    try:
        rules = scoring_rules(Path(str(data_dir / "scoring.json")))
    except RulesetDataError as error:
        raise RulesetDataError(f"the blitz_bowl data failed validation:\n- {error}") from error
    abilities: dict[str, Skill] = {}
    rosters: dict[str, Roster] = {}
    roster_aliases: dict[str, str] = {}
    for team in _read_json(data_dir, "teams.json")["rosters"]:
        roster, aliases = _build_roster(team, abilities, rules, problems)
        if roster.slug in rosters:
            problems.append(f"{roster.name}: roster slug {roster.slug!r} is used twice")
        rosters[roster.slug] = roster
        roster_aliases.update({alias: roster.slug for alias in aliases})
    if len(rosters) != BLITZ_BOWL_ROSTER_COUNT:
        problems.append(f"{len(rosters)} rosters, expected {BLITZ_BOWL_ROSTER_COUNT}")
    _check_tables(tables_loader, problems)
    if problems:
        raise RulesetDataError("the blitz_bowl data failed validation:\n- " + "\n- ".join(problems))
    return Ruleset(
        key=KEY,
        name=NAME,
        description=DESCRIPTION,
        rosters=Catalogue(rosters, roster_aliases),
        star_players=Catalogue({}),
        skills=SkillCatalogue(abilities),
        inducements=Catalogue({}),
        tables_loader=tables_loader,
    )
