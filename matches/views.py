"""Match pages: the match sheet from pre-game to post-game, live report entry
(one htmx tap per event), the report, the post-game decisions, corrections,
the match list, "my next match" and opening a fixture's match.

Views check who may act (PermissionDenied, 403, before reading the input),
validate a form and call ``matches.services`` as ``matches/api.py`` does; a
refusal (``RulesError``) becomes the form's errors on the page it came from.
A coach records the events and decisions of his own team; a commissioner
may record for both (``may_answer_for``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from config.errors import attempt, refusal_messages
from leagues.models import Fixture
from matches import live_views, presenters, selectors, services
from matches.errors import ReportConflict
from matches.forms import (
    INJURY_OUTCOMES,
    KICK_OFF_KINDS,
    AnswerForm,
    EventForm,
    InducementsForm,
    JourneymenForm,
    MatchFilterForm,
    PettyCashForm,
    PostGameChoicesForm,
    tap_kinds,
)
from matches.http import HtmxHttpRequest
from matches.models import Confirmation, EventKind, Match, MatchEvent
from matches.permissions import may_answer_for
from matches.report_forms import ReportForm
from rules_engine.errors import RulesError
from teams.selectors import value_breakdown

PLAY = "matches.play_match"
CORRECT = "matches.correct_report"
CHANGE_TEAM = "teams.change_team"
MATCHES_PER_PAGE = 50
SIDES = ("home", "away")
TWO_STEP_KINDS = (EventKind.CASUALTY, EventKind.INJURY)
REPORTED = (Match.Status.REPORT_SUBMITTED, Match.Status.POST_GAME, Match.Status.CLOSED)


def report_summary(report: Any, teams: dict) -> dict[str, str]:
    """The report's score and concession in words, for the confirmation card."""
    details = ""
    if report.conceded_by:
        details = f"Conceded by {teams.get(report.conceded_by, report.conceded_by)}."
    return {"score": f"{report.home_touchdowns} – {report.away_touchdowns}", "details": details}


def _match(pk: int) -> Match:
    try:
        return selectors.match_detail(pk)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None


def _to_play(request: HttpRequest, pk: int) -> Match:
    """The match, if the user may run it (checked before any input is read)."""
    match = _match(pk)
    if not request.user.has_perm(PLAY, match):
        raise PermissionDenied(
            f"Only the coaches of {match.fixture.home.name} and {match.fixture.away.name} "
            "or a commissioner of the league may do that."
        )
    return match


def _mine(request: HttpRequest, match: Match, side: str) -> None:
    """A side's events and decisions are its coach's (or a commissioner's)."""
    if side and not may_answer_for(request.user, match, side):
        team = match.fixture.home if side == "home" else match.fixture.away
        raise PermissionDenied(f"Only the coach of {team.name} records and decides for it.")


def report_extras_of(match: Match) -> tuple[Any, ...]:
    """The team fields the league's report adds beyond BB2020's (its edition's report
    type: BB2025's ``stalled``), which the report form asks for each side."""
    from matches.services.report_extras import team_fields
    from matches.services.rulesets import rules_for

    try:
        return team_fields(rules_for(match).report_type)
    except RulesError:
        return ()


def event_choices_of(match: Match) -> list[tuple[str, str]]:
    """The event kinds the league's report records (its edition's report type: a safe
    landing only where the report counts them)."""
    from matches.services.report_extras import event_choices
    from matches.services.rulesets import rules_for

    try:
        return event_choices(rules_for(match).report_type)
    except RulesError:
        return event_choices(object)


def scored_in_points(match: Match) -> bool:
    """Whether the league's games are scored in points (Blitz Bowl: its edition's
    ``scoring``), so the report form asks for the cards that score them."""
    from matches.services.rulesets import rules_for

    try:
        return rules_for(match).scored_in_points
    except RulesError:
        return False


def _casualty_spp(match: Match) -> int:
    """The SPP a casualty caused by a Block earns under the league's edition (0: none)."""
    from matches.services.rulesets import rules_for

    try:
        return rules_for(match).edition.casualty_spp
    except RulesError:
        return 0


def _url(match: Match, anchor: str = "") -> str:
    return reverse("match-detail", args=[match.pk]) + (f"#{anchor}" if anchor else "")


# --- the match page ----------------------------------------------------------------------


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render_match(request, _match(pk))


def render_match(
    request: HttpRequest, match: Match, *, status: int = 200, **forms: Any
) -> HttpResponse:
    context = match_context(request, match, **forms)
    return render(request, "matches/match_detail.html", context, status=status)


def match_context(request: HttpRequest, match: Match, **forms: Any) -> dict[str, Any]:
    user = request.user
    perms = selectors.permissions(user, match)
    teams = presenters.team_names(match)
    ruleset = presenters.ruleset_of(match)
    context: dict[str, Any] = {
        "match": match,
        "fixture": match.fixture,
        "perms": perms,
        "teams": teams,
        "action_errors": forms.get("action_errors", []),
        "sync_url": live_views.sync_url(match),
        "poll_seconds": live_views.POLL_SECONDS,
        "waiting": live_views.waiting_for(match, selectors.current_report(match), user),
    }
    if match.status != Match.Status.SCHEDULED:
        context["pre_game"] = pre_game_context(request, match, teams, ruleset, forms)
    if match.status == Match.Status.IN_PLAY:
        params = forms.get("picker_params") or request.GET
        context.update(live_context(request, match, perms, teams, params, **forms))
    if match.status == Match.Status.CONFIRMING:
        from matches.confirm_views import confirmation_context

        context["confirmation"] = confirmation_context(request, match, **forms)
    names = presenters.player_names(match)
    if match.status in REPORTED:
        context["post_game"] = post_game_context(request, match, teams, names, ruleset, forms)
    context["history"] = history_context(match, teams)
    context["shortfalls"] = list(selectors.shortfalls(match))
    context["dice"] = presenters.dice_groups(selectors.dice_log(match))
    return context


def _choice_form(choice: Any, ruleset: Any, data: Any = None) -> Any:
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


def _choice_answer(form: Any) -> Any:
    if isinstance(form, AnswerForm):
        return form.answer_value()
    return form.answer()


def pre_game_context(
    request: HttpRequest, match: Match, teams: dict, ruleset: Any, forms: dict
) -> dict[str, Any]:
    state = selectors.pre_game_state(match, request.user)
    posted = forms.get("choice_forms") or {}
    pending = []
    for choice in state.pending:
        form = None
        if choice.yours:
            form = posted.get((choice.side, choice.kind)) or _choice_form(choice, ruleset)
        pending.append(
            {"choice": choice, "team": teams.get(choice.side, choice.side), "form": form}
        )
    return {
        "state": state,
        "steps": presenters.steps(state.steps, state.rolls, teams, ruleset),
        "rows": presenters.pre_game_rows(state.summary, ruleset),
        "pending": pending,
    }


# --- live report entry -----------------------------------------------------------------------


def recordable_sides(request: HttpRequest, match: Match) -> list[str]:
    return [s for s in SIDES if may_answer_for(request.user, match, s)]


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def picker_context(request: HttpRequest, match: Match, params: Any) -> dict[str, Any] | None:
    """Where the coach is in tapping one event: choose the event, then the player,
    then (a casualty) the victim or (an injury) its result."""
    sides = recordable_sides(request, match)
    if not sides or not request.user.has_perm(PLAY, match):
        return None
    teams = presenters.team_names(match)
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
                casualty_spp=_casualty_spp(match),
            )
        else:
            picker.update(step="injury", outcomes=list(INJURY_OUTCOMES))
        return picker
    picker.update(step="player", players=players, next=kind in TWO_STEP_KINDS)
    return picker


def live_context(
    request: HttpRequest, match: Match, perms: Any, teams: dict, params: Any, **forms: Any
) -> dict[str, Any]:
    events = list(selectors.draft_events(match))
    sides = recordable_sides(request, match) if perms.play else []
    rows = live_views.event_rows(match, events, teams, request.user, perms.play)
    score = presenters.running_score(events)
    report_form = forms.get("report_form")
    if report_form is None and perms.play:
        initial = {"home_touchdowns": score["home"], "away_touchdowns": score["away"]}
        # A draft saved by a coach wins over the tapped score (scalar fields only).
        initial.update(
            {k: v for k, v in (match.report_draft or {}).items() if not isinstance(v, list)}
        )
        report_form = ReportForm(
            teams, initial=initial, points=scored_in_points(match), extras=report_extras_of(match)
        )
    return {
        "events": rows,
        "score": score,
        "picker": picker_context(request, match, params) if perms.play else None,
        "event_form": forms.get("event_form"),
        "recorded": forms.get("recorded", ""),
        "report_form": report_form,
        "kick_off_kinds": KICK_OFF_KINDS,
        "kick_off_sides": [{"key": s, "team": teams[s]} for s in sides],
    }


def render_live(request: HttpRequest, match: Match, **forms: Any) -> HttpResponse:
    """The live partial for htmx: running score, the tap picker, the events, the report form."""
    perms = selectors.permissions(request.user, match)
    teams = presenters.team_names(match)
    params = forms.pop("picker_params", None) or {}
    context = {"match": match, "perms": perms, "teams": teams}
    context.update(live_context(request, match, perms, teams, params, **forms))
    return render(request, "matches/match_detail.html#live", context)


def event_picker(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The picker partial (htmx) for the next tap; without htmx, the match page."""
    match = _match(pk)
    if not request.htmx:
        return redirect(f"{_url(match)}?{request.GET.urlencode()}#live")
    picker = picker_context(request, match, request.GET)
    if picker is None:
        raise PermissionDenied("Only the coaches of the two teams or a commissioner record events.")
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
    match = _to_play(request, pk)
    form = EventForm(request.POST, kinds=event_choices_of(match))
    recorded = ""
    if form.is_valid():
        kwargs = form.event_kwargs()
        _mine(request, match, _event_side(match, kwargs))
        event = attempt(form, lambda: services.add_event(request.user, match, **kwargs))
        if event is not None:
            event = selectors.draft_events(match).get(pk=event.pk)
            recorded = presenters.event_text(event, presenters.team_names(match))
            if not request.htmx:
                messages.success(request, f"Recorded: {recorded}.")
                return redirect(_url(match, "live"))
            return render_live(request, match, recorded=recorded)
    if not request.htmx:
        return render_match(request, match, status=400, event_form=form, picker_params=request.POST)
    # htmx swaps only successful responses: the errors come back as a 200 partial.
    return render_live(request, match, event_form=form, picker_params=request.POST)


@login_required
@require_POST
def remove_event(request: HtmxHttpRequest, pk: int, event_id: int) -> HttpResponse:
    match = _to_play(request, pk)
    event = get_object_or_404(MatchEvent, pk=event_id, match=match, report=None)
    _mine(request, match, event.side)
    form = EventForm()

    def remove() -> bool:
        services.remove_event(request.user, match, event)
        return True

    removed = attempt(form, remove)
    if not removed:
        if not request.htmx:
            return render_match(request, match, status=400, event_form=form)
        return render_live(request, match, event_form=form)
    if not request.htmx:
        messages.success(request, "Event removed.")
        return redirect(_url(match, "live"))
    return render_live(request, match, recorded="Event removed")


@login_required
@require_POST
def submit_report(request: HttpRequest, pk: int) -> HttpResponse:
    match = _to_play(request, pk)
    form = ReportForm(
        presenters.team_names(match),
        request.POST,
        points=scored_in_points(match),
        extras=report_extras_of(match),
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
            return redirect(_url(match, "report"))
        if submission is not None:
            confirmed = submission.report.confirmation == Confirmation.CONFIRMED
            if not submission.created:
                messages.info(request, "This report was already in; nothing changed.")
            elif confirmed:
                messages.success(request, "The report is in: the post-game has begun.")
            else:
                messages.success(
                    request, "The report is in: waiting for the opponent's confirmation."
                )
            return redirect(_url(match, "post-game" if confirmed else "confirmation"))
    if match.status != Match.Status.IN_PLAY:
        for problem in form.non_field_errors():
            messages.error(request, str(problem))
        return redirect(_url(match))
    return render_match(request, match, status=400, report_form=form)


# --- buttons and decisions ------------------------------------------------------------------


def _act(request: HttpRequest, pk: int, service: Any, done: str, anchor: str) -> HttpResponse:
    match = _to_play(request, pk)
    errors = refusal_messages(lambda: service(request.user, match))
    if errors:
        return render_match(request, match, status=400, action_errors=errors)
    messages.success(request, done)
    return redirect(_url(match, anchor))


@login_required
@require_POST
def start_pre_game(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, services.start_pre_game, "The pre-game has begun.", "pre-game")


@login_required
@require_POST
def start_match(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, services.start_match, "Kick-off! Record the match as it goes.", "live")


@login_required
@require_POST
def settle_shortfall(request: HttpRequest, pk: int, shortfall_id: int) -> HttpResponse:
    match = _to_play(request, pk)
    shortfall = get_object_or_404(selectors.shortfalls(match), pk=shortfall_id)
    decision = request.POST.get("decision", "")
    errors = refusal_messages(lambda: services.settle_shortfall(request.user, shortfall, decision))
    if errors:
        return render_match(request, match, status=400, action_errors=errors)
    done = "kept" if decision == "grant" else "taken back with his latest advancements"
    messages.success(request, f"{shortfall.player.name}: the SPP are {done}.")
    return redirect(_url(match, "history"))


@login_required
@require_POST
def end_post_game(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request, pk, services.end_hiring_step, "The post-game's waiting is ended.", "post-game"
    )


@login_required
@require_POST
def close_match(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, services.close_match, "The match is closed.", "")


@login_required
@require_POST
def pre_game_choice(request: HttpRequest, pk: int, side: str, kind: str) -> HttpResponse:
    match = _to_play(request, pk)
    _mine(request, match, side)
    state = selectors.pre_game_state(match, request.user)
    choice = next((c for c in state.pending if (c.side, c.kind) == (side, kind)), None)
    if choice is None:
        messages.error(request, "That decision is no longer waiting; here is where the match is.")
        return redirect(_url(match, "pre-game"))
    form = _choice_form(choice, presenters.ruleset_of(match), data=request.POST)
    if form is None:
        raise Http404("This decision is not answered on this page.")
    if form.is_valid():
        answer = _choice_answer(form)
        done = attempt(
            form,
            lambda: services.submit_pre_game_choice(
                request.user, match, kind=kind, answer=answer, side=side
            ),
        )
        if done is not None:
            messages.success(request, f"{presenters.team_names(match)[side]}: answered.")
            return redirect(_url(match, "pre-game"))
    return render_match(request, match, status=400, choice_forms={(side, kind): form})


def live_figures(summary: dict[str, Any], team: Any) -> dict[str, Any]:
    """While the coaches hire and fire (step 4), the Treasury and TV a post-game shows
    are the team's own, as its sheet shows them now."""
    team.refresh_from_db(fields=["treasury", "dedicated_fans"])
    value = value_breakdown(team)
    return {
        **summary,
        "treasury": team.treasury,
        "team_value": value.team_value,
        "current_team_value": value.current_team_value,
    }


def post_game_context(
    request: HttpRequest, match: Match, teams: dict, names: dict, ruleset: Any, forms: dict
) -> dict[str, Any]:
    state = selectors.post_game_state(match, request.user)
    posted = forms.get("post_game_forms") or {}
    fixture = match.fixture
    cards = []
    for side, team in (("home", fixture.home), ("away", fixture.away)):
        summary = state.summary.get(side)
        if summary and not state.applied:
            summary = live_figures(summary, team)
        pending = [c for c in state.pending if c.side == side]
        form = None
        if pending and all(c.yours for c in pending):
            form = posted.get(side) or PostGameChoicesForm(pending, names, prefix=side)
        cards.append(
            {
                "side": side,
                "team": team,
                "summary": presenters.post_game_team(summary, names) if summary else None,
                "pending": pending,
                "form": form,
                "may_advance": state.applied and request.user.has_perm(CHANGE_TEAM, team),
            }
        )
    report = state.report
    deadline = report.hiring_deadline if report is not None else None
    return {
        "state": state,
        "steps": presenters.steps(state.steps, state.rolls, teams, ruleset, detailed=False),
        "cards": cards,
        "deadline": deadline if state.pending else None,
        "may_end": bool(state.pending) and deadline is not None and deadline <= timezone.now(),
    }


@login_required
@require_POST
def post_game_choices(request: HttpRequest, pk: int, side: str) -> HttpResponse:
    match = _to_play(request, pk)
    _mine(request, match, side)
    state = selectors.post_game_state(match, request.user)
    pending = [c for c in state.pending if c.side == side]
    if not pending:
        messages.error(request, "No post-game decision of that team is waiting.")
        return redirect(_url(match, "post-game"))
    form = PostGameChoicesForm(
        pending, presenters.player_names(match), data=request.POST, prefix=side
    )
    if form.is_valid():
        kwargs = form.choice_kwargs()
        done = attempt(
            form,
            lambda: services.submit_post_game_choices(request.user, match, side=side, **kwargs),
        )
        if done is not None:
            messages.success(request, f"{presenters.team_names(match)[side]}: decided.")
            return redirect(_url(match, "post-game"))
    return render_match(request, match, status=400, post_game_forms={side: form})


# --- history ------------------------------------------------------------------------------------


def history_context(match: Match, teams: dict) -> list[dict[str, Any]]:
    """Every version of the report with its events (two queries, whatever the count)."""
    reports = list(selectors.report_history(match))
    events = (
        MatchEvent.objects.filter(match=match, report__isnull=False).select_related(
            "player", "victim"
        )
        if reports
        else []
    )
    return presenters.history(reports, events, teams)


# --- lists and ways in --------------------------------------------------------------------------


def match_list(request: HttpRequest) -> HttpResponse:
    form = MatchFilterForm(request.GET or None)
    chosen = form.cleaned_data if form.is_valid() else {}
    matches = selectors.match_list(
        season=chosen.get("season"), team=chosen.get("team"), status=chosen.get("status") or ""
    )
    page = Paginator(matches, MATCHES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "matches/match_list.html", {"form": form, "page": page})


@login_required
def next_match(request: HttpRequest) -> HttpResponse:
    found = selectors.next_match_for(request.user)
    return render(request, "matches/next.html", {"found": found})


def open_for_fixture(request: HttpRequest, fixture_id: int) -> HttpResponse:
    """The fixture's match: opened on POST (either coach or a commissioner) if there
    is none yet, then its page."""
    fixture = get_object_or_404(
        Fixture.objects.select_related("home__coach", "away__coach", "season__league", "round"),
        pk=fixture_id,
    )
    existing = selectors.match_for_fixture(fixture)
    if existing is not None:
        return redirect(_url(existing))
    errors: list[str] = []
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        opened: list[Match] = []
        errors = refusal_messages(lambda: opened.append(services.open_match(request.user, fixture)))
        if opened:
            messages.success(request, "The match is open: start the pre-game when you are ready.")
            return redirect(_url(opened[0]))
    context = {
        "fixture": fixture,
        "errors": errors,
        "may_open": request.user.has_perm("leagues.record_result", fixture),
    }
    return render(request, "matches/open.html", context, status=400 if errors else 200)
