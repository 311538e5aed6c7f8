"""One player carried to the new edition: his position, skills and characteristics."""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules_engine.bb2020.state import PlayerState
from rules_engine.edition_change.mapping import Loss, MappedPlayer
from rules_engine.edition_change.moves import (
    CHARACTERISTIC,
    CHARACTERISTICS,
    IMPROVEMENT_STEP,
    SAME_NAME,
    SAME_SLUG,
    SKILL,
    EditionMove,
)
from rules_engine.ruleset import Position, Roster, Ruleset, skill_key, slugify
from rules_engine.tables import load_league_tables
from rules_engine.wording import Wording, say


def _name_key(roster: Roster, name: str) -> str:
    """A position's name without its roster's words ("Human Blitzer" -> "blitzer")."""
    slug = slugify(name)
    for prefix in {roster.slug, slugify(roster.name)}:
        if slug.startswith(f"{prefix}-"):
            slug = slug[len(prefix) + 1 :]
    return slug


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.split(r"-", text) if w and w not in {"lineman", "linewoman"}}


def same_position(old: Position, old_roster: Roster, new_roster: Roster) -> tuple[str, str] | None:
    """The new roster's position the old one carries to by slug or name, with how."""
    # The new roster's catalogue also answers to its aliases (former spellings).
    resolved = new_roster.positions.resolve(old.slug)
    if resolved is not None:
        return resolved, SAME_SLUG
    wanted = _name_key(old_roster, old.name)
    found = [
        p.slug for p in new_roster.positions.values() if _name_key(new_roster, p.name) == wanted
    ]
    if len(found) == 1:
        return found[0], SAME_NAME
    return None


def suggestion(old: Position, old_roster: Roster, new_roster: Roster) -> str | None:
    """The one new position sharing most words with the old one's name, if one does."""
    wanted = _words(_name_key(old_roster, old.name))
    scored = [
        (len(wanted & _words(_name_key(new_roster, p.name))), p.slug)
        for p in new_roster.positions.values()
    ]
    best = max((score for score, _ in scored), default=0)
    tops = [slug for score, slug in scored if score == best]
    return tops[0] if best and len(tops) == 1 else None


def _characteristics(
    move: EditionMove,
    player: PlayerState,
    old: Position,
    new: Position,
    new_name: str,
) -> tuple[
    dict[str, int | None], tuple[str, ...], list[tuple[str, Wording]], list[tuple[str, Wording]]
]:
    """The player's characteristics on the new position: (values, improvements kept,
    improvements lost with the reason, injuries that the new limits cut short)."""
    limits = load_league_tables(move.to_key).characteristic_limits
    values: dict[str, int | None] = {}
    kept: list[str] = []
    # (the characteristic, why): "+MA" for an improvement lost, "MA" for an injury cut short.
    lost: list[tuple[str, Wording]] = []
    limited: list[tuple[str, Wording]] = []
    for name in CHARACTERISTICS:
        step = IMPROVEMENT_STEP[name]
        old_base = getattr(old, name)
        new_base = getattr(new, name)
        own = getattr(player, name)
        current = own if own is not None else old_base
        improvements = player.characteristic_improvements.count(name)
        if new_base is None or current is None or old_base is None:
            values[name] = None
            if improvements and new_base is None:
                why = say(
                    "the {position} has no {characteristic}",
                    position=new_name,
                    characteristic=name.upper(),
                )
                lost += [(f"+{name.upper()}", why)] * improvements
            elif improvements:
                kept += [name] * improvements
            continue
        injuries = current - old_base - improvements * step
        low, high = limits[name]
        value = min(max(new_base + injuries, low), high)
        if injuries and value != new_base + injuries:
            limited.append(
                (
                    name.upper(),
                    say(
                        "the injury would take it past the {low}-{high} limit on a {position}; "
                        "it stops at {value}",
                        low=low,
                        high=high,
                        position=new_name,
                        value=_shown(name, value),
                    ),
                )
            )
        carried = 0
        for _ in range(improvements):
            after = value + step
            if carried >= move.max_improvements or not low <= after <= high:
                lost.append(
                    (
                        f"+{name.upper()}",
                        say(
                            "{characteristic} {value} is past the limit ({low}-{high}) or the "
                            "maximum of {most} improvements on a {position}",
                            characteristic=name.upper(),
                            value=_shown(name, after),
                            low=low,
                            high=high,
                            most=move.max_improvements,
                            position=new_name,
                        ),
                    )
                )
                continue
            value = after
            carried += 1
        kept += [name] * carried
        values[name] = None if value == new_base else value
    return values, tuple(kept), lost, limited


def _shown(name: str, value: int) -> str:
    return f"{value}+" if name in ("ag", "pa", "av") else str(value)


def _carry_skills(
    move: EditionMove,
    new_rules: Ruleset,
    player: PlayerState,
    new: Position,
    skill_kinds: Mapping[str, str],
    losses: list[Loss],
) -> tuple[list[str], list[tuple[str, str]], list[str], int]:
    """The gained skills that carry to ``new``: (kept, renamed, dropped, value increase)."""
    values_of = move.value_increase()
    own_skills = {skill_key(s) for s in new.skills}
    kept: list[str] = []
    renamed: list[tuple[str, str]] = []
    dropped: list[str] = []
    value = 0
    for name in player.skills:
        spelled = move.skill_renames.get(skill_key(name), name)
        skill = new_rules.skills.find(spelled)
        reason: Wording
        if skill is None:
            reason = say("{edition} has no such skill", edition=new_rules.name)
        elif skill_key(skill.name) in own_skills:
            reason = say(
                "a {position} has {skill} already (no value increase)",
                position=new.name,
                skill=skill.name,
            )
        elif skill_key(skill.name) in {skill_key(s) for s in kept}:
            reason = say("{player} keeps {skill} once", player=player.name, skill=skill.name)
        elif skill.category not in new.primary and skill.category not in new.secondary:
            reason = say(
                "a {position} may not take {category} skills in {edition}",
                position=new.name,
                category=skill.category,
                edition=new_rules.name,
            )
        else:
            access = "primary" if skill.category in new.primary else "secondary"
            random = skill_kinds.get(name, "").startswith("random")
            kind = f"{'random' if random and access == 'primary' else 'chosen'}_{access}"
            value += values_of.skill(kind, skill.name)
            kept.append(skill.name)
            if skill.name != name:
                renamed.append((name, skill.name))
            continue
        dropped.append(name)
        losses.append(Loss(SKILL, name, reason, player.id, player.name))
    return kept, renamed, dropped, value


def map_player(
    move: EditionMove,
    old_rules: Ruleset,
    new_rules: Ruleset,
    player: PlayerState,
    new: Position,
    source: str,
    skill_kinds: Mapping[str, str],
) -> tuple[MappedPlayer, list[Loss]]:
    """``player`` on the new position ``new`` (reached by ``source``), with his losses."""
    old = old_rules.position(player.position_slug)
    losses: list[Loss] = []
    kept, renamed, dropped, value = _carry_skills(move, new_rules, player, new, skill_kinds, losses)
    characteristics, improvements, lost, limited = _characteristics(
        move, player, old, new, new.name
    )
    for what, why in lost:
        improvement = say("{characteristic} improvement", characteristic=what)
        losses.append(Loss(CHARACTERISTIC, improvement, why, player.id, player.name))
    for what, why in limited:
        injury = say("{characteristic} injury", characteristic=what)
        losses.append(Loss(CHARACTERISTIC, injury, why, player.id, player.name))
    value += sum(move.value_increase().characteristic(name) for name in improvements)
    mapped = MappedPlayer(
        id=player.id,
        name=player.name,
        number=player.number,
        from_position=player.position_slug,
        position_slug=new.slug,
        position_source=source,
        skills=tuple(kept),
        renamed=tuple(renamed),
        dropped_skills=tuple(dropped),
        characteristics=characteristics,
        characteristic_improvements=improvements,
        dropped_improvements=tuple(what for what, _ in lost),
        value_increases=value,
        value_increases_before=player.value_increases,
    )
    return mapped, losses
