"""Live entry on the match page: the tap picker, recording and removing events, and
submitting the report."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import attempt
from matches import selectors, services
from matches.errors import ReportConflict
from matches.forms import (
    EventForm,
)
from matches.http import HtmxHttpRequest
from matches.models import Confirmation, Match
from matches.page import picker_context, render_live, render_match
from matches.report_forms import (
    ReportForm,
    event_choices_of,
    report_extras_of,
    scored_in_points,
    without_penalty_rule_of,
)
from matches.view_state import SIDES, match_url, require_side, state_or_404, state_to_play


def event_picker(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The picker partial (htmx) for the next tap; without htmx, the match page."""
    state = state_or_404(request, pk)
    match = state.match
    if not request.htmx:
        return redirect(f"{match_url(match)}?{request.GET.urlencode()}#live")
    picker = picker_context(state, request.GET)
    if picker is None:
        raise PermissionDenied(
            _("Only the coaches of the two teams or a commissioner record events.")
        )
    context = {"match": match, "picker": picker}
    return render(request, "matches/match_detail.html#picker", context)


def _event_side(match: Match, kwargs: dict[str, Any]) -> str:
    """The side the event is recorded for: its player's (from the kick-off snapshot)
    or, for a bribe or kick-off event, the side given."""
    player = kwargs.get("player")
    if player is not None:
        for side in SIDES:
            players = ((match.match_teams or {}).get(side) or {}).get("players", ())
            if any(p["id"] == player for p in players):
                return side
        return ""
    return kwargs.get("side") or ""


@login_required
@require_POST
def add_event(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    state = state_to_play(request, pk)
    match = state.match
    form = EventForm(request.POST, kinds=event_choices_of(match))
    recorded = ""
    if form.is_valid():
        kwargs = form.event_kwargs()
        require_side(state, _event_side(match, kwargs))
        event = attempt(form, lambda: services.add_event(request.user, match, **kwargs))
        if event is not None:
            event = selectors.draft_event(match, event.pk)
            recorded = selectors.event_text(event, state.team_names)
            if not request.htmx:
                messages.success(request, _("Recorded: %(event)s.") % {"event": recorded})
                return redirect(match_url(match, "live"))
            return render_live(request, state, recorded=recorded)
    if not request.htmx:
        return render_match(request, state, status=400, event_form=form, picker_params=request.POST)
    # htmx swaps only successful responses: the errors come back as a 200 partial.
    return render_live(request, state, event_form=form, picker_params=request.POST)


@login_required
@require_POST
def remove_event(request: HtmxHttpRequest, pk: int, event_id: int) -> HttpResponse:
    state = state_to_play(request, pk)
    match = state.match
    event = get_object_or_404(selectors.draft_events(match), pk=event_id)
    require_side(state, event.side)
    form = EventForm()

    def remove() -> bool:
        services.remove_event(request.user, match, event)
        return True

    removed = attempt(form, remove)
    if not removed:
        if not request.htmx:
            return render_match(request, state, status=400, event_form=form)
        return render_live(request, state, event_form=form)
    if not request.htmx:
        messages.success(request, _("Event removed."))
        return redirect(match_url(match, "live"))
    return render_live(request, state, recorded="removed", recorded_removed=True)


@login_required
@require_POST
def submit_report(request: HttpRequest, pk: int) -> HttpResponse:
    state = state_to_play(request, pk)
    match = state.match
    form = ReportForm(
        state.team_names,
        request.POST,
        points=scored_in_points(match),
        extras=report_extras_of(match),
        without_penalty=without_penalty_rule_of(match),
    )
    if form.is_valid():
        kwargs = form.report_kwargs()
        key = form.cleaned_data.get("idempotency_key") or None
        try:
            submission = attempt(
                form,
                lambda: services.submit_report(request.user, match, idempotency_key=key, **kwargs),
            )
        except ReportConflict as error:
            messages.error(request, error.message)
            return redirect(match_url(match, "report"))
        if submission is not None:
            confirmed = submission.report.confirmation == Confirmation.CONFIRMED
            if not submission.created:
                messages.info(request, _("This report was already in; nothing changed."))
            elif confirmed:
                messages.success(request, _("The report is in: the post-game has begun."))
            else:
                messages.success(
                    request, _("The report is in: waiting for the opponent's confirmation.")
                )
            return redirect(match_url(match, "post-game" if confirmed else "confirmation"))
    if match.status != Match.Status.IN_PLAY:
        for problem in form.non_field_errors():
            messages.error(request, str(problem))
        return redirect(match_url(match))
    return render_match(request, state, status=400, report_form=form)
