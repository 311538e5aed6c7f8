"""The audit trail: one row per change to results, fixtures, treasuries and rosters.

A service calls ``log_action`` inside its own ``transaction.atomic()``, after the
change and before returning, so the row commits or rolls back with the change (a
refused action writes none). It also bumps the versions the pages are cached by
(``core.versions``) in that transaction: the team's (and the other team's) and their
league's; a league's action without a team bumps its league and every team entered in
its seasons. Pages and the API read through ``league_entries`` and
``team_entries`` (latest first).

Action keys, by what they change::

    fixture.reschedule, fixture.forfeit, fixture.correct_forfeit, fixture.undo_forfeit,
    fixture.result, fixture.playoff_winner, season.dock_points, season.start_playoffs,
    season.close, season.roll_over, match.report, match.correct, match.end_hiring_step,
    match.close, team.draft, team.redraft, team.transfer, team.hire_player,
    team.fire_player, team.rename_player, team.hire_journeyman, team.temporary_retirement,
    team.end_temporary_retirement, team.buy_reroll, team.hire_staff, team.fire_staff,
    treasury.correct, advancement.spend, advancement.undo
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet

from core import versions
from core.types import Actor
from rules_engine.wording import Shown, as_plain, english
from teams.models import AUDIT_MESSAGE_MAX, AuditEntry, Team

# The season statuses a team plays in a league (leagues.SeasonStatus, by value:
# teams is the base app and does not import leagues).
_OPEN_SEASON = ("sign_up", "regular_season", "playoffs")
MAX_MESSAGE = AUDIT_MESSAGE_MAX


def _pk(obj: Any) -> int | None:
    return getattr(obj, "pk", obj)


def saved_user(actor: Actor | None) -> User | None:
    """A saved user, or None (anonymous, a system task)."""
    if isinstance(actor, User) and actor.pk is not None and actor.is_authenticated:
        return actor
    return None


def league_of_team(team: Team | int) -> int | None:
    """The league the team plays in now (its latest open season's), if any."""
    # The team's entries, through the relation the leagues app declares on it: teams
    # sits below leagues and imports none of it.
    entries = (team if isinstance(team, Team) else Team(pk=team)).league_entries
    return (
        entries.filter(season__status__in=_OPEN_SEASON)
        .order_by("-season__created_at", "-id")
        .values_list("season__league_id", flat=True)
        .first()
    )


def log_action(
    actor: Actor | None,
    action: str,
    message: Shown,
    *,
    league: Any = None,
    team: Any = None,
    other_team: Any = None,
    **data: Any,
) -> AuditEntry:
    """Write one audit row: who (``actor``), what (``action``, a verb key such as
    "fixture.reschedule"), the sentence for the pages (``message``: a ``say(...)``
    sentence reads in each reader's language, a plain string in English), the league and
    team(s) it concerns (instances or ids) and ``data`` (JSON-ready values: before,
    after, amounts, ids). Without ``league`` a team's action is filed under the
    league the team plays in now. Call it inside the service's transaction."""
    league_id = _pk(league)
    if league_id is None and team is not None:
        league_id = league_of_team(team)
    said = as_plain(message)
    text = english(message)
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 1] + "…"
    entry = AuditEntry(
        actor=saved_user(actor),
        action=action,
        message=text,
        message_said=said,
        league_id=league_id,
        team_id=_pk(team),
        other_team_id=_pk(other_team),
        data=data,
    )
    entry.save(force_insert=True)
    teams = [entry.team_id, entry.other_team_id]
    if league_id is not None and entry.team_id is None:
        teams += teams_of_league(league_id)
    versions.bump(leagues=[league_id], teams=teams)
    return entry


def teams_of_league(league: Any) -> list[int]:
    """The teams entered in any season of the league."""
    entered = Team.objects.filter(league_entries__season__league=_pk(league))
    return list(entered.values_list("pk", flat=True).distinct())


def _read(entries: QuerySet[AuditEntry]) -> QuerySet[AuditEntry]:
    return entries.select_related("actor", "team", "other_team").order_by("-at", "-id")


def league_entries(league: Any) -> QuerySet[AuditEntry]:
    """The league's audit trail, latest first."""
    return _read(AuditEntry.objects.filter(league=league))


def team_entries(team: Any) -> QuerySet[AuditEntry]:
    """What was done to the team, and to fixtures and matches it plays, latest first."""
    team_id = _pk(team)
    return _read(AuditEntry.objects.filter(Q(team_id=team_id) | Q(other_team_id=team_id)))


def team_stamp(team: Any) -> versions.Stamp:
    """The versions a team's pages show: the team's and those of the leagues it has
    played in (their results, tables and trophies), in one query."""
    team_id: int = getattr(team, "pk", team)
    leagues = Team.objects.filter(pk=team_id).values("league_entries__season__league_id")
    return versions.read(leagues=leagues, teams=[team])


def bump_teams(teams: Any) -> None:
    """Bump the teams' versions and those of the leagues they are entered in, for a
    change written past ``log_action`` (the admin, a command)."""
    ids = [pk for pk in (_pk(team) for team in teams) if pk is not None]
    entered = Team.objects.filter(pk__in=ids)
    leagues = entered.values_list("league_entries__season__league_id", flat=True)
    versions.bump(leagues=set(leagues), teams=ids)
