"""A team's re-drafts in the API: between seasons (``/teams/{id}/redraft/``) and into
another edition (``/teams/{id}/edition-change/``). They sit in leagues because a
re-draft follows a league's season; the paths stay under the teams API."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

import rules_engine
from core.input import validated
from leagues.services.team_redraft import (
    change_edition,
    edition_change_record,
    redraft_team,
    season_to_redraft,
)
from teams.api_captain import captain_choice, captain_data, captain_options
from teams.api_common import CoachChangesTeam, responses, sheet_data
from teams.api_errors import field_errors
from teams.models import Team
from teams.serializers_redraft import (
    EditionChangeInputSerializer,
    RedraftInputSerializer,
    RedraftOptionsSerializer,
    RedraftResultSerializer,
)
from teams.services.edition_change import preview_edition_change
from teams.services.redraft_season import budget_of, rehire_candidates


def redraft_choices(data: dict[str, Any]) -> dict[str, Any]:
    """A re-draft's validated choices as the services take them."""
    return {
        "rehire": [r["player"] for r in data["rehire"]],
        "hire": [
            {"position_slug": h["position"], "name": h["name"], "number": h["number"]}
            for h in data["hire"]
        ],
        "rerolls": data["rerolls"],
        "assistant_coaches": data["assistant_coaches"],
        "cheerleaders": data["cheerleaders"],
        "apothecary": data["apothecary"],
        **captain_choice(data),
    }


class TeamRedraftViewSet(viewsets.GenericViewSet):
    """The re-draft actions on a team; anyone reads, who may change the team writes."""

    permission_classes = [IsAuthenticatedOrReadOnly, CoachChangesTeam]
    lookup_value_regex = r"[0-9]+"

    def get_object(self) -> Team:
        team = get_object_or_404(Team.objects.select_related("coach"), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, team)
        return team

    @extend_schema(
        methods=["GET"],
        summary="What the team's re-draft starts from",
        description="The closed season the team re-drafts after, the budget the server "
        "computes from its record (games played, league wins and draws, the treasury, the "
        "league's cap) and each permanent player's re-hire fee. 400 with the reason when "
        "the team has no re-draft to make.",
        responses=responses({200: RedraftOptionsSerializer}),
    )
    @extend_schema(
        methods=["POST"],
        summary="Re-draft the team between seasons",
        description="The client sends its choices only: players re-hired, players hired, "
        "re-rolls and staff. The budget (1,000,000 + treasury + 20,000 per game played + "
        "20,000 per league win + 10,000 per league draw, capped where the league says) and "
        "the re-hire fees come from the recorded season; numbers sent for them are ignored. "
        "The re-drafted team enters the league's next season. Where the roster names a Team "
        "Captain (BB2025 Human, Orc), `team_captain` (a position: its first new player) or "
        "`team_captain_player` (a re-hired player) names him; neither keeps the old captain "
        "if re-hired. Every problem comes back at once in `errors` and nothing changes; a "
        "captain the rules refuse (none named where the old one leaves, a player not "
        "re-hired, a position nobody new is hired at, a Big Guy, a roster without captains) "
        "is a 400 with `fields.team_captain` or `fields.team_captain_player`.",
        request=RedraftInputSerializer,
        responses=responses({200: RedraftResultSerializer}),
    )
    @action(detail=True, methods=["get", "post"])
    def redraft(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        if request.method == "GET":
            season_record = season_to_redraft(team)
            budget = budget_of(team, season_record)
            candidates = rehire_candidates(team)
            return Response(
                {
                    "from_season": season_record.from_season_id,
                    "to_season": season_record.to_season_id,
                    "budget": budget.as_dict(),
                    "players": [
                        {
                            "player": c.player.pk,
                            "name": c.player.name,
                            "number": c.player.number,
                            "position": c.player.position_slug,
                            "current_value": c.player.current_value,
                            "seasons": c.seasons,
                            "fee": c.fee,
                        }
                        for c in candidates
                    ],
                    "team_captain": captain_data(team, candidates),
                }
            )
        data = validated(RedraftInputSerializer, request)
        result = field_errors(redraft_team)(
            request.user,
            team,
            from_season=data["season"],
            **redraft_choices(data),
        )
        record = result.record
        body = {
            "id": record.pk,
            "from_season": record.from_season_id,
            "to_season": record.to_season_id,
            "division": result.entry.division_id,
            "budget": result.budget,
            "budget_parts": result.budget_parts.as_dict(),
            "cost": result.cost,
            "cost_parts": result.cost_parts.as_dict(),
            "rehired": [p.pk for p in result.rehired],
            "fees": {str(row["player"]): row["fee"] for row in record.rehired},
            "hired": [p.pk for p in result.hired],
            "left": [p.pk for p in result.left],
            "niggling_removed": {str(k): v for k, v in result.niggling_removed.items()},
            "rolls": result.rolls,
            "team": sheet_data(team.pk, request),
        }
        return Response(body)

    @extend_schema(
        methods=["GET"],
        summary="What a re-draft into another edition would carry over",
        description="Where the league's next season is played under another edition, "
        "each player mapped to the new roster of the team's race (same position by slug or "
        "name, else `needs_choice` with the roster's positions and a suggestion), the skills "
        "kept and dropped, characteristic improvements lost, values recomputed by the new "
        "edition, re-hire fees, the new edition's budget, every `loss`, each position over "
        "its new maximum with the players on it (`over_limit`: the coach chooses whom to "
        "keep) and staff or fans above the new caps (`staff_cuts`). Nothing changes. "
        "400 with the reason when the team has no such re-draft to make.",
        responses=responses({200: OpenApiTypes.OBJECT}),
    )
    @extend_schema(
        methods=["POST"],
        summary="Re-draft the team into another edition",
        description="The re-draft's choices plus `positions` for the players whose position "
        "the coach chooses, `keep` for each position over its new maximum (whom he keeps, "
        "the maximum or fewer; the others leave the team), `special_rule_choice` where the "
        "team's option cannot carry and `confirm_losses` where anything is lost. A position "
        "over its maximum with no `keep` is refused, naming it. One transaction: players "
        "mapped, losses applied, the re-draft's ledger rows and rolls, the team entered "
        "into the new season. Where the new roster names a Team Captain, name him as at a re-draft "
        "(`team_captain` or `team_captain_player`; the GET's `team_captain` lists whom). "
        "A bad choice is a 400 with field messages under `fields` (`positions`, `keep`, "
        "`special_rule_choice`, `confirm_losses`, `team_captain`, `team_captain_player`) and "
        "nothing changes.",
        request=EditionChangeInputSerializer,
        responses=responses({200: RedraftResultSerializer}),
    )
    @action(detail=True, methods=["get", "post"], url_path="edition-change")
    def edition_change(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        if request.method == "GET":
            return Response(
                edition_change_data(preview_edition_change(team, edition_change_record(team)))
            )
        data = validated(EditionChangeInputSerializer, request)
        result = field_errors(change_edition)(
            request.user,
            team,
            from_season=data["season"],
            positions={row["player"]: row["position"] for row in data["positions"]},
            special_rule_choice=data["special_rule_choice"],
            keep={row["position"]: row["players"] for row in data["keep"]},
            confirm_losses=data["confirm_losses"],
            **redraft_choices(data),
        )
        redraft = result.redraft
        record = redraft.record
        return Response(
            {
                "id": record.pk if record else None,
                "from_season": record.from_season_id if record else None,
                "to_season": record.to_season_id if record else None,
                "division": redraft.entry.division_id,
                "budget": redraft.budget,
                "budget_parts": redraft.budget_parts.as_dict() if redraft.budget_parts else {},
                "cost": redraft.cost,
                "cost_parts": redraft.cost_parts.as_dict() if redraft.cost_parts else {},
                "rehired": [p.pk for p in redraft.rehired],
                "hired": [p.pk for p in redraft.hired],
                "left": [p.pk for p in redraft.left],
                "rolls": redraft.rolls,
                "released": [p.id for p in result.mapping.released],
                "edition_change": record.edition_change if record else {},
                "team": sheet_data(team.pk, request),
            }
        )


def edition_change_data(preview: Any) -> dict[str, Any]:
    """The preview of a re-draft into another edition, as the API and tests read it."""
    mapping, plan = preview.mapping, preview.plan
    fees = {c.player.pk: c for c in plan.candidates}
    choices = {c.player_id: c for c in mapping.choices}
    players = []
    for mapped in mapping.players:
        choice = choices.get(mapped.id)
        candidate = fees.get(mapped.id)
        players.append(
            {
                "player": mapped.id,
                "name": mapped.name,
                "number": mapped.number,
                "from_position": mapped.from_position,
                "position": mapped.position_slug,
                "how": mapped.position_source,
                "needs_choice": mapped.position_slug is None,
                "suggested": choice.suggested if choice else None,
                "options": [{"slug": s, "name": n} for s, n in choice.options] if choice else [],
                "skills": list(mapped.skills),
                "renamed": [{"from": a, "to": b} for a, b in mapped.renamed],
                "dropped_skills": list(mapped.dropped_skills),
                "dropped_improvements": list(mapped.dropped_improvements),
                "value_increases_before": mapped.value_increases_before,
                "value_increases": mapped.value_increases,
                "current_value": candidate.player.current_value if candidate else None,
                "seasons": candidate.seasons if candidate else None,
                "fee": candidate.fee if candidate else None,
            }
        )
    return {
        "from_season": preview.record.from_season_id,
        "to_season": preview.record.to_season_id,
        "from_ruleset": preview.move.from_key,
        "to_ruleset": preview.move.to_key,
        "from_name": preview.from_name,
        "to_name": preview.to_name,
        "budget": plan.budget.as_dict(),
        "players": players,
        "losses": [loss.as_dict() for loss in mapping.losses],
        "over_limit": [
            {
                "position": o.position_slug,
                "name": o.position_name,
                "maximum": o.maximum,
                "players": [
                    {"player": p.id, "name": p.name, "number": p.number} for p in o.players
                ],
                "kept": list(o.kept) if o.kept is not None else None,
                "message": o.describe(),
            }
            for o in mapping.over_limit
        ],
        "staff_cuts": [cut.as_dict() for cut in mapping.staff_cuts],
        "special_rule_choice": {
            "current": mapping.special_rule_choice,
            "options": list(mapping.special_rule_options),
            "needed": mapping.special_rule_choice_needed,
        },
        "choices_needed": [c.player_id for c in mapping.choices],
        "team_captain": captain_options(
            rules_engine.get_ruleset(preview.move.to_key),
            rules_engine.get_ruleset(preview.move.to_key).roster(mapping.roster_slug),
            (c.player for c in plan.candidates),
        ),
    }
