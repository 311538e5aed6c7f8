"""A real-life concession (league facts section 5, "League play", p.98).

"Unplayed fixtures: a loss for both. A coach who concedes for real-life reasons:
the opponent wins 1-0, gains D6 x 10,000 and two MVPs."

An unplayed fixture pays nobody anything; only the real-life concession has an
award, and this module resolves it for the opponent: one D6 for the gold, then
the two MVPs. Each MVP is the post-game MVP of ``spp.most_valuable_player``
("each coach randomly picks one player of theirs who was eligible to play"),
picked among the same players (``spp.mvp_candidates``: not missing the game,
not temporarily retired; journeymen on the sheet are in). No game was played,
so nobody was killed in it and no report is read.

A Blood Bowl ruleset without this rule (classic, Blitz Bowl) does not export
``real_life_concession_award``: the apps ask the league's sequences module for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.report import TeamReport
from rules_engine.bb2020.spp import MVP, mvp_candidates, pick_at_random
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice, Roll
from rules_engine.sequence import recording
from rules_engine.tables import spp_award
from rules_engine.wording import Shown, Wording, as_plain, english, say

# "gains D6 x 10,000"
GOLD_PER_PIP = 10_000
# "and two MVPs"
MVPS = 2
GOLD_PURPOSE = say("Real-life concession: D6 x 10,000 gp")


def mvp_purpose(number: int) -> Wording:
    """The purpose each MVP pick's rolls are recorded under ("... MVP 1")."""
    return say("Real-life concession: MVP {number}", number=number)


@dataclass(frozen=True)
class RealLifeConcessionAward:
    """What the opponent of a team that conceded for real-life reasons gains.

    ``gold`` is D6 x 10,000 gp; ``mvp_player_ids`` the two MVP picks in the
    order made (the same id twice when one player won both); ``candidates``
    the players the picks were made from, by shirt number; ``spp_per_mvp`` the
    SPP an MVP is worth (4); ``rolls`` every roll, the D6 for the gold first.
    """

    gold_roll: int
    gold: int
    mvp_player_ids: tuple[Any, ...]
    candidates: tuple[Any, ...]
    spp_per_mvp: int
    rolls: tuple[Roll, ...]
    reason: str = ""  # why no MVP was picked, in English (what a row stores)
    said: Shown = ""  # ``reason`` as the sentence a coach reads in his language

    @property
    def reason_said(self) -> dict[str, object] | None:
        """``reason``'s sentence as plain data, for a row that shows it later in its
        reader's language (``rules_engine.wording.shown_from``)."""
        return as_plain(self.said)

    @property
    def spp_by_player(self) -> dict[Any, int]:
        """SPP each picked player earns: 8 for a player picked twice."""
        earned: dict[Any, int] = {}
        for player_id in self.mvp_player_ids:
            earned[player_id] = earned.get(player_id, 0) + self.spp_per_mvp
        return earned

    def as_dict(self) -> dict[str, Any]:
        return {
            "gold_roll": self.gold_roll,
            "gold": self.gold,
            "mvp_player_ids": list(self.mvp_player_ids),
            "candidates": list(self.candidates),
            "spp_per_mvp": self.spp_per_mvp,
            "rolls": [roll.as_dict() for roll in self.rolls],
            "reason": self.reason,
        }


def real_life_concession_award(
    opponent: TeamState, dice: Dice, *, league: bool = True
) -> RealLifeConcessionAward:
    """League play (facts section 5): "A coach who concedes for real-life reasons: the
    opponent wins 1-0, gains D6 x 10,000 and two MVPs."

    ``opponent`` is the team that did not concede, as it stands for the fixture.
    The gold is one D6 x 10,000 gp. The two MVPs are two MVP awards, each picked
    at random among the players eligible to play (as the post-game MVP), the
    second pick made among all of them again: the text gives two MVPs, not two
    players, and an MVP pick is "one player ... who was eligible to play", which
    winning the first MVP does not change. So one player may win both (8 SPP).
    A team with nobody eligible gets the gold and no MVP; a team with one
    eligible player needs no roll for the picks. A friendly (``league`` False)
    gives the gold and no MVP (facts section 5: "Friendlies ...: no league
    points, no MVP").
    """
    candidates = mvp_candidates(opponent, TeamReport())
    ids = tuple(player.id for player in candidates)
    reason: Shown = ""
    if not league:
        reason = say("A friendly awards no MVP")
    elif not candidates:
        reason = say("No player was eligible to play: no MVP")
    with recording(dice) as rolls:
        gold_roll = dice.d6(GOLD_PURPOSE)
        picks: list[Any] = []
        if not reason:
            for number in range(1, MVPS + 1):
                pick = pick_at_random(dice, len(candidates), mvp_purpose(number))
                picks.append(candidates[pick.index].id)
    return RealLifeConcessionAward(
        gold_roll=gold_roll,
        gold=gold_roll * GOLD_PER_PIP,
        mvp_player_ids=tuple(picks),
        candidates=ids,
        spp_per_mvp=spp_award(MVP),
        rolls=tuple(rolls),
        reason=english(reason),
        said=reason,
    )
