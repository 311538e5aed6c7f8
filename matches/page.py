"""The match page: what it shows in each phase (pre-game, live entry, confirmation,
post-game, history), rendered whole or (htmx) the live part. Every part reads the
request's ``MatchState`` (``matches.selectors.state``), read once by the view."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import refusal_messages
from matches import live_views, selectors
from matches.forms import (
    INJURY_OUTCOMES,
    KICK_OFF_KINDS,
    MVP_NOMINEES,
    PostGameChoicesForm,
    tap_kinds,
)
from matches.forms_captain import captain_context
from matches.forms_pregame import AnswerForm, InducementsForm, JourneymenForm, PettyCashForm
from matches.models import Confirmation, DiceRoll, EventKind, Match
from matches.report_forms import (
    DisputeForm,
    ReportForm,
    SendBackForm,
    casualty_spp,
    event_choices_of,
    hiring_step_of,
    report_extras_of,
    scored_in_points,
    without_penalty_rule_of,
)
from matches.selectors.state import MatchState
from matches.view_state import match_url, state_to_play

CHANGE_TEAM = "teams.change_team"
TWO_STEP_KINDS = (EventKind.CASUALTY, EventKind.INJURY)
REPORTED = (Match.Status.REPORT_SUBMITTED, Match.Status.POST_GAME, Match.Status.CLOSED)


def render_match(
    request: HttpRequest, state: MatchState, *, status: int = 200, **forms: Any
) -> HttpResponse:
    """The match page; a refusal (``status`` 400) shows its reasons on it. htmx swaps
    only successful answers, so an htmx request gets the page with the reasons as 200."""
    context = match_context(request, state, **forms)
    if request.headers.get("HX-Request") == "true":
        status = 200
    return render(request, "matches/match_detail.html", context, status=status)


def match_context(request: HttpRequest, state: MatchState, **forms: Any) -> dict[str, Any]:
    match = state.match
    context: dict[str, Any] = {
        "match": match,
        "fixture": state.fixture,
        "match_state": state,
        "perms": state.perms,
        "teams": state.team_names,
        "action_errors": forms.get("action_errors", []),
        "sync_url": live_views.sync_url(match),
        "poll_seconds": live_views.POLL_SECONDS,
    }
    dice = list(selectors.dice_log(match))  # read once: the page's log and both sequences'
    if state.step != Match.Status.SCHEDULED:
        context["pre_game"] = pre_game_context(state, forms, dice)
    if state.step == Match.Status.IN_PLAY:
        params = forms.get("picker_params") or request.GET
        context.update(live_context(state, params, **forms))
    # After the live part: the line reads its casualties still without a result.
    context["waiting"] = live_views.waiting_for(state, context.get("casualty_results"))
    if state.step == Match.Status.CONFIRMING:
        context["confirmation"] = confirmation_context(state, **forms)
    names = selectors.player_names(match)
    if state.step in REPORTED:
        context["post_game"] = post_game_context(request, state, names, forms, dice)
    context["history"] = history_context(state)
    context["shortfalls"] = list(selectors.shortfalls(match))
    context["dice"] = selectors.dice_groups(dice, (match.pre_game_result or {}).get("steps") or ())
    return context


def act_on(request: HttpRequest, pk: int, service: Any, done: str, anchor: str) -> HttpResponse:
    state = state_to_play(request, pk)
    match = state.match
    errors = refusal_messages(lambda: service(request.user, match))
    if errors:  # refused: nothing changed, the state read stands
        return render_match(request, state, status=400, action_errors=errors)
    messages.success(request, done)
    return redirect(match_url(match, anchor))


def choice_form(choice: Any, ruleset: Any, data: Any = None) -> Any:
    prefix = f"{choice.side}-{choice.kind}"
    if choice.kind == "inducements":
        return InducementsForm(choice.options, ruleset, data=data, prefix=prefix)
    if choice.kind == "journeymen_position":
        return JourneymenForm(choice.options, ruleset, data=data, prefix=prefix)
    if choice.kind == "petty_cash":
        return PettyCashForm(choice.options, data=data, prefix=prefix)
    if choice.options.get("answers"):
        return AnswerForm(choice.options, data=data, prefix=prefix)
    return None


def choice_answer(form: Any) -> Any:
    if isinstance(form, AnswerForm):
        return form.answer_value()
    return form.answer()


def pre_game_context(
    state: MatchState, forms: dict, dice: list[DiceRoll] | None = None
) -> dict[str, Any]:
    teams, ruleset = state.team_names, state.ruleset
    pre_game = selectors.pre_game_state(state.match, state=state, dice=dice)
    posted = forms.get("choice_forms") or {}
    pending = []
    for choice in pre_game.pending:
        form = None
        if choice.yours:
            form = posted.get((choice.side, choice.kind)) or choice_form(choice, ruleset)
        pending.append(
            {"choice": choice, "team": teams.get(choice.side, choice.side), "form": form}
        )
    return {
        "state": pre_game,
        "steps": selectors.step_views(pre_game.steps, pre_game.rolls, teams, ruleset),
        "rows": selectors.pre_game_rows(pre_game.summary, ruleset, pre_game.steps),
        "pending": pending,
        # BB2025 Team Captain, May 2026 erratum: a new captain named in the pre-game.
        "captains": captain_context(state, forms.get("captain_forms") or {}),
    }


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def picker_context(state: MatchState, params: Any) -> dict[str, Any] | None:
    """Where the coach is in tapping one event: choose the event, then the player,
    then (a casualty) the victim or (an injury) its result."""
    sides = list(state.answerable)
    if not sides or not state.can_play:
        return None
    match = state.match
    teams = state.team_names
    side = params.get("side") if params.get("side") in sides else ""
    if len(sides) == 1:
        side = sides[0]
    kinds = tap_kinds(event_choices_of(match))
    kind = params.get("kind") if params.get("kind") in dict(kinds) else ""
    picker: dict[str, Any] = {
        "sides": [{"key": s, "team": teams[s]} for s in sides],
        "side": side,
        "team": teams.get(side, ""),
        "kind": kind,
        "kind_label": dict(kinds).get(kind, ""),
        "kinds": kinds,
        "step": "kind",
    }
    if not side or not kind:
        return picker
    other = "away" if side == "home" else "home"
    players = list(selectors.players_who_played(match, side))
    player = next((p for p in players if p.pk == _int(params.get("player"))), None)
    if kind in TWO_STEP_KINDS and player is not None:
        picker.update(player=player)
        if kind == EventKind.CASUALTY:
            victims = list(selectors.players_who_played(match, other))
            picker.update(
                step="victim",
                victims=victims,
                other_team=teams[other],
                casualty_spp=casualty_spp(match),
            )
        else:
            picker.update(step="injury", outcomes=list(INJURY_OUTCOMES))
        return picker
    picker.update(step="player", players=players, next=kind in TWO_STEP_KINDS)
    return picker


def live_context(state: MatchState, params: Any, **forms: Any) -> dict[str, Any]:
    match, teams, play = state.match, state.team_names, state.can_play
    events = list(selectors.draft_events(match))
    sides = list(state.answerable) if play else []
    rows = live_views.event_rows(state, events)
    score = selectors.running_score(events)
    report_form = forms.get("report_form")
    if report_form is None and play:
        initial = {"home_touchdowns": score["home"], "away_touchdowns": score["away"]}
        # A draft saved by a coach wins over the tapped score (scalar fields only).
        initial.update(
            {k: v for k, v in (match.report_draft or {}).items() if not isinstance(v, list)}
        )
        report_form = ReportForm(
            teams,
            initial=initial,
            points=scored_in_points(match),
            extras=report_extras_of(match),
            without_penalty=without_penalty_rule_of(match),
        )
    return {
        "events": rows,
        "score": score,
        "casualty_results": live_views.casualty_results(state, events),
        "picker": picker_context(state, params) if play else None,
        "event_form": forms.get("event_form"),
        "recorded": forms.get("recorded", ""),
        "recorded_removed": forms.get("recorded_removed", False),
        "report_form": report_form,
        "kick_off_kinds": KICK_OFF_KINDS,
        "kick_off_sides": [{"key": s, "team": teams[s]} for s in sides],
    }


def render_live(request: HttpRequest, state: MatchState, **forms: Any) -> HttpResponse:
    """The live partial for htmx: running score, the tap picker, the events, the report form."""
    params = forms.pop("picker_params", None) or {}
    context = {"match": state.match, "perms": state.perms, "teams": state.team_names}
    context.update(live_context(state, params, **forms))
    return render(request, "matches/match_detail.html#live", context)


def post_game_context(
    request: HttpRequest,
    state: MatchState,
    names: dict,
    forms: dict,
    dice: list[DiceRoll] | None = None,
) -> dict[str, Any]:
    teams, ruleset = state.team_names, state.ruleset
    post_game = selectors.post_game_state(state.match, state=state, dice=dice)
    posted = forms.get("post_game_forms") or {}
    cards = []
    shown: set[str] = set()
    report = post_game.report
    nominating = any(c.kind == MVP_NOMINEES for c in post_game.pending)
    nominated = ((report.post_game_choices or {}) if report is not None else {}).get(
        MVP_NOMINEES, {}
    )
    for side, team in state.teams.items():
        summary = post_game.summary.get(side)
        if summary and not post_game.applied:
            summary = selectors.live_team_figures(summary, team)
        pending = [c for c in post_game.pending if c.side == side]
        form = None
        if pending and all(c.yours for c in pending):
            form = posted.get(side) or PostGameChoicesForm(pending, names, prefix=side)
            shown.add(side)
        cards.append(
            {
                "side": side,
                "team": team,
                "summary": selectors.post_game_team(summary, names) if summary else None,
                "pending": pending,
                "form": form,
                # BB2025: the MVP nominees the coach gave, while the other coach's wait.
                "nominated": [names.get(pid, f"player {pid}") for pid in nominated.get(side, ())]
                if nominating
                else [],
                "may_advance": post_game.applied and request.user.has_perm(CHANGE_TEAM, team),
            }
        )
    deadline = report.hiring_deadline if report is not None else None
    waiting = next((s.get("step") for s in post_game.steps if not s.get("complete", True)), None)
    return {
        "state": post_game,
        "steps": selectors.step_views(
            post_game.steps, post_game.rolls, teams, ruleset, detailed=False
        ),
        "cards": cards,
        # A refused form the page no longer shows (its decision is gone meanwhile):
        # its reasons still show, above the cards.
        "errors": [
            str(message)
            for side, form in posted.items()
            if side not in shown
            for messages_ in form.errors.values()
            for message in messages_
        ],
        "nominating": nominating,
        # Held at the edition's hiring step (BB2020's step 4), or waiting for another answer.
        "hiring": waiting is not None and waiting == hiring_step_of(state.match),
        "deadline": deadline if post_game.pending else None,
        "may_end": bool(post_game.pending) and deadline is not None and deadline <= timezone.now(),
    }


def history_context(state: MatchState) -> list[selectors.HistoryEntry]:
    """Every version of the report with its events (two queries, whatever the count)."""
    reports = list(selectors.report_history(state.match))
    events = selectors.reported_events(state.match) if reports else []
    return selectors.history_entries(reports, events, state.team_names)


def report_summary(report: Any, teams: dict) -> dict[str, str]:
    """The report's score and concession in words, for the confirmation card."""
    details = ""
    if report.conceded_by:
        details = _("Conceded by %(team)s.") % {
            "team": teams.get(report.conceded_by, report.conceded_by)
        }
    return {"score": f"{report.home_touchdowns} – {report.away_touchdowns}", "details": details}


def confirmation_context(state: MatchState, **forms_: Any) -> dict[str, Any]:
    """What the page shows of a report waiting for confirmation, and who may do what."""
    report = state.report
    if report is None:
        return {}
    teams = state.team_names
    events = [selectors.event_text(e, teams) for e in selectors.report_events(report)]
    return {
        "report": report,
        "summary": report_summary(report, teams),
        "events": events,
        "disputed": report.confirmation == Confirmation.DISPUTED,
        "deadline": report.confirm_deadline,
        "can_confirm": state.can_confirm,
        "on_behalf": not state.is_opponent,
        "can_dispute": state.can_dispute,
        "can_send_back": state.can_send_back,
        "dispute_form": forms_.get("dispute_form") or DisputeForm(),
        "send_back_form": forms_.get("send_back_form") or SendBackForm(),
    }
