"""The match page's confirmation buttons and forms: the opponent confirms or disputes
the submitted report, the commissioner confirms (after a dispute or the deadline) or
sends it back, and a coach saves the report's score as a draft while in play. The
same services as ``matches/api_confirm.py``; a refusal comes back through
``config.errors`` (a form error, or a message on the page)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_POST

from config.errors import attempt, attempt_or_message
from matches import presenters, selectors, services
from matches.models import Confirmation, Match
from matches.services.confirmation import MAX_NOTE_LENGTH, is_opponent


class DisputeForm(forms.Form):
    note = forms.CharField(
        max_length=MAX_NOTE_LENGTH,
        label="What is wrong with the report?",
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": "Say what is wrong with the report, for the commissioner."},
    )


class SendBackForm(forms.Form):
    note = forms.CharField(max_length=300, required=False, label="Why (for the coaches)")


def confirmation_context(request: HttpRequest, match: Match, **forms_: Any) -> dict[str, Any]:
    """What the page shows of a report waiting for confirmation, and who may do what."""
    from matches.views import report_summary

    report = selectors.current_report(match)
    if report is None:
        return {}
    user = request.user
    signed_in = getattr(user, "is_authenticated", False)
    opponent = signed_in and is_opponent(user, match, report)
    commissioner = signed_in and user.has_perm("matches.correct_report", match)
    deadline = report.confirm_deadline
    past_deadline = deadline is not None and timezone.now() >= deadline
    disputed = report.confirmation == Confirmation.DISPUTED
    teams = presenters.team_names(match)
    events = [presenters.event_text(e, teams) for e in selectors.report_events(report)]
    return {
        "report": report,
        "summary": report_summary(report, teams),
        "events": events,
        "disputed": disputed,
        "deadline": deadline,
        "can_confirm": opponent or (commissioner and (disputed or past_deadline)),
        "on_behalf": not opponent,
        "can_dispute": opponent and not disputed,
        "can_send_back": commissioner,
        "dispute_form": forms_.get("dispute_form") or DisputeForm(),
        "send_back_form": SendBackForm(),
    }


def _back(match: Match, anchor: str = "confirmation") -> HttpResponse:
    from matches.views import _url

    return redirect(_url(match, anchor))


@login_required
@require_POST
def confirm_report(request: HttpRequest, pk: int) -> HttpResponse:
    from matches.views import _to_play

    match = _to_play(request, pk)
    if attempt_or_message(request, lambda: services.confirm_report(request.user, match)):
        messages.success(request, "The report is confirmed: the post-game has begun.")
        return _back(match, "post-game")
    return _back(match)


@login_required
@require_POST
def dispute_report(request: HttpRequest, pk: int) -> HttpResponse:
    from matches.views import _to_play, render_match

    match = _to_play(request, pk)
    form = DisputeForm(request.POST)
    if form.is_valid():
        note = form.cleaned_data["note"]
        if attempt(form, lambda: services.dispute_report(request.user, match, note=note)):
            messages.success(request, "The report is disputed: the commissioner decides.")
            return _back(match)
    return render_match(request, selectors.match_detail(match.pk), status=400, dispute_form=form)


@login_required
@require_POST
def send_back_report(request: HttpRequest, pk: int) -> HttpResponse:
    from matches.views import _to_play

    match = _to_play(request, pk)
    form = SendBackForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else ""
    done = attempt_or_message(
        request, lambda: services.send_back_report(request.user, match, note=note)
    )
    if done:
        messages.success(request, "The report is sent back: the match is in play again.")
        return _back(match, "live")
    return _back(match)


@login_required
@require_POST
def save_report_draft(request: HttpRequest, pk: int) -> HttpResponse:
    from matches.report_forms import ReportForm
    from matches.views import _to_play, render_match, report_extras_of, scored_in_points

    match = _to_play(request, pk)
    form = ReportForm(
        presenters.team_names(match),
        request.POST,
        points=scored_in_points(match),
        extras=report_extras_of(match),
    )
    if form.is_valid():
        kwargs = form.report_kwargs()
        if attempt(form, lambda: services.save_report_draft(request.user, match, **kwargs)):
            messages.success(request, "The report is saved as a draft; submit it when done.")
            return _back(match, "report")
    if match.status != Match.Status.IN_PLAY:
        for message in form.non_field_errors():
            messages.error(request, str(message))
        return _back(match, "")
    return render_match(request, match, status=400, report_form=form)
