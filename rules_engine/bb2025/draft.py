"""The BB2025 team draft (league facts sections 1-2).

The numbers are BB2020's ("Same as BB2020": 1,000,000 gp, 11-16 players, re-rolls
0-8, staff, Dedicated Fans), registered in ``rules_engine.draft.DRAFT_RULES`` so
``validate_draft`` checks a BB2025 draft, Big Guy maxima included (``max_big_guys``
holds NAFLM's ``bigguy_qty``). What BB2025 adds is checked here:

- the Favoured of ... choice: a Chaos Chosen or Chaos Renegades team chooses one of
  its options when it is drafted (it decides which stars and inducements it gets);
- the Team Captain: "one player per team is captain ... and gains Pro while
  captain" (CZ); "Which rosters get it: NAFLM gives it to Human and Orc".
"""

from __future__ import annotations

from rules_engine.bb2025.data import BIG_GUY, CAPTAIN_SKILL, Bb2025Position, Bb2025Roster
from rules_engine.draft import DraftProposal, validate_draft
from rules_engine.ruleset import Roster, Ruleset

__all__ = ["captain_skills", "draft_problems", "team_captain_problems"]


def team_captain_problems(roster: Roster, captain_position: str | None) -> list[str]:
    """The Team Captain nomination: required where the roster has the rule, refused
    where it has not; a Big Guy cannot be captain (Dugout's reading: the captain is one
    of the team's ordinary players; UNVERIFIED)."""
    has_rule = isinstance(roster, Bb2025Roster) and roster.has_team_captain
    if captain_position is None:
        return [f"{roster.name} teams name a Team Captain"] if has_rule else []
    if not has_rule:
        return [f"{roster.name} teams have no Team Captain"]
    position = roster.positions.get(captain_position)
    if position is None:
        return [f"{roster.name} teams have no position {captain_position!r}"]
    if isinstance(position, Bb2025Position) and position.has_keyword(BIG_GUY):
        return [f"A Big Guy cannot be {roster.name} Team Captain"]
    return []


def draft_problems(
    ruleset: Ruleset, proposal: DraftProposal, *, captain_position: str | None = None
) -> list[str]:
    """Every way a BB2025 draft breaks the rules: ``validate_draft``'s, the Favoured of
    ... choice a choosing roster must make, and the Team Captain's position (one of
    the positions drafted)."""
    problems = validate_draft(ruleset, proposal)
    if proposal.roster_slug not in ruleset.rosters:
        return problems
    roster = ruleset.roster(proposal.roster_slug)
    if roster.special_rule_choices and proposal.special_rule_choice is None:
        options = ", ".join(roster.special_rule_choices)
        problems.append(f"{roster.name} teams choose one of {options} when drafted")
    problems += team_captain_problems(roster, captain_position)
    if captain_position is not None and not problems:
        slug = roster.positions.resolve(captain_position)
        drafted = {roster.positions.resolve(k) for k, n in proposal.players.items() if n}
        if slug not in drafted:
            problems.append("The Team Captain must be one of the players drafted")
    return problems


def captain_skills(roster: Roster, is_captain: bool) -> tuple[str, ...]:
    """The skill the Team Captain has while captain: Pro (facts section 2)."""
    if is_captain and isinstance(roster, Bb2025Roster) and roster.has_team_captain:
        return (CAPTAIN_SKILL,)
    return ()
