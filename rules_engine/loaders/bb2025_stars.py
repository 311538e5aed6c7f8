"""BB2025 loader, second part: the star players (a pair as one entry with two
profiles) and each team's own star and inducement lists checked against the
stars and the common inducement table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.bb2025.data import Bb2025Inducement, Bb2025StarPlayer
from rules_engine.loaders.common import check_gold, check_stats, skill_names
from rules_engine.ruleset import (
    Inducement,
    Roster,
    SkillCatalogue,
    StarPlayer,
    StarProfile,
    slugify,
)


def _profile(row: Mapping[str, Any], label: str, skills: tuple[str, ...]) -> StarProfile:
    return StarProfile(label, row["MA"], row["ST"], row["AG"], row["PA"], row["AV"], skills)


def build_stars(
    rows: list[Mapping[str, Any]],
    skills: SkillCatalogue,
    roster_names: set[str],
    known_rule: Callable[[Any], bool],
    problems: list[str],
) -> tuple[dict[str, StarPlayer], dict[str, str]]:
    """Stars by slug, a pair (Grak and Crumbleberry, ...) as one entry with two
    profiles; the partner's own name is an alias of the pair. ``known_rule`` says
    whether a "plays for" rule is one of the edition's."""
    by_name = {row["name"]: row for row in rows}
    stars: dict[str, StarPlayer] = {}
    aliases: dict[str, str] = {}
    for row in rows:
        name = row["name"]
        if row.get("hired_with_partner"):
            parent = by_name.get(row.get("paired_with") or "")
            if parent is None or parent.get("paired_with") != name or row["cost"] != 0:
                problems.append(f"{name}: hired with a partner who does not name him")
            continue
        check_gold(row["cost"], f"{name} cost", problems)
        own = skill_names(row["skills"], skills, name, problems)
        entries = [(row, own)]
        partner = by_name.get(row.get("paired_with") or "")
        if row.get("paired_with"):
            if partner is None or not partner.get("hired_with_partner"):
                problems.append(f"{name}: partner {row['paired_with']!r} is not in the data")
            else:
                entries.append((partner, skill_names(partner["skills"], skills, name, problems)))
        profiles = _profiles(entries, name if partner is None else None, problems)
        for rule in row["plays_for"]:
            if not known_rule(rule):
                problems.append(f"{name}: plays for unknown rule {rule!r}")
        unknown = set(row["accepts_to_play_for"]) - roster_names
        if unknown:
            problems.append(f"{name}: accepted by unknown rosters {sorted(unknown)}")
        slug = slugify(name)
        all_skills = tuple(dict.fromkeys(s for _, group in entries for s in group))
        first = profiles[0]
        stars[slug] = Bb2025StarPlayer(
            slug=slug,
            name=name,
            cost=row["cost"],
            ma=first.ma,
            st=first.st,
            ag=first.ag,
            pa=first.pa,
            av=first.av,
            skills=all_skills,
            plays_for=tuple(row["plays_for"]),
            special_rule=", ".join(dict.fromkeys(row["special_rule_names"])),
            profiles=tuple(profiles),
            mega_star=bool(row.get("mega_star")),
            keywords=tuple(row.get("keywords") or ()),
            accepts_to_play_for=tuple(row["accepts_to_play_for"]),
        )
        if partner is not None:
            aliases[slugify(partner["name"])] = slug
    return stars, aliases


def _profiles(
    entries: list[tuple[Mapping[str, Any], tuple[str, ...]]],
    label: str | None,
    problems: list[str],
) -> list[StarProfile]:
    """One profile per entry (two for a pair, each under its own name), each checked:
    one profile in the data, characteristics within limits, and Loner."""
    profiles = []
    for entry, group in entries:
        if len(entry["profiles"]) != 1:
            problems.append(f"{entry['name']}: expected one profile")
        raw = entry["profiles"][0]
        check_stats(raw, entry["name"], problems)
        if not any(s.startswith("Loner") for s in group):
            problems.append(f"{entry['name']}: has no Loner")
        profiles.append(_profile(raw, label or entry["name"], group))
    return profiles


def cross_check_teams(
    teams: list[Mapping[str, Any]],
    rosters: Mapping[str, Roster],
    stars: Mapping[str, StarPlayer],
    inducements: Mapping[str, Inducement],
    data: Mapping[str, Any],
    problems: list[str],
    left_out: set[str] | frozenset[str] = frozenset(),
) -> None:
    """Each team's own star list and inducement list against the stars' "Plays For"
    (any of the roster's leagues and options: facts section 13.12) and the common
    inducement table (price, maximum, who may buy). Stars ``left_out`` of the ruleset
    (outside the rulebook) are left out of the lists too."""
    star_by_name = {s.name: s for s in stars.values()}
    by_list_name = {n: row["slug"] for row in data["inducements"] for n in row["team_list_names"]}
    for team in teams:
        roster = rosters[slugify(team["name"])]
        entries = [e for e in team["star_players"] if e["name"] not in left_out]
        listed = {entry["name"] for entry in entries}
        for entry in entries:
            star = star_by_name.get(entry["name"])
            if star is None:
                problems.append(f"{roster.name}: star list names unknown star {entry['name']!r}")
            elif star.cost != entry["cost"]:
                problems.append(f"{roster.name}: {star.name} costs {entry['cost']} in its list")
        rules = roster.special_rules_for()
        playing = {s.name for s in stars.values() if s.plays_for_rules(rules)}
        if playing != listed:
            problems.append(
                f"{roster.name}: star list differs from the stars' Plays For: "
                f"missing {sorted(playing - listed)}, extra {sorted(listed - playing)}"
            )
        bought = set()
        for entry in team["inducements"]:
            slug = by_list_name.get(entry["name"])
            if slug is None:
                problems.append(f"{roster.name}: unknown inducement {entry['name']!r}")
                continue
            bought.add(slug)
            inducement = inducements[slug]
            if not roster.may_induce(inducement):
                problems.append(f"{roster.name}: lists {inducement.name}, which it may not buy")
                continue
            price = roster.inducement_price(inducement)
            most = (
                inducement.max_for(rules)
                if isinstance(inducement, Bb2025Inducement)
                else inducement.max_count
            )
            if (price, most) != (entry["cost"], entry["max"]):
                problems.append(
                    f"{roster.name}: {inducement.name} {entry['cost']}/{entry['max']} in its "
                    f"list, {price}/{most} by the common table"
                )
        for slug, inducement in inducements.items():
            if (
                inducement.price is not None
                and roster.may_induce(inducement)
                and slug not in bought
            ):
                problems.append(f"{roster.name}: {inducement.name} is missing from its list")
