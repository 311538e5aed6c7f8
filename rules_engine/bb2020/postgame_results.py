"""What a post-game built on BB2020's returns: each team's ``TeamPostGame`` (its gold
movements as ``TreasuryChange``s) and the sequence's ``PostGameResult``;
``postgame_work`` and ``postgame`` re-export them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.bb2020.advancement_types import AdvancementOption
from rules_engine.bb2020.conceding import ConcessionResult
from rules_engine.bb2020.expensive_mistakes import ExpensiveMistakeResult
from rules_engine.bb2020.spp import MvpResult, SppEarned
from rules_engine.bb2020.state import TeamState
from rules_engine.sequence import Choice, SequenceResult


@dataclass(frozen=True)
class TreasuryChange:
    """One gold movement, for the team's ledger: why, and how much (negative: spent/lost)."""

    reason: str
    amount: int


@dataclass(frozen=True)
class TeamPostGame:
    """Everything the post-game changed for one team, and its state for the next game."""

    side: str
    result: str
    touchdowns: int
    winnings: int
    treasury_changes: tuple[TreasuryChange, ...]
    dedicated_fans_before: int
    dedicated_fans_after: int
    dedicated_fans_roll: int | None
    concession: ConcessionResult | None
    mvp: MvpResult
    spp: tuple[SppEarned, ...]
    dead: tuple[Any, ...]
    quit: tuple[Any, ...]
    miss_next_game: tuple[Any, ...]
    recovered: tuple[Any, ...]
    niggling_injuries: tuple[Any, ...]
    characteristic_losses: tuple[tuple[Any, str], ...]
    advancement_options: Mapping[Any, tuple[AdvancementOption, ...]]
    advancement_choices: tuple[Choice, ...]
    hireable_journeymen: Mapping[Any, int]
    hired_journeymen: tuple[Any, ...]
    released_journeymen: tuple[Any, ...]
    retirable: tuple[Any, ...]
    retired: tuple[Any, ...]
    fired: tuple[Any, ...]
    expensive_mistake: ExpensiveMistakeResult
    team: TeamState
    team_value: int
    current_team_value: int

    @property
    def treasury_delta(self) -> int:
        return sum(change.amount for change in self.treasury_changes)

    @property
    def dedicated_fans_change(self) -> int:
        return self.dedicated_fans_after - self.dedicated_fans_before

    def spp_of(self, player_id: Any) -> int:
        return sum(s.total for s in self.spp if s.player_id == player_id)


@dataclass(frozen=True)
class PostGameResult(SequenceResult):
    """The post-game sequence: its steps (``SequenceResult``) and, once complete,
    each team's ``TeamPostGame``."""

    teams: Mapping[str, TeamPostGame] = field(default_factory=dict)

    @property
    def home(self) -> TeamPostGame | None:
        return self.teams.get("home")

    @property
    def away(self) -> TeamPostGame | None:
        return self.teams.get("away")
