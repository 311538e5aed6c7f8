"""A league's house rules as pages: everyone reads those in force, in words a coach
reads (``league_house_rules``); a commissioner changes them (``league_house_rules_edit``,
linked from the league's and the season's manage pages). The API is
``leagues/api_house_rules.py``; the rules ``leagues/services/house_rules.py``."""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.errors import attempt
from leagues.forms_house_rules import HouseRulesForm
from leagues.models import League
from leagues.services import house_rules


def league_house_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The house rules in force, for everyone; the edition's rules stand elsewhere."""
    league = get_object_or_404(League, pk=pk)
    rules = house_rules.house_rules_of(league)
    context = {
        "league": league,
        "rules": house_rules.in_force(league),
        # Only the re-draft cap (the league's own option) set: the edition as written.
        "as_written": replace(rules, redraft_budget_cap=None).is_edition,
        "is_commissioner": request.user.has_perm("leagues.manage_league", league),
    }
    return render(request, "leagues/house_rules.html", context)


def league_house_rules_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The commissioner's form: every house rule, saved at once, from the next match on."""
    league = get_object_or_404(League, pk=pk)
    if not request.user.has_perm("leagues.manage_league", league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s changes its house rules.")
            % {"league": league.name}
        )
    form = HouseRulesForm(league, house_rules.house_rules_of(league), request.POST or None)
    if request.method == "POST" and form.is_valid():
        saved = attempt(
            form, lambda: house_rules.set_house_rules(request.user, league, **form.choices())
        )
        if saved is not None:
            messages.success(
                request,
                _(
                    "%(league)s's house rules are saved. They apply from the next match on; "
                    "a match whose pre-game has begun keeps the rules it began with."
                )
                % {"league": league.name},
            )
            return redirect("league-house-rules", pk=league.pk)
    status = 400 if request.method == "POST" else 200
    context = {"league": league, "form": form}
    return render(request, "leagues/house_rules_form.html", context, status=status)
