"""Which rules a match plays by: the one place the matches app asks the rules engine
for the league's ruleset.

``rules_for(match)`` looks up ``match.fixture.season.ruleset`` (the season's edition) once and
hands back the ruleset and its edition (``rules_engine.edition_for``: the typed
``Edition`` with ``pre_game``, ``post_game``, ``report_type``, ``scoring``,
``hiring_step``). Nothing else in the app names an edition: the pre-game, the
report, the post-game and its effects read what the edition and its results
carry (the report type the post-game reads, the choices it asks, the treasury
changes it makes).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from matches.errors import MatchError
from rules_engine import Edition, edition_for, get_ruleset
from rules_engine.edition import POINTS
from rules_engine.editions import sequences_for
from rules_engine.house_rules import HouseRules, under_house_rules
from rules_engine.ruleset import Ruleset

if TYPE_CHECKING:
    from matches.models import Match


@dataclass(frozen=True)
class MatchRules:
    """A league's ruleset as a match uses it."""

    key: str
    ruleset: Ruleset
    edition: Edition

    @property
    def name(self) -> str:
        return self.ruleset.name

    @property
    def sequences(self) -> ModuleType:
        """The engine package itself. Deprecated: read the ``edition`` (``hiring_step``,
        ``report_type``, ...) instead."""
        return sequences_for(self.key)

    @property
    def report_type(self) -> type:
        """The report the post-game reads (``Edition.report_type``)."""
        return self.edition.report_type

    @property
    def hiring_step(self) -> str | None:
        """The post-game step held for the coaches' hiring, if the edition has one."""
        return self.edition.hiring_step

    @property
    def scored_in_points(self) -> bool:
        """Whether games are scored in points (Blitz Bowl) rather than touchdowns."""
        return self.edition.scoring == POINTS

    def pre_game(self, home: Any, away: Any, dice: Any, choices: dict[str, Any]) -> Any:
        return self.edition.pre_game(self.ruleset, home, away, dice, league=True, choices=choices)

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
        """The ruleset's post-game; ``hold_hiring`` (only for an edition with a
        ``hiring_step``) holds it there for each coach."""
        return self.edition.post_game(
            self.ruleset,
            home,
            away,
            report,
            dice,
            choices=choices,
            league=league,
            hold_hiring=hold_hiring and self.edition.hiring_step is not None,
        )


def rules_for_key(key: str) -> MatchRules:
    """The rules of ruleset ``key``; MatchError if the engine has no match sequences
    for it. Made once per key while the engine hands back the same ruleset and edition
    (asked about 50 times a recorded match)."""
    try:
        ruleset, edition = get_ruleset(key), edition_for(key)
    except (LookupError, ImportError):
        raise MatchError(
            _("The rules engine has no match sequences for %(key)r yet.") % {"key": key}
        ) from None
    made = _MADE.get(key)
    if made is None or made.ruleset is not ruleset or made.edition is not edition:
        made = _MADE[key] = MatchRules(key, ruleset, edition)
    return made


_MADE: dict[str, MatchRules] = {}


def rules_for(match: Match) -> MatchRules:
    """The rules the match's league plays by, under the house rules kept with the match
    when its pre-game began (``Match.house_rules``; none kept: the edition as written)."""
    rules = rules_for_key(match.fixture.season.ruleset)
    ruleset = under_house_rules(rules.ruleset, HouseRules.from_json(match.house_rules))
    if ruleset is rules.ruleset:
        return rules
    return MatchRules(rules.key, ruleset, rules.edition)
