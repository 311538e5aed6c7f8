"""The BB2025 ruleset's data types: BB2020's, plus what BB2025 adds.

BB2025 positions carry keywords ("Lineman", "Big Guy", "Elf", ...), a roster belongs to
its Team Leagues and picks one where it has two, or picks a "Favoured of ..." rule,
skills have a place on their category's D12 table and some are elite, and a star
player plays for the teams his "Plays For" names (facts sections 1-3, 5, 13.12). Each
type extends the BB2020 one, so code written for ``rules_engine.ruleset`` reads a
BB2025 ruleset unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.ruleset import Inducement, Position, Roster, Ruleset, Skill, StarPlayer

BIG_GUY = "Big Guy"
TEAM_CAPTAIN = "Team Captain"
BRAWLIN_BRUTES = "Brawlin' Brutes"
# Facts section 2: "Team Captain: one player per team is captain ... gains Pro".
CAPTAIN_SKILL = "Pro"
# What a roster's one choice at the draft is (``Bb2025Roster.choice_kind``).
TEAM_LEAGUE = "team_league"
FAVOURED_OF = "favoured_of"


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
    """A roster with its tier (1-4), Team Leagues, team special rules and the one
    choice its team makes at the draft (facts sections 2, 13.6):

    - a roster with two Team Leagues (Chaos Dwarf, Gnome, Goblin, Halfling, Norse,
      Ogre, Wood Elf) picks one of them, never both;
    - Chaos Chosen (six) and Chaos Renegades (five, no Hashut) pick a Favoured of ...;
    - no roster has both choices, so a team stores one ``special_rule_choice``.

    ``special_rules`` holds every rule a team of the roster may have (both leagues,
    every Favoured option, what a league brings); ``special_rule_choices`` the options;
    ``league_special_rules`` the rules a league choice brings along (a Chaos Clash
    Norse team is also Favoured of Khorne). Chaos Dwarf stays Favoured of Hashut
    whichever league it picks (a fixed rule)."""

    team_leagues: tuple[str, ...] = ()
    league_special_rules: tuple[tuple[str, tuple[str, ...]], ...] = ()
    outside_rulebook: bool = False

    @property
    def big_guy_max(self) -> int | None:
        """Facts section 2: Big Guy caps (roster notes) or the Big Guy positions' QTY."""
        return self.max_big_guys

    @property
    def has_team_captain(self) -> bool:
        return TEAM_CAPTAIN in self.special_rules

    @property
    def choice_kind(self) -> str | None:
        """What the team chooses at the draft: ``"team_league"`` (one of two Team
        Leagues), ``"favoured_of"`` (a Favoured of ... rule), or None (nothing)."""
        if not self.special_rule_choices:
            return None
        if set(self.special_rule_choices) <= set(self.team_leagues):
            return TEAM_LEAGUE
        return FAVOURED_OF

    @property
    def fixed_special_rules(self) -> tuple[str, ...]:
        """The rules every team of the roster has, whatever it chooses."""
        brought = {rule for _, rules in self.league_special_rules for rule in rules}
        return tuple(
            r for r in self.special_rules if r not in self.special_rule_choices and r not in brought
        )

    def special_rules_for(self, special_rule_choice: str | None = None) -> frozenset[str]:
        """The fixed rules, the chosen league or Favoured of ..., and what the chosen
        league brings; without a choice, every rule the roster may have (a roster page
        listing what its teams may get). An option the roster lacks is refused."""
        rules = super().special_rules_for(special_rule_choice)
        if special_rule_choice is None or not self.special_rule_choices:
            return rules
        return rules | frozenset(dict(self.league_special_rules).get(special_rule_choice, ()))


@dataclass(frozen=True)
class Bb2025StarPlayer(StarPlayer):
    """A star player with his keywords. ``accepts_to_play_for`` is the data's roster
    list (NAFLM races, with the rulebook's errata) kept for reference only: who may
    hire him is his "Plays For" (``plays_for``) against the team's rules (facts
    section 13.12)."""

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
    """The BB2025 ruleset."""

    def stars_for(
        self, roster: Roster | str, special_rule_choice: str | None = None
    ) -> tuple[StarPlayer, ...]:
        """Facts sections 5 and 13.12: a star plays for a team when his "Plays For"
        names one of its rules for its choice (its one Team League, its Favoured of
        ...); without a choice, any league or option of the roster. The rosters a star
        "accepts to play for" are not used."""
        return super().stars_for(roster, special_rule_choice)
