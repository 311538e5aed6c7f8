"""The result of a pre-game built on BB2020's, with the numbers a match sheet shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.journeymen import journeyman_players
from rules_engine.bb2020.state import PlayerState
from rules_engine.registry import get_ruleset
from rules_engine.sequence import SequenceResult, StepResult
from rules_engine.tables import TableEntry

SIDES: tuple[str, str] = ("home", "away")


@dataclass(frozen=True)
class PreGameResult(SequenceResult):
    """The pre-game as run so far, with the numbers a match sheet shows.

    Each property is None while its step has not run (or waits for a choice).
    Per-side values are dicts keyed "home" and "away".
    """

    league: bool = True
    ruleset_key: str = "bb2020"

    def _outcome(self, name: str, *, complete: bool = True) -> Mapping[str, Any] | None:
        if name not in self:
            return None
        step = self.step(name)
        return step.outcome if step.complete or not complete else None

    def _per_side(self, name: str, key: str, *, complete: bool = True) -> dict[str, Any] | None:
        outcome = self._outcome(name, complete=complete)
        if outcome is None or "skipped" in outcome:
            return None
        return {side: outcome[side][key] for side in SIDES}

    @property
    def fan_factor(self) -> dict[str, int] | None:
        return self._per_side("fans", "fan_factor")

    @property
    def weather(self) -> TableEntry | None:
        outcome = self._outcome("weather")
        if outcome is None:
            return None
        entry: TableEntry = get_ruleset(self.ruleset_key).table("weather").entry(outcome["weather"])
        return entry

    @property
    def journeymen(self) -> dict[str, tuple[PlayerState, ...]] | None:
        """Each side's journeymen for the game: step 3's, then its Riotous Rookies
        once step 4 is done (all temporary, Loner (4+), numbered on from step 3's)."""
        outcome = self._outcome("journeymen")
        if outcome is None:
            return None
        positions: dict[str, list[str]] = {side: [] for side in SIDES}
        if "skipped" not in outcome:
            positions = {side: list(outcome[side]["positions"]) for side in SIDES}
        bought = self._outcome("inducements") or {}
        for side in SIDES:
            rookies = (bought.get(side) or {}).get("riotous_rookies")
            if rookies:
                positions[side] += rookies["positions"]
        return {side: journeyman_players(side, positions[side]) for side in SIDES}

    @property
    def ctv_before_inducements(self) -> dict[str, int] | None:
        """Known while the coaches are still choosing inducements, too."""
        return self._per_side("inducements", "ctv", complete=False)

    @property
    def ctv_after_inducements(self) -> dict[str, int] | None:
        return self._per_side("inducements", "ctv_after")

    @property
    def petty_cash(self) -> dict[str, int] | None:
        return self._per_side("inducements", "petty_cash")

    @property
    def treasury_spent(self) -> dict[str, int] | None:
        return self._per_side("inducements", "treasury_spent")

    @property
    def inducements(self) -> dict[str, dict[str, Any]] | None:
        """What each side bought: ``items`` (slug: count), ``star_players``, ``mercenaries``."""
        return self._per_side("inducements", "bought")

    @property
    def star_players_not_fielded(self) -> tuple[str, ...]:
        outcome = self._outcome("inducements")
        return tuple(outcome["star_players_not_fielded"]) if outcome else ()

    @property
    def underdog(self) -> str | None:
        outcome = self._outcome("prayers_to_nuffle")
        return outcome.get("underdog") if outcome else None

    @property
    def prayers(self) -> dict[str, tuple[str, ...]] | None:
        """The Prayers to Nuffle results each side rolled (the Underdog's; none in exhibition)."""
        outcome = self._outcome("prayers_to_nuffle")
        if outcome is None:
            return None
        names = tuple(result["name"] for result in outcome.get("results", ()))
        return {side: names if side == outcome.get("underdog") else () for side in SIDES}

    @property
    def kicking_team(self) -> str | None:
        outcome = self._outcome("kicking_team")
        return outcome["kicking"] if outcome else None

    @property
    def receiving_team(self) -> str | None:
        outcome = self._outcome("kicking_team")
        return outcome["receiving"] if outcome else None


def pre_game_result(
    result_type: type[PreGameResult],
    name: str,
    steps: tuple[StepResult, ...],
    league: bool,
    ruleset_key: str,
) -> PreGameResult:
    """``result_type(name, steps, league=league, ruleset_key=ruleset_key)``."""
    return result_type(name, steps, league=league, ruleset_key=ruleset_key)
