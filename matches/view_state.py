"""The match a page request acts on: its state read once (``match_state``), whether
the user may run it or answer for a side, and its address."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from matches import selectors
from matches.models import Match
from matches.selectors.state import MatchState, match_state

SIDES = ("home", "away")


def match_or_404(pk: int) -> Match:
    try:
        return selectors.match_detail(pk)
    except Match.DoesNotExist:
        raise Http404(_("No such match.")) from None


def state_or_404(request: HttpRequest, pk: int) -> MatchState:
    """The request's one read of the match (``match_state``)."""
    try:
        return match_state(pk, request.user)
    except Match.DoesNotExist:
        raise Http404(_("No such match.")) from None


def state_to_play(request: HttpRequest, pk: int) -> MatchState:
    """The match's state, if the user may run it (checked before any input is read)."""
    state = state_or_404(request, pk)
    if not state.can_play:
        raise PermissionDenied(
            _(
                "Only the coaches of %(home)s and %(away)s or a commissioner of the league "
                "may do that."
            )
            % {"home": state.home.name, "away": state.away.name}
        )
    return state


def require_side(state: MatchState, side: str) -> None:
    """A side's events and decisions are its coach's (or a commissioner's)."""
    if side and not state.may_answer_for(side):
        team = state.teams[side]
        raise PermissionDenied(
            _("Only the coach of %(team)s records and decides for it.") % {"team": team.name}
        )


def match_url(match: Match, anchor: str = "") -> str:
    return reverse("match-detail", args=[match.pk]) + (f"#{anchor}" if anchor else "")
