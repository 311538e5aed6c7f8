"""What every league service shares: permission, locking, lookups."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import connection, transaction

from config.types import Actor
from leagues.errors import LeagueError
from leagues.models import Fixture, Season, TeamEntry
from leagues.permissions import league_of

MANAGE = "leagues.manage_league"


def require_commissioner(actor: Actor, obj: Any, doing: str) -> None:
    """Raise PermissionDenied (403) unless ``actor`` commissions ``obj``'s league."""
    if actor is None or not actor.has_perm(MANAGE, obj):
        raise PermissionDenied(f"Only a commissioner of {league_of(obj).name} may {doing}.")


def _require_atomic(what: str) -> None:
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError(f"{what} must run inside transaction.atomic()")


def lock_season(season: Season | int) -> Season:
    """The season's row, locked for the open transaction, with its league."""
    _require_atomic("lock_season()")
    season_id = season.pk if isinstance(season, Season) else season
    # Lock only the season row: PostgreSQL refuses FOR UPDATE on the nullable
    # side of an outer join, so the league comes by a plain join afterwards.
    locked = (
        Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season_id)
    )
    return locked


def lock_fixture(fixture: Fixture | int) -> tuple[Fixture, Season]:
    """The fixture's season, then the fixture, both locked (one lock order everywhere)."""
    fixture_id = fixture.pk if isinstance(fixture, Fixture) else fixture
    season_id = Fixture.objects.values_list("season_id", flat=True).get(pk=fixture_id)
    season = lock_season(season_id)
    locked = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("home", "away", "division", "round")
        .get(pk=fixture_id)
    )
    locked.season = season
    return locked, season


def require_status(season: Season, *statuses: str, doing: str) -> None:
    if season.status not in statuses:
        allowed = " or ".join(Season.Status(s).label.lower() for s in statuses)
        raise LeagueError(
            f"{season} is in {season.get_status_display().lower()}: you can {doing} "
            f"only during {allowed}."
        )


def entry_of(season: Season, team: Any) -> TeamEntry:
    try:
        return TeamEntry.objects.select_related("division").get(season=season, team=team)
    except TeamEntry.DoesNotExist:
        raise LeagueError(f"{team} is not entered in {season}.") from None
