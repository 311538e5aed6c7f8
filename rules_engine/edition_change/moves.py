"""The moves between editions Dugout supports at a re-draft, and the words of a mapping."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from rules_engine.bb2025 import advancement
from rules_engine.errors import RulesError
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset, skill_key
from rules_engine.wording import say

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
        say(
            "A {edition} league cannot move to {target} at a re-draft (moves from {edition}: "
            "{moves})",
            edition=from_key,
            target=to_key,
            moves=moves,
        )
    )
