"""Who a team's Team Captain is, for the sheet (BB2025 league facts section 2, "Team
Captain": one player of the roster, never a Big Guy, who has Pro while captain).

The captain is the active player holding the captain's skill as a plain gained skill
(source "other", from no advancement), as ``teams.services.captain`` names him; Pro
gained by an advancement is not the captain's. One query, and only for a roster
whose edition names a captain (none at all for the others)."""

from __future__ import annotations

from rules_engine import get_ruleset
from rules_engine.draft import draft_rules_for
from teams.models import PlayerSkill, PlayerStatus


def team_captain_id(team_id: int, ruleset_key: str, roster_slug: str) -> int | None:
    """The id of the team's captain, or None (no captain named, or none in its rules)."""
    ruleset = get_ruleset(ruleset_key)
    rules = draft_rules_for(ruleset)
    if rules.captain_skill is None or not rules.names_team_captain(ruleset.roster(roster_slug)):
        return None
    found: int | None = (
        PlayerSkill.objects.filter(
            player__team_id=team_id,
            player__status=PlayerStatus.ACTIVE,
            skill=rules.captain_skill,
            source=PlayerSkill.Source.OTHER,
            advancement__isnull=True,
        )
        .order_by("player_id")
        .values_list("player_id", flat=True)
        .first()
    )
    return found
