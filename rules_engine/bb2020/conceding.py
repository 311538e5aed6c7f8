"""Conceding a game (core rules, CONCEDING; league facts section 4, "Conceding (p.67)").

"You may concede at the start of any of your team turns. However, doing so means that:
the opposition is awarded one touchdown, and any touchdowns your team has scored are
voided and awarded to the opposition; you are unable to award an MVP to any of your
players; you do not generate any winnings; your Dedicated Fans characteristic is
reduced by D3 (to a minimum of 1). Finally, roll a D6 for each of your players that
has gained three or more advancements: on a roll of 1-3, the player quits the team in
disgust." The facts sheet adds: "A team with 3 or fewer players may concede before
set-up without penalty."

``post_game`` resolves a concession's consequences in its first step, so a
league match calls ``concede`` through it and never on its own (the D3 and the
D6s would otherwise be rolled twice).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice, Roll
from rules_engine.sequence import recording
from rules_engine.wording import say

# "A team with 3 or fewer players may concede before set-up without penalty."
PENALTY_FREE_MAX_PLAYERS = 3
# "each of your players that has gained three or more advancements"
QUIT_MIN_ADVANCEMENTS = 3
# "On a roll of 1-3, the player quits the team in disgust."
QUITS_ON = range(1, 4)
MINIMUM_DEDICATED_FANS = 1


def concession_score(conceder_touchdowns: int, opponent_touchdowns: int) -> tuple[int, int]:
    """CONCEDING: the final score as (conceder, opponent).

    "The opposition is awarded one touchdown, and any touchdowns your team has
    scored are voided and awarded to the opposition": 2-1 down and conceding
    ends 0-4.
    """
    if conceder_touchdowns < 0 or opponent_touchdowns < 0:
        raise ValueError("touchdowns cannot be negative")
    return 0, opponent_touchdowns + 1 + conceder_touchdowns


def concession_without_penalty(
    set_up_players: int | None, most: int = PENALTY_FREE_MAX_PLAYERS
) -> bool:
    """Facts section 4, Conceding: "A team with 3 or fewer players may concede before
    set-up without penalty." ``set_up_players`` is None for a concession at the
    start of a team turn, which always carries the penalty. ``most`` is the most
    players such a team can set up (BB2025: 2, as it cannot put 3 on the Line of
    Scrimmage)."""
    return set_up_players is not None and set_up_players <= most


# BB2025 (bb2025-league-facts.md section 9): the opponent "automatically earns a 2-0 win,
# unless they have already scored more touchdowns", then X-0.
AWARDED_WIN_TOUCHDOWNS = 2
# BB2025 Conceding Without Penalty: "unable to set up three or more players on the Line
# of Scrimmage", so at most 2.
LINE_OF_SCRIMMAGE_MINIMUM = 3


def awarded_win_score(conceder_touchdowns: int, opponent_touchdowns: int) -> tuple[int, int]:
    """BB2025 Conceding (facts section 9): the final score as (conceder, opponent): the
    opponent wins 2-0, or X-0 when it had already scored X > 2 touchdowns; the
    conceder's touchdowns do not count."""
    if conceder_touchdowns < 0 or opponent_touchdowns < 0:
        raise ValueError("touchdowns cannot be negative")
    return 0, max(AWARDED_WIN_TOUCHDOWNS, opponent_touchdowns)


def concession_dedicated_fans(dedicated_fans: int, d3: int) -> int:
    """CONCEDING: "Your Dedicated Fans characteristic is reduced by D3 (to a minimum of 1)"."""
    if not 1 <= d3 <= 3:
        raise ValueError(f"a D3 shows 1-3, got {d3!r}")
    return max(MINIMUM_DEDICATED_FANS, dedicated_fans - d3)


@dataclass(frozen=True)
class QuitRoll:
    """The D6 for one player with three or more advancements: 1-3 he quits."""

    player_id: Any
    advancements: int
    roll: int

    @property
    def quits(self) -> bool:
        return self.roll in QUITS_ON


@dataclass(frozen=True)
class ConcessionResult:
    """What a concession cost the conceding team, with the rolls it made.

    Without penalty (3 or fewer players before a set-up) nothing is rolled and
    nothing lost.
    """

    penalty: bool
    dedicated_fans_before: int
    dedicated_fans_after: int
    dedicated_fans_roll: int | None
    quit_rolls: tuple[QuitRoll, ...]
    rolls: tuple[Roll, ...]
    team: TeamState

    @property
    def quitters(self) -> tuple[Any, ...]:
        return tuple(q.player_id for q in self.quit_rolls if q.quits)

    @property
    def dedicated_fans_change(self) -> int:
        return self.dedicated_fans_after - self.dedicated_fans_before

    def as_dict(self) -> dict[str, Any]:
        return {
            "penalty": self.penalty,
            "dedicated_fans_before": self.dedicated_fans_before,
            "dedicated_fans_roll": self.dedicated_fans_roll,
            "dedicated_fans_after": self.dedicated_fans_after,
            "quit_rolls": [
                {
                    "player_id": q.player_id,
                    "advancements": q.advancements,
                    "roll": q.roll,
                    "quits": q.quits,
                }
                for q in self.quit_rolls
            ],
            "quitters": list(self.quitters),
        }


def concede(
    team: TeamState,
    dice: Dice,
    *,
    set_up_players: int | None = None,
    excluding: Collection[Any] = (),
) -> ConcessionResult:
    """CONCEDING: reduce Dedicated Fans by D3 (minimum 1), then a D6 for each player
    with three or more advancements, who quits on 1-3.

    ``excluding`` names players already gone (killed this game), who roll
    nothing. The players roll in the team sheet's order. The returned ``team``
    has the lower Dedicated Fans and without the players who quit.
    """
    before = team.dedicated_fans
    if concession_without_penalty(set_up_players):
        return ConcessionResult(False, before, before, None, (), (), team)
    with recording(dice) as rolls:
        d3 = dice.d3(say("Conceding: Dedicated Fans"))
        quit_rolls = tuple(
            QuitRoll(
                player.id,
                player.advancements,
                dice.d6(say("Conceding: does {player} quit?", player=player.name)),
            )
            for player in team.players
            if player.advancements >= QUIT_MIN_ADVANCEMENTS and player.id not in excluding
        )
    after = concession_dedicated_fans(before, d3)
    quitters = {q.player_id for q in quit_rolls if q.quits}
    remaining = tuple(p for p in team.players if p.id not in quitters)
    return ConcessionResult(
        penalty=True,
        dedicated_fans_before=before,
        dedicated_fans_after=after,
        dedicated_fans_roll=d3,
        quit_rolls=quit_rolls,
        rolls=tuple(rolls),
        team=team.evolve(dedicated_fans=after, players=remaining),
    )
