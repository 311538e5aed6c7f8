"""Pages of a player: his sheet, and the coach's actions on him (rename, fire, hire
permanently, retire, spend SPP on an advancement)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import rules_engine
from core.conditional import conditional_page, stamp_of
from core.errors import attempt
from matches import history
from teams import selectors, services
from teams.audit import team_stamp
from teams.forms import (
    ActionForm,
    RenamePlayerForm,
    SpendSppForm,
)
from teams.models import Advancement, Player
from teams.services.advancement import AdvancementChoice, spend_spp
from teams.views_access import player_to_change, user_may_change


def _player(pk: int) -> Player:
    try:
        return selectors.player_with_history(pk)
    except Player.DoesNotExist:
        raise Http404(_("No such player.")) from None


def _player_stamp(request: HttpRequest, pk: int, **forms: Any) -> Any:
    """A player's page shows his team's rows and his league's: validated by the team's
    versions (None for no such player: the view answers 404)."""
    team_id = Player.objects.filter(pk=pk).values_list("team_id", flat=True).first()
    return None if team_id is None else team_stamp(team_id)


@conditional_page(_player_stamp)
def player_detail(request: HttpRequest, pk: int, **forms: Any) -> HttpResponse:
    # His history (skills, advancements, injuries) is read at once for a signed-in
    # reader, who may be his coach (his actions depend on it); for a visitor only when
    # the cached fragment showing it is not kept.
    with_history: Any
    if request.user.is_authenticated:
        player = with_history = _player(pk)
    else:
        found = Player.objects.select_related("team", "team__coach").filter(pk=pk).first()
        if found is None:
            raise Http404(_("No such player."))
        player = found
        with_history = SimpleLazyObject(lambda: _player(pk))
    team = player.team
    may_change = user_may_change(request, team) and player.is_active
    position = selectors.position_for(selectors.roster_for(team), player)
    context = {
        "player": player,
        "player_history": with_history,
        "team": team,
        "position": position,
        "position_skills": selectors.position_skills(position),
        "may_change": may_change,
        "options": selectors.advancement_options(with_history) if may_change else (),
        "can_advance": may_change and selectors.can_advance(with_history),
        "must_advance": may_change and selectors.must_advance(with_history),
        "development": selectors.development(team.ruleset),
        "improvement_roll": selectors.development(team.ruleset) == selectors.IMPROVEMENT_ROLL,
        "has_lasting_injury": may_change
        and any(i.kind == "lasting" for i in with_history.injuries.all()),
        "title": SimpleLazyObject(lambda: selectors.player_title(with_history) or ""),
        "career": SimpleLazyObject(lambda: history.career(player)),
        # What the sheet's cached fragment is keyed on.
        "cache_version": stamp_of(request, lambda: _player_stamp(request, pk)).token,
        "rename_form": forms.get("rename_form")
        or RenamePlayerForm(initial={"name": player.name, "number": player.number}),
        "action_form": forms.get("action_form") or ActionForm(),
    }
    return render(request, "teams/player_detail.html", context)


@login_required
@require_POST
def player_rename(request: HttpRequest, pk: int) -> HttpResponse:
    player = player_to_change(request, pk)
    form = RenamePlayerForm(request.POST)
    if form.is_valid():
        renamed = attempt(
            form, lambda: services.rename_player(request.user, player, **form.rename_kwargs())
        )
        if renamed is not None:
            player = renamed
            messages.success(
                request,
                _("He is now #%(number)s %(name)s.")
                % {"number": player.number, "name": player.name},
            )
            return redirect("player-detail", pk=player.pk)
    return player_detail(request, pk, rename_form=form)


def _player_action(request: HttpRequest, pk: int, service: Any, done: str) -> HttpResponse:
    player = player_to_change(request, pk)
    form = ActionForm(request.POST)
    done_to = attempt(form, lambda: service(request.user, player))
    if done_to is None:
        return player_detail(request, pk, action_form=form)
    player = done_to
    messages.success(request, done % {"name": player.name})
    return redirect("player-detail", pk=player.pk)


@login_required
def player_fire(request: HttpRequest, pk: int) -> HttpResponse:
    """GET asks for confirmation; POST fires him."""
    player = player_to_change(request, pk)
    if request.method != "POST":
        return render(request, "teams/player_fire.html", {"player": player, "team": player.team})
    form = ActionForm(request.POST)
    if attempt(form, lambda: services.fire_player(request.user, player) or True) is None:
        context = {"player": player, "team": player.team, "form": form}
        return render(request, "teams/player_fire.html", context)
    messages.success(request, _("%(name)s is fired.") % {"name": player.name})
    return redirect("team-detail", pk=player.team_id)


@login_required
@require_POST
def player_hire_permanently(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_action(
        request, pk, services.hire_journeyman_permanently, _("%(name)s is hired permanently.")
    )


@login_required
@require_POST
def player_retire(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_action(
        request, pk, services.temporarily_retire, _("%(name)s is retired for now.")
    )


@login_required
def player_advance(request: HttpRequest, pk: int) -> HttpResponse:
    """Develop a player the way his ruleset does: spend SPP on an advancement (BB2020),
    or take the Improvement roll a new title earned (classic). A roll already made
    (a D16, an Improvement roll) is shown with its options at once; the coach picks."""
    player_to_change(request, pk)
    player = _player(pk)
    how = selectors.development(player.team.ruleset)
    context: dict[str, Any] = {
        "player": player,
        "team": player.team,
        "pending": player.pending_advancement,
        "development": how,
        "improvement_roll": how == selectors.IMPROVEMENT_ROLL,
        "ruleset_name": rules_engine.get_ruleset(player.team.ruleset).name,
    }
    form = SpendSppForm(request.POST or None)
    choice = None
    if request.method == "POST" and form.is_valid():
        try:
            result = attempt(
                form,
                lambda: spend_spp(
                    request.user, player, form.cleaned_data["kind"], **form.spend_kwargs()
                ),
            )
        except ValidationError as error:
            for name, said in error.message_dict.items():
                for message in said:
                    form.add_error(name if name in form.fields else None, message)
        else:
            if result is not None and not isinstance(result, AdvancementChoice):
                messages.success(
                    request,
                    _("%(name)s gained %(result)s.")
                    % {"name": player.name, "result": result.result},
                )
                return redirect("player-detail", pk=player.pk)
            choice = result if isinstance(result, AdvancementChoice) else None
    if choice is None and player.pending_advancement:
        choice = selectors.pending_choice(player)
        context["waiting"] = choice is not None
    if choice is not None:
        context.update(choice=choice, choice_options=selectors.choice_options(player, choice))
    if context["improvement_roll"]:
        context["title"] = selectors.player_title(player)
    context["form"] = form
    context["options"] = selectors.advancement_options(player)
    context["kind_labels"] = dict(Advancement.Kind.choices)
    status = 400 if request.method == "POST" and form.errors else 200
    return render(request, "teams/player_advance.html", context, status=status)
