"""Pages for coaches joining a league (leagues/invites.py): the league's coaches
page where its commissioners make invite links and open or close sign-up, the
invite link itself, and the join page of a league open for sign-up.

A link that cannot be used answers with a page saying why and whom to ask:
404 for a token that never existed, 410 for one expired, used up or withdrawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import attempt, refusal_messages
from leagues import invites
from leagues.models import League, LeagueInvite
from teams.models import Team

MANAGE_LEAGUE = "leagues.manage_league"


class InviteForm(forms.Form):
    max_uses = forms.IntegerField(
        label=gettext_lazy("For how many coaches"),
        initial=1,
        min_value=1,
        max_value=invites.MAX_USES,
        help_text=format_lazy(
            gettext_lazy("1 for one person; up to {max_uses} for a link shared with a group."),
            max_uses=invites.MAX_USES,
        ),
    )
    days = forms.IntegerField(
        label=gettext_lazy("Valid for (days)"),
        initial=invites.DEFAULT_DAYS,
        min_value=1,
        max_value=invites.MAX_DAYS,
    )


def _league(pk: int) -> League:
    return get_object_or_404(League.objects.prefetch_related("commissioners", "coaches"), pk=pk)


def _require_commissioner(request: HttpRequest, league: League) -> None:
    if not request.user.has_perm(MANAGE_LEAGUE, league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s may invite coaches to it.")
            % {"league": league.name}
        )


@dataclass(frozen=True)
class CoachRow:
    """A coach of the league: his teams that have played or entered a season of it,
    whether he joined by an invite link or the open sign-up, whether he commissions it."""

    coach: Any
    teams: list[Team]
    joined: bool
    commissioner: bool


def league_coaches_rows(league: League) -> list[CoachRow]:
    """Every coach with a team entered in a season of the league, every coach who joined
    it by an invite link or its open sign-up (``League.coaches``) and its commissioners,
    once each, by name."""
    teams = (
        Team.objects.filter(league_entries__season__league=league)
        .select_related("coach")
        .distinct()
        .order_by("name")
    )
    by_coach: dict[int, list[Team]] = {}
    users: dict[int, Any] = {}
    for team in teams:
        by_coach.setdefault(team.coach_id, []).append(team)
        users[team.coach_id] = team.coach
    joined = {user.pk: user for user in league.coaches.all()}
    commissioners = {user.pk: user for user in league.commissioners.all()}
    everyone = {**users, **joined, **commissioners}
    return sorted(
        (
            CoachRow(
                coach=user,
                teams=by_coach.get(pk, []),
                joined=pk in joined,
                commissioner=pk in commissioners,
            )
            for pk, user in everyone.items()
        ),
        key=lambda row: row.coach.username.casefold(),
    )


def _coaches_page(
    request: HttpRequest, league: League, form: InviteForm | None = None, status: int = 200
) -> HttpResponse:
    is_commissioner = request.user.has_perm(MANAGE_LEAGUE, league)
    context: dict[str, Any] = {
        "league": league,
        "coaches": league_coaches_rows(league),
        "is_commissioner": is_commissioner,
    }
    if is_commissioner:
        now = timezone.now()
        context["invite_form"] = form or InviteForm()
        context["invites"] = [
            {
                "invite": invite,
                "url": request.build_absolute_uri(reverse("invite-accept", args=[invite.token])),
                "problem": invites.invite_problem(invite, now),
            }
            for invite in league.invites.select_related("league")[:20]
        ]
    return render(request, "leagues/coaches.html", context, status=status)


def league_coaches(request: HttpRequest, pk: int) -> HttpResponse:
    """Who coaches in the league; for its commissioners, the invite links too."""
    return _coaches_page(request, _league(pk))


@login_required
@require_POST
def league_invite_create(request: HttpRequest, pk: int) -> HttpResponse:
    league = _league(pk)
    _require_commissioner(request, league)
    form = InviteForm(request.POST)
    if form.is_valid():
        made = attempt(
            form,
            lambda: invites.create_invite(
                request.user,
                league,
                max_uses=form.cleaned_data["max_uses"],
                days=form.cleaned_data["days"],
            ),
        )
        if made is not None:
            messages.success(
                request, _("Invite link made: copy it from the list below and send it.")
            )
            return redirect("league-coaches", pk=league.pk)
    return _coaches_page(request, league, form, status=400)


@login_required
@require_POST
def league_invite_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    invite = get_object_or_404(LeagueInvite.objects.select_related("league"), pk=pk)
    _require_commissioner(request, invite.league)
    invites.revoke_invite(request.user, invite)
    messages.success(request, _("The invite link is withdrawn: it no longer lets anyone in."))
    return redirect("league-coaches", pk=invite.league_id)


@login_required
@require_POST
def league_signup_toggle(request: HttpRequest, pk: int) -> HttpResponse:
    league = _league(pk)
    _require_commissioner(request, league)
    allow = request.POST.get("allow_signup") == "on"
    invites.set_open_signup(request.user, league, allow)
    if allow:
        messages.success(
            request, _("Anyone may now sign up and join %(league)s.") % {"league": league.name}
        )
    else:
        messages.success(
            request,
            _("%(league)s now takes new coaches by invite link only.") % {"league": league.name},
        )
    return redirect("league-coaches", pk=league.pk)


def _refused(request: HttpRequest, league: League | None, reason: str, status: int) -> HttpResponse:
    return render(
        request, "leagues/invite_refused.html", {"league": league, "reason": reason}, status=status
    )


def _welcome(request: HttpRequest, league: League) -> HttpResponse:
    messages.success(
        request,
        _(
            "You are a coach of %(league)s. Draft a team, then enter it when a season "
            "opens for sign-up."
        )
        % {"league": league.name},
    )
    return redirect("league-home", pk=league.pk)


def _join_page(
    request: HttpRequest, league: League, *, invite: LeagueInvite | None
) -> HttpResponse:
    """The page a visitor or a signed-in user sees before joining."""
    here = request.get_full_path()
    already = request.user.is_authenticated and invites.is_league_coach(request.user, league)
    return render(
        request,
        "leagues/invite.html",
        {"league": league, "invite": invite, "next": here, "already_coach": already},
    )


def invite_accept(request: HttpRequest, token: str) -> HttpResponse:
    """An invite link: sign up or log in, then join the league as a coach."""
    invite = invites.find_invite(token)
    if invite is None:
        return _refused(
            request,
            None,
            _(
                "There is no such invite link. Check that it was copied whole, or ask the "
                "commissioner who sent it for a new one."
            ),
            404,
        )
    league = invite.league
    if request.user.is_authenticated and invites.is_league_coach(request.user, league):
        return _join_page(request, league, invite=invite)
    problem = invites.invite_problem(invite)
    if problem:
        return _refused(request, league, problem, 410)
    if not request.user.is_authenticated:
        invites.remember_invite(request, invite)
        return _join_page(request, league, invite=invite)
    if request.method == "POST":
        joined: list[League] = []
        problems = refusal_messages(
            lambda: joined.append(invites.redeem_invite(request.user, token))
        )
        if problems:
            return _refused(request, league, "; ".join(problems), 410)
        return _welcome(request, joined[0])
    return _join_page(request, league, invite=invite)


def league_join(request: HttpRequest, pk: int) -> HttpResponse:
    """A league open for sign-up: anyone may join it as a coach."""
    league = _league(pk)
    if request.user.is_authenticated and invites.is_league_coach(request.user, league):
        return _join_page(request, league, invite=None)
    if not league.allow_signup:
        return _refused(
            request,
            league,
            _(
                "%(league)s takes new coaches by invitation only: ask one of its "
                "commissioners for an invite link."
            )
            % {"league": league.name},
            403,
        )
    if not request.user.is_authenticated:
        invites.remember_open_league(request, league)
        return _join_page(request, league, invite=None)
    if request.method == "POST":
        joined: list[League] = []
        problems = refusal_messages(
            lambda: joined.append(invites.join_league(request.user, league))
        )
        if problems:
            return _refused(request, league, "; ".join(problems), 403)
        return _welcome(request, joined[0])
    return _join_page(request, league, invite=None)
