"""The BB2025 match report: BB2020's, plus what the BB2025 post-game reads.

- ``Bb2025TeamReport.stalled``: winnings add 1 "if the team did not stall" (facts
  section 8).
- ``Bb2025PlayerReport.landings``: "thrown team-mate landing safely" earns 1 SPP
  (facts section 6), credited to the player the report names.
- ``Bb2025PlayerReport.hatred_keyword``: for a player who suffered a casualty other
  than Badly Hurt, the keyword of the player who caused it, which Hatred would name
  (facts section 8); None when no player caused it (no roll is made).

Everything else (score, concession, fan factor, injuries) is BB2020's
(``rules_engine.bb2020.report``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_engine.bb2020.report import SIDES, MatchReport, PlayerReport, TeamReport, other_side
from rules_engine.errors import RulesError

__all__ = [
    "SIDES",
    "Bb2025MatchReport",
    "Bb2025PlayerReport",
    "Bb2025TeamReport",
    "MatchReport",
    "PlayerReport",
    "TeamReport",
    "landings",
    "other_side",
    "stalled",
]


@dataclass(frozen=True)
class Bb2025PlayerReport(PlayerReport):
    """One player's game, with safe landings after a Throw Team-mate and the keyword
    a Hatred gained from a casualty he suffered would name."""

    landings: int = 0
    hatred_keyword: str | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.landings < 0:
            raise RulesError(f"Player {self.player_id}: landings cannot be negative")

    @property
    def suffered_casualty(self) -> bool:
        """A casualty other than Badly Hurt: dead, or one carrying MNG (Seriously Hurt,
        Serious Injury, Lasting Injury)."""
        return self.killed or self.misses_next_game


@dataclass(frozen=True)
class Bb2025TeamReport(TeamReport):
    """One team's game, with whether it stalled (facts section 8, winnings)."""

    stalled: bool = False


@dataclass(frozen=True)
class Bb2025MatchReport(MatchReport):
    """Both teams' reports (``Bb2025TeamReport``; a BB2020 ``TeamReport`` reads as a
    team that did not stall).

    ``team_report_type`` and ``player_report_type`` name the types a report of this
    edition is built from, so code outside the engine can offer their fields beyond
    BB2020's (``stalled``; ``landings``) without knowing the edition."""

    team_report_type: ClassVar[type[TeamReport]] = Bb2025TeamReport
    player_report_type: ClassVar[type[PlayerReport]] = Bb2025PlayerReport


def stalled(report: TeamReport) -> bool:
    return isinstance(report, Bb2025TeamReport) and report.stalled


def landings(report: PlayerReport | None) -> int:
    return report.landings if isinstance(report, Bb2025PlayerReport) else 0
