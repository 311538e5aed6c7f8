"""A team as a ``dugout-team`` file (version 1, docs/interchange.md): the team, its
staff, its players with what they gained and suffered, its ledger, and the league
seasons it entered, each under the edition it was played under (a league may change
edition at a re-draft: the team's ``ruleset`` is the one it plays now).

Read in six queries whatever the team's size (the team, its players, their skills,
their injuries, its ledger, its seasons). Characteristics are written as changes from the
position's profile, so a file stays true when a profile is reprinted.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from rules_engine import get_ruleset, list_rulesets
from rules_engine.ruleset import Position
from teams.interchange.shapes import CHARACTERISTICS
from teams.models import InjuryRecord, Player, PlayerSkill, Team, TreasuryEntry

FORMAT = "dugout-team"
VERSION = 1


def _position(team: Team, slug: str) -> Position | None:
    if team.ruleset not in list_rulesets():
        return None
    ruleset = get_ruleset(team.ruleset)
    roster = ruleset.rosters.get(team.roster_slug)
    return None if roster is None else roster.positions.get(slug)


def characteristic_changes(player: Player, position: Position | None) -> dict[str, int]:
    """Each characteristic's change from the position's profile, the unchanged left out."""
    if position is None:
        return {}
    changes = {}
    for name in CHARACTERISTICS:
        now, printed = getattr(player, name), getattr(position, name)
        if isinstance(now, int) and isinstance(printed, int) and now != printed:
            changes[name] = now - printed
    return changes


def _player(team: Team, player: Player) -> dict[str, Any]:
    return {
        "id": player.pk,
        "number": player.number,
        "name": player.name,
        "position": player.position_slug,
        "characteristic_changes": characteristic_changes(
            player, _position(team, player.position_slug)
        ),
        "skills": [{"skill": s.skill, "source": s.source} for s in player.skills.all()],
        "injuries": [
            {
                "kind": i.kind,
                "characteristic": i.characteristic,
                "note": i.note,
                "source": i.source,
                "match": i.match_id,
            }
            for i in player.injuries.all()
        ],
        "spp_earned": player.spp_earned,
        "spp_spent": player.spp_spent,
        "advancements": player.advancements,
        "value_increases": player.value_increases,
        "niggling_injuries": player.niggling_injuries,
        "miss_next_game": player.miss_next_game,
        "temporarily_retired": player.temporarily_retired,
        "journeyman": player.journeyman,
        "status": player.status,
    }


def _ledger_entry(entry: TreasuryEntry) -> dict[str, Any]:
    return {
        "amount": entry.amount,
        "reason": entry.reason,
        "note": entry.note,
        "balance_after": entry.balance_after,
        "match": entry.match_id,
        "created_at": entry.created_at.isoformat(),
    }


def _seasons(team: Team) -> list[dict[str, Any]]:
    """The league seasons the team entered, oldest first, each with its own edition."""
    # The league entries' reverse relation: the leagues app sits above teams.
    entries = (
        team.league_entries.all()
        .select_related("season__league")
        .order_by("season__created_at", "season_id")
    )
    out = []
    for entry in entries:
        season = entry.season
        key = season.ruleset or season.league.ruleset
        out.append(
            {
                "league": season.league.name,
                "season": season.number,
                "ruleset": key,
                "ruleset_name": get_ruleset(key).name if key in list_rulesets() else key,
            }
        )
    return out


def export_team(team_id: int) -> dict[str, Any]:
    """The team's ``dugout-team`` file as a dict (``Team.DoesNotExist`` if there is none)."""
    team = (
        Team.objects.select_related("coach")
        .prefetch_related(
            Prefetch(
                "players",
                queryset=Player.objects.order_by("number", "pk").prefetch_related(
                    Prefetch("skills", queryset=PlayerSkill.objects.order_by("pk")),
                    Prefetch(
                        "injuries", queryset=InjuryRecord.objects.order_by("created_at", "id")
                    ),
                ),
            ),
            Prefetch("ledger_entries", queryset=TreasuryEntry.objects.order_by("created_at", "pk")),
        )
        .get(pk=team_id)
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "team": {
            "id": team.pk,
            "name": team.name,
            "coach": team.coach.get_username(),
            "ruleset": team.ruleset,
            "roster": team.roster_slug,
            "special_rule_choice": team.special_rule_choice,
            "rerolls": team.rerolls,
            "dedicated_fans": team.dedicated_fans,
            "treasury": team.treasury,
        },
        "staff": {
            "assistant_coaches": team.assistant_coaches,
            "cheerleaders": team.cheerleaders,
            "apothecary": team.apothecary,
        },
        "players": [_player(team, p) for p in team.players.all()],
        "ledger": [_ledger_entry(e) for e in team.ledger_entries.all()],
        "seasons": _seasons(team),
    }
