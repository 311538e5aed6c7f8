"""The teams API (/api/v1/teams/, /api/v1/players/): team sheets, the draft and
every roster action between games.

Views stay thin: an explicit input serializer checks the request's shape, a
service in ``teams.services`` does the work. Rule problems come back as 400
``{"detail", "errors"}`` with the engine's sentences (config/api.py); badly
shaped input as 400 with the same two keys and ``fields``; someone else's team
as 403; an unknown team or player as 404.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
    extend_schema_view,
)
from rest_framework import exceptions, mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import (
    SAFE_METHODS,
    AllowAny,
    BasePermission,
    IsAuthenticatedOrReadOnly,
)
from rest_framework.request import Request
from rest_framework.response import Response

import rules_engine
from config.input import validated
from teams import services, sheets
from teams.api_captain import captain_choice, captain_data, captain_options
from teams.api_errors import field_errors
from teams.errors import TeamError
from teams.filters import TeamFilter
from teams.models import AuditEntry, Player, Team
from teams.serializers import (
    DraftInputSerializer,
    DraftPreviewSerializer,
    HirePlayerInputSerializer,
    StaffInputSerializer,
    TeamsErrorSerializer,
    TeamsMessageSerializer,
    TransferInputSerializer,
    UndoPurchaseInputSerializer,
)
from teams.serializers_redraft import (
    EditionChangeInputSerializer,
    RedraftInputSerializer,
    RedraftOptionsSerializer,
    RedraftResultSerializer,
)
from teams.serializers_sheet import (
    PlayerDetailSerializer,
    SheetPlayerSerializer,
    TeamSheetSerializer,
    TeamSummarySerializer,
)
from teams.services.edition_change import change_edition, preview_edition_change
from teams.services.redraft import redraft_team
from teams.services.redraft_season import budget_of, rehire_candidates, season_to_redraft

CHANGE_TEAM = "teams.change_team"
COST_PARTS = (
    "players",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
    "dedicated_fans",
)


@extend_schema_serializer(component_name="TeamsError")
class TeamsInputErrorSerializer(TeamsErrorSerializer):
    """A 400: ``detail`` sums up, ``errors`` lists every reason; ``fields`` has the
    messages of input of the wrong shape by field, nested as the input was
    (``{"players": {"human-blitzer": ["A valid integer is required."]}}``)."""

    errors = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Every reason (absent when the body is not even JSON).",
    )
    fields = serializers.DictField(
        required=False, help_text="Input of the wrong shape: messages by field (nested as sent)."
    )


# A position's count in a draft: far above any roster's limit (the engine says
# what the limit is), low enough that pricing the draft stays cheap.
MAX_POSITION_COUNT = 99


class DraftRequestSerializer(DraftInputSerializer):
    """The draft's input with each position's count bounded: the engine builds
    every player it prices, so ``{"human-lineman": 10**12}`` would exhaust the
    server's memory instead of coming back as a broken draft rule."""

    players = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_POSITION_COUNT),
        help_text='Position slug -> how many, e.g. {"human-blitzer": 4, "human-lineman": 7}.',
    )


NOT_FOUND = OpenApiResponse(TeamsMessageSerializer, description="No such team or player.")
ERRORS: dict[int, Any] = {
    400: OpenApiResponse(
        TeamsInputErrorSerializer, description="The rules (or the input's shape) do not allow it."
    ),
    401: OpenApiResponse(TeamsMessageSerializer, description="Not signed in."),
    403: OpenApiResponse(TeamsMessageSerializer, description="Not signed in, or not your team."),
    404: NOT_FOUND,
}


def responses(ok: dict[int, Any]) -> dict[int, Any]:
    """A write's documented responses: its success plus 400, 401, 403 and 404."""
    return {**ok, **ERRORS}


class CoachChangesTeam(BasePermission):
    """Anyone reads; only who may change the team (teams/permissions.py) writes to it,
    checked before the input so another coach gets 403 whatever he sends."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        team = obj if isinstance(obj, Team) else obj.team
        if not request.user.has_perm(CHANGE_TEAM, team):
            raise exceptions.PermissionDenied(f"Only the coach of {team.name} may change it.")
        return True


def sheet_data(team_id: int, request: Request) -> dict[str, Any]:
    try:
        sheet = sheets.team_sheet(team_id)
    except Team.DoesNotExist:
        raise Http404("No such team.") from None
    return TeamSheetSerializer(sheet, context={"request": request}).data


def player_data(player_id: int, request: Request) -> dict[str, Any]:
    try:
        player = sheets.player_with_history(player_id)
    except Player.DoesNotExist:
        raise Http404("No such player.") from None
    return PlayerDetailSerializer(player, context={"request": request}).data


@extend_schema_view(
    list=extend_schema(
        summary="List teams",
        description="Filter by coach, ruleset, roster.",
        # 400 for a refused filter value: config.schema.ApiSchema documents it.
        responses={200: TeamSummarySerializer(many=True)},
    ),
)
class TeamViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = TeamSummarySerializer
    filterset_class = TeamFilter
    permission_classes = [IsAuthenticatedOrReadOnly, CoachChangesTeam]
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self) -> Any:
        return sheets.teams_list()

    def get_object(self) -> Team:
        team = get_object_or_404(Team.objects.select_related("coach"), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, team)
        return team

    @extend_schema(
        summary="A team sheet",
        description="Players with stats, skills, SPP, value, injuries and availability; "
        "TV and CTV with their parts; staff, fans and treasury.",
        responses={200: TeamSheetSerializer, 404: NOT_FOUND},
    )
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(sheet_data(int(pk), request))

    @extend_schema(
        summary="Draft a team",
        description="Every broken draft rule comes back at once in `errors`; nothing is saved.",
        request=DraftRequestSerializer,
        responses=responses({201: TeamSheetSerializer}),
    )
    def create(self, request: Request) -> Response:
        data = validated(DraftRequestSerializer, request)
        team = services.draft_team(
            request.user,
            name=data["name"],
            ruleset_key=data["ruleset"],
            roster_slug=data["roster"],
            players=data["players"],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            dedicated_fans=data["dedicated_fans"],
            special_rule_choice=data["special_rule_choice"] or None,
            team_captain=data["team_captain"] or None,
        )
        return Response(sheet_data(team.pk, request), status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Price and check a draft without saving it",
        request=DraftRequestSerializer,
        responses={200: DraftPreviewSerializer, 400: ERRORS[400]},
    )
    @action(detail=False, methods=["post"], url_path="draft-preview", permission_classes=[AllowAny])
    def draft_preview(self, request: Request) -> Response:
        data = validated(DraftRequestSerializer, request)
        if data["ruleset"] not in rules_engine.list_rulesets():
            raise TeamError(f"There is no ruleset {data['ruleset']!r}")
        ruleset = rules_engine.get_ruleset(data["ruleset"])
        if data["roster"] not in ruleset.rosters:
            raise TeamError(f"There is no {data['roster']!r} roster in {ruleset.name}")
        proposal = rules_engine.DraftProposal(
            roster_slug=data["roster"],
            players=data["players"],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            dedicated_fans=data["dedicated_fans"],
            special_rule_choice=data["special_rule_choice"] or None,
            captain_position=data["team_captain"] or None,
        )
        cost = rules_engine.draft_cost(ruleset, proposal)
        body = {
            **{part: getattr(cost, part) for part in COST_PARTS},
            "total": cost.total,
            "budget": cost.budget,
            "remaining": cost.remaining,
            "errors": rules_engine.validate_draft(ruleset, proposal),
        }
        return Response(DraftPreviewSerializer(body).data)

    @extend_schema(
        summary="Hire a player from the treasury",
        request=HirePlayerInputSerializer,
        responses=responses({201: SheetPlayerSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="players")
    def hire_player(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        data = validated(HirePlayerInputSerializer, request)
        player = services.hire_player(
            request.user, team, data["position"], name=data["name"], number=data["number"]
        )
        return Response(SheetPlayerSerializer(player).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Buy a team re-roll (double the roster price after the draft)",
        request=None,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="rerolls")
    def buy_reroll(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        services.buy_reroll(request.user, team)
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Hire sideline staff",
        request=StaffInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="staff/hire")
    def hire_staff(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        services.hire_staff(request.user, team, validated(StaffInputSerializer, request)["kind"])
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Let sideline staff go (nothing refunded)",
        request=StaffInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="staff/fire")
    def fire_staff(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        services.fire_staff(request.user, team, validated(StaffInputSerializer, request)["kind"])
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Undo one purchase (commissioners)",
        description="A player hired (while he has played no match since), a re-roll or "
        "staff bought, named by its audit entry: it goes and its price comes back to the "
        "Treasury as a correction. Once per purchase.",
        request=UndoPurchaseInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="undo-purchase")
    def undo_purchase(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        if not request.user.has_perm("teams.correct_treasury", team):
            raise exceptions.PermissionDenied("Only a league commissioner may undo a purchase.")
        values = validated(UndoPurchaseInputSerializer, request)
        purchase = get_object_or_404(AuditEntry, pk=values["purchase"], team=team)
        services.undo_purchase(request.user, purchase, note=values["note"])
        return Response(sheet_data(team.pk, request))

    @extend_schema(
        summary="Hand the team to another coach",
        description="Only a commissioner of a league the team plays in. The team keeps "
        "its players, treasury and history; the new coach runs it from now on.",
        request=TransferInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"])
    def transfer(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        # Before the input: the team's own coach hears 403 whatever he sends.
        if not request.user.has_perm(services.TRANSFER_TEAM, team):
            raise exceptions.PermissionDenied(
                f"Only a commissioner of a league {team.name} plays in may hand it to "
                "another coach."
            )
        new_coach = validated(TransferInputSerializer, request)["coach"]
        services.transfer_team(request.user, team, new_coach)
        return Response(sheet_data(team.pk, request))

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
                    "from_season": season_record.from_season.pk,
                    "to_season": season_record.to_season.pk,
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
            rehire=[r["player"] for r in data["rehire"]],
            hire=[
                {"position_slug": h["position"], "name": h["name"], "number": h["number"]}
                for h in data["hire"]
            ],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            **captain_choice(data),
        )
        record = result.record
        body = {
            "id": record.pk,
            "from_season": record.from_season_id,
            "to_season": record.to_season_id,
            "division": result.entry.division_id if result.entry else None,
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
        "edition, re-hire fees, the new edition's budget, and every `loss`. Nothing changes. "
        "400 with the reason when the team has no such re-draft to make.",
        responses=responses({200: OpenApiTypes.OBJECT}),
    )
    @extend_schema(
        methods=["POST"],
        summary="Re-draft the team into another edition",
        description="The re-draft's choices plus `positions` for the players whose position "
        "the coach chooses, `special_rule_choice` where the team's option cannot carry and "
        "`confirm_losses` where anything is lost. One transaction: players mapped, losses "
        "applied, the re-draft's ledger rows and rolls, the team entered into the new "
        "season. Where the new roster names a Team Captain, name him as at a re-draft "
        "(`team_captain` or `team_captain_player`; the GET's `team_captain` lists whom). "
        "A bad choice is a 400 with field messages under `fields` (`positions`, "
        "`special_rule_choice`, `confirm_losses`, `team_captain`, `team_captain_player`) and "
        "nothing changes.",
        request=EditionChangeInputSerializer,
        responses=responses({200: RedraftResultSerializer}),
    )
    @action(detail=True, methods=["get", "post"], url_path="edition-change")
    def edition_change(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        if request.method == "GET":
            return Response(edition_change_data(preview_edition_change(team)))
        data = validated(EditionChangeInputSerializer, request)
        result = field_errors(change_edition)(
            request.user,
            team,
            from_season=data["season"],
            positions={row["player"]: row["position"] for row in data["positions"]},
            special_rule_choice=data["special_rule_choice"],
            confirm_losses=data["confirm_losses"],
            rehire=[r["player"] for r in data["rehire"]],
            hire=[
                {"position_slug": h["position"], "name": h["name"], "number": h["number"]}
                for h in data["hire"]
            ],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            **captain_choice(data),
        )
        redraft = result.redraft
        record = redraft.record
        return Response(
            {
                "id": record.pk if record else None,
                "from_season": record.from_season_id if record else None,
                "to_season": record.to_season_id if record else None,
                "division": redraft.entry.division_id if redraft.entry else None,
                "budget": redraft.budget,
                "budget_parts": redraft.budget_parts.as_dict() if redraft.budget_parts else {},
                "cost": redraft.cost,
                "cost_parts": redraft.cost_parts.as_dict() if redraft.cost_parts else {},
                "rehired": [p.pk for p in redraft.rehired],
                "hired": [p.pk for p in redraft.hired],
                "left": [p.pk for p in redraft.left],
                "rolls": redraft.rolls,
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
        "from_season": preview.record.from_season.pk,
        "to_season": preview.record.to_season.pk,
        "from_ruleset": preview.move.from_key,
        "to_ruleset": preview.move.to_key,
        "from_name": preview.from_name,
        "to_name": preview.to_name,
        "budget": plan.budget.as_dict(),
        "players": players,
        "losses": [loss.as_dict() for loss in mapping.losses],
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
