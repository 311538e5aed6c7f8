"""What the match pages share: finding the match a request may run, its URL, and what
the league's edition asks of its report form (through ``rules_for``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.urls import reverse

from matches import selectors
from matches.models import EventKind, Match
from matches.selectors.state import MatchState, match_state
from matches.services.report_extras import event_choices, team_fields
from matches.services.rulesets import rules_for
from rules_engine.errors import RulesError

CHANGE_TEAM = "teams.change_team"
SIDES = ("home", "away")
TWO_STEP_KINDS = (EventKind.CASUALTY, EventKind.INJURY)
REPORTED = (Match.Status.REPORT_SUBMITTED, Match.Status.POST_GAME, Match.Status.CLOSED)


def report_summary(report: Any, teams: dict) -> dict[str, str]:
    """The report's score and concession in words, for the confirmation card."""
    details = ""
    if report.conceded_by:
        details = f"Conceded by {teams.get(report.conceded_by, report.conceded_by)}."
    return {"score": f"{report.home_touchdowns} – {report.away_touchdowns}", "details": details}


def match_or_404(pk: int) -> Match:
    try:
        return selectors.match_detail(pk)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None


def state_or_404(request: HttpRequest, pk: int) -> MatchState:
    """The request's one read of the match (``match_state``)."""
    try:
        return match_state(pk, request.user)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None


def state_to_play(request: HttpRequest, pk: int) -> MatchState:
    """The match's state, if the user may run it (checked before any input is read)."""
    state = state_or_404(request, pk)
    if not state.can_play:
        raise PermissionDenied(
            f"Only the coaches of {state.home.name} and {state.away.name} "
            "or a commissioner of the league may do that."
        )
    return state


def require_side(state: MatchState, side: str) -> None:
    """A side's events and decisions are its coach's (or a commissioner's)."""
    if side and not state.may_answer_for(side):
        team = state.teams[side]
        raise PermissionDenied(f"Only the coach of {team.name} records and decides for it.")


def report_extras_of(match: Match) -> tuple[Any, ...]:
    """The team fields the league's report adds beyond BB2020's (its edition's report
    type: BB2025's ``stalled``), which the report form asks for each side."""
    try:
        return team_fields(rules_for(match).report_type)
    except RulesError:
        return ()


def event_choices_of(match: Match) -> list[tuple[str, str]]:
    """The event kinds the league's report records (its edition's report type: a safe
    landing only where the report counts them)."""
    try:
        return event_choices(rules_for(match).report_type)
    except RulesError:
        return event_choices(object)


def scored_in_points(match: Match) -> bool:
    """Whether the league's games are scored in points (Blitz Bowl: its edition's
    ``scoring``), so the report form asks for the cards that score them."""
    try:
        return rules_for(match).scored_in_points
    except RulesError:
        return False


def casualty_spp(match: Match) -> int:
    """The SPP a casualty caused by a Block earns under the league's edition (0: none)."""
    try:
        return rules_for(match).edition.casualty_spp
    except RulesError:
        return 0


def match_url(match: Match, anchor: str = "") -> str:
    return reverse("match-detail", args=[match.pk]) + (f"#{anchor}" if anchor else "")
