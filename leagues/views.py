"""League pages: everyone reads the league, its fixtures, standings and bracket;
commissioners manage their seasons; coaches enter their teams.

Views stay thin: a form checks the input, a service applies the league rules,
and a refusal (``RulesError``) becomes a form error on the same page (``core.errors``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from core import versions
from core.conditional import conditional_page, stamp_of
from core.errors import attempt, attempt_or_message
from leagues import forms, selectors, services
from leagues.insight import race
from leagues.models import Fixture, League, Season
from leagues.scheduling import default_season_format
from leagues.services import playoffs
from leagues.services.playoffs import level_playoff_settlement
from leagues.services.rollover import (
    between_seasons_text,
    edition_moves,
    season_edition_name,
)


def _season(pk: int) -> Season:
    return get_object_or_404(selectors.season_detail(), pk=pk)


def _league_stamp(request: HttpRequest, pk: int) -> versions.Stamp:
    return versions.read(leagues=[pk])


def _season_stamp(request: HttpRequest, pk: int) -> versions.Stamp:
    return versions.read(leagues=Season.objects.filter(pk=pk).values("league_id"))


def _fixture_stamp(request: HttpRequest, pk: int, **kwargs: Any) -> versions.Stamp:
    return versions.read(leagues=Fixture.objects.filter(pk=pk).values("season__league_id"))


def _is_commissioner(request: HttpRequest, obj: Any) -> bool:
    return request.user.has_perm("leagues.manage_league", obj)


def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "leagues/league_list.html", {"leagues": selectors.league_list()})


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = forms.LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        league = attempt(
            form, lambda: services.create_league(request.user, **form.service_kwargs())
        )
        if league is not None:
            messages.success(
                request,
                _("%(league)s is created; you are its commissioner.") % {"league": league.name},
            )
            return redirect("league-home", pk=league.pk)
    return render(request, "leagues/league_form.html", {"form": form})


@login_required
def league_language(request: HttpRequest, pk: int) -> HttpResponse:
    """A commissioner's form for the league's language."""
    league = get_object_or_404(League, pk=pk)
    if not request.user.has_perm("leagues.manage_league", league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s sets its language.") % {"league": league.name}
        )
    form = forms.LanguageForm(request.POST or None, initial={"language": league.language})
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        done = attempt(form, lambda: services.set_language(request.user, league, language))
        if done is not None:
            messages.success(
                request,
                _("%(league)s's language is now %(language)s.")
                % {"league": league.name, "language": done.get_language_display()},
            )
            return redirect("league-home", pk=league.pk)
    status = 400 if request.method == "POST" else 200
    context = {"league": league, "form": form}
    return render(request, "leagues/league_language.html", context, status=status)


@conditional_page(_league_stamp)
def league_home(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    season = selectors.current_season(league)
    seasons = SimpleLazyObject(lambda: list(league.seasons.order_by("-number")))
    context: dict[str, Any] = {
        "league": league,
        "season": season,
        # Read only when a cached fragment showing them is not kept (and for a
        # commissioner's buttons).
        "commissioners": SimpleLazyObject(lambda: list(league.commissioners.all())),
        "seasons": seasons,
        "is_commissioner": _is_commissioner(request, league),
        # What the page's cached fragments are keyed on.
        "cache_version": stamp_of(request, lambda: _league_stamp(request, pk)).token,
    }
    if season is not None:
        current = SimpleLazyObject(lambda: selectors.current_round(season))
        context.update(
            current_round=current,
            round_fixtures=SimpleLazyObject(
                lambda: (
                    list(selectors.fixtures(season).filter(round_id=current.pk)) if current else []
                )
            ),
            tables=SimpleLazyObject(lambda: selectors.season_standings(season)),
            latest=SimpleLazyObject(lambda: list(selectors.latest_results(season, 6))),
        )
    return render(request, "leagues/league_home.html", context)


def open_season(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    if not _is_commissioner(request, league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s may open a season.") % {"league": league.name}
        )
    form = forms.OpenSeasonForm(
        request.POST or None, initial={"format": default_season_format(league.ruleset)}
    )
    if request.method == "POST" and form.is_valid():
        season = attempt(
            form, lambda: services.open_season(request.user, league, **form.service_kwargs())
        )
        if season is not None:
            messages.success(
                request, _("Season %(number)s is open for sign-up.") % {"number": season.number}
            )
            return redirect("season-manage", pk=season.pk)
    return render(request, "leagues/season_form.html", {"league": league, "form": form})


@conditional_page(_season_stamp)
def season_fixtures(request: HttpRequest, pk: int) -> HttpResponse:
    # What the page shows of the season outside its cached schedule: its league.
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)

    def by_round() -> list[tuple[Any, list[Fixture]]]:
        rounds: dict[Any, list[Fixture]] = {}
        for fixture in selectors.schedule(season):
            rounds.setdefault(fixture.round, []).append(fixture)
        return list(rounds.items())

    return render(
        request,
        "leagues/fixtures.html",
        {
            "season": season,
            # A season's whole schedule is long to render (a 20-team double round robin
            # is 380 rows): read and rendered only when its cached fragment is not kept.
            "rounds": SimpleLazyObject(by_round),
            "cache_version": stamp_of(request, lambda: _season_stamp(request, pk)).token,
        },
    )


@conditional_page(_season_stamp)
def season_standings(request: HttpRequest, pk: int) -> HttpResponse:
    # What the page shows of the season outside its cached tables: its league.
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    return render(
        request,
        "leagues/standings.html",
        {
            "season": season,
            # Read only when the cached fragment showing them is not kept.
            "tables": SimpleLazyObject(lambda: selectors.season_standings(season)),
            "adjustments": SimpleLazyObject(lambda: list(selectors.adjustments(season))),
            # What the tables' cached fragments are keyed on.
            "cache_version": stamp_of(request, lambda: _season_stamp(request, pk)).token,
        },
    )


@require_safe
def season_race(request: HttpRequest, pk: int) -> HttpResponse:
    """Each division's standings race: league points round by round."""
    season = _season(pk)
    races = [(r, r.chart(season, slug=f"race-{r.division_id}")) for r in race.season_race(season)]
    return render(request, "leagues/race.html", {"season": season, "races": races})


@conditional_page(_season_stamp)
def season_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season(pk)
    return render(
        request, "leagues/bracket.html", {"season": season, "bracket": selectors.bracket(season)}
    )


# --- the commissioner's screen: one page, one form per action ---------------------------

MANAGE_FORMS = {
    "division": lambda season, data: forms.DivisionForm(data),
    "admit": lambda season, data: forms.AdmitForm(season, data),
    "schedule": lambda season, data: forms.ScheduleForm(data),
    "dock": lambda season, data: forms.DockPointsForm(season, data),
    "playoffs": lambda season, data: forms.ConfirmForm(data),
    "rollover": lambda season, data: forms.RollOverForm(
        data, moves=edition_moves(season.league), current=season_edition_name(season)
    ),
}

MANAGE_ACTIONS: dict[str, Callable[[Any, Season, dict[str, Any]], Any]] = {
    "division": lambda user, season, data: services.add_division(user, season, data["name"]),
    "admit": lambda user, season, data: services.admit_team(
        user, season, data["team"], data["division"]
    ),
    "schedule": lambda user, season, data: services.generate_schedule(user, season, **data),
    "dock": lambda user, season, data: services.dock_points(
        user, season, data["team"], reason=data["reason"], points=data["points"]
    ),
    "playoffs": lambda user, season, data: services.start_playoffs(user, season),
    "rollover": lambda user, season, data: services.roll_over_season(user, season, **data),
}

MANAGE_DONE = {
    "division": gettext_lazy("Division added."),
    "admit": gettext_lazy("Team admitted."),
    "schedule": gettext_lazy("The schedule is drawn up: the regular season has begun."),
    "dock": gettext_lazy("Points docked."),
    "playoffs": gettext_lazy("The play-offs are drawn."),
    "rollover": gettext_lazy("The season is closed and the next is open for sign-up."),
}


def season_manage(request: HttpRequest, pk: int, action: str | None = None) -> HttpResponse:
    season = _season(pk)
    if not _is_commissioner(request, season):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s may manage it.") % {"league": season.league.name}
        )
    bound = {name: build(season, None) for name, build in MANAGE_FORMS.items()}
    if request.method == "POST":
        if action not in MANAGE_ACTIONS:
            raise Http404(_("No such season action."))
        form = bound[action] = MANAGE_FORMS[action](season, request.POST)
        if form.is_valid():
            done = attempt(
                form, lambda: MANAGE_ACTIONS[action](request.user, season, form.cleaned_data)
            )
            if done is not None:
                messages.success(request, MANAGE_DONE[action])
                if isinstance(done, services.Rollover):
                    return redirect("season-manage", pk=done.opened.pk)
                return redirect("season-manage", pk=season.pk)
    return render(
        request,
        "leagues/manage.html",
        {
            "season": season,
            "forms": bound,
            "entries": selectors.entries(season),
            "short_divisions": selectors.short_divisions(season)
            if season.status == Season.Status.SIGN_UP
            else [],
            "open_fixtures": selectors.open_league_fixtures(season).count(),
            "awaiting_redraft": services.awaiting_redraft(season),
            "between_seasons": between_seasons_text(season.league),
            "next_season": season.league.seasons.filter(number=season.number + 1).first(),
        },
        status=400 if request.method == "POST" else 200,
    )


@login_required
def season_enter(request: HttpRequest, pk: int) -> HttpResponse:
    season = _season(pk)
    form = forms.EnterForm(season, request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        team = form.cleaned_data["team"]
        entry = attempt(form, lambda: services.enter_team(request.user, season, team))
        if entry is not None:
            messages.success(
                request,
                _("%(team)s is entered; the commissioner will admit it.") % {"team": team.name},
            )
            return redirect("league-home", pk=season.league_id)
    return render(request, "leagues/enter.html", {"season": season, "form": form})


# --- a fixture, and the commissioner's forms for it ----------------------------------------

FIXTURE_ACTIONS = ("reschedule", "forfeit", "correct-forfeit", "undo-forfeit")


def fixture_detail(request: HttpRequest, pk: int, action: str | None = None) -> HttpResponse:
    fixture = get_object_or_404(selectors.fixtures().select_related("season__league"), pk=pk)
    is_commissioner = _is_commissioner(request, fixture)
    reschedule = forms.RescheduleForm()
    forfeit = forms.ForfeitForm(fixture)
    undo = forms.ConfirmForm()
    if request.method == "POST":
        if not is_commissioner:
            raise PermissionDenied(
                _("Only a commissioner of %(league)s may change fixtures.")
                % {"league": fixture.season.league.name}
            )
        if action not in FIXTURE_ACTIONS:
            raise Http404(_("No such fixture action."))
        form: Form
        if action == "reschedule":
            form = reschedule = forms.RescheduleForm(request.POST)
            run = lambda data: services.reschedule_fixture(  # noqa: E731
                request.user, fixture, deadline=data["deadline"], round_number=data["round"]
            )
        elif action == "undo-forfeit":
            form = undo = forms.ConfirmForm(request.POST)
            run = lambda data: services.undo_forfeit(request.user, fixture)  # noqa: E731
        else:
            form = forfeit = forms.ForfeitForm(fixture, request.POST)
            settle = (
                services.correct_forfeit if action == "correct-forfeit" else services.award_forfeit
            )
            run = lambda data: settle(  # noqa: E731
                request.user, fixture, kind=data["kind"], conceded_by=data["conceded_by"]
            )
        if form.is_valid() and attempt(form, lambda: run(form.cleaned_data)) is not None:
            messages.success(request, _("Fixture updated."))
            return redirect("fixture-detail", pk=fixture.pk)
    return render(
        request,
        "leagues/fixture_detail.html",
        {
            "fixture": fixture,
            "is_commissioner": is_commissioner,
            # After a refused POST the forms stay, to show why.
            "show_forms": is_commissioner and (fixture.is_open or request.method == "POST"),
            "reschedule_form": reschedule,
            "forfeit_form": forfeit,
            "undo_forfeit_form": undo,
            "forfeit_settled": is_commissioner
            and fixture.status in (Fixture.Status.FORFEIT, Fixture.Status.UNPLAYED_DOUBLE_LOSS),
            "settle_with": level_playoff_settlement(fixture),
            "winner_form": forms.PlayoffWinnerForm(fixture),
        },
        status=400 if request.method == "POST" else 200,
    )


# A play-off left level (services.playoffs): the sudden death the server rolls, or the
# winner named (a draw on points: the commissioner's decision). The API's operations
# leagues_fixtures_sudden_death_create and leagues_fixtures_playoff_winner_create.
SETTLE_ACTIONS = ("sudden-death", "winner")


@login_required
@require_POST
def fixture_settle(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    fixture = get_object_or_404(selectors.fixtures().select_related("season__league"), pk=pk)
    if action not in SETTLE_ACTIONS:
        raise Http404(_("No such way to settle a play-off."))
    if action == "sudden-death":
        dice = playoffs.sudden_death_dice()
        done = attempt_or_message(
            request, lambda: services.resolve_sudden_death(request.user, fixture, dice)
        )
    else:
        form = forms.PlayoffWinnerForm(fixture, request.POST)
        if not form.is_valid():
            for message in form.errors.get("winner", []):
                messages.error(request, str(message))
            return redirect("fixture-detail", pk=fixture.pk)
        done = attempt_or_message(
            request,
            lambda: services.record_playoff_winner(
                request.user, fixture, winner=int(form.cleaned_data["winner"])
            ),
        )
    if done is not None and done.winner is not None:
        messages.success(request, _("%(team)s goes through.") % {"team": done.winner.name})
    return redirect("fixture-detail", pk=fixture.pk)


season_manage_page = require_safe(season_manage)
season_manage_post = require_POST(season_manage)
fixture_page = require_safe(conditional_page(_fixture_stamp)(fixture_detail))
fixture_action_post = require_POST(fixture_detail)
