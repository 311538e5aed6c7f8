"""Who may do what a match service does: play it, correct it, answer for a side; who
the teams services act as for a change the match makes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from core.types import Actor
from matches.choices import STATUS_IN_A_SENTENCE
from matches.errors import MatchError
from matches.models import Match
from matches.permissions import CORRECT, PLAY
from matches.selectors.state import state_of
from matches.services.snapshots import SIDES
from teams.models import Team

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

CHANGE_TEAM = "teams.change_team"


def require_play(actor: Actor | None, match: Match) -> None:
    if actor is None or not actor.has_perm(PLAY, match):
        raise PermissionDenied(
            _(
                "Only the coaches of %(home)s and %(away)s or a commissioner of the league "
                "may do that."
            )
            % {"home": match.fixture.home.name, "away": match.fixture.away.name}
        )


def require_commissioner(actor: Actor | None, match: Match) -> None:
    if actor is None or not actor.has_perm(CORRECT, match):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s may correct a report.")
            % {"league": match.fixture.season.league.name}
        )


def require_status(match: Match, *statuses: str, doing: StrOrPromise) -> None:
    """``doing``: what the user tried, as a translated phrase ("start the pre-game")."""
    if match.status not in statuses:
        allowed = _(" or ").join(str(STATUS_IN_A_SENTENCE[Match.Status(s)]) for s in statuses)
        raise MatchError(
            _("%(match)s is %(status)s: you can %(doing)s only when it is %(allowed)s.")
            % {
                "match": match.title,
                "status": STATUS_IN_A_SENTENCE[Match.Status(match.status)],
                "doing": doing,
                "allowed": allowed,
            }
        )


def answering_side(actor: Actor, match: Match, wanted: Iterable[str], side: str | None) -> str:
    """The side whose decision ``actor`` makes: ``side`` if given, else the one
    waiting side he may answer for. PermissionDenied if he may answer for none."""
    waiting = [s for s in SIDES if s in set(wanted)]
    state = state_of(match, None, actor)
    if side is not None:
        if side not in SIDES:
            raise MatchError(_("A side is 'home' or 'away', not %(side)r.") % {"side": side})
        if side not in waiting:
            raise MatchError(
                _("No decision of the home team is waiting.")
                if side == "home"
                else _("No decision of the away team is waiting.")
            )
        candidates = [side]
    else:
        mine = [s for s in waiting if s in state.coached]
        candidates = mine or [s for s in waiting if state.may_answer_for(s)]
    allowed = [s for s in candidates if state.may_answer_for(s)]
    if not allowed:
        raise PermissionDenied(_("That decision belongs to the other coach."))
    if len(allowed) > 1:
        raise MatchError(_("Both teams have this decision waiting: say which side you answer for."))
    return allowed[0]


def user_of(actor: Actor | None) -> User | None:
    """The signed-in user ``actor`` is, for a row's "by" column (None: nobody signed in)."""
    return actor if isinstance(actor, User) else None


def team_actor(actor: Actor | None, team: Team) -> Actor:
    """Who the teams services act as for a change the match makes to ``team``: the
    acting user when he may change the team, else the team's own coach (a coach
    submitting the report changes the other team through its coach's rights)."""
    if actor is not None and actor.has_perm(CHANGE_TEAM, team):
        return actor
    return team.coach
