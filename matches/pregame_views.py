"""The pre-game's buttons and decisions on the match page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from config.errors import attempt
from matches import selectors, services
from matches.page import act_on, choice_answer, choice_form, render_match
from matches.view_common import match_to_play, match_url, require_side


@login_required
@require_POST
def start_pre_game(request: HttpRequest, pk: int) -> HttpResponse:
    return act_on(request, pk, services.start_pre_game, "The pre-game has begun.", "pre-game")


@login_required
@require_POST
def start_match(request: HttpRequest, pk: int) -> HttpResponse:
    return act_on(
        request, pk, services.start_match, "Kick-off! Record the match as it goes.", "live"
    )


@login_required
@require_POST
def pre_game_choice(request: HttpRequest, pk: int, side: str, kind: str) -> HttpResponse:
    match = match_to_play(request, pk)
    require_side(request, match, side)
    state = selectors.pre_game_state(match, request.user)
    choice = next((c for c in state.pending if (c.side, c.kind) == (side, kind)), None)
    if choice is None:
        messages.error(request, "That decision is no longer waiting; here is where the match is.")
        return redirect(match_url(match, "pre-game"))
    form = choice_form(choice, selectors.engine_ruleset(match), data=request.POST)
    if form is None:
        raise Http404("This decision is not answered on this page.")
    if form.is_valid():
        answer = choice_answer(form)
        done = attempt(
            form,
            lambda: services.submit_pre_game_choice(
                request.user, match, kind=kind, answer=answer, side=side
            ),
        )
        if done is not None:
            messages.success(request, f"{selectors.team_names(match)[side]}: answered.")
            return redirect(match_url(match, "pre-game"))
    return render_match(request, match, status=400, choice_forms={(side, kind): form})
