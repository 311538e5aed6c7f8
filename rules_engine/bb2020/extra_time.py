"""Extra time and sudden death (core rules, EXTRA TIME and SUDDEN DEATH).

"If, at the end of the second half, the score is tied between both teams, an
eight turn period of extra time can be played." "If there is still no clear
winner at the end of extra time, the game is decided by a penalty roll-off ...
both coaches roll-off five times, each rolling a D6 and re-rolling ties. The
coach who wins the most roll-offs wins the game."

Ties are re-rolled, so every roll-off has a winner, and five is odd: sudden
death always ends with a winner (at least 3-2).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.dice import Dice, Roll
from rules_engine.sequence import recording
from rules_engine.wording import say

# "an eight turn period of extra time"
EXTRA_TIME_TURNS = 8
# "both coaches roll-off five times"
SUDDEN_DEATH_ROLL_OFFS = 5


def extra_time_needed(home_touchdowns: int, away_touchdowns: int, *, needs_winner: bool) -> bool:
    """EXTRA TIME: played when the score is tied at the end of the second half and the
    fixture needs a clear winner (league play-offs and finals; facts section 5)."""
    return needs_winner and home_touchdowns == away_touchdowns


@dataclass(frozen=True)
class RollOff:
    """One sudden death roll-off: every pair of D6 rolled, the last pair untied."""

    home_rolls: tuple[int, ...]
    away_rolls: tuple[int, ...]

    @property
    def winner(self) -> str:
        return "home" if self.home_rolls[-1] > self.away_rolls[-1] else "away"


@dataclass(frozen=True)
class SuddenDeathResult:
    """Five roll-offs, how many each coach won, the winner, and every roll made."""

    roll_offs: tuple[RollOff, ...]
    rolls: tuple[Roll, ...]

    @property
    def wins(self) -> dict[str, int]:
        won = [roll_off.winner for roll_off in self.roll_offs]
        return {"home": won.count("home"), "away": won.count("away")}

    @property
    def winner(self) -> str:
        wins = self.wins
        return "home" if wins["home"] > wins["away"] else "away"


def sudden_death(dice: Dice) -> SuddenDeathResult:
    """SUDDEN DEATH: "both coaches roll-off five times, each rolling a D6 and re-rolling
    ties. The coach who wins the most roll-offs wins the game." All five are rolled,
    as the text says, even once one coach has won three."""
    roll_offs = []
    with recording(dice) as rolls:
        for number in range(1, SUDDEN_DEATH_ROLL_OFFS + 1):
            home: list[int] = []
            away: list[int] = []
            while not home or home[-1] == away[-1]:
                home.append(dice.d6(say("Sudden death roll-off {number}: home", number=number)))
                away.append(dice.d6(say("Sudden death roll-off {number}: away", number=number)))
            roll_offs.append(RollOff(tuple(home), tuple(away)))
    return SuddenDeathResult(tuple(roll_offs), tuple(rolls))
