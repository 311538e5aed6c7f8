"""Pages of the re-draft between seasons, and of the re-draft into another edition
(the form, its htmx preview of the budget and costs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

import rules_engine
from core.errors import attempt, refusal_messages
from leagues.models import League
from leagues.services.rollover import between_seasons_text
from leagues.services.team_redraft import (
    change_edition,
    edition_change_record,
    has_edition_change,
    redraft_team,
    season_to_redraft,
)
from teams.forms import POSITION_PREFIX
from teams.forms_captain import add_field_errors
from teams.forms_redraft import EditionChangeForm, RedraftForm
from teams.models import Team
from teams.services._common import ruleset_of
from teams.services.edition_change import preview_edition_change
from teams.services.redraft import plan_redraft
from teams.services.redraft_season import SeasonRecord, rehire_candidates
from teams.views_access import team_to_change


def _redraft_form(request: HttpRequest, team: Team) -> tuple[RedraftForm, SeasonRecord]:
    """The re-draft form and the season it re-drafts after; the season's problem
    (still under way, next season not open...) as a RulesError."""
    record = season_to_redraft(team)
    ruleset = ruleset_of(team)
    data = request.POST if request.method == "POST" else None
    form = RedraftForm(ruleset, ruleset.roster(team.roster_slug), rehire_candidates(team), data)
    return form, record


def _redraft_preview(team: Team, form: RedraftForm, record: SeasonRecord) -> Any:
    plan = plan_redraft(team, record, **form.choices())
    return plan, form.input_problems() + plan.all_problems


def _submit(
    request: HttpRequest,
    team: Team,
    form: RedraftForm,
    service: Callable[..., Any],
    done: Callable[[Team, Any], str],
) -> HttpResponse | None:
    """Run the re-draft ``service`` with the form's choices: its refusal as the form's
    errors (by field where it names one) and None, else ``done``'s message and the
    team's sheet."""
    try:
        result = attempt(form, lambda: service(request.user, team, **form.choices()))
    except ValidationError as error:
        add_field_errors(form, error)
        return None
    if result is None:
        return None
    messages.success(request, done(team, result))
    return redirect("team-detail", pk=team.pk)


def _redrafted(team: Team, result: Any) -> str:
    text = _("%(team)s is re-drafted for %(season)s: %(rehired)d re-hired, %(hired)d hired.") % {
        "team": team.name,
        "season": result.record.to_season,
        "rehired": len(result.rehired),
        "hired": len(result.hired),
    }
    if result.rolls:  # the coach sees the Rest & Relaxation dice the server rolled
        rolls = "; ".join(f"{r['purpose']}, {r['die'].upper()} {r['result']}" for r in result.rolls)
        text += " " + _("Rest & Relaxation: %(rolls)s.") % {"rolls": rolls}
    return text


def _moved(team: Team, result: Any) -> str:
    lost = len(result.losses)
    return ngettext(
        "%(team)s is re-drafted into %(season)s: %(rehired)d re-hired, %(hired)d hired, "
        "%(lost)d thing left behind.",
        "%(team)s is re-drafted into %(season)s: %(rehired)d re-hired, %(hired)d hired, "
        "%(lost)d things left behind.",
        lost,
    ) % {
        "team": team.name,
        "season": result.redraft.record.to_season,
        "rehired": len(result.redraft.rehired),
        "hired": len(result.redraft.hired),
        "lost": lost,
    }


@login_required
def team_redraft(request: HttpRequest, pk: int) -> HttpResponse:
    """The coach re-drafts his team between seasons: the budget is the server's (the
    closed season's record), the page takes his choices; the budget updates live."""
    team = team_to_change(request, pk)
    if has_edition_change(team):
        return redirect("team-edition-change", pk=team.pk)
    built: list[tuple[Any, Any]] = []
    refusal = refusal_messages(lambda: built.append(_redraft_form(request, team)))
    if refusal:
        context = {"team": team, "refusal": refusal}
        return render(request, "teams/redraft_form.html", context, status=200)
    form, record = built[0]
    if request.method == "POST" and form.is_valid():
        done = _submit(request, team, form, redraft_team, _redrafted)
        if done is not None:
            return done
    plan, problems = _redraft_preview(team, form, record)
    context = {
        "team": team,
        "form": form,
        "record": record,
        "plan": plan,
        "problems": problems,
        "between_seasons": between_seasons_text(League.objects.get(pk=record.league_id)),
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "teams/redraft_form.html", context, status=status)


@require_POST
def team_redraft_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The budget partial for htmx: the server's budget, the cost of the choices so far
    and every problem."""
    team = team_to_change(request, pk)
    built: list[tuple[Any, Any]] = []
    refusal = refusal_messages(lambda: built.append(_redraft_form(request, team)))
    if refusal:
        return HttpResponse(" ".join(refusal), status=400)
    form, record = built[0]
    plan, problems = _redraft_preview(team, form, record)
    context = {"team": team, "form": form, "plan": plan, "problems": problems}
    return render(request, "teams/redraft_form.html#budget", context)


def _edition_change_form(
    request: HttpRequest, team: Team
) -> tuple[EditionChangeForm, SeasonRecord]:
    """The form of a re-draft into another edition, built on the mapping the request's
    positions give (the suggestions on a first view), and the season's record."""
    record = edition_change_record(team)
    first = preview_edition_change(team, record)
    data = request.POST if request.method == "POST" else None
    choices = {c.player_id: c.suggested for c in first.mapping.choices}
    positions: dict[int, str] = {}
    for player in first.mapping.players:
        if data is not None:
            wanted = data.get(f"{POSITION_PREFIX}{player.id}", "")
        else:
            wanted = player.position_slug or choices.get(player.id) or ""
        if wanted:
            positions[player.id] = wanted
    preview = preview_edition_change(team, record, positions=positions)
    ruleset = rules_engine.get_ruleset(preview.move.to_key)
    roster = ruleset.roster(preview.mapping.roster_slug)
    form = EditionChangeForm(ruleset, roster, preview.plan.candidates, preview.mapping, data)
    return form, record


def _edition_change_context(
    team: Team, form: EditionChangeForm, record: SeasonRecord
) -> dict[str, Any]:
    preview = preview_edition_change(team, record, **form.choices())
    return {
        "team": team,
        "form": form,
        "record": record,
        "preview": preview,
        "plan": preview.plan,
        "problems": form.input_problems() + preview.all_problems + preview.plan.problems,
    }


@login_required
def team_edition_change(request: HttpRequest, pk: int) -> HttpResponse:
    """The coach re-drafts his team into the edition its next season is played under:
    each player's new position, what cannot carry over, then the re-draft as usual."""
    team = team_to_change(request, pk)
    built: list[tuple[Any, Any]] = []
    refusal = refusal_messages(lambda: built.append(_edition_change_form(request, team)))
    if refusal:
        context = {"team": team, "refusal": refusal}
        return render(request, "teams/edition_change.html", context, status=200)
    form, record = built[0]
    if request.method == "POST" and form.is_valid():
        done = _submit(request, team, form, change_edition, _moved)
        if done is not None:
            return done
    context = _edition_change_context(team, form, record)
    status = 400 if request.method == "POST" else 200
    return render(request, "teams/edition_change.html", context, status=status)
