"""Blood Bowl 2020 data files checked against each other (rules_engine/loaders/bb2020.py
loads them): each team's own inducement prices and star list against the common
inducement table and the stars' own "plays for".

Where the files disagree, the maps below say which side wins and why, so a new
disagreement is an error and not a silent skip.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.ruleset import Inducement, Roster, StarPlayer, slugify

# Names the team lists use for a star that star_players.json names in full.
BB2020_STAR_ALIASES: dict[str, str] = {"Grombrindal": "Grombrindal, The White Dwarf"}
# Named by a team list but absent from star_players.json, so there is no profile
# to field: not offered. Gretchen Wächter, once here, now has her profile
# (data/bb2020/SOURCE.md, "Corrections").
BB2020_STARS_WITHOUT_PROFILE: frozenset[str] = frozenset()
# Listed under "staff" (at her star cost) by the Halfling, Human and Norse
# rosters: she is a star player, not sideline staff.
BB2020_STARS_LISTED_AS_STAFF = frozenset({"Cindy Piewhistle"})
# Stars who play for a roster by their "plays_for" but whom that roster's own
# star list leaves out; "plays_for" decides. The Snotling three come from the
# Snotling roster's Badlands Brawl rule, which the roster lists.
BB2020_STAR_TEAM_LIST_GAPS: dict[str, frozenset[str]] = {
    "Imperial Nobility": frozenset({"Grak and Crumbleberry"}),
    "Khorne": frozenset({"Grak and Crumbleberry"}),
    "Snotling": frozenset({"H'thark the Unstoppable", "Rashnak Backstabber", "Zzharg Madeye"}),
}


def cross_check_inducements(
    teams: list[Mapping[str, Any]],
    rosters: Mapping[str, Roster],
    inducements: Mapping[str, Inducement],
    data: Mapping[str, Any],
    problems: list[str],
) -> None:
    """Each team's own price list against the common table (facts section 3)."""
    by_list_name = {
        list_name: row["slug"]
        for row in data["inducements"]
        for list_name in row["team_list_names"]
    }
    known = data["team_list_discrepancies"]
    documented = {
        "missing": {(d["roster"], d["inducement"]) for d in known["missing"]},
        "extra": {(d["roster"], d["inducement"]) for d in known["extra"]},
    }
    found: dict[str, set[tuple[str, str]]] = {"missing": set(), "extra": set()}
    for team in teams:
        roster = rosters[slugify(team["name"])]
        listed: dict[str, int] = {}
        for entry in team["inducements"]:
            if entry["name"] in known["ignored"]:
                continue
            if entry["name"] not in by_list_name:
                problems.append(f"{roster.name}: unknown inducement {entry['name']!r}")
                continue
            listed[by_list_name[entry["name"]]] = entry["cost"]
        for slug, inducement in inducements.items():
            if inducement.price is None and slug not in listed:
                continue
            allowed = roster.may_induce(inducement)
            if allowed and slug not in listed:
                found["missing"].add((roster.name, slug))
            elif slug in listed and not allowed:
                found["extra"].add((roster.name, slug))
            elif slug in listed and inducement.price is not None:
                price = roster.inducement_price(inducement)
                if price != listed[slug]:
                    problems.append(
                        f"{roster.name}: {inducement.name} costs {listed[slug]} in its list, "
                        f"{price} by the common table"
                    )
    for kind in ("missing", "extra"):
        for roster_name, slug in sorted(found[kind] - documented[kind]):
            problems.append(f"{roster_name}: {slug} is {kind} in its inducement list")
        for roster_name, slug in sorted(documented[kind] - found[kind]):
            problems.append(f"{roster_name}: {slug} is documented {kind} but is not")


def cross_check_stars(
    teams: list[Mapping[str, Any]],
    rosters: Mapping[str, Roster],
    stars: Mapping[str, StarPlayer],
    problems: list[str],
) -> None:
    """Each team's star list against the stars' own "plays for"."""
    by_name = {star.name: star for star in stars.values()}
    for team in teams:
        roster = rosters[slugify(team["name"])]
        listed = [*team["star_players"]]
        listed += [
            {"name": row["name"], "cost": row["cost"]}
            for row in team["staff"]
            if row["name"] in BB2020_STARS_LISTED_AS_STAFF
        ]
        listed_names = set()
        for entry in listed:
            star_name = BB2020_STAR_ALIASES.get(entry["name"], entry["name"])
            if star_name in BB2020_STARS_WITHOUT_PROFILE:
                continue
            star = by_name.get(star_name)
            if star is None:
                problems.append(f"{roster.name}: star list names unknown star {star_name!r}")
                continue
            if entry["cost"] != star.cost:
                problems.append(f"{roster.name}: {star_name} costs {entry['cost']} in its list")
            listed_names.add(star_name)
        playing = {
            star.name for star in stars.values() if star.plays_for_rules(roster.special_rules_for())
        }
        for star_name in sorted(listed_names - playing):
            problems.append(f"{roster.name}: lists {star_name}, who does not play for it")
        gaps = playing - listed_names
        if gaps != BB2020_STAR_TEAM_LIST_GAPS.get(roster.name, frozenset()):
            problems.append(f"{roster.name}: its star list leaves out {sorted(gaps)}")
