"""A commissioner's correction of a match report, on one form: the score (and a
points game's cards), the events to keep, events to add, and why. The services
take the whole events list: the kept events of the current report plus the new."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.errors import attempt
from matches import selectors, services
from matches.models import Match, MatchEvent, Report
from matches.report_forms import (
    POINTS_FIELD_NAMES,
    CorrectionEventFormSet,
    CorrectionForm,
    event_choices_of,
    report_extras_of,
    scored_in_points,
)
from matches.selectors.state import MatchState
from matches.view_state import SIDES, match_url, state_or_404

EVENT_FIELDS = (
    "kind",
    "side",
    "player_id",
    "victim_id",
    "by_block",
    "injury",
    "characteristic",
    "apothecary_used",
    "detail",
)


def event_dict(event: MatchEvent) -> dict[str, Any]:
    """A stored event as ``correct_report`` takes it."""
    return {name.removesuffix("_id"): getattr(event, name) for name in EVENT_FIELDS}


def _player_choices(match: Match, teams: dict) -> list[tuple[str, Any]]:
    return [
        (
            teams[side],
            [(p.pk, f"#{p.number} {p.name}") for p in selectors.players_who_played(match, side)],
        )
        for side in SIDES
    ]


@login_required
@require_http_methods(["GET", "POST"])
def correct_report(request: HttpRequest, pk: int) -> HttpResponse:
    """A commissioner corrects the report: the score, the events to keep, events to add."""
    state = state_or_404(request, pk)
    match = state.match
    if not state.commissioner:
        raise PermissionDenied(
            _("Only a commissioner of %(league)s may correct a report.")
            % {"league": state.league.name}
        )
    report = state.report
    if report is None:
        raise Http404(_("%(match)s has no report to correct yet.") % {"match": match.title})
    return whole_report_page(
        request,
        state,
        report,
        CorrectionForm,
        lambda **given: services.correct_report(request.user, match, **given),
        template="matches/correct.html",
        done=(_("The report is corrected; the post-game was run again."), "history"),
    )


def whole_report_page(
    request: HttpRequest,
    state: MatchState,
    report: Report,
    form_class: type[CorrectionForm],
    act: Callable[..., Any],
    *,
    template: str,
    done: tuple[str, str],
) -> HttpResponse:
    """The page a commissioner enters a whole report on, filled with ``report``: the
    score (and a points game's cards), the events to keep and to add, and why. A valid
    POST calls ``act`` with the report's fields, the events and the note; once it
    stands, the match page's ``done`` section is shown with ``done``'s message."""
    match = state.match
    teams = state.team_names
    events = list(selectors.report_events(report))
    initial = {
        "home_touchdowns": report.home_touchdowns,
        "away_touchdowns": report.away_touchdowns,
        "conceded_by": report.conceded_by,
        "conceded_at_setup_players": report.conceded_at_setup_players,
        "keep": [str(e.pk) for e in events],
        **{name: getattr(report, name, None) for name in POINTS_FIELD_NAMES},
        **report.team_extras,
    }
    data = request.POST if request.method == "POST" else None
    form = form_class(
        teams,
        [(e.pk, selectors.event_text(e, teams)) for e in events],
        data,
        initial=initial,
        points=scored_in_points(match),
        extras=report_extras_of(match),
    )
    formset = CorrectionEventFormSet(
        data,
        prefix="add",
        form_kwargs={"players": _player_choices(match, teams), "kinds": event_choices_of(match)},
    )
    if data is not None and form.is_valid() and formset.is_valid():
        kept = [event_dict(e) for e in events if e.pk in form.kept()]
        added = [event for f in formset if (event := f.event())]
        kwargs = form.report_kwargs()
        note = form.cleaned_data["note"]
        if attempt(form, lambda: act(**kwargs, events=kept + added, note=note)) is not None:
            message, section = done
            messages.success(request, message)
            return redirect(match_url(match, section))
    context = {
        "match": match,
        "fixture": match.fixture,
        "report": report,
        "form": form,
        "formset": formset,
    }
    return render(request, template, context, status=400 if data is not None else 200)
