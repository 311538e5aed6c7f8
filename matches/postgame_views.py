"""The post-game on the match page: the coaches' decisions, a commissioner's SPP
shortfalls, the end of the hiring step, closing the match."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import attempt, refusal_messages
from matches import selectors, services
from matches.forms import (
    PostGameChoicesForm,
)
from matches.page import act_on, render_match
from matches.view_state import match_url, require_side, state_to_play


@login_required
@require_POST
def post_game_choices(request: HttpRequest, pk: int, side: str) -> HttpResponse:
    state = state_to_play(request, pk)
    match = state.match
    require_side(state, side)
    post_game = selectors.post_game_state(match, state=state)
    pending = [c for c in post_game.pending if c.side == side]
    if not pending:
        messages.error(request, _("No post-game decision of that team is waiting."))
        return redirect(match_url(match, "post-game"))
    form = PostGameChoicesForm(
        pending, selectors.player_names(match), data=request.POST, prefix=side
    )
    if form.is_valid():
        kwargs = form.choice_kwargs()
        done = attempt(
            form,
            lambda: services.submit_post_game_choices(request.user, match, side=side, **kwargs),
        )
        if done is not None:
            messages.success(request, _("%(team)s: decided.") % {"team": state.team_names[side]})
            return redirect(match_url(match, "post-game"))
    return render_match(request, state, status=400, post_game_forms={side: form})


@login_required
@require_POST
def settle_shortfall(request: HttpRequest, pk: int, shortfall_id: int) -> HttpResponse:
    state = state_to_play(request, pk)
    match = state.match
    shortfall = get_object_or_404(selectors.shortfalls(match), pk=shortfall_id)
    decision = request.POST.get("decision", "")
    errors = refusal_messages(lambda: services.settle_shortfall(request.user, shortfall, decision))
    if errors:
        return render_match(request, state, status=400, action_errors=errors)
    if decision == "grant":
        done = _("%(player)s: the SPP are kept.")
    else:
        done = _("%(player)s: the SPP are taken back with his latest advancements.")
    messages.success(request, done % {"player": shortfall.player.name})
    return redirect(match_url(match, "history"))


@login_required
@require_POST
def end_post_game(request: HttpRequest, pk: int) -> HttpResponse:
    return act_on(
        request, pk, services.end_hiring_step, _("The post-game's waiting is ended."), "post-game"
    )


@login_required
@require_POST
def close_match(request: HttpRequest, pk: int) -> HttpResponse:
    return act_on(request, pk, services.close_match, _("The match is closed."), "")
