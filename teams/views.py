"""Pages of the teams app: team lists, the draft builder (htmx budget), the team
sheet with the coach's actions, the ledger, and printable sheets (a player's pages
are in ``views_players``, the re-drafts' in ``views_redraft``).

Views validate a form and call a service; a refusal (the engine's or a service's
sentence) is shown as an error of the form that asked, on the page it came from.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import rules_engine
from core.cache import cached
from core.conditional import conditional_page, stamp_of
from core.errors import attempt, attempt_or_message
from teams import selectors, services
from teams.audit import team_stamp
from teams.filters import TeamFilter
from teams.forms import (
    ActionForm,
    DraftForm,
    HirePlayerForm,
    StaffForm,
    special_rule_choice_shown,
)
from teams.forms_profile import TeamProfileForm
from teams.forms_team_league import SpecialRuleChoiceForm
from teams.models import Team
from teams.pdf import team_sheet_pdf
from teams.ruleset_api import ruleset_or_404
from teams.selectors import TeamSheet, ledger, teams_for_coach
from teams.selectors.captain import team_captain_id
from teams.selectors.plain import (
    PlainSheet,
    plain_audit,
    plain_latest_ledger,
    plain_sheet,
    plain_trophy_leagues,
    team_of,
)
from teams.selectors.rows import plain_player_rows
from teams.services._common import ruleset_of
from teams.services.team_league import FIELD, choice_to_make, choose_special_rule
from teams.services.treasury import reroll_price_after_draft
from teams.views_access import team_to_change, user_may_change

TEAMS_PER_PAGE = 50
LEDGER_PER_PAGE = 50


# --- lists ---------------------------------------------------------------------------


def team_list(request: HttpRequest) -> HttpResponse:
    """Every team, filterable by roster, ruleset and status."""
    filterset = TeamFilter(request.GET or None, queryset=selectors.teams_list())
    page = Paginator(filterset.qs, TEAMS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "teams": selectors.with_values(page.object_list),
        "page": page,
        "filter": filterset,
        "rosters": _filter_rosters(request.GET.get("ruleset", "")),
        "heading": _("All teams"),
    }
    return render(request, "teams/team_list.html", context)


def _filter_rosters(ruleset_key: str) -> list[Any]:
    """The rosters the team list filters by: the chosen ruleset's, else every ruleset's
    (one entry per roster slug), by name."""
    keys = rules_engine.list_rulesets()
    rosters: dict[str, Any] = {}
    for key in [ruleset_key] if ruleset_key in keys else keys:
        for roster in rules_engine.get_ruleset(key).rosters.values():
            rosters.setdefault(roster.slug, roster)
    return sorted(rosters.values(), key=lambda r: r.name)


@login_required
def my_teams(request: HttpRequest) -> HttpResponse:
    teams = selectors.with_values(teams_for_coach(request.user).select_related("coach"))
    return render(request, "teams/my_teams.html", {"teams": teams})


# --- the draft -----------------------------------------------------------------------


@login_required
def draft_start(request: HttpRequest) -> HttpResponse:
    """Step 1: choose the ruleset and the roster (``?roster=bb2020/human``)."""
    choice = request.GET.get("roster", "")
    error = ""
    if choice:
        key, _sep, slug = choice.partition("/")
        if key in rules_engine.list_rulesets() and slug in rules_engine.get_ruleset(key).rosters:
            return redirect("team-draft", key=key, slug=slug)
        error = _("Choose one of the rosters listed.")
    rulesets = [rules_engine.get_ruleset(key) for key in rules_engine.list_rulesets()]
    groups = [(r, sorted(r.rosters.values(), key=lambda x: (x.tier, x.name))) for r in rulesets]
    return render(request, "teams/draft_start.html", {"groups": groups, "error": error})


def _draft_form(request: HttpRequest, key: str, slug: str) -> DraftForm:
    ruleset = ruleset_or_404(key)
    if slug not in ruleset.rosters:
        raise Http404(f"{ruleset.name} has no roster {slug!r}")
    data = request.POST if request.method == "POST" else None
    return DraftForm(ruleset, ruleset.rosters[slug], data=data)


@login_required
def draft_team(request: HttpRequest, key: str, slug: str) -> HttpResponse:
    """Step 2: the draft; the budget and problems update live (``draft_preview``)."""
    form = _draft_form(request, key, slug)
    if request.method == "POST" and form.is_valid():
        team = attempt(form, lambda: services.draft_team(request.user, **form.draft_kwargs()))
        if team is not None:
            messages.success(request, _("%(team)s is drafted.") % {"team": team.name})
            return redirect("team-detail", pk=team.pk)
    context = {"form": form, "roster": form.roster, "ruleset": form.ruleset}
    context["preview"] = form.preview()
    return render(request, "teams/draft_form.html", context)


@require_POST
def draft_preview(request: HttpRequest, key: str, slug: str) -> HttpResponse:
    """The budget partial for htmx: cost, what is left, and every problem."""
    form = _draft_form(request, key, slug)
    context = {"form": form, "roster": form.roster, "preview": form.preview()}
    return render(request, "teams/draft_form.html#budget", context)


# --- the team sheet ------------------------------------------------------------------


def _sheet(pk: int) -> TeamSheet:
    try:
        return selectors.team_sheet(pk)
    except Team.DoesNotExist:
        raise Http404("No such team.") from None


def _plain_sheet(request: HttpRequest, pk: int) -> PlainSheet:
    """The sheet as plain values (shaped queries, no model per player); a
    signed-in user's also reads what his players' advancements improved, in case he
    may change the team and so sees who may spend SPP. Kept in the cache under the
    team's version, as the sheet's fragments are."""
    development = request.user.is_authenticated
    version = _version(request, pk)
    try:
        return cached(
            f"teams/plain_sheet:{pk}:{version}:{development}",
            lambda: plain_sheet(pk, development=development),
        )
    except Team.DoesNotExist:
        raise Http404("No such team.") from None


def _version(request: HttpRequest, pk: int) -> str:
    """The token of the versions the team's page shows, read once per request."""
    return stamp_of(request, lambda: team_stamp(pk)).token


def sheet_context(request: HttpRequest, sheet: PlainSheet, **forms: Any) -> dict[str, Any]:
    team = team_of(sheet)
    roster = selectors.roster_for(team)
    may_change = user_may_change(request, team)
    development = selectors.development(team.ruleset)
    rows = selectors.sheet_rows(team, roster)
    context: dict[str, Any] = {
        "team": team,
        "roster": roster,
        "value": sheet.value,
        "rows": plain_player_rows(sheet, with_advancement=may_change),
        # BB2025's Team Captain, marked on his row (None where the roster names none).
        "captain_id": team_captain_id(team.pk, team.ruleset, team.roster_slug),
        # The team's one choice (a Team League, a Favoured of ...), named as such.
        "special_rule_choice": special_rule_choice_shown(roster, team.special_rule_choice),
        "may_change": may_change,
        "reroll_price": reroll_price_after_draft(roster, ruleset_of(team)),
        "development": development,
        "improvement_roll": development == selectors.IMPROVEMENT_ROLL,
        **rows,
        "value_lines": selectors.value_lines(sheet.value, team, roster, rows),
        # What the sheet's cached fragments are keyed on, with who may change it.
        "cache_version": _version(request, team.pk),
    }
    if may_change:
        # A team drafted before the draft asked chooses its Team League (or Favoured
        # of ...) once, here.
        choice = choice_to_make(team, roster)
        if choice is not None:
            context["league_form"] = forms.get("league_form") or SpecialRuleChoiceForm(choice)
        context.update(
            hire_form=forms.get("hire_form") or HirePlayerForm(roster),
            reroll_form=forms.get("reroll_form") or ActionForm(),
            reroll_refusal=selectors.reroll_refusal(team, roster),
            staff_form=forms.get("staff_form") or StaffForm(),
            staff_kinds=selectors.staff_offers(team, roster),
            # The logo and description (teams/views_profile.py takes the form's POST).
            profile_form=TeamProfileForm(initial={"description": team.description}),
        )
    return context


def _team_stamp(request: HttpRequest, pk: int, **forms: Any) -> Any:
    return team_stamp(pk)


@conditional_page(_team_stamp)
def team_detail(request: HttpRequest, pk: int, **forms: Any) -> HttpResponse:
    sheet = _plain_sheet(request, pk)
    context = sheet_context(request, sheet, **forms)
    has_gold, trophy = context["has_gold"], bool(sheet.value.league_trophy)
    context.update(
        cached(
            f"teams/sheet_history:{pk}:{_version(request, pk)}:{has_gold}:{trophy}",
            lambda: {
                "ledger": plain_latest_ledger(pk) if has_gold else [],
                "audit": plain_audit(pk),
                "trophy_leagues": plain_trophy_leagues(pk) if trophy else [],
            },
        )
    )
    return render(request, "teams/team_sheet.html", context)


@login_required
@require_POST
def team_hire_player(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_to_change(request, pk)
    form = HirePlayerForm(selectors.roster_for(team), request.POST)
    if form.is_valid():
        player = attempt(
            form,
            lambda: services.hire_player(
                request.user,
                team,
                form.cleaned_data["position"],
                name=form.cleaned_data["name"],
                number=form.cleaned_data["number"],
            ),
        )
        if player is not None:
            messages.success(
                request,
                _("Hired #%(number)s %(name)s.") % {"number": player.number, "name": player.name},
            )
            return redirect("team-detail", pk=team.pk)
    return team_detail(request, pk, hire_form=form)


@login_required
@require_POST
def team_buy_reroll(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_to_change(request, pk)
    form = ActionForm(request.POST)
    bought = attempt(form, lambda: services.buy_reroll(request.user, team))
    if bought is None:
        return team_detail(request, pk, reroll_form=form)
    team = bought
    messages.success(
        request,
        _("Bought a team re-roll: %(team)s has %(count)s.")
        % {"team": team.name, "count": team.rerolls},
    )
    return redirect("team-detail", pk=team.pk)


@login_required
@require_POST
def team_staff(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_to_change(request, pk)
    form = StaffForm(request.POST)
    if form.is_valid():
        kind, hire = form.cleaned_data["kind"], form.cleaned_data["action"] == StaffForm.HIRE
        service = services.hire_staff if hire else services.fire_staff
        if attempt(form, lambda: service(request.user, team, kind) or True):
            messages.success(request, _staff_done(services.StaffKind(kind), hire))
            return redirect("team-detail", pk=team.pk)
    return team_detail(request, pk, staff_form=form)


def _staff_done(kind: services.StaffKind, hired: bool) -> str:
    """What the page says once one of the sideline staff is hired or let go."""
    if kind == services.StaffKind.ASSISTANT_COACH:
        return _("Hired an assistant coach.") if hired else _("Let one assistant coach go.")
    if kind == services.StaffKind.CHEERLEADER:
        return _("Hired a cheerleader.") if hired else _("Let one cheerleader go.")
    return _("Hired an apothecary.") if hired else _("Let the apothecary go.")


@login_required
@require_POST
def team_special_rule_choice(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's Team League (or Favoured of ...), chosen once."""
    team = team_to_change(request, pk)
    choice = choice_to_make(team)
    if choice is None:  # chosen already, or nothing to choose: the service says which
        value = request.POST.get(FIELD, "")
        attempt_or_message(request, lambda: choose_special_rule(request.user, team, value))
        return redirect("team-detail", pk=team.pk)
    form = SpecialRuleChoiceForm(choice, request.POST)
    if form.is_valid():
        value = form.cleaned_data[FIELD]
        done = attempt(form, lambda: choose_special_rule(request.user, team, value))
        if done is not None:
            messages.success(
                request,
                _("%(team)s chose its %(choice)s: %(value)s.")
                % {"team": done.name, "choice": choice.label, "value": value},
            )
            return redirect("team-detail", pk=team.pk)
    return team_detail(request, pk, league_form=form)


def team_ledger(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    page = Paginator(ledger(team), LEDGER_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "teams/ledger.html", {"team": team, "page": page})


def team_print(request: HttpRequest, pk: int) -> HttpResponse:
    context = sheet_context(request, _plain_sheet(request, pk))
    return render(request, "teams/team_print.html", context)


def team_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = _sheet(pk)
    response = HttpResponse(team_sheet_pdf(sheet), content_type="application/pdf")
    filename = f"{slugify(sheet.team.name) or 'team'}-sheet.pdf"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
