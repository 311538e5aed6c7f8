"""Fixtures left unplayed and real-life concessions in BB2025 (bb2025-league-facts.md
sections 9 and 13.4; BBBase docs/bb2025/core_rules/league_play.md "League Fixtures").

- A fixture not played by the deadline is a loss for both: no MVP, no winnings. Each
  team rolls its Dedicated Fans as for a loss (section 13.4).
- A coach who concedes it for real-life reasons counts as Conceding Without Penalty:
  recorded 0-2 (no game, so no Fan Attendance); the conceder gets no winnings, no MVP,
  no SPP; the other team makes two MVP awards and gains D6 x 10,000 as winnings.
  Dedicated Fans are rolled as for a loss (the conceder) and a win (the other team).
- Either way players due to miss a game count that fixture as their missed game.

The award itself (D6 x 10,000 and two MVP awards, each among the players eligible to
play) is BB2020's (``bb2020.forfeit.real_life_concession_award``). ``forfeit_aftermath``
rolls the Dedicated Fans and lists who recovers, for the apps to apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.conceding import AWARDED_WIN_TOUCHDOWNS
from rules_engine.bb2020.forfeit import RealLifeConcessionAward, real_life_concession_award
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025.postgame import dedicated_fans_change
from rules_engine.dice import Dice, Roll
from rules_engine.sequence import recording
from rules_engine.wording import say, side_said

__all__ = [
    "FORFEIT_SCORE",
    "DedicatedFansRoll",
    "ForfeitAftermath",
    "RealLifeConcessionAward",
    "forfeit_aftermath",
    "real_life_concession_award",
]

# (conceder, opponent): a real-life concession counts as Conceding Without Penalty,
# so the other team wins 2-0 (facts sections 9 and 13.4).
FORFEIT_SCORE: tuple[int, int] = (0, AWARDED_WIN_TOUCHDOWNS)


@dataclass(frozen=True)
class DedicatedFansRoll:
    """One team's Dedicated Fans after the fixture: its result, the D6 and the change."""

    result: str
    before: int
    roll: int
    after: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "before": self.before,
            "roll": self.roll,
            "after": self.after,
        }


@dataclass(frozen=True)
class ForfeitAftermath:
    """What an unplayed or conceded fixture does to both teams besides the award: each
    side's Dedicated Fans roll, and the players (ids per side) back from missing a game."""

    dedicated_fans: dict[str, DedicatedFansRoll]
    recovered: dict[str, tuple[Any, ...]]
    rolls: tuple[Roll, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "dedicated_fans": {side: r.as_dict() for side, r in self.dedicated_fans.items()},
            "recovered": {side: list(ids) for side, ids in self.recovered.items()},
        }


def forfeit_aftermath(
    home: TeamState, away: TeamState, dice: Dice, *, conceded_by: str | None = None
) -> ForfeitAftermath:
    """Facts section 13.4: ``conceded_by`` None is a fixture left unplayed, a loss for
    both (each rolls DF as for a loss); "home" or "away" names the side that conceded for
    real-life reasons (it rolls as for a loss, the other side as for a win). Home rolls
    first. Players due to miss a game count this fixture as the game they missed."""
    if conceded_by not in (None, "home", "away"):
        raise ValueError(f"a side is 'home' or 'away', not {conceded_by!r}")
    fans: dict[str, DedicatedFansRoll] = {}
    with recording(dice) as rolls:
        for side, team in (("home", home), ("away", away)):
            result = "loss" if conceded_by in (None, side) else "win"
            roll = dice.d6(say("Dedicated Fans: {side}", side=side_said(side)))
            before = team.dedicated_fans
            after = before + dedicated_fans_change(result, before, roll)
            fans[side] = DedicatedFansRoll(result, before, roll, after)
    recovered = {
        side: tuple(p.id for p in team.players if p.miss_next_game)
        for side, team in (("home", home), ("away", away))
    }
    return ForfeitAftermath(fans, recovered, tuple(rolls))
