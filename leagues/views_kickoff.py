"""The kick-off block of a fixture's page (templates/leagues/_kickoff.html): the times
proposed, a coach's form to propose more, the other coach's accept and decline buttons,
a commissioner's form to set the time; and a commissioner's league time zone.

Each action answers an htmx request with the block itself (its errors inside it, as a
200: htmx swaps only successful answers); without htmx, it redirects to the fixture's
page, or shows the block on a page of its own with the errors (400).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from core.errors import attempt, refusal_messages
from core.types import Actor
from leagues.forms_kickoff import ProposeKickoffForm, SetKickoffForm, TimeZoneForm
from leagues.models import Fixture, KickoffSlot, League
from leagues.services import kickoff

# A proposed time's buttons: the API's leagues_kickoff_slots_<action>_create.
SLOT_ACTIONS = ("accept", "decline", "withdraw")
SLOT_SERVICES: dict[str, Callable[[Actor, KickoffSlot], KickoffSlot]] = {
    "accept": kickoff.accept_kickoff,
    "decline": kickoff.decline_kickoff,
    "withdraw": kickoff.withdraw_kickoff,
}
DONE = {
    "accept": gettext_lazy("Kick-off agreed."),
    "decline": gettext_lazy("Time declined."),
    "withdraw": gettext_lazy("Time withdrawn."),
}


@dataclass(frozen=True)
class SlotRow:
    pk: int
    when: str
    team: str
    status: str
    is_open: bool
    may_answer: bool
    may_withdraw: bool


def _fixture(pk: int) -> Fixture:
    fixtures = Fixture.objects.select_related("season__league", "home__coach", "away__coach")
    return get_object_or_404(fixtures.select_related("round"), pk=pk)


def kickoff_context(
    fixture: Fixture,
    user: Actor,
    *,
    propose_form: ProposeKickoffForm | None = None,
    set_form: SetKickoffForm | None = None,
    errors: list[str] | None = None,
    done: str = "",
) -> dict[str, Any]:
    """What the kick-off block shows this user."""
    league = fixture.season.league
    user_id = user.pk if user.is_authenticated else None
    coaches = {fixture.home_id: fixture.home.coach_id, fixture.away_id: fixture.away.coach_id}
    is_coach = user_id is not None and user_id in coaches.values()
    names = {fixture.home_id: fixture.home.name, fixture.away_id: fixture.away.name}
    end = kickoff.deadline_end(fixture, league)
    open_fixture = fixture.is_open and (end is None or end > timezone.now())
    rows = []
    for slot in fixture.kickoff_slots.order_by("starts_at", "id"):
        other = fixture.away_id if slot.proposed_by_team_id == fixture.home_id else fixture.home_id
        is_open = slot.status == KickoffSlot.Status.OPEN and open_fixture
        rows.append(
            SlotRow(
                pk=slot.pk,
                when=kickoff.when(slot.starts_at, league),
                team=names.get(slot.proposed_by_team_id, ""),
                status=slot.get_status_display(),
                is_open=is_open,
                may_answer=is_open and user_id is not None and coaches[other] == user_id,
                may_withdraw=is_open
                and user_id is not None
                and coaches.get(slot.proposed_by_team_id) == user_id,
            )
        )
    is_commissioner = user.has_perm("leagues.manage_league", fixture)
    agreed = fixture.kickoff_at
    return {
        "fixture": fixture,
        "kickoff_when": kickoff.when(agreed, league) if agreed else "",
        "kickoff_slots": rows,
        "time_zone": league.time_zone,
        "may_propose": is_coach and open_fixture and agreed is None,
        "may_set": is_commissioner and open_fixture,
        "propose_form": propose_form or ProposeKickoffForm(league),
        "set_form": set_form
        or SetKickoffForm(
            league,
            initial={
                "kickoff_at": kickoff.in_league_time(agreed, league).replace(tzinfo=None)
                if agreed
                else None
            },
        ),
        "kickoff_errors": errors or [],
        "kickoff_done": done,
    }


def _answer(
    request: HttpRequest, fixture: Fixture, ok: bool, done: str, **context: Any
) -> HttpResponse:
    if ok and not getattr(request, "htmx", False):
        messages.success(request, done)
        return redirect(reverse("fixture-detail", args=[fixture.pk]) + "#kickoff")
    fixture = _fixture(fixture.pk)  # as the change left it
    body = kickoff_context(fixture, request.user, done=done if ok else "", **context)
    if getattr(request, "htmx", False):
        return render(request, "leagues/_kickoff.html", body)
    return render(request, "leagues/_kickoff_page.html", body, status=400)


@login_required
@require_POST
def kickoff_propose(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    form = ProposeKickoffForm(fixture.season.league, request.POST)
    done = None
    if form.is_valid():
        done = attempt(
            form,
            lambda: kickoff.propose_kickoffs(request.user, fixture, form.cleaned_data["starts_at"]),
        )
    ok = done is not None
    count = len(done or [])
    text = ngettext("Time proposed.", "%(count)d times proposed.", count) % {"count": count}
    return _answer(request, fixture, ok, text, propose_form=None if ok else form)


@login_required
@require_POST
def kickoff_slot_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    if action not in SLOT_ACTIONS:
        raise Http404(_("No such answer to a proposed time."))
    slot = get_object_or_404(KickoffSlot.objects.only("pk", "fixture_id"), pk=pk)
    fixture = _fixture(slot.fixture_id)
    errors = refusal_messages(lambda: SLOT_SERVICES[action](request.user, slot))
    return _answer(request, fixture, not errors, str(DONE[action]), errors=errors)


@login_required
@require_POST
def kickoff_set(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    if not request.user.has_perm("leagues.manage_league", fixture):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s sets kick-off times directly.")
            % {"league": fixture.season.league.name}
        )
    form = SetKickoffForm(fixture.season.league, request.POST)
    done = None
    if form.is_valid():
        done = attempt(
            form,
            lambda: kickoff.set_kickoff(request.user, fixture, form.cleaned_data["kickoff_at"]),
        )
    ok = done is not None
    text = _("Kick-off set.") if done is not None and done.kickoff_at else _("Kick-off cleared.")
    return _answer(request, fixture, ok, text, set_form=None if ok else form)


@login_required
def league_time_zone(request: HttpRequest, pk: int) -> HttpResponse:
    """A commissioner's form for the league's time zone."""
    league = get_object_or_404(League, pk=pk)
    if not request.user.has_perm("leagues.manage_league", league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s sets its time zone.") % {"league": league.name}
        )
    form = TimeZoneForm(request.POST or None, initial={"time_zone": league.time_zone})
    if request.method == "POST" and form.is_valid():
        zone = form.cleaned_data["time_zone"]
        if attempt(form, lambda: kickoff.set_time_zone(request.user, league, zone)) is not None:
            messages.success(
                request,
                _("%(league)s's time zone is now %(zone)s.")
                % {"league": league.name, "zone": zone},
            )
            return redirect("league-home", pk=league.pk)
    status = 400 if request.method == "POST" else 200
    context = {"league": league, "form": form}
    return render(request, "leagues/league_time_zone.html", context, status=status)
