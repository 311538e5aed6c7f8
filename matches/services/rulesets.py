"""Which rules a match plays by: the one place the matches app asks the rules engine
for the league's ruleset.

``rules_for(match)`` looks up ``match.fixture.season.league.ruleset`` once and
hands back the ruleset and its sequences module (``rules_engine.editions.
sequences_for``: ``pre_game``, ``post_game``, ``STANDINGS``, ``REPORT``). Nothing
else in the app names an edition: the pre-game, the report, the post-game and
its effects read what the module and its results carry (the report type the
post-game reads, the choices it asks, the treasury changes it makes).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from matches.errors import MatchError
from rules_engine import get_ruleset
from rules_engine.editions import sequences_for
from rules_engine.ruleset import Ruleset

if TYPE_CHECKING:
    from matches.models import Match


@dataclass(frozen=True)
class MatchRules:
    """A league's ruleset as a match uses it."""

    key: str
    ruleset: Ruleset
    sequences: ModuleType

    @property
    def name(self) -> str:
        return self.ruleset.name

    @property
    def report_type(self) -> type:
        """The report the post-game reads: the sequences module's ``REPORT``."""
        return self.sequences.REPORT

    def pre_game(self, home: Any, away: Any, dice: Any, choices: dict[str, Any]) -> Any:
        return self.sequences.pre_game(self.ruleset, home, away, dice, league=True, choices=choices)

    def post_game(
        self,
        home: Any,
        away: Any,
        report: Any,
        dice: Any,
        choices: Any,
        league: bool,
        hold_hiring: bool = False,
    ) -> Any:
        """The ruleset's post-game; ``hold_hiring`` (only for a ruleset with a
        ``HIRING_STEP``) holds it there for each coach."""
        extra = {"hold_hiring": True} if hold_hiring and self.sequences.HIRING_STEP else {}
        return self.sequences.post_game(
            self.ruleset, home, away, report, dice, choices=choices, league=league, **extra
        )


def rules_for_key(key: str) -> MatchRules:
    """The rules of ruleset ``key``; MatchError if the engine has no match sequences
    for it."""
    try:
        return MatchRules(key, get_ruleset(key), sequences_for(key))
    except (LookupError, ImportError):
        raise MatchError(f"The rules engine has no match sequences for {key!r} yet.") from None


def rules_for(match: Match) -> MatchRules:
    """The rules the match's league plays by."""
    return rules_for_key(match.fixture.season.league.ruleset)
