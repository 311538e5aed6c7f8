"""Star Player Points and the MVP (league facts section 4, step 3 "Player advancement").

"SPP: Completion 1, Deflection 1, Interception 2, Casualty 2 (from a Block),
Touchdown 3, MVP 4. MVP: each coach randomly picks one player of theirs who was
eligible to play (no star players, mercenaries, or players killed this game); a
conceding team gives none. Journeymen earn SPP; star players and mercenaries
don't." The awards are read from the ruleset's tables (``tables.spp_award``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from operator import attrgetter
from typing import Any

from rules_engine.bb2020.report import PlayerReport, TeamReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import DIE_FACES, Dice, Roll
from rules_engine.shared import SharedDict
from rules_engine.tables import spp_award
from rules_engine.wording import Shown, english, say, side_said

# Report field -> achievement as the SPP table names it.
ACHIEVEMENTS: tuple[tuple[str, str], ...] = (
    ("completions", "Completion"),
    ("deflections", "Deflection"),
    ("interceptions", "Interception"),
    ("casualties", "Casualty"),
    ("touchdowns", "Touchdown"),
)
MVP = "MVP"


@cache
def _awards() -> tuple[tuple[str, str, int], ...]:
    """Each report field, its achievement and its SPP (the tables never change once loaded)."""
    return tuple((field, name, spp_award(name)) for field, name in ACHIEVEMENTS)


# Dice a random pick can be made with, smallest first (see ``pick_at_random``).
_PICK_DICE: tuple[str, ...] = tuple(sorted(("d3", "d6", "d8", "d16"), key=DIE_FACES.__getitem__))
# The die for each number of candidates it serves (none past 16: two D16).
_PICK_DIE: dict[int, str] = {
    count: next(d for d in _PICK_DICE if DIE_FACES[d] >= count)
    for count in range(1, DIE_FACES["d16"] + 1)
}


@dataclass(frozen=True)
class SppEarned:
    """SPP one player earned in a game, achievement by achievement."""

    player_id: Any
    completions: int = 0
    deflections: int = 0
    interceptions: int = 0
    casualties: int = 0
    touchdowns: int = 0
    mvp: bool = False

    @property
    def breakdown(self) -> dict[str, int]:
        """SPP per achievement, e.g. {"Touchdown": 6, "MVP": 4}; achievements with none left out."""
        parts = {
            name: count * award
            for field, name, award in _awards()
            if (count := getattr(self, field))
        }
        if self.mvp:
            parts[MVP] = spp_award(MVP)
        return parts

    @cached_property
    def total(self) -> int:
        """The sum of ``breakdown``."""
        return sum(self.breakdown.values())

    def as_dict(self) -> dict[str, Any]:
        breakdown: dict[str, int] | None
        if type(self).breakdown is SppEarned.breakdown:
            # The breakdown of players who earned alike, made once and shared (it refuses
            # any change: ``rules_engine.shared``).
            key = (
                self.completions,
                self.deflections,
                self.interceptions,
                self.casualties,
                self.touchdowns,
                self.mvp,
            )
            breakdown = _BREAKDOWNS.get(key)
            if breakdown is None:
                if len(_BREAKDOWNS) >= _BREAKDOWNS_SIZE:
                    _BREAKDOWNS.clear()
                breakdown = _BREAKDOWNS[key] = SharedDict(self.breakdown)
        else:
            breakdown = self.breakdown
        return {"player_id": self.player_id, "spp": self.total, "breakdown": breakdown}


# ``SppEarned.as_dict``'s breakdowns by what was earned (the awards never change once loaded).
_BREAKDOWNS: dict[tuple[int, int, int, int, int, bool], dict[str, int]] = {}
_BREAKDOWNS_SIZE = 10_000


def spp_earned(report: PlayerReport | None, player_id: Any, *, mvp: bool = False) -> SppEarned:
    """Post-game step 3: the SPP a player earned from his report (and the MVP).

    Only casualties caused by a Block count (``PlayerReport.casualties``).
    """
    if report is None:
        return SppEarned(player_id, mvp=mvp)
    return SppEarned(
        player_id,
        completions=report.completions,
        deflections=report.deflections,
        interceptions=report.interceptions,
        casualties=report.casualties,
        touchdowns=report.touchdowns,
        mvp=mvp,
    )


def spp_earned_by(reports: Iterable[PlayerReport], mvp_id: Any) -> list[SppEarned]:
    """``spp_earned`` of each reported player but the induced (star players and
    mercenaries earn none), the MVP being the player ``mvp_id``."""
    return [
        spp_earned(report, report.player_id, mvp=report.player_id == mvp_id)
        for report in reports
        if not report.induced
    ]


def spp_rows(earned: Iterable[SppEarned]) -> list[dict[str, Any]]:
    """``as_dict()`` of each of ``earned`` who earned any SPP."""
    return [spp.as_dict() for spp in earned if spp.total]


@dataclass(frozen=True)
class RandomPick:
    """A fair random pick of one of ``count`` candidates: which, and the rolls it took."""

    index: int
    rolls: tuple[Roll, ...]


def pick_at_random(dice: Dice, count: int, purpose: Shown) -> RandomPick:
    """Pick one of ``count`` candidates (index from 0) with equal chances, through ``dice``.

    The smallest die with at least ``count`` faces is rolled and a result above
    ``count`` re-rolled, so every candidate has the same chance (7 candidates:
    a D8, re-rolling 8s). Past 16 candidates two D16 make a number of 1-256
    ((first - 1) x 16 + second), re-rolled above ``count``. A single candidate
    needs no roll.
    """
    if count < 1:
        raise ValueError("a random pick needs at least one candidate")
    if count > DIE_FACES["d16"] ** 2:
        raise ValueError(f"cannot pick among {count} candidates with the dice")
    start = len(dice.rolls)  # the rolls made from here on are the pick's (``recording``)
    index = 0
    if count > 1:
        die = _PICK_DIE.get(count)
        while True:
            if die is None:
                number = (dice.d16(purpose) - 1) * DIE_FACES["d16"] + dice.d16(purpose)
            else:
                rolled = dice.roll(die, purpose)
                if not isinstance(rolled, int):  # a d3..d16 rolls a number
                    raise TypeError(f"{die} rolled {rolled!r}")
                number = rolled
            if number <= count:
                index = number - 1
                break
    return RandomPick(index, tuple(dice.rolls[start:]))


def mvp_candidates(team: TeamState, report: TeamReport) -> tuple[PlayerState, ...]:
    """The players an MVP may go to: those who were eligible to play this game.

    ``team`` is the team as it stood for the game: a player marked MNG or
    temporarily retired there missed it. Star players and mercenaries are not
    on the team sheet; a player killed this game is left out. Journeymen who
    played are in. Ordered by shirt number (then id), so a roll can be checked
    against the team sheet.
    """
    killed = [r.player_id for r in report.players if r.killed]
    eligible = [
        player
        for player in team.players
        if not (player.miss_next_game or player.temporarily_retired or player.id in killed)
    ]
    last = None
    for player in eligible:  # a sheet in shirt-number order, no number twice, as it is
        if last is not None and player.number <= last:
            break
        last = player.number
    else:
        return tuple(eligible)
    if len({p.number for p in eligible}) == len(eligible):  # no shirt number twice
        return tuple(sorted(eligible, key=_NUMBER))  # the same order, without a key call each
    return tuple(sorted(eligible, key=_sheet_order))


_NUMBER = attrgetter("number")


def _sheet_order(player: PlayerState) -> tuple[int, str]:
    return player.number, str(player.id)


@dataclass(frozen=True)
class MvpResult:
    """A team's MVP: who (None if nobody), from whom, why none, and the rolls."""

    side: str
    player_id: Any
    candidates: tuple[Any, ...]
    rolls: tuple[Roll, ...] = ()
    reason: Shown = ""  # why none, as a coach reads it (``english`` in ``as_dict``)

    def as_dict(self) -> dict[str, Any]:
        return {
            "player_id": self.player_id,
            "candidates": list(self.candidates),
            "rolls": [r.as_dict() for r in self.rolls],
            "reason": english(self.reason),
        }


def most_valuable_player(
    team: TeamState,
    report: TeamReport,
    dice: Dice,
    *,
    side: str,
    league: bool = True,
) -> MvpResult:
    """Post-game step 3, MVP: "each coach randomly picks one player of theirs who was
    eligible to play ...; a conceding team gives none."

    Friendlies give no MVP either (facts section 5: "Friendlies across
    divisions: no league points, no MVP"). The pick is ``pick_at_random`` over
    ``mvp_candidates``, its rolls made for the purpose "MVP: <side>".
    """
    candidates = mvp_candidates(team, report)
    ids = tuple([p.id for p in candidates])
    if report.concession_penalty:
        return MvpResult(side, None, ids, reason=say("A conceding team awards no MVP"))
    if not league:
        return MvpResult(side, None, ids, reason=say("A friendly awards no MVP"))
    if not candidates:
        return MvpResult(side, None, ids, reason=say("No player was eligible to play"))
    pick = pick_at_random(dice, len(candidates), say("MVP: {side}", side=side_said(side)))
    return MvpResult(side, candidates[pick.index].id, ids, rolls=pick.rolls)
