"""Who may do what in a league, as django-rules predicates.

Services ask ``actor.has_perm("leagues.manage_league", obj)`` where ``obj`` is
a league or anything of one (season, division, fixture, entry); the
``rules.permissions.ObjectPermissionBackend`` answers from here.

- ``leagues.add_league``: any signed-in user (who becomes its commissioner).
- ``leagues.manage_league``: a commissioner of that league, or a superuser.
- ``leagues.enter_team``: the team's coach (the season's own conditions,
  sign-up open, same ruleset, team active, not yet entered, are domain errors).
- ``leagues.record_result``: a coach of either team, a commissioner, a superuser.
- ``leagues.view_league``: everyone reads standings, fixtures and brackets.
"""

from __future__ import annotations

from typing import Any

import rules
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from core.types import Actor
from leagues.models import League


def signed_in(actor: Actor) -> User:
    """The signed-in user behind ``actor``: what a league records as its
    commissioner, coach or author (the permission checks already turned the
    anonymous visitor away; this only says so to the type checker)."""
    if not isinstance(actor, User):
        raise PermissionDenied(_("Sign in first."))
    return actor


def league_of(obj: Any) -> Any:
    """The league a league, season, division, round, fixture or entry belongs to."""
    if obj is None or isinstance(obj, League):
        return obj
    if hasattr(obj, "league"):
        return obj.league
    if hasattr(obj, "season"):
        return obj.season.league
    return None


@rules.predicate
def is_league_commissioner(user: Actor, obj: Any) -> bool:
    """The user is a commissioner of the league ``obj`` belongs to."""
    league = league_of(obj)
    if league is None or not user.is_authenticated:
        return False
    cached = getattr(league, "_commissioner_ids", None)
    if cached is None:
        cached = set(league.commissioners.values_list("pk", flat=True))
        league._commissioner_ids = cached
    return user.pk in cached


@rules.predicate
def is_team_coach(user: Actor, team: Any) -> bool:
    return team is not None and user.is_authenticated and team.coach_id == user.pk


@rules.predicate
def is_fixture_coach(user: Actor, fixture: Any) -> bool:
    """The user coaches the home or the away team of the fixture."""
    if fixture is None or not user.is_authenticated:
        return False
    return user.pk in {fixture.home.coach_id, fixture.away.coach_id}


rules.add_perm("leagues.add_league", rules.is_authenticated)
rules.add_perm("leagues.manage_league", is_league_commissioner | rules.is_superuser)
rules.add_perm("leagues.enter_team", is_team_coach)
rules.add_perm(
    "leagues.record_result", is_fixture_coach | is_league_commissioner | rules.is_superuser
)
rules.add_perm("leagues.view_league", rules.always_allow)
