"""The match page's confirmation buttons and forms: the opponent confirms or disputes
the submitted report, the commissioner confirms (after a dispute or the deadline),
sends it back or settles a dispute with the right report (its own page, one POST), and
a coach saves the report's score as a draft while in play. The same services as
``matches/api_confirm.py``; a refusal comes back through ``core.errors`` (a form
error, or a message on the page)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.errors import attempt, attempt_or_message
from matches import services
from matches.correction_views import whole_report_page
from matches.models import Confirmation, Match
from matches.page import (
    render_match,
)
from matches.report_forms import (
    DisputeForm,
    ReportForm,
    SendBackForm,
    SettleForm,
    report_extras_of,
    scored_in_points,
    without_penalty_rule_of,
)
from matches.services.report.confirmation import settle_dispute as settle
from matches.view_state import match_url, state_or_404, state_to_play


def _back(match: Match, anchor: str = "confirmation") -> HttpResponse:

    return redirect(match_url(match, anchor))


def _refused(request: HttpRequest, match: Match, **forms: forms.Form) -> HttpResponse:
    """The page again with the refused form's reasons beside it; once the report no
    longer waits for confirmation (the form is gone from the page), its reasons as
    error messages on the page it moved to."""
    state = state_or_404(request, match.pk)  # read again: the refusal may be its move
    if state.step == Match.Status.CONFIRMING:
        return render_match(request, state, status=400, **forms)
    for form in forms.values():
        for problems in form.errors.values():
            for problem in problems:
                messages.error(request, str(problem))
    return _back(match, "")


@login_required
@require_POST
def confirm_report(request: HttpRequest, pk: int) -> HttpResponse:

    state = state_to_play(request, pk)

    match = state.match
    if attempt_or_message(request, lambda: services.confirm_report(request.user, match)):
        messages.success(request, _("The report is confirmed: the post-game has begun."))
        return _back(match, "post-game")
    return _back(match)


@login_required
@require_POST
def dispute_report(request: HttpRequest, pk: int) -> HttpResponse:

    state = state_to_play(request, pk)

    match = state.match
    form = DisputeForm(request.POST)
    if form.is_valid():
        note = form.cleaned_data["note"]
        if attempt(form, lambda: services.dispute_report(request.user, match, note=note)):
            messages.success(request, _("The report is disputed: the commissioner decides."))
            return _back(match)
    return _refused(request, match, dispute_form=form)


@login_required
@require_POST
def send_back_report(request: HttpRequest, pk: int) -> HttpResponse:

    state = state_to_play(request, pk)

    match = state.match
    form = SendBackForm(request.POST)
    if form.is_valid():
        note = form.cleaned_data["note"]
        if attempt(form, lambda: services.send_back_report(request.user, match, note=note)):
            messages.success(request, _("The report is sent back: the match is in play again."))
            return _back(match, "live")
    return _refused(request, match, send_back_form=form)


@login_required
@require_http_methods(["GET", "POST"])
def settle_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    """A commissioner settles a disputed report with the right one: the score, the
    events to keep and to add, and why, in one POST (the report is confirmed and the
    post-game begins)."""
    state = state_or_404(request, pk)
    match = state.match
    if not state.commissioner:
        raise PermissionDenied(
            _("Only a commissioner of %(league)s settles a dispute.")
            % {"league": state.league.name}
        )
    report = state.report
    if not state.confirming or report is None or report.confirmation != Confirmation.DISPUTED:
        messages.info(request, _("There is no disputed report to settle on this match."))
        return _back(match, "")
    return whole_report_page(
        request,
        state,
        report,
        SettleForm,
        lambda **given: settle(request.user, match, **given),
        template="matches/settle.html",
        done=(
            _("The dispute is settled: the report is confirmed and the post-game began."),
            "post-game",
        ),
    )


@login_required
@require_POST
def save_report_draft(request: HttpRequest, pk: int) -> HttpResponse:

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
        if attempt(form, lambda: services.save_report_draft(request.user, match, **kwargs)):
            messages.success(request, _("The report is saved as a draft; submit it when done."))
            return _back(match, "report")
    if match.status != Match.Status.IN_PLAY:
        for message in form.non_field_errors():
            messages.error(request, str(message))
        return _back(match, "")
    return render_match(request, state, status=400, report_form=form)
