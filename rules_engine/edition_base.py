"""What editions share in how they answer ``rules_engine.edition.Edition``.

``EditionBase``: an edition's name is its ruleset's and its ruleset the registry's.
``ModuleSequencesEdition``: the pre- and post-game are a module's functions and no
post-game step holds for the coaches (classic, Blitz Bowl); BB2020 and BB2025 pass
through their sequence objects instead (``bb2020.edition``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Dice
from rules_engine.registry import get_ruleset
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import SequenceResult


class EditionBase:
    """An edition found by its ruleset key."""

    key: str
    # A real-life concession's score, (conceder, opponent), and what else an unplayed or
    # conceded fixture does (``Edition.forfeit_score``, ``Edition.forfeit_aftermath``).
    forfeit_score: tuple[int, int] = (0, 1)
    forfeit_aftermath: Any = None
    # Each pair of a division meets twice a regular season (``regular_season_meetings``).
    regular_season_meetings: int = 2

    @property
    def name(self) -> str:
        return self.ruleset().name

    def must_advance(self, player: PlayerState) -> bool:
        del player  # an edition's players save their SPP as long as they like
        return False

    def ruleset(self) -> Ruleset:
        return get_ruleset(self.key)


class ModuleSequencesEdition(EditionBase):
    """An edition whose sequences are its modules' ``pre_game`` and ``post_game``
    functions, set as ``_pre_game`` and ``_post_game``."""

    hiring_step: str | None = None
    _pre_game: Callable[..., SequenceResult]
    _post_game: Callable[..., SequenceResult]

    def pre_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        dice: Dice,
        *,
        league: bool = True,
        choices: Mapping[str, Any] | None = None,
    ) -> SequenceResult:
        return self._pre_game(ruleset, home, away, dice, league=league, choices=choices)

    def post_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        report: Any,
        dice: Dice,
        *,
        choices: Mapping[str, Any] | None = None,
        league: bool = True,
        hold_hiring: bool = False,
    ) -> SequenceResult:
        del hold_hiring  # no hiring step to hold at
        return self._post_game(ruleset, home, away, report, dice, choices=choices, league=league)
