"""Who may do what to a team, as django-rules predicates.

Services ask ``actor.has_perm("teams.change_team", team)``; the
``rules.permissions.ObjectPermissionBackend`` in AUTHENTICATION_BACKENDS
answers from the predicates here (``TeamsConfig.ready``
imports this module at start-up).

- ``teams.add_team``: any signed-in user may draft a team (he becomes its coach).
- ``teams.change_team``: the team's coach, the commissioner of a league the
  team plays in, or a superuser.
- ``teams.correct_treasury``: a league commissioner or a superuser, not the coach.
- ``teams.transfer_team``: hand the team to another coach: a commissioner of a
  league the team plays in, or a superuser, not the coach.
- ``teams.view_team`` / ``teams.view_ledger``: everyone reads team sheets and
  treasuries (standings, results and team sheets are public).
"""

from __future__ import annotations

from typing import Any

import rules


@rules.predicate
def is_team_coach(user: Any, team: Any) -> bool:
    """The user coaches the team."""
    return team is not None and user.is_authenticated and team.coach_id == user.pk


@rules.predicate
def is_league_commissioner(user: Any, team: Any) -> bool:
    """The user commissions a league the team is entered in. Read through the league
    entries' reverse relation: the leagues app sits above teams, which imports it not."""
    if team is None or not user.is_authenticated:
        return False
    return team.league_entries.filter(season__league__commissioners=user).exists()


is_signed_in = rules.is_authenticated
can_change_team = is_team_coach | is_league_commissioner | rules.is_superuser

rules.add_perm("teams.add_team", is_signed_in)
rules.add_perm("teams.change_team", can_change_team)
rules.add_perm("teams.correct_treasury", is_league_commissioner | rules.is_superuser)
rules.add_perm("teams.transfer_team", is_league_commissioner | rules.is_superuser)
rules.add_perm("teams.view_team", rules.always_allow)
rules.add_perm("teams.view_ledger", rules.always_allow)
