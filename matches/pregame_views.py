"""The pre-game's buttons and decisions on the match page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import attempt
from matches import selectors, services
from matches.forms_captain import NewCaptainForm
from matches.page import act_on, choice_answer, choice_form, render_match
from matches.services.pregame.captain import captain_card
from matches.services.pregame.captain import name_team_captain as name_team_captain_service
from matches.view_state import SIDES, match_url, require_side, state_to_play


@login_required
@require_POST
def start_pre_game(request: HttpRequest, pk: int) -> HttpResponse:
    return act_on(request, pk, services.start_pre_game, _("The pre-game has begun."), "pre-game")


@login_required
@require_POST
def start_match(request: HttpRequest, pk: int) -> HttpResponse:
    return act_on(
        request, pk, services.start_match, _("Kick-off! Record the match as it goes."), "live"
    )


@login_required
@require_POST
def pre_game_choice(request: HttpRequest, pk: int, side: str, kind: str) -> HttpResponse:
    state = state_to_play(request, pk)
    match = state.match
    require_side(state, side)
    pre_game = selectors.pre_game_state(match, state=state)
    choice = next((c for c in pre_game.pending if (c.side, c.kind) == (side, kind)), None)
    if choice is None:
        messages.error(
            request, _("That decision is no longer waiting; here is where the match is.")
        )
        return redirect(match_url(match, "pre-game"))
    form = choice_form(choice, state.ruleset, data=request.POST)
    if form is None:
        raise Http404(_("This decision is not answered on this page."))
    if form.is_valid():
        answer = choice_answer(form)
        done = attempt(
            form,
            lambda: services.submit_pre_game_choice(
                request.user, match, kind=kind, answer=answer, side=side
            ),
        )
        if done is not None:
            messages.success(request, _("%(team)s: answered.") % {"team": state.team_names[side]})
            return redirect(match_url(match, "pre-game"))
    return render_match(request, state, status=400, choice_forms={(side, kind): form})


@login_required
@require_POST
def name_team_captain(request: HttpRequest, pk: int, side: str) -> HttpResponse:
    """BB2025 Team Captain, May 2026 erratum: the side's coach names a new captain in the
    pre-game once the old one has left the roster (``matches.services.pregame.captain``)."""
    state = state_to_play(request, pk)
    match = state.match
    if side not in SIDES:
        raise Http404(_("A side is home or away."))
    require_side(state, side)
    card = captain_card(match, side)
    form = NewCaptainForm(card, side, data=request.POST)
    if form.is_valid():
        named = attempt(
            form,
            lambda: name_team_captain_service(
                request.user, match, side, form.cleaned_data["player"]
            ),
        )
        if named is not None:
            team = state.team_names[side]
            messages.success(
                request,
                _("%(team)s: #%(number)s %(name)s is Team Captain.")
                % {"team": team, "number": named.number, "name": named.name},
            )
            return redirect(match_url(match, "pre-game"))
    if card is not None and card.captain is None:
        return render_match(request, state, status=400, captain_forms={side: form})
    # No form on the page for this side (it has a captain, the match is past its
    # pre-game, its rules name none): the reasons show above the match.
    errors = [str(m) for messages_ in form.errors.values() for m in messages_]
    return render_match(request, state, status=400, action_errors=errors)
