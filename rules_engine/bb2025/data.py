"""The BB2025 ruleset's data types: BB2020's, plus what BB2025 adds.

BB2025 positions carry keywords ("Lineman", "Big Guy", "Elf", ...), rosters belong to
Team Leagues and may choose a "Favoured of ..." rule, skills have a place on their
category's D12 table and some are elite, and a star player plays for the rosters that
accept him (facts sections 1-3). Each type extends the BB2020 one, so code written
for ``rules_engine.ruleset`` reads a BB2025 ruleset unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.ruleset import Inducement, Position, Roster, Ruleset, Skill, StarPlayer

BIG_GUY = "Big Guy"
TEAM_CAPTAIN = "Team Captain"
BRAWLIN_BRUTES = "Brawlin' Brutes"
# Facts section 2: "Team Captain: one player per team is captain ... gains Pro".
CAPTAIN_SKILL = "Pro"


@dataclass(frozen=True)
class Bb2025Skill(Skill):
    """A skill with its place on its category's D12 table (None for traits) and
    whether it is elite (facts section 3: +10,000 extra value)."""

    d12: int | None = None
    elite: bool = False


@dataclass(frozen=True)
class Bb2025Position(Position):
    """A roster line with its BB2025 keywords (facts section 2: "Keywords per position
    ... New in BB2025") and NAFLM's Low Cost Linemen flag."""

    keywords: tuple[str, ...] = ()
    low_cost_lineman: bool = False


@dataclass(frozen=True)
class Bb2025Roster(Roster):
    """A roster with its tier (1-4), Team Leagues, team special rules and, for Chaos
    Chosen and Chaos Renegades, the Favoured of ... rules it chooses one of.

    ``special_rules`` holds the Team Leagues, the team special rules and every
    Favoured option; ``special_rule_choices`` the options (facts section 2)."""

    team_leagues: tuple[str, ...] = ()

    @property
    def big_guy_max(self) -> int | None:
        """Facts section 1: "Big Guys: per-roster maximum in NAFLM bigguy_qty"."""
        return self.max_big_guys

    @property
    def has_team_captain(self) -> bool:
        return TEAM_CAPTAIN in self.special_rules


@dataclass(frozen=True)
class Bb2025StarPlayer(StarPlayer):
    """A star player with his keywords and the rosters that accept him (NAFLM races,
    which every team's own star list agrees with)."""

    keywords: tuple[str, ...] = ()
    accepts_to_play_for: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bb2025Inducement(Inducement):
    """An inducement whose maximum may depend on a special rule: Bribes, 3, or 6 with
    Bribery and Corruption (facts section 4)."""

    special_max_counts: tuple[tuple[str, int], ...] = ()

    def max_for(self, special_rules: frozenset[str]) -> int | None:
        for rule, count in self.special_max_counts:
            if rule in special_rules:
                return count
        return self.max_count


@dataclass(frozen=True, eq=False)
class Bb2025Ruleset(Ruleset):
    """The BB2025 ruleset. Star players play for the rosters that accept them (NAFLM
    ``races``, equal to every team's own list); a Chaos team that has chosen its
    Favoured of ... rule also gets the stars who play for that rule."""

    def stars_for(
        self, roster: Roster | str, special_rule_choice: str | None = None
    ) -> tuple[StarPlayer, ...]:
        if isinstance(roster, str):
            roster = self.roster(roster)
        if special_rule_choice is not None:
            roster.special_rules_for(special_rule_choice)  # refuses an unknown choice
        found = []
        for star in self.star_players.values():
            accepts = isinstance(star, Bb2025StarPlayer) and roster.name in star.accepts_to_play_for
            favoured = special_rule_choice is not None and special_rule_choice in star.plays_for
            if accepts or favoured:
                found.append(star)
        return tuple(found)
