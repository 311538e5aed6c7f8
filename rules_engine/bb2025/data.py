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
from rules_engine.wording import Wording, say

BIG_GUY = "Big Guy"
TEAM_CAPTAIN = "Team Captain"
BRAWLIN_BRUTES = "Brawlin' Brutes"
# Facts section 2: "Team Captain: one player per team is captain ... gains Pro".
CAPTAIN_SKILL = "Pro"
# What a roster's one choice at the draft is (``Bb2025Roster.choice_kind``).
TEAM_LEAGUE = "team_league"
FAVOURED_OF = "favoured_of"

# Facts section 13: Dugout's reading where the rulebook is unclear, silent or leaves a
# choice, in that section's order (shown on /rulesets/bb2025/ as "Dugout's reading").
DUGOUTS_READING: tuple[Wording, ...] = (
    say(
        "MVP with fewer than six eligible players: every eligible player is nominated and one "
        "is drawn among them. Eligible: played in the game (journeymen too), not a star "
        "player, not killed in it; a mercenary may be nominated but his SPP leave with him."
    ),
    say(
        "The opponent of a team that concedes takes the whole Fan Attendance plus its "
        "touchdowns, awarded ones included, times 10,000, without the +1 for not stalling."
    ),
    say(
        "Conceding Without Penalty: both teams run the normal post-game (ordinary winnings, "
        "one MVP each, SPP kept, Dedicated Fans rolled as for a win and a loss, no quit rolls)."
    ),
    say(
        "A fixture conceded for real-life reasons is recorded 0-2: the conceder gets no "
        "winnings, MVP or SPP; the other team D6 x 10,000 and two MVP awards; Dedicated Fans "
        "are rolled as for a loss and a win. A fixture left unplayed is a loss for both, each "
        "rolling Dedicated Fans as for a loss. Either way it counts as a missed game."
    ),
    say(
        "Re-draft money counts regular-season fixtures only; a 2-0 concession counts as "
        "played by both and won by one, a fixture left unplayed as not played. The 1,300,000 "
        "cap is on unless the league sets its own."
    ),
    say(
        "At a re-draft Dedicated Fans carry over, the league and any Favoured of ... choice "
        "stay for the team's life, and a re-hired Team Captain stays captain (otherwise a "
        "new one is named)."
    ),
    say(
        "The agent's fee counts each earlier season in which the player was on the roster "
        "for at least one league fixture."
    ),
    say(
        "The League Trophy's extra team re-roll counts toward the cap of 8: a holder already "
        "at 8 gets none."
    ),
    say(
        "A mercenary may not take the roster above 16 players (those missing the game not "
        "counted), as for star players."
    ),
    say(
        "Hatred is rolled for only when the final result (after any apothecary) makes the "
        "player miss the next game, and only when an opposing player caused the casualty; "
        "the keyword is kept with the trait, e.g. Hatred (Orc)."
    ),
    say(
        "Low Cost Linemen: team value keeps the Lineman's hiring fee, current team value "
        "counts it 0; their journeymen count 0 in current team value and cost their full "
        "fee to hire."
    ),
    say(
        "A team's special rules and its one Team League are kept apart; a star plays for it "
        "when his Plays For list holds its league, or its Favoured of ... choice."
    ),
    say(
        "Changing a team from BB2020 to BB2025 lists every position over its new maximum "
        "for the coach to fire or re-draft; cheerleaders above 6 and Dedicated Fans above 7 "
        "are cut to the cap without refund."
    ),
    say(
        "Outside the rulebook and not offered to a league: the Slann roster, two stars with "
        "no rulebook page (Bryce 'The Slice' Cambuel, Frank N Stein) and other publications' "
        "inducements (their data is kept for a league option). High Elf keeps its earlier "
        "roster."
    ),
    say(
        "Where one source disagrees: the Underworld Denizens Skaven Blitzer keeps secondary "
        "A D, and Eldril Sidewinder costs 220,000."
    ),
)


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
    # The team list's inducements from other publications (NAFLM's "source 2",
    # ``teams.json`` ``new_inducements_death_zone``), as (name, price, most a team may
    # buy): not offered unless a league's house rules switch them on (facts §13.14).
    non_core_inducements: tuple[tuple[str, int, int], ...] = ()

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
