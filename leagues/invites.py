"""Coaches joining a league: invite links and open sign-up.

A commissioner invites coaches with a link, ``/invites/<token>/``:

- **Unguessable**: the token is ``secrets.token_urlsafe(32)`` (256 random bits).
  Only the league's commissioners see it (on the league's coaches page).
- **Expiry**: 7 days unless the commissioner picks 1 to 30; after that the link
  is refused with a page that says so and whom to ask.
- **Single or group use**: one coach by default (``max_uses`` 1: a link sent to
  one person cannot be passed on); the commissioner may make a link for up to 50
  coaches (a link posted to the league's group chat). Each coach counts once; a
  coach who already coaches the league uses nothing. A used-up or revoked link is
  refused like an expired one.

Opening the link signed in makes the user a coach of the league at a tap. A
visitor gets the choice to sign up or to log in: sign-up is open to him while
he holds a valid link (``pending_signup``, read by accounts/adapter.py), and the
account is a coach of the league as it is made; a login comes back to the link.

A league may instead allow open sign-up (``League.allow_signup``): its join
page ``/leagues/<id>/join/`` works like a link for anyone, with no expiry.

Being a coach of a league (``League.coaches``) is what the profile page lists;
the coach then drafts a team and enters it when a season opens for sign-up.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core import versions
from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import League, LeagueInvite
from leagues.permissions import signed_in

MANAGE_LEAGUE = "leagues.manage_league"
DEFAULT_DAYS = 7
MAX_DAYS = 30
MAX_USES = 50
# The session key holding what a visitor may sign up with: {"invite": token} or
# {"league": id}.
SESSION_KEY = "dugout_signup"


class InviteError(LeagueError):
    """An invite link or a join that cannot be used: the message says why."""


def _require_commissioner(actor: Actor, league: League) -> None:
    if actor is None or not actor.has_perm(MANAGE_LEAGUE, league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s may invite coaches to it.")
            % {"league": league.name}
        )


def create_invite(
    actor: Actor, league: League, *, max_uses: int = 1, days: int = DEFAULT_DAYS
) -> LeagueInvite:
    """A new invite link to ``league`` for ``max_uses`` coaches, valid ``days`` days."""
    _require_commissioner(actor, league)
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
        raise InviteError(
            _("An invite lasts from 1 to %(max_days)s days; got %(days)s.")
            % {"max_days": MAX_DAYS, "days": repr(days)}
        )
    if isinstance(max_uses, bool) or not isinstance(max_uses, int):
        raise InviteError(
            _("The number of coaches must be a whole number; got %(max_uses)s.")
            % {"max_uses": repr(max_uses)}
        )
    if not 1 <= max_uses <= MAX_USES:
        raise InviteError(
            _("An invite is for 1 to %(max_uses)s coaches; got %(max_uses2)s.")
            % {"max_uses": MAX_USES, "max_uses2": max_uses}
        )
    return LeagueInvite.objects.create(
        league=league,
        token=secrets.token_urlsafe(32),
        created_by=signed_in(actor),
        expires_at=timezone.now() + timedelta(days=days),
        max_uses=max_uses,
    )


def revoke_invite(actor: Actor, invite: LeagueInvite) -> LeagueInvite:
    """Close the link at once (a link sent to the wrong person)."""
    _require_commissioner(actor, invite.league)
    with transaction.atomic():
        locked = LeagueInvite.objects.select_for_update().get(pk=invite.pk)
        if locked.revoked_at is None:
            locked.revoked_at = timezone.now()
            locked.save(update_fields=["revoked_at"])
    return locked


def set_open_signup(actor: Actor, league: League, allow: bool) -> League:
    """Open or close the league's sign-up without an invite."""
    _require_commissioner(actor, league)
    with transaction.atomic():
        locked = League.objects.select_for_update().get(pk=league.pk)
        locked.allow_signup = bool(allow)
        locked.save(update_fields=["allow_signup"])
        versions.bump(leagues=[locked])
    league.allow_signup = locked.allow_signup
    return locked


def invite_problem(invite: LeagueInvite, now: Any = None) -> str | None:
    """Why the link can no longer be used, as a sentence; None while it can."""
    now = now or timezone.now()
    # Two whole sentences: what is wrong, then whom to ask.
    ask = _("Ask a commissioner of %(league)s for a new link.") % {"league": invite.league.name}
    values = {"league": invite.league.name}
    if invite.revoked_at is not None:
        problem = _("This invite link to %(league)s was withdrawn.") % values
    elif invite.expires_at <= now:
        when = date_format(timezone.localtime(invite.expires_at), "j F Y")
        problem = _("This invite link to %(league)s expired on %(when)s.") % {
            **values,
            "when": when,
        }
    elif invite.uses >= invite.max_uses:
        problem = _("This invite link to %(league)s has already been used.") % values
    else:
        return None
    return f"{problem} {ask}"


def is_invite_usable(invite: LeagueInvite) -> bool:
    return invite_problem(invite) is None


def find_invite(token: str) -> LeagueInvite | None:
    return LeagueInvite.objects.select_related("league").filter(token=token).first()


def is_league_coach(user: Actor, league: League) -> bool:
    return user.is_authenticated and league.coaches.filter(pk=user.pk).exists()


def redeem_invite(user: Actor, token: str) -> League:
    """Make ``user`` a coach of the invite's league, counting one use of the link.

    A user who already coaches the league keeps his place and uses nothing.
    """
    with transaction.atomic():
        invite = (
            LeagueInvite.objects.select_for_update()
            .select_related("league")
            .filter(token=token)
            .first()
        )
        if invite is None:
            raise InviteError(_("There is no such invite link: check that it was copied whole."))
        league = invite.league
        if is_league_coach(user, league):
            return league
        problem = invite_problem(invite)
        if problem:
            raise InviteError(problem)
        invite.uses += 1
        invite.save(update_fields=["uses"])
        league.coaches.add(signed_in(user))
        versions.bump(leagues=[league])
    return league


def join_league(user: Actor, league: League) -> League:
    """Make ``user`` a coach of a league open for sign-up."""
    with transaction.atomic():
        locked = League.objects.select_for_update().get(pk=league.pk)
        if not locked.allow_signup:
            raise InviteError(
                _(
                    "%(locked)s takes new coaches by invitation only: ask one of its "
                    "commissioners for an invite link."
                )
                % {"locked": locked.name}
            )
        locked.coaches.add(signed_in(user))
        versions.bump(leagues=[locked])
    return locked


# --- the visitor who signs up ---------------------------------------------------------


@dataclass(frozen=True)
class PendingSignup:
    """What a visitor may sign up with: a valid invite, or a league open for sign-up."""

    league: League
    invite: LeagueInvite | None = None


def remember_invite(request: HttpRequest, invite: LeagueInvite) -> None:
    request.session[SESSION_KEY] = {"invite": invite.token}


def remember_open_league(request: HttpRequest, league: League) -> None:
    request.session[SESSION_KEY] = {"league": league.pk}


def pending_signup(request: HttpRequest) -> PendingSignup | None:
    """The invite or open league the visitor came with, while it still admits him."""
    held = request.session.get(SESSION_KEY) or {}
    if "invite" in held:
        invite = find_invite(str(held["invite"]))
        if invite is not None and is_invite_usable(invite):
            return PendingSignup(league=invite.league, invite=invite)
    elif "league" in held:
        league = League.objects.filter(pk=held["league"], allow_signup=True).first()
        if league is not None:
            return PendingSignup(league=league)
    return None


def redeem_pending(request: HttpRequest, user: Actor) -> League | None:
    """Make the new account a coach of the league the visitor came for."""
    pending = pending_signup(request)
    request.session.pop(SESSION_KEY, None)
    if pending is None:
        return None
    if pending.invite is not None:
        return redeem_invite(user, pending.invite.token)
    return join_league(user, pending.league)
