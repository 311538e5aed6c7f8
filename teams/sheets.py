"""Reads the teams pages, API and PDF share, on top of ``teams.selectors``.

The selectors give the team sheet in three queries; the sheet here adds each
player's injuries and advancements (two more, whatever the team's size) so the
page, the API and the PDF can show them and which players may spend SPP.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from rules_engine import get_ruleset
from rules_engine.bb2020.advancement import AdvancementOption
from rules_engine.bb2020.advancement import advancement_options as engine_advancement_options
from rules_engine.ruleset import Position, Roster
from teams import selectors
from teams.models import Advancement, InjuryRecord, Player, PlayerSkill, Team, TreasuryEntry
from teams.services.convert import player_state

LATEST_LEDGER_ENTRIES = 5
# Advancement (spend_spp) follows the BB2020 rules the engine implements.
ADVANCEMENT_RULESETS = frozenset({"bb2020"})


def roster_for(team: Team) -> Roster:
    """The engine's roster of the team (rulesets are cached by the engine)."""
    return get_ruleset(team.ruleset).roster(team.roster_slug)


def position_for(roster: Roster, player: Player) -> Position | None:
    return roster.positions.get(player.position_slug)


def position_skills(position: Position | None) -> list[str]:
    return list(position.skills) if position else []


def team_sheet(team_id: int) -> Team:
    """``selectors.team_sheet`` plus each player's injuries and advancements, in
    five queries whatever the team's size. Raises ``Team.DoesNotExist``."""
    team = selectors.team_sheet(team_id)
    prefetch_related_objects(
        team.sheet_players,
        Prefetch("injuries", queryset=InjuryRecord.objects.order_by("created_at", "id")),
        Prefetch("advancement_history", queryset=Advancement.objects.order_by("number")),
    )
    return team


def latest_ledger(team: Team, count: int = LATEST_LEDGER_ENTRIES) -> list[TreasuryEntry]:
    """The team's most recent ledger entries, newest first."""
    return list(selectors.ledger(team).order_by("-created_at", "-id")[:count])


def player_with_history(player_id: int) -> Player:
    """A player (any status) with his team, skills and the advancement each came
    from, advancements and injuries. Raises ``Player.DoesNotExist``."""
    return (
        Player.objects.select_related("team", "team__coach")
        .prefetch_related(
            Prefetch(
                "skills",
                queryset=PlayerSkill.objects.select_related("advancement").order_by("id"),
            ),
            Prefetch("advancement_history", queryset=Advancement.objects.order_by("number")),
            Prefetch("injuries", queryset=InjuryRecord.objects.order_by("created_at", "id")),
        )
        .get(pk=player_id)
    )


def advancement_options(player: Player) -> tuple[AdvancementOption, ...]:
    """The advancements the player's unspent SPP pay for now (none for a player
    who left, or whose ruleset has no advancement rules here)."""
    if not player.is_active or player.team.ruleset not in ADVANCEMENT_RULESETS:
        return ()
    return engine_advancement_options(get_ruleset(player.team.ruleset), player_state(player))


def can_advance(player: Player) -> bool:
    """Whether the player may spend SPP now, or has a roll waiting for a choice."""
    return bool(player.pending_advancement) or bool(advancement_options(player))


def teams_list(queryset: QuerySet[Team] | None = None) -> QuerySet[Team]:
    """Teams with their coach and the player parts of team value, by name."""
    queryset = queryset if queryset is not None else Team.objects.all()
    return selectors.with_team_value(queryset.select_related("coach")).order_by("name")


def with_values(teams: Any) -> list[Team]:
    """Evaluate annotated teams and attach each one's TV/CTV breakdown and roster
    name (no queries)."""
    teams = list(teams)
    for team in teams:
        team.value = selectors.value_breakdown(team)
        team.roster_name = roster_for(team).name
    return teams
