"""What a change of edition puts over the new edition's limits: positions holding more
players than the new roster allows, and staff or fans above the new caps.

The rulebooks have no conversion rule (facts section 13.13, our policy): every
position over its new maximum is reported with the players on it, and the coach
chooses whom to keep (the new maximum or fewer); the others leave the team. Nothing
is carried over silently, and no choice is made for him. Staff and Dedicated Fans
above the new caps are cut to the cap, without refund.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from rules_engine.draft import DraftRules
from rules_engine.ruleset import Roster
from rules_engine.wording import Shown, Wording, english, say, say_plural

# The problems' field: the coach's choice of whom to keep on each position over its
# new maximum (position slug -> the ids of the players kept).
KEEP: Final = "keep"


class MappedLike(Protocol):
    """What the count reads of a mapped player (``MappedPlayer``)."""

    @property
    def id(self) -> Any: ...
    @property
    def name(self) -> str: ...
    @property
    def number(self) -> int: ...
    @property
    def position_slug(self) -> str | None: ...


@dataclass(frozen=True)
class OverflowPlayer:
    """A player mapped onto a position over its new maximum."""

    id: Any
    name: str
    number: int

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


@dataclass(frozen=True)
class PositionOverflow:
    """A position of the new roster that the mapped players overfill. ``kept`` is the
    coach's choice (None while he has not made it)."""

    position_slug: str
    position_name: str
    plural_name: str
    maximum: int
    edition_name: str
    players: tuple[OverflowPlayer, ...]
    kept: tuple[Any, ...] | None = None

    @property
    def over(self) -> int:
        return len(self.players) - self.maximum

    @property
    def chosen(self) -> bool:
        return self.kept is not None

    @property
    def released(self) -> tuple[OverflowPlayer, ...]:
        """The players who leave the team (none while the choice is not made)."""
        if self.kept is None:
            return ()
        kept = set(self.kept)
        return tuple(p for p in self.players if p.id not in kept)

    @property
    def ids(self) -> tuple[Any, ...]:
        return tuple(p.id for p in self.players)

    def describe(self) -> str:
        """The overflow in words fit to show, in the language active now."""
        return str(self.description())

    def description(self) -> Wording:
        """The overflow as a sentence for a coach."""
        return say_plural(
            "{position}: {edition} allows 0-{most}, and {count} of your players carries over "
            "onto it ({names}). Keep {most} or fewer; the others leave the team.",
            "{position}: {edition} allows 0-{most}, and {count} of your players carry over "
            "onto it ({names}). Keep {most} or fewer; the others leave the team.",
            len(self.players),
            position=self.position_name,
            edition=self.edition_name,
            most=self.maximum,
            names=", ".join(str(p) for p in self.players),
        )


@dataclass(frozen=True)
class StaffCut:
    """Staff or fans above the new edition's cap, and what becomes of them."""

    field: str  # the team's field: "cheerleaders", "dedicated_fans"...
    what: Shown
    had: int
    cap: int
    outcome: Shown

    def __str__(self) -> str:
        return str(
            say(
                "{what}: {had}, above {cap} - {outcome}",
                what=self.what,
                had=self.had,
                cap=self.cap,
                outcome=self.outcome,
            )
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            # English: the audit keeps it as it was said.
            "what": english(self.what),
            "had": self.had,
            "cap": self.cap,
            "outcome": english(self.outcome),
        }


def position_overflows(
    players: Iterable[MappedLike],
    roster: Roster,
    edition_name: str,
    keep: Mapping[str, Iterable[Any]],
    problems: dict[str, list[Shown]],
) -> tuple[PositionOverflow, ...]:
    """The positions of ``roster`` the mapped ``players`` overfill, each with the
    coach's choice from ``keep`` (position slug -> ids kept); a missing or bad
    choice is a problem under ``KEEP`` naming the position."""
    on: dict[str, list[OverflowPlayer]] = {}
    for player in players:
        if player.position_slug is not None:
            on.setdefault(player.position_slug, []).append(
                OverflowPlayer(player.id, player.name, player.number)
            )
    overflows: list[PositionOverflow] = []
    for slug, position in roster.positions.items():
        mapped = sorted(on.get(slug, []), key=lambda p: (p.number, str(p.id)))
        if position.max_count is None or len(mapped) <= position.max_count:
            continue
        overflow = PositionOverflow(
            position_slug=slug,
            position_name=position.name,
            plural_name=position.plural_name(),
            maximum=position.max_count,
            edition_name=edition_name,
            players=tuple(mapped),
        )
        chosen = _resolved(roster, keep, slug)
        kept = None if chosen is None else _checked_keep(overflow, chosen, problems)
        if kept is None and chosen is None:
            problems.setdefault(KEEP, []).append(
                say(
                    "{overflow} Choose which {positions} to keep.",
                    overflow=overflow.description(),
                    positions=overflow.plural_name,
                )
            )
        overflows.append(_with_kept(overflow, kept))
    over = {o.position_slug for o in overflows}
    for wanted in keep:
        found = roster.positions.resolve(wanted) if isinstance(wanted, str) else None
        if found not in over:
            names = ", ".join(o.position_name for o in overflows)
            problems.setdefault(KEEP, []).append(
                say(
                    "{position} is not a position over its {edition} maximum (those are: "
                    "{positions}): there is nobody to choose there",
                    position=repr(wanted),
                    edition=edition_name,
                    positions=names,
                )
                if names
                else say(
                    "{position} is not a position over its {edition} maximum (those are: "
                    "none): there is nobody to choose there",
                    position=repr(wanted),
                    edition=edition_name,
                )
            )
    return tuple(overflows)


def _resolved(roster: Roster, keep: Mapping[str, Iterable[Any]], slug: str) -> list[Any] | None:
    for wanted, ids in keep.items():
        if isinstance(wanted, str) and roster.positions.resolve(wanted) == slug:
            return list(ids)
    return None


def _checked_keep(
    overflow: PositionOverflow, chosen: list[Any], problems: dict[str, list[Shown]]
) -> tuple[Any, ...] | None:
    """The ids kept, or None (with the problem) where the choice is not allowed."""
    known = set(overflow.ids)
    strangers = [pid for pid in chosen if pid not in known]
    kept = tuple(dict.fromkeys(pid for pid in chosen if pid in known))
    names = ", ".join(str(p) for p in overflow.players)
    if strangers:
        problems.setdefault(KEEP, []).append(
            say(
                "{position}: {players} is not one of the {positions} to choose from ({names})",
                position=overflow.position_name,
                players=", ".join(map(str, strangers)),
                positions=overflow.plural_name,
                names=names,
            )
        )
        return None
    if len(kept) > overflow.maximum:
        problems.setdefault(KEEP, []).append(
            say(
                "{position}: {edition} allows 0-{most}; you chose to keep {count} of {names}. "
                "Keep {most} or fewer.",
                position=overflow.position_name,
                edition=overflow.edition_name,
                most=overflow.maximum,
                count=len(kept),
                names=names,
            )
        )
        return None
    return kept


def _with_kept(overflow: PositionOverflow, kept: tuple[Any, ...] | None) -> PositionOverflow:
    if kept is None:
        return overflow
    return PositionOverflow(
        position_slug=overflow.position_slug,
        position_name=overflow.position_name,
        plural_name=overflow.plural_name,
        maximum=overflow.maximum,
        edition_name=overflow.edition_name,
        players=overflow.players,
        kept=kept,
    )


def staff_cuts(
    rules: DraftRules,
    edition_name: str,
    *,
    rerolls: int,
    assistant_coaches: int,
    cheerleaders: int,
    dedicated_fans: int,
) -> tuple[StaffCut, ...]:
    """Staff and fans above the new edition's caps (facts section 13.13: cut to the
    cap, without refund). Re-rolls and staff are bought again at the re-draft, at most
    the cap; Dedicated Fans carry over (section 13.6), cut to the league cap."""

    def bought_again(cap: int) -> Wording:
        return say(
            "the re-draft keeps at most {cap} (the {edition} cap); the rest go, without refund",
            cap=cap,
            edition=edition_name,
        )

    def cut_to(cap: int) -> Wording:
        return say(
            "cut to {cap} (the {edition} league cap), without refund",
            cap=cap,
            edition=edition_name,
        )

    caps: list[tuple[str, Wording, int, int | None, Callable[[int], Wording]]] = [
        ("rerolls", say("Team re-rolls"), rerolls, rules.max_rerolls, bought_again),
        (
            "assistant_coaches",
            say("Assistant coaches"),
            assistant_coaches,
            rules.max_assistant_coaches,
            bought_again,
        ),
        ("cheerleaders", say("Cheerleaders"), cheerleaders, rules.max_cheerleaders, bought_again),
        (
            "dedicated_fans",
            say("Dedicated Fans"),
            dedicated_fans,
            rules.league_max_dedicated_fans,
            cut_to,
        ),
    ]
    return tuple(
        StaffCut(field, what, had, cap, outcome(cap))
        for field, what, had, cap, outcome in caps
        if cap is not None and had > cap
    )
