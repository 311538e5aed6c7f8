"""The team sheet and team lists: a team with its players, their skills, injuries
and advancements, and its value (the engine's ``TeamValueBreakdown``) - for the page,
the API and the PDF alike - in five queries whatever the team's size."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.db.models import Prefetch, QuerySet
from django.utils.translation import ngettext

from rules_engine import TeamValueBreakdown, get_ruleset
from rules_engine.ruleset import Position, Roster
from teams.models import (
    Advancement,
    InjuryRecord,
    Player,
    PlayerStatus,
    Team,
    TreasuryEntry,
)
from teams.selectors.value import value_breakdown, with_team_value

LATEST_LEDGER_ENTRIES = 5


@dataclass(frozen=True)
class TeamSheet:
    """A team for its sheet: the team (with ``coach``), its active players by
    number (each with ``skills``, ``injuries`` and ``advancement_history``) and its
    value (the engine's ``TeamValueBreakdown``: ``value.team_value``,
    ``value.current_team_value`` and every part)."""

    team: Team
    players: list[Player]
    value: TeamValueBreakdown


@dataclass(frozen=True)
class TeamRow:
    """A team in a list, with its value and its roster's name."""

    team: Team
    value: TeamValueBreakdown
    roster_name: str


def roster_for(team: Team) -> Roster:
    """The engine's roster of the team (rulesets are cached by the engine)."""
    return get_ruleset(team.ruleset).roster(team.roster_slug)


def position_for(roster: Roster, player: Player) -> Position | None:
    return roster.positions.get(player.position_slug)


def position_skills(position: Position | None) -> list[str]:
    return list(position.skills) if position else []


def sheet_players() -> QuerySet[Player]:
    """A team's active players by number, with their skills, injuries and advancements."""
    return (
        Player.objects.filter(status=PlayerStatus.ACTIVE)
        .order_by("number", "id")
        .prefetch_related(
            "skills",
            Prefetch("injuries", queryset=InjuryRecord.objects.order_by("created_at", "id")),
            Prefetch("advancement_history", queryset=Advancement.objects.order_by("number")),
        )
        .fetch_mode(models.FETCH_PEERS)
    )


def team_sheet(team_id: int) -> TeamSheet:
    """A team's sheet, in five queries whatever its size (the team with its coach and
    value sums, its players, their skills, injuries and advancements). Raises
    ``Team.DoesNotExist``."""
    team = (
        with_team_value(Team.objects.select_related("coach"))
        .prefetch_related(Prefetch("players", queryset=sheet_players()))
        .fetch_mode(models.FETCH_PEERS)
        .get(pk=team_id)
    )
    return TeamSheet(team=team, players=list(team.players.all()), value=value_breakdown(team))


def injury_marks(player: Player, minus: str = "\u2212") -> list[str]:
    """How a sheet marks the player's injuries, the page and the PDF alike: his
    Niggling Injuries ("1 niggling") and each Lasting Injury's characteristic lost
    ("−MA"; the PDF's standard fonts spell the minus "-"). Reads the prefetched injuries."""
    count = player.niggling_injuries
    marks = (
        [ngettext("%(count)s niggling", "%(count)s niggling", count) % {"count": count}]
        if count
        else []
    )
    marks += [
        f"{minus}{injury.get_characteristic_display()}"
        for injury in player.injuries.all()
        if injury.kind == InjuryRecord.Kind.LASTING
    ]
    return marks


def ledger(team: Team | int) -> QuerySet[TreasuryEntry]:
    """The team's treasury entries, oldest first (the balance reads down the page)."""
    team_id = team.pk if isinstance(team, Team) else team
    return (
        TreasuryEntry.objects.filter(team_id=team_id)
        .select_related("created_by")
        .order_by("created_at", "id")
        .fetch_mode(models.FETCH_PEERS)
    )


def teams_for_coach(user: Any) -> QuerySet[Team]:
    """The user's teams by name, with the player parts of team value annotated
    (``with_values`` turns them into rows with TV and CTV)."""
    if not getattr(user, "is_authenticated", False):
        return Team.objects.none()
    return (
        with_team_value(Team.objects.filter(coach=user))
        .order_by("name")
        .fetch_mode(models.FETCH_PEERS)
    )


def teams_list(queryset: QuerySet[Team] | None = None) -> QuerySet[Team]:
    """Teams with their coach and the player parts of team value, by name."""
    queryset = queryset if queryset is not None else Team.objects.all()
    return with_team_value(queryset.select_related("coach")).order_by("name")


def with_values(teams: Iterable[Team]) -> list[TeamRow]:
    """Annotated teams (``teams_list``, ``teams_for_coach``) as rows with each one's
    TV/CTV breakdown and roster name (no queries)."""
    return [
        TeamRow(team=team, value=value_breakdown(team), roster_name=roster_for(team).name)
        for team in teams
    ]
