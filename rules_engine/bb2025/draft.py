"""The BB2025 team draft (bb2025-league-facts.md sections 1-2; BBBase
docs/bb2025/core_rules/drafting_a_blood_bowl_team.md, the_teams.md "Team Captain").

The numbers live in ``rules_engine.draft.DRAFT_RULES["bb2025"]`` so ``validate_draft``
checks a BB2025 draft: 1,000,000 gp, 11-16 players, re-rolls 0-8, assistant coaches
0-6, cheerleaders 0-6, an apothecary where the roster allows one, Dedicated Fans 1-3
at 5,000 a step, no more Insignificant players than others, and the Big Guy caps of
Chaos Chosen (1), Chaos Renegades (3), Old World Alliance (1) and Underworld
Denizens (1) (``max_big_guys``; elsewhere it only sums the positions' QTY). What
BB2025 adds is checked here:

- the Favoured of ... choice: a Chaos Chosen or Chaos Renegades team chooses one of
  its options when it is drafted (it decides which stars and inducements it gets);
- the Team Captain (Human and Orc): one player of the starting roster who is not a
  Big Guy, who gains Pro with no value increase; he may be fired only once an injury
  reduced a characteristic, and once he leaves the roster a new one is named in the
  next fixture's pre-game (May 2026 erratum; ``rules_engine.draft``).
"""

from __future__ import annotations

from dataclasses import replace

from rules_engine import draft
from rules_engine.draft import DraftProposal, draft_rules_for, validate_draft
from rules_engine.ruleset import Roster, Ruleset
from rules_engine.wording import Shown

__all__ = ["captain_skills", "draft_problems", "team_captain_problems"]

KEY = "bb2025"


def team_captain_problems(roster: Roster, captain_position: str | None) -> list[Shown]:
    """The Team Captain nomination: required where the roster has the rule, refused
    where it has not; a Big Guy cannot be captain (facts section 2).
    ``rules_engine.draft`` checks it for every BB2025 draft
    (``DraftRules.team_captain_rule``)."""
    drafted = {captain_position: 1} if captain_position is not None else {}
    proposal = DraftProposal(roster.slug, players=drafted, captain_position=captain_position)
    return draft.team_captain_problems(draft.DRAFT_RULES[KEY], roster, proposal)


def draft_problems(
    ruleset: Ruleset, proposal: DraftProposal, *, captain_position: str | None = None
) -> list[Shown]:
    """Every way a BB2025 draft breaks the rules: ``validate_draft``'s, which for BB2025
    include the Favoured of ... choice a choosing roster must make and the Team
    Captain's position (one of the positions drafted)."""
    if captain_position is not None:
        proposal = replace(proposal, captain_position=captain_position)
    draft_rules_for(ruleset)  # a ruleset without draft rules is refused as validate_draft does
    return validate_draft(ruleset, proposal)


def captain_skills(ruleset: Ruleset, roster: Roster, is_captain: bool) -> tuple[str, ...]:
    """The skill the Team Captain has while captain: Pro (facts section 2)."""
    return draft.captain_skills(ruleset, roster, is_captain)
