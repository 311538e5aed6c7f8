"""Pages of the teams app: team lists, the draft builder (htmx budget), the team
sheet with the coach's actions, players, the ledger, and printable sheets.

Views validate a form and call a service; a refusal (the engine's or a service's
sentence) is shown as an error of the form that asked, on the page it came from.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST

import rules_engine
from config.errors import attempt, refusal_messages
from leagues.services.rollover import between_seasons_text
from teams import history, services, sheets
from teams.filters import TeamFilter
from teams.forms import (
    POSITION_PREFIX,
    ActionForm,
    DraftForm,
    EditionChangeForm,
    HirePlayerForm,
    RedraftForm,
    RenamePlayerForm,
    SpendSppForm,
    StaffForm,
)
from teams.forms_captain import add_field_errors
from teams.models import Advancement, Player, Team
from teams.pdf import team_sheet_pdf
from teams.ruleset_api import ruleset_or_404
from teams.selectors import TeamSheet, ledger, teams_for_coach
from teams.services._common import ruleset_of
from teams.services.advancement import AdvancementChoice, spend_spp
from teams.services.edition_change import (
    change_edition,
    edition_change_record,
    has_edition_change,
    preview_edition_change,
)
from teams.services.redraft import plan_redraft, redraft_team
from teams.services.redraft_season import rehire_candidates, season_to_redraft
from teams.services.treasury import reroll_price_after_draft

CHANGE_TEAM = "teams.change_team"
TEAMS_PER_PAGE = 50
LEDGER_PER_PAGE = 50


def _may_change(request: HttpRequest, team: Team) -> bool:
    return request.user.has_perm(CHANGE_TEAM, team)


def _team_to_change(request: HttpRequest, pk: int) -> Team:
    """The team, if the user may change it (checked before any input is read)."""
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    if not _may_change(request, team):
        raise PermissionDenied(f"Only the coach of {team.name} may change it.")
    return team


def _player_to_change(request: HttpRequest, pk: int) -> Player:
    player = get_object_or_404(Player.objects.select_related("team", "team__coach"), pk=pk)
    if not _may_change(request, player.team):
        raise PermissionDenied(f"Only the coach of {player.team.name} may change it.")
    return player


# --- lists ---------------------------------------------------------------------------


def team_list(request: HttpRequest) -> HttpResponse:
    """Every team, filterable by roster, ruleset and status."""
    filterset = TeamFilter(request.GET or None, queryset=sheets.teams_list())
    page = Paginator(filterset.qs, TEAMS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "teams": sheets.with_values(page.object_list),
        "page": page,
        "filter": filterset,
        "rosters": _filter_rosters(request.GET.get("ruleset", "")),
        "heading": "All teams",
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
    teams = sheets.with_values(teams_for_coach(request.user).select_related("coach"))
    return render(request, "teams/my_teams.html", {"teams": teams})


# --- the draft -----------------------------------------------------------------------


@login_required
def draft_start(request: HttpRequest) -> HttpResponse:
    """Step 1: choose the ruleset and the roster (``?roster=bb2020/human``)."""
    choice = request.GET.get("roster", "")
    error = ""
    if choice:
        key, _, slug = choice.partition("/")
        if key in rules_engine.list_rulesets() and slug in rules_engine.get_ruleset(key).rosters:
            return redirect("team-draft", key=key, slug=slug)
        error = "Choose one of the rosters listed."
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
            messages.success(request, f"{team.name} is drafted.")
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
        return sheets.team_sheet(pk)
    except Team.DoesNotExist:
        raise Http404("No such team.") from None


def _player_rows(sheet: TeamSheet, with_advancement: bool) -> list[dict[str, Any]]:
    roster = sheets.roster_for(sheet.team)
    rows = []
    for player in sheet.players:
        position = sheets.position_for(roster, player)
        rows.append(
            {
                "player": player,
                "position": position,
                "position_skills": sheets.position_skills(position),
                "gained_skills": [s.skill for s in player.skills.all()],
                "injury_marks": sheets.injury_marks(player),
                "can_advance": with_advancement and sheets.can_advance(player),
            }
        )
    return rows


def sheet_context(request: HttpRequest, sheet: TeamSheet, **forms: Any) -> dict[str, Any]:
    team = sheet.team
    roster = sheets.roster_for(team)
    may_change = _may_change(request, team)
    context = {
        "team": team,
        "roster": roster,
        "value": sheet.value,
        "rows": _player_rows(sheet, may_change),
        "may_change": may_change,
        "reroll_price": reroll_price_after_draft(roster, ruleset_of(team)),
        "development": sheets.development(team.ruleset),
        "improvement_roll": sheets.development(team.ruleset) == sheets.IMPROVEMENT_ROLL,
        **sheets.sheet_rows(team, roster),
    }
    if may_change:
        context.update(
            hire_form=forms.get("hire_form") or HirePlayerForm(roster),
            reroll_form=forms.get("reroll_form") or ActionForm(),
            reroll_refusal=sheets.reroll_refusal(team, roster),
            staff_form=forms.get("staff_form") or StaffForm(),
            staff_kinds=sheets.staff_offers(team, roster),
        )
    return context


def team_detail(request: HttpRequest, pk: int, **forms: Any) -> HttpResponse:
    sheet = _sheet(pk)
    context = sheet_context(request, sheet, **forms)
    context["ledger"] = sheets.latest_ledger(sheet.team)
    return render(request, "teams/team_sheet.html", context)


@login_required
@require_POST
def team_hire_player(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team_to_change(request, pk)
    form = HirePlayerForm(sheets.roster_for(team), request.POST)
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
            messages.success(request, f"Hired #{player.number} {player.name}.")
            return redirect("team-detail", pk=team.pk)
    return team_detail(request, pk, hire_form=form)


@login_required
@require_POST
def team_buy_reroll(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team_to_change(request, pk)
    form = ActionForm(request.POST)
    bought = attempt(form, lambda: services.buy_reroll(request.user, team))
    if bought is None:
        return team_detail(request, pk, reroll_form=form)
    team = bought
    messages.success(request, f"Bought a team re-roll: {team.name} has {team.rerolls}.")
    return redirect("team-detail", pk=team.pk)


@login_required
@require_POST
def team_staff(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team_to_change(request, pk)
    form = StaffForm(request.POST)
    if form.is_valid():
        kind, hire = form.cleaned_data["kind"], form.cleaned_data["action"] == StaffForm.HIRE
        service = services.hire_staff if hire else services.fire_staff
        if attempt(form, lambda: service(request.user, team, kind) or True):
            label = services.StaffKind(kind).label.lower()
            messages.success(request, f"{'Hired' if hire else 'Let go'}: {label}.")
            return redirect("team-detail", pk=team.pk)
    return team_detail(request, pk, staff_form=form)


def team_ledger(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    page = Paginator(ledger(team), LEDGER_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "teams/ledger.html", {"team": team, "page": page})


def team_print(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = _sheet(pk)
    return render(request, "teams/team_print.html", sheet_context(request, sheet))


def team_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = _sheet(pk)
    response = HttpResponse(team_sheet_pdf(sheet), content_type="application/pdf")
    filename = f"{slugify(sheet.team.name) or 'team'}-sheet.pdf"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- players -------------------------------------------------------------------------


def _player(pk: int) -> Player:
    try:
        return sheets.player_with_history(pk)
    except Player.DoesNotExist:
        raise Http404("No such player.") from None


def player_detail(request: HttpRequest, pk: int, **forms: Any) -> HttpResponse:
    player = _player(pk)
    team = player.team
    roster = sheets.roster_for(team)
    position = sheets.position_for(roster, player)
    may_change = _may_change(request, team) and player.is_active
    context = {
        "player": player,
        "team": team,
        "position": position,
        "position_skills": sheets.position_skills(position),
        "may_change": may_change,
        "options": sheets.advancement_options(player) if may_change else (),
        "can_advance": may_change and sheets.can_advance(player),
        "development": sheets.development(team.ruleset),
        "improvement_roll": sheets.development(team.ruleset) == sheets.IMPROVEMENT_ROLL,
        "has_lasting_injury": any(i.kind == "lasting" for i in player.injuries.all()),
        "title": sheets.player_title(player),
        "career": history.career(player),
        "rename_form": forms.get("rename_form")
        or RenamePlayerForm(initial={"name": player.name, "number": player.number}),
        "action_form": forms.get("action_form") or ActionForm(),
    }
    return render(request, "teams/player_detail.html", context)


@login_required
@require_POST
def player_rename(request: HttpRequest, pk: int) -> HttpResponse:
    player = _player_to_change(request, pk)
    form = RenamePlayerForm(request.POST)
    if form.is_valid():
        renamed = attempt(
            form, lambda: services.rename_player(request.user, player, **form.rename_kwargs())
        )
        if renamed is not None:
            player = renamed
            messages.success(request, f"He is now #{player.number} {player.name}.")
            return redirect("player-detail", pk=player.pk)
    return player_detail(request, pk, rename_form=form)


def _player_action(request: HttpRequest, pk: int, service: Any, done: str) -> HttpResponse:
    player = _player_to_change(request, pk)
    form = ActionForm(request.POST)
    done_to = attempt(form, lambda: service(request.user, player))
    if done_to is None:
        return player_detail(request, pk, action_form=form)
    player = done_to
    messages.success(request, done.format(name=player.name))
    return redirect("player-detail", pk=player.pk)


@login_required
def player_fire(request: HttpRequest, pk: int) -> HttpResponse:
    """GET asks for confirmation; POST fires him."""
    player = _player_to_change(request, pk)
    if request.method != "POST":
        return render(request, "teams/player_fire.html", {"player": player, "team": player.team})
    form = ActionForm(request.POST)
    if attempt(form, lambda: services.fire_player(request.user, player) or True) is None:
        context = {"player": player, "team": player.team, "form": form}
        return render(request, "teams/player_fire.html", context)
    messages.success(request, f"{player.name} is fired.")
    return redirect("team-detail", pk=player.team_id)


@login_required
@require_POST
def player_hire_permanently(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_action(
        request, pk, services.hire_journeyman_permanently, "{name} is hired permanently."
    )


@login_required
@require_POST
def player_retire(request: HttpRequest, pk: int) -> HttpResponse:
    return _player_action(request, pk, services.temporarily_retire, "{name} is retired for now.")


@login_required
def player_advance(request: HttpRequest, pk: int) -> HttpResponse:
    """Develop a player the way his ruleset does: spend SPP on an advancement (BB2020),
    or take the Improvement roll a new title earned (classic). A roll already made
    (a D16, an Improvement roll) is shown with its options at once; the coach picks."""
    _player_to_change(request, pk)
    player = _player(pk)
    how = sheets.development(player.team.ruleset)
    context: dict[str, Any] = {
        "player": player,
        "team": player.team,
        "pending": player.pending_advancement,
        "development": how,
        "improvement_roll": how == sheets.IMPROVEMENT_ROLL,
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
                messages.success(request, f"{player.name} gained {result.result}.")
                return redirect("player-detail", pk=player.pk)
            choice = result if isinstance(result, AdvancementChoice) else None
    if choice is None and player.pending_advancement:
        choice = sheets.pending_choice(player)
        context["waiting"] = choice is not None
    if choice is not None:
        context.update(choice=choice, choice_options=sheets.choice_options(player, choice))
    if context["improvement_roll"]:
        context["title"] = sheets.player_title(player)
    context["form"] = form
    context["options"] = sheets.advancement_options(player)
    context["kind_labels"] = dict(Advancement.Kind.choices)
    status = 400 if request.method == "POST" and form.errors else 200
    return render(request, "teams/player_advance.html", context, status=status)


# --- the re-draft between seasons ------------------------------------------------------


def _redraft_form(request: HttpRequest, team: Team) -> tuple[RedraftForm, Any]:
    """The re-draft form and the season it re-drafts after; the season's problem
    (still under way, next season not open...) as a RulesError."""
    record = season_to_redraft(team)
    ruleset = ruleset_of(team)
    data = request.POST if request.method == "POST" else None
    form = RedraftForm(ruleset, ruleset.roster(team.roster_slug), rehire_candidates(team), data)
    return form, record


def _redraft_preview(team: Team, form: RedraftForm, record: Any) -> Any:
    plan = plan_redraft(team, record, **form.choices())
    return plan, form.input_problems() + plan.all_problems


@login_required
def team_redraft(request: HttpRequest, pk: int) -> HttpResponse:
    """The coach re-drafts his team between seasons: the budget is the server's (the
    closed season's record), the page takes his choices; the budget updates live."""
    team = _team_to_change(request, pk)
    if has_edition_change(team):
        return redirect("team-edition-change", pk=team.pk)
    built: list[tuple[Any, Any]] = []
    refusal = refusal_messages(lambda: built.append(_redraft_form(request, team)))
    if refusal:
        context = {"team": team, "refusal": refusal}
        return render(request, "teams/redraft_form.html", context, status=200)
    form, record = built[0]
    if request.method == "POST" and form.is_valid():
        try:
            result = attempt(form, lambda: redraft_team(request.user, team, **form.choices()))
        except ValidationError as error:
            add_field_errors(form, error)
        else:
            if result is not None:
                messages.success(
                    request,
                    f"{team.name} is re-drafted for {result.record.to_season}: "
                    f"{len(result.rehired)} re-hired, {len(result.hired)} hired.",
                )
                return redirect("team-detail", pk=team.pk)
    plan, problems = _redraft_preview(team, form, record)
    context = {
        "team": team,
        "form": form,
        "record": record,
        "plan": plan,
        "problems": problems,
        "between_seasons": between_seasons_text(record.from_season.league),
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "teams/redraft_form.html", context, status=status)


@require_POST
def team_redraft_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The budget partial for htmx: the server's budget, the cost of the choices so far
    and every problem."""
    team = _team_to_change(request, pk)
    built: list[tuple[Any, Any]] = []
    refusal = refusal_messages(lambda: built.append(_redraft_form(request, team)))
    if refusal:
        return HttpResponse(" ".join(refusal), status=400)
    form, record = built[0]
    plan, problems = _redraft_preview(team, form, record)
    context = {"team": team, "form": form, "plan": plan, "problems": problems}
    return render(request, "teams/redraft_form.html#budget", context)


# --- the re-draft into another edition ---------------------------------------------


def _edition_change_form(request: HttpRequest, team: Team) -> tuple[EditionChangeForm, Any]:
    """The form of a re-draft into another edition, built on the mapping the request's
    positions give (the suggestions on a first view), and the season's record."""
    record = edition_change_record(team)
    first = preview_edition_change(team, record=record)
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
    preview = preview_edition_change(team, record=record, positions=positions)
    ruleset = rules_engine.get_ruleset(preview.move.to_key)
    roster = ruleset.roster(preview.mapping.roster_slug)
    form = EditionChangeForm(ruleset, roster, preview.plan.candidates, preview.mapping, data)
    return form, record


def _edition_change_context(team: Team, form: EditionChangeForm, record: Any) -> dict[str, Any]:
    preview = preview_edition_change(team, record=record, **form.choices())
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
    team = _team_to_change(request, pk)
    built: list[tuple[Any, Any]] = []
    refusal = refusal_messages(lambda: built.append(_edition_change_form(request, team)))
    if refusal:
        context = {"team": team, "refusal": refusal}
        return render(request, "teams/edition_change.html", context, status=200)
    form, record = built[0]
    if request.method == "POST" and form.is_valid():
        try:
            result = attempt(form, lambda: change_edition(request.user, team, **form.choices()))
        except ValidationError as error:
            add_field_errors(form, error)
        else:
            if result is not None:
                messages.success(
                    request,
                    f"{team.name} is re-drafted into {result.redraft.record.to_season}: "
                    f"{len(result.redraft.rehired)} re-hired, {len(result.redraft.hired)} hired, "
                    f"{len(result.losses)} thing(s) left behind.",
                )
                return redirect("team-detail", pk=team.pk)
    context = _edition_change_context(team, form, record)
    status = 400 if request.method == "POST" else 200
    return render(request, "teams/edition_change.html", context, status=status)
