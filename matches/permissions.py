"""Who may do what to a match, as django-rules predicates.

- ``matches.view_match``: everyone (results and reports are public).
- ``matches.play_match``: the coach of either team, a commissioner of the
  fixture's league, a superuser: open the match, run the pre-game, start it,
  record events, submit the report, close it.
- ``matches.correct_report``: a commissioner of the fixture's league or a
  superuser, never a coach as such.

A decision that belongs to one side (inducements, kick or receive, journeymen
to hire) is answered by that side's coach or a commissioner:
``may_answer_for(user, match, side)``.
"""

from __future__ import annotations

from typing import Any

import rules

from core.types import Actor
from leagues.permissions import is_league_commissioner

PLAY = "matches.play_match"
CORRECT = "matches.correct_report"


def _fixture(match: Any) -> Any:
    return getattr(match, "fixture", None)


@rules.predicate
def is_match_coach(user: Actor | None, match: Any) -> bool:
    """The user coaches the home or the away team of the match."""
    fixture = _fixture(match)
    if fixture is None or user is None or not user.is_authenticated:
        return False
    return user.pk in {fixture.home.coach_id, fixture.away.coach_id}


@rules.predicate
def is_match_commissioner(user: Actor | None, match: Any) -> bool:
    """The user commissions the league of the match's fixture."""
    fixture = _fixture(match)
    return fixture is not None and bool(is_league_commissioner(user, fixture))


can_play = is_match_coach | is_match_commissioner | rules.is_superuser
can_correct = is_match_commissioner | rules.is_superuser

rules.add_perm("matches.view_match", rules.always_allow)
rules.add_perm(PLAY, can_play)
rules.add_perm(CORRECT, can_correct)


def coached_sides(user: Actor | None, match: Any) -> tuple[str, ...]:
    """The sides ("home", "away") whose team the user coaches."""
    fixture = _fixture(match)
    if fixture is None or user is None or not user.is_authenticated:
        return ()
    return tuple(
        side
        for side, team in (("home", fixture.home), ("away", fixture.away))
        if team.coach_id == user.pk
    )


def may_answer_for(user: Actor | None, match: Any, side: str) -> bool:
    """Whether the user may make ``side``'s decisions: its coach or a commissioner."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return side in coached_sides(user, match) or user.has_perm(CORRECT, match)
