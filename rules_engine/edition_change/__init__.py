"""A team moving from one edition to another at a re-draft (issue 14, "BB2020 -> BB2025
re-draft"): its players mapped onto the new edition's roster of its race, with the list
of everything that cannot carry over.

Which moves exist is the engine's (``edition_moves_from``, ``edition_move``); the apps
ask here and never compare edition keys. ``map_team`` is pure: it takes the team as a
``TeamState`` of the old edition and the coach's position choices, and returns each
player as he would be in the new edition plus every loss, in words fit to show. Nothing
is dropped silently: a player whose position has no counterpart waits for the coach's
choice, and every skill, characteristic improvement or team option that cannot carry is
a ``Loss``.

Dugout's readings (the facts file is silent on a change of edition):

- a position carries over to the position of the new roster with the same slug or the
  same name (roster prefixes ignored: BB2020's Human "Blitzer" is BB2025's "Human
  Blitzer"); otherwise, or when the coach prefers another, the coach picks one of the
  new roster's positions;
- a gained skill carries when the new edition has it (under its new spelling where it
  was renamed), the new position does not already have it, and the new position may
  take its category as a primary or secondary skill; it is then valued by the new
  edition as a primary or secondary skill of the new position (elite surcharge
  included);
- a characteristic keeps its injuries and improvements relative to the position's
  profile; an improvement that would pass the new edition's limits (or a second one
  beyond the maximum, or PA where the new position has none) is lost, the newest
  first. An injury never takes a characteristic past its limit;
- what is lost stays lost: the SPP spent on it stay spent and the advancement still
  counts toward the six (the commissioner may adjust SPP);
- the team's option ("Favoured of...") carries when the new roster offers it, else the
  coach chooses again (or loses it where the new roster offers none); an apothecary
  where the new roster may hire none is an inducement only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.errors import RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Position, Roster, Ruleset, skill_key, slugify
from rules_engine.tables import load_league_tables

CHARACTERISTICS: Final = ("ma", "st", "ag", "pa", "av")
# MA, ST and AV rise as they improve; AG and PA are target numbers and fall.
IMPROVEMENT_STEP: Final[Mapping[str, int]] = {"ma": 1, "st": 1, "ag": -1, "pa": -1, "av": 1}

# How a position was carried over (``MappedPlayer.position_source``).
SAME_SLUG: Final = "same position"
SAME_NAME: Final = "same name"
COACHS_CHOICE: Final = "coach's choice"

# What a loss is about (``Loss.kind``).
POSITION: Final = "position"
SKILL: Final = "skill"
CHARACTERISTIC: Final = "characteristic"
TEAM_OPTION: Final = "team option"
INDUCEMENT_ONLY: Final = "inducement only"


class ValueIncrease:
    """The new edition's value increase of one kept advancement: ``skill(kind, name)``
    for a skill of access kind ("random_primary", "chosen_secondary"...), and
    ``characteristic(name)`` for an improvement."""

    def __init__(
        self,
        skill: Callable[[str, str], int],
        characteristic: Callable[[str], int],
    ) -> None:
        self.skill = skill
        self.characteristic = characteristic


@dataclass(frozen=True)
class EditionMove:
    """One supported move between editions at a re-draft."""

    from_key: str
    to_key: str
    # skill_key of the old spelling -> the new edition's name
    skill_renames: Mapping[str, str]
    value_increase: Callable[[], ValueIncrease]
    max_improvements: int = 2

    def from_ruleset(self) -> Ruleset:
        return get_ruleset(self.from_key)

    def to_ruleset(self) -> Ruleset:
        return get_ruleset(self.to_key)


def _bb2025_values() -> ValueIncrease:
    from rules_engine.bb2025 import advancement

    return ValueIncrease(
        skill=lambda kind, name: advancement.value_increase(kind, elite=advancement.is_elite(name)),
        characteristic=lambda name: advancement.value_increase(name),
    )


_MOVES: Final[tuple[EditionMove, ...]] = (
    EditionMove(
        from_key="bb2020",
        to_key="bb2025",
        # BB2025's spellings of BB2020 skills it kept under another name.
        skill_renames={
            skill_key("Fumblerooskie"): "Fumblerooski",
            skill_key("Pogo Stick"): "Pogo",
            skill_key("No Hands"): "No Ball",
            skill_key("Ball and Chain"): "Ball & Chain",
        },
        value_increase=_bb2025_values,
    ),
)


def edition_moves_from(key: str) -> tuple[str, ...]:
    """The editions a league of ``key`` may move to at a re-draft."""
    return tuple(m.to_key for m in _MOVES if m.from_key == key)


def is_edition_change(from_key: str, to_key: str) -> bool:
    """Whether a team of ``from_key`` going into a season of ``to_key`` changes edition."""
    return bool(to_key) and from_key != to_key


def edition_move(from_key: str, to_key: str) -> EditionMove:
    """The move from ``from_key`` to ``to_key``; RulesError where Dugout has none."""
    for move in _MOVES:
        if move.from_key == from_key and move.to_key == to_key:
            return move
    moves = ", ".join(edition_moves_from(from_key)) or "none"
    raise RulesError(
        f"A {from_key} league cannot move to {to_key} at a re-draft (moves from {from_key}: "
        f"{moves})"
    )


@dataclass(frozen=True)
class Loss:
    """One thing that cannot carry over, in words fit to show."""

    kind: str
    what: str
    reason: str
    player_id: Any = None
    player_name: str = ""
    value: int = 0  # the old edition's value increase it took with it

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player_id,
            "player_name": self.player_name,
            "what": self.what,
            "reason": self.reason,
        }

    def __str__(self) -> str:
        who = f"{self.player_name}: " if self.player_name else ""
        return f"{who}{self.what} - {self.reason}"


@dataclass(frozen=True)
class PositionChoice:
    """A player whose new position the coach chooses (none by name, or his choice)."""

    player_id: Any
    player_name: str
    from_position: str
    from_name: str
    options: tuple[tuple[str, str], ...]  # (slug, name) of the new roster's positions
    suggested: str | None
    reason: str


@dataclass(frozen=True)
class MappedPlayer:
    """A player as he would be in the new edition. ``position_slug`` is None while his
    position waits for the coach's choice (then nothing else is computed)."""

    id: Any
    name: str
    number: int
    from_position: str
    position_slug: str | None
    position_source: str
    skills: tuple[str, ...] = ()  # gained skills kept, as the new edition spells them
    renamed: tuple[tuple[str, str], ...] = ()  # (old, new) spellings
    dropped_skills: tuple[str, ...] = ()
    characteristics: Mapping[str, int | None] = field(default_factory=dict)
    characteristic_improvements: tuple[str, ...] = ()
    dropped_improvements: tuple[str, ...] = ()
    value_increases: int = 0
    value_increases_before: int = 0

    @property
    def mapped(self) -> bool:
        return self.position_slug is not None


@dataclass(frozen=True)
class TeamMapping:
    """The team in the new edition: its players, the choices still to make, what is
    lost and any problem with the coach's choices."""

    move: EditionMove
    roster_slug: str
    players: tuple[MappedPlayer, ...]
    choices: tuple[PositionChoice, ...]
    losses: tuple[Loss, ...]
    problems: Mapping[str, tuple[str, ...]]  # field -> messages about the coach's choices
    special_rule_choice: str | None
    special_rule_options: tuple[str, ...]
    special_rule_choice_needed: bool

    def player(self, player_id: Any) -> MappedPlayer:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)


def _name_key(roster: Roster, name: str) -> str:
    """A position's name without its roster's words ("Human Blitzer" -> "blitzer")."""
    slug = slugify(name)
    for prefix in {roster.slug, slugify(roster.name)}:
        if slug.startswith(f"{prefix}-"):
            slug = slug[len(prefix) + 1 :]
    return slug


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.split(r"-", text) if w and w not in {"lineman", "linewoman"}}


def _same_position(old: Position, old_roster: Roster, new_roster: Roster) -> tuple[str, str] | None:
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


def _suggestion(old: Position, old_roster: Roster, new_roster: Roster) -> str | None:
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
) -> tuple[dict[str, int | None], tuple[str, ...], list[str]]:
    """The player's characteristics on the new position: (values, improvements kept,
    improvements lost with the reason)."""
    limits = load_league_tables(move.to_key).characteristic_limits
    values: dict[str, int | None] = {}
    kept: list[str] = []
    lost: list[str] = []
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
                lost += [f"+{name.upper()}: the {new_name} has no {name.upper()}"] * improvements
            elif improvements:
                kept += [name] * improvements
            continue
        injuries = current - old_base - improvements * step
        low, high = limits[name]
        value = min(max(new_base + injuries, low), high)
        carried = 0
        for _ in range(improvements):
            after = value + step
            if carried >= move.max_improvements or not low <= after <= high:
                shown = f"{after}+" if name in ("ag", "pa", "av") else str(after)
                lost.append(
                    f"+{name.upper()}: {name.upper()} {shown} is past the limit "
                    f"({low}-{high}) or the maximum of {move.max_improvements} improvements "
                    f"on a {new_name}"
                )
                continue
            value = after
            carried += 1
        kept += [name] * carried
        values[name] = None if value == new_base else value
    return values, tuple(kept), lost


def _map_player(
    move: EditionMove,
    old_rules: Ruleset,
    new_rules: Ruleset,
    player: PlayerState,
    new: Position,
    source: str,
    skill_kinds: Mapping[str, str],
) -> tuple[MappedPlayer, list[Loss]]:
    values_of = move.value_increase()
    old = old_rules.position(player.position_slug)
    new_name = new.name
    losses: list[Loss] = []
    own_skills = {skill_key(s) for s in new.skills}
    kept: list[str] = []
    renamed: list[tuple[str, str]] = []
    dropped: list[str] = []
    value = 0

    def lose(kind: str, what: str, reason: str) -> None:
        losses.append(Loss(kind, what, reason, player.id, player.name))

    for name in player.skills:
        spelled = move.skill_renames.get(skill_key(name), name)
        skill = new_rules.skills.find(spelled)
        if skill is None:
            dropped.append(name)
            lose(SKILL, name, f"{new_rules.name} has no such skill")
            continue
        key = skill_key(skill.name)
        if key in own_skills:
            dropped.append(name)
            lose(SKILL, name, f"a {new_name} has {skill.name} already (no value increase)")
            continue
        if key in {skill_key(s) for s in kept}:
            dropped.append(name)
            lose(SKILL, name, f"{player.name} keeps {skill.name} once")
            continue
        if skill.category in new.primary:
            access = "primary"
        elif skill.category in new.secondary:
            access = "secondary"
        else:
            dropped.append(name)
            lose(
                SKILL,
                name,
                f"a {new_name} may not take {skill.category} skills in {new_rules.name}",
            )
            continue
        random = skill_kinds.get(name, "").startswith("random")
        kind = f"{'random' if random and access == 'primary' else 'chosen'}_{access}"
        value += values_of.skill(kind, skill.name)
        kept.append(skill.name)
        if skill.name != name:
            renamed.append((name, skill.name))
    characteristics, improvements, lost = _characteristics(move, player, old, new, new_name)
    for reason in lost:
        what, _, why = reason.partition(": ")
        lose(CHARACTERISTIC, f"{what} improvement", why)
    value += sum(values_of.characteristic(name) for name in improvements)
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
        dropped_improvements=tuple(r.partition(":")[0] for r in lost),
        value_increases=value,
        value_increases_before=player.value_increases,
    )
    return mapped, losses


def map_team(
    move: EditionMove,
    team: TeamState,
    *,
    positions: Mapping[Any, str] | None = None,
    special_rule_choice: str | None = None,
    skill_kinds: Mapping[Any, Mapping[str, str]] | None = None,
) -> TeamMapping:
    """Map ``team`` (a team of ``move.from_key``) onto ``move.to_key``'s roster of its
    race. ``positions`` are the coach's choices (player id -> new position slug);
    ``special_rule_choice`` his choice of team option where the old one cannot carry;
    ``skill_kinds`` (player id -> skill -> advancement kind) says which gained skills
    were rolled. Problems with the choices come back in ``problems``, never raised."""
    old_rules, new_rules = move.from_ruleset(), move.to_ruleset()
    old_roster = old_rules.roster(team.roster_slug)
    if team.roster_slug not in new_rules.rosters:
        raise RulesError(
            f"{new_rules.name} has no {old_roster.name} roster: the team cannot move to it"
        )
    new_roster = new_rules.roster(team.roster_slug)
    positions = dict(positions or {})
    kinds = skill_kinds or {}
    problems: dict[str, list[str]] = {}
    options = tuple((p.slug, p.name) for p in new_roster.positions.values())
    known_ids = {p.id for p in team.players}
    for pid, wanted in positions.items():
        if pid not in known_ids:
            problems.setdefault("positions", []).append(
                f"Player {pid} is not a player of {team.name}"
            )
        elif not isinstance(wanted, str) or wanted not in new_roster.positions:
            problems.setdefault("positions", []).append(
                f"{wanted!r} is not a position of the {new_rules.name} {new_roster.name} roster; "
                f"choose one of {', '.join(s for s, _ in options)}"
            )
    players: list[MappedPlayer] = []
    choices: list[PositionChoice] = []
    losses: list[Loss] = []
    for player in team.players:
        old = old_rules.position(player.position_slug)
        same = _same_position(old, old_roster, new_roster)
        chosen = positions.get(player.id)
        slug: str | None = None
        source = ""
        if isinstance(chosen, str) and chosen in new_roster.positions:
            slug = new_roster.positions.resolve(chosen)
            source = same[1] if same is not None and same[0] == slug else COACHS_CHOICE
        elif same is not None:
            slug, source = same
        if same is None:
            choices.append(
                PositionChoice(
                    player_id=player.id,
                    player_name=player.name,
                    from_position=old.slug,
                    from_name=old.name,
                    options=options,
                    suggested=_suggestion(old, old_roster, new_roster),
                    reason=f"{new_rules.name}'s {new_roster.name} roster has no "
                    f"{old.name}: choose his position",
                )
            )
        if slug is None:
            players.append(
                MappedPlayer(
                    id=player.id,
                    name=player.name,
                    number=player.number,
                    from_position=old.slug,
                    position_slug=None,
                    position_source="",
                    value_increases_before=player.value_increases,
                )
            )
            continue
        mapped, lost = _map_player(
            move,
            old_rules,
            new_rules,
            player,
            new_roster.positions[slug],
            source,
            kinds.get(player.id, {}),
        )
        players.append(mapped)
        losses += lost
    # The team's option and staff.
    offered = tuple(new_roster.special_rule_choices)
    current = team.special_rule_choice
    choice: str | None = None
    needed = False
    if special_rule_choice:
        if special_rule_choice in offered:
            choice = special_rule_choice
        else:
            problems.setdefault("special_rule_choice", []).append(
                f"{special_rule_choice!r} is not an option of the {new_rules.name} "
                f"{new_roster.name} roster"
                + (f"; choose one of {', '.join(offered)}" if offered else "")
            )
    elif current and current in offered:
        choice = current
    elif offered:
        needed = True
    if current and choice != current:
        losses.append(
            Loss(
                TEAM_OPTION,
                current,
                f"the {new_rules.name} {new_roster.name} roster "
                + (f"offers {', '.join(offered)}" if offered else "has no such option"),
            )
        )
    if team.apothecary and not new_roster.apothecary_allowed:
        losses.append(
            Loss(
                INDUCEMENT_ONLY,
                "Apothecary",
                f"a {new_rules.name} {new_roster.name} team may not hire one: "
                "only as an inducement",
            )
        )
    return TeamMapping(
        move=move,
        roster_slug=new_roster.slug,
        players=tuple(players),
        choices=tuple(choices),
        losses=tuple(losses),
        problems={k: tuple(v) for k, v in problems.items()},
        special_rule_choice=choice,
        special_rule_options=offered,
        special_rule_choice_needed=needed,
    )
