"""The BB2025 match report: BB2020's, plus what the BB2025 post-game reads.

- ``Bb2025TeamReport.stalled``: winnings add 1 "if the team did not stall" (facts
  section 8).
- ``Bb2025PlayerReport.landings``: a thrown team-mate landing safely earns him 1 SPP,
  whatever the throw (facts section 6), credited to the player the report names.
- ``Bb2025PlayerReport.superb_throws``: a Superb Throw whose thrown team-mate lands on
  his feet earns the thrower 1 SPP (facts section 6).
- No deflections: BB2025 has only interceptions (facts section 6), so a BB2025 player
  report carrying ``deflections`` is refused (``ABSENT_PLAYER_COUNTS``).
- ``Bb2025PlayerReport.hatred_keyword``: for a player who suffered a casualty other
  than Badly Hurt, the keyword of the player who caused it, which Hatred would name
  (facts section 8); None when no player caused it (no roll is made).

A concession scores as BB2025's Conceding has it (facts section 9): the opponent wins
2-0, or X-0 when it had scored more; a team that could not put three players on the
Line of Scrimmage concedes without penalty. Everything else (fan factor, injuries) is
BB2020's (``rules_engine.bb2020.report``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_engine.bb2020.conceding import (
    LINE_OF_SCRIMMAGE_MINIMUM,
    awarded_win_score,
)
from rules_engine.bb2020.report import SIDES, MatchReport, PlayerReport, TeamReport, other_side
from rules_engine.errors import RulesError
from rules_engine.wording import Shown, say

__all__ = [
    "SIDES",
    "Bb2025MatchReport",
    "Bb2025PlayerReport",
    "Bb2025TeamReport",
    "MatchReport",
    "PlayerReport",
    "TeamReport",
    "ABSENT_PLAYER_COUNTS",
    "landings",
    "other_side",
    "stalled",
    "superb_throws",
]

# BB2020 player counts a BB2025 report never holds: "Deflection ... no longer exists"
# (facts section 6).
ABSENT_PLAYER_COUNTS: tuple[str, ...] = ("deflections",)


@dataclass(frozen=True)
class Bb2025PlayerReport(PlayerReport):
    """One player's game, with safe landings after a Throw Team-mate, his Superb
    Throws whose team-mate landed on his feet, and the keyword a Hatred gained from a
    casualty he suffered would name. He has no deflections (facts section 6)."""

    landings: int = 0
    hatred_keyword: str | None = None
    superb_throws: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        problems: list[Shown] = [
            say("{count} cannot be negative", count=name.replace("_", " "))
            for name in ("landings", "superb_throws")
            if getattr(self, name) < 0
        ]
        problems += [
            say("BB2025 has no {count} (only interceptions); record none", count=name)
            for name in ABSENT_PLAYER_COUNTS
            if getattr(self, name)
        ]
        if problems:
            raise RulesError(
                [
                    say("Player {player}: {problem}", player=self.player_id, problem=p)
                    for p in problems
                ]
            )

    @property
    def suffered_casualty(self) -> bool:
        """A casualty other than Badly Hurt: dead, or one carrying MNG (Seriously Hurt,
        Serious Injury, Lasting Injury)."""
        return self.killed or self.misses_next_game


@dataclass(frozen=True)
class Bb2025TeamReport(TeamReport):
    """One team's game, with whether it stalled (facts section 8, winnings)."""

    # Conceding Without Penalty (facts section 9): a team unable to set up three
    # players on the Line of Scrimmage, so at most 2 (``concession_penalty`` reads it).
    most_set_up_without_penalty: ClassVar[int] = LINE_OF_SCRIMMAGE_MINIMUM - 1
    without_penalty_rule: ClassVar[Shown] = say(
        "a team that cannot put {needed} players on the Line of Scrimmage (at most {most}) "
        "may concede at a Start of Drive without penalty",
        needed=LINE_OF_SCRIMMAGE_MINIMUM,
        most=LINE_OF_SCRIMMAGE_MINIMUM - 1,
    )

    stalled: bool = False


@dataclass(frozen=True)
class Bb2025MatchReport(MatchReport):
    """Both teams' reports (``Bb2025TeamReport``; a BB2020 ``TeamReport`` reads as a
    team that did not stall).

    ``team_report_type`` and ``player_report_type`` name the types a report of this
    edition is built from, so code outside the engine can offer their fields beyond
    BB2020's (``stalled``; ``landings``, ``superb_throws``) without knowing the edition,
    and ``absent_player_counts`` the BB2020 counts it never holds (``deflections``).
    A BB2020 ``PlayerReport`` with deflections is refused here as a BB2025 one is."""

    absent_player_counts: ClassVar[tuple[str, ...]] = ABSENT_PLAYER_COUNTS
    team_report_type: ClassVar[type[TeamReport]] = Bb2025TeamReport
    player_report_type: ClassVar[type[PlayerReport]] = Bb2025PlayerReport

    # After a concession (with or without penalty) the opponent wins 2-0, or X-0 when it
    # had already scored X > 2 (facts section 9).
    score_after_concession = staticmethod(awarded_win_score)

    def __post_init__(self) -> None:
        super().__post_init__()
        problems = [
            say(
                "Player {player}: {problem}",
                player=player.player_id,
                problem=say("BB2025 has no {count} (only interceptions); record none", count=name),
            )
            for team in (self.home, self.away)
            for player in team.players
            for name in self.absent_player_counts
            if getattr(player, name, 0)
        ]
        if problems:
            raise RulesError(problems)


def stalled(report: TeamReport) -> bool:
    return isinstance(report, Bb2025TeamReport) and report.stalled


def landings(report: PlayerReport | None) -> int:
    return report.landings if isinstance(report, Bb2025PlayerReport) else 0


def superb_throws(report: PlayerReport | None) -> int:
    return report.superb_throws if isinstance(report, Bb2025PlayerReport) else 0
