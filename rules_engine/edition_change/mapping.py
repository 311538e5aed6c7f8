"""What a mapping returns: each player in the new edition, the choices left and the losses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.edition_change.moves import EditionMove
from rules_engine.edition_change.overflow import OverflowPlayer, PositionOverflow, StaffCut
from rules_engine.wording import Shown, english, say


@dataclass(frozen=True)
class Loss:
    """One thing that cannot carry over, in words fit to show."""

    kind: str
    what: Shown
    reason: Shown
    player_id: Any = None
    player_name: str = ""
    value: int = 0  # the old edition's value increase it took with it

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player_id,
            "player_name": self.player_name,
            # English: the audit keeps it as it was said.
            "what": english(self.what),
            "reason": english(self.reason),
        }

    def __str__(self) -> str:
        if self.player_name:
            return str(
                say(
                    "{player}: {what} - {reason}",
                    player=self.player_name,
                    what=self.what,
                    reason=self.reason,
                )
            )
        return str(say("{what} - {reason}", what=self.what, reason=self.reason))


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
    # Positions the mapped players overfill, each with the coach's choice of whom to
    # keep; staff and fans above the new caps (facts section 13.13).
    over_limit: tuple[PositionOverflow, ...] = ()
    staff_cuts: tuple[StaffCut, ...] = ()

    @property
    def released(self) -> tuple[OverflowPlayer, ...]:
        """The players the coach did not keep on a position over its maximum: they
        leave the team."""
        return tuple(p for overflow in self.over_limit for p in overflow.released)

    @property
    def over_limit_ids(self) -> frozenset[Any]:
        """Every player on a position over its maximum (kept or not)."""
        return frozenset(pid for overflow in self.over_limit for pid in overflow.ids)

    @property
    def kept_over_limit(self) -> tuple[Any, ...]:
        """The players the coach keeps on positions over their maximum."""
        return tuple(pid for overflow in self.over_limit for pid in overflow.kept or ())

    def player(self, player_id: Any) -> MappedPlayer:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)
