"""Output serializers of the teams API's reads: team sheets and summaries, players
with their skills, injuries and advancements, the team value and the ledger."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField
from rules_engine import TeamValueBreakdown
from rules_engine.ruleset import Position
from teams.models import (
    Advancement,
    InjuryRecord,
    LedgerReason,
    Player,
    PlayerSkill,
    PlayerStatus,
    Team,
    TeamStatus,
    TreasuryEntry,
)
from teams.selectors import (
    TeamSheet,
    advancement_options,
    position_for,
    position_skills,
    roster_for,
    value_breakdown,
)
from teams.selectors.captain import team_captain_id
from teams.serializers import choice_field


class TeamValueSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    rerolls = serializers.IntegerField()
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()
    apothecary = serializers.IntegerField()
    sideline_staff = serializers.IntegerField()
    missing_next_game = serializers.IntegerField()
    temporarily_retired = serializers.IntegerField()
    journeymen = serializers.IntegerField()
    league_trophy = serializers.IntegerField(
        help_text="The League Trophy's free re-roll at the roster's price, while held (else 0)."
    )
    team_value = serializers.IntegerField(help_text="TV")
    current_team_value = serializers.IntegerField(help_text="CTV")


class InjurySerializer(serializers.ModelSerializer):
    kind = choice_field(InjuryRecord.Kind.choices, read_only=True)
    kind_display = StrictCharField(source="get_kind_display")

    class Meta:
        model = InjuryRecord
        fields = ["id", "kind", "kind_display", "characteristic", "note", "source", "created_at"]


class PlayerSkillSerializer(serializers.ModelSerializer):
    source = choice_field(PlayerSkill.Source.choices, read_only=True)  # type: ignore[assignment]  # the API's field name
    source_display = StrictCharField(source="get_source_display")
    advancement = serializers.IntegerField(
        source="advancement.number", allow_null=True, default=None
    )

    class Meta:
        model = PlayerSkill
        fields = ["skill", "source", "source_display", "advancement"]


class AdvancementSerializer(serializers.ModelSerializer):
    kind = choice_field(Advancement.Kind.choices, read_only=True)
    kind_display = StrictCharField(source="get_kind_display")
    player = serializers.IntegerField(source="player_id")

    class Meta:
        model = Advancement
        fields = [
            "id",
            "player",
            "number",
            "kind",
            "kind_display",
            "result",
            "characteristic",
            "spp_cost",
            "value_increase",
            "rolls",
            "created_at",
        ]


class AdvancementChoiceSerializer(serializers.Serializer):
    """The coach must decide before the advancement is taken; call again with the answer."""

    kind = StrictCharField()
    choice = StrictCharField(
        help_text="advancement_category, advancement_skill or characteristic_improvement"
    )
    prompt = StrictCharField()
    options = serializers.DictField()
    rolls = serializers.ListField(child=serializers.DictField())


class AdvancementOptionSerializer(serializers.Serializer):
    kind = StrictCharField()
    cost = serializers.IntegerField()
    value_increase = serializers.IntegerField(allow_null=True)
    categories = serializers.ListField(child=StrictCharField())


class SheetPlayerSerializer(serializers.ModelSerializer):
    """A player as the team sheet shows him. Needs ``roster`` in the context
    (or finds it from his team) and ``injuries`` prefetched for the sheet."""

    position = serializers.SerializerMethodField()
    skills = serializers.SerializerMethodField()
    gained_skills = serializers.SerializerMethodField()
    spp = serializers.IntegerField(help_text="Unspent SPP.")
    available = serializers.SerializerMethodField()
    status = choice_field(PlayerStatus.choices, read_only=True)
    injuries = InjurySerializer(many=True, read_only=True)

    class Meta:
        model = Player
        fields = [
            "id",
            "number",
            "name",
            "position_slug",
            "position",
            "ma",
            "st",
            "ag",
            "pa",
            "av",
            "skills",
            "gained_skills",
            "spp",
            "spp_earned",
            "spp_spent",
            "advancements",
            "value_increases",
            "current_value",
            "niggling_injuries",
            "miss_next_game",
            "temporarily_retired",
            "journeyman",
            "status",
            "available",
            "injuries",
        ]

    def _position(self, player: Player) -> Position | None:
        roster = self.context.get("roster") or roster_for(player.team)
        return position_for(roster, player)

    def get_position(self, player: Player) -> str:
        position = self._position(player)
        return position.name if position else player.position_slug

    @extend_schema_field(serializers.ListField(child=StrictCharField()))
    def get_skills(self, player: Player) -> list[str]:
        """The position's skills, then those he gained."""
        return position_skills(self._position(player)) + self.get_gained_skills(player)

    @extend_schema_field(serializers.ListField(child=StrictCharField()))
    def get_gained_skills(self, player: Player) -> list[str]:
        return [skill.skill for skill in player.skills.all()]

    def get_available(self, player: Player) -> bool:
        """Whether he may play the next game."""
        return player.is_active and not (player.miss_next_game or player.temporarily_retired)


class TeamSummarySerializer(serializers.ModelSerializer):
    """A team in a list: needs the ``with_team_value`` annotations."""

    coach_username = StrictCharField(source="coach.username")
    roster_name = serializers.SerializerMethodField()
    team_value = serializers.SerializerMethodField()
    current_team_value = serializers.SerializerMethodField()
    player_count = serializers.IntegerField()
    status = choice_field(TeamStatus.choices, read_only=True)

    class Meta:
        model = Team
        fields = [
            "id",
            "name",
            "coach",
            "coach_username",
            "ruleset",
            "roster_slug",
            "roster_name",
            "special_rule_choice",
            "status",
            "treasury",
            "team_value",
            "current_team_value",
            "player_count",
        ]

    def get_roster_name(self, team: Team) -> str:
        return roster_for(team).name

    def _value(self, team: Team) -> TeamValueBreakdown:
        return value_breakdown(team)

    def get_team_value(self, team: Team) -> int:
        return self._value(team).team_value

    def get_current_team_value(self, team: Team) -> int:
        return self._value(team).current_team_value


class TeamSheetSerializer(TeamSummarySerializer):
    """The whole team sheet: a ``TeamSheet`` from ``teams.selectors.team_sheet``."""

    value = serializers.SerializerMethodField(method_name="get_sheet_value")
    players = serializers.SerializerMethodField()
    reroll_cost = serializers.SerializerMethodField()
    team_captain = serializers.SerializerMethodField()

    class Meta(TeamSummarySerializer.Meta):
        fields = [
            *TeamSummarySerializer.Meta.fields,
            "rerolls",
            "reroll_cost",
            "assistant_coaches",
            "cheerleaders",
            "apothecary",
            "dedicated_fans",
            "value",
            "players",
            "team_captain",
            "created_at",
        ]

    def to_representation(self, instance: Any) -> dict[str, Any]:
        """``instance`` is a ``TeamSheet``: the team's fields from its team, the
        value and the players from the sheet itself."""
        self._sheet: TeamSheet = instance
        return dict(super().to_representation(instance.team))

    def _value(self, team: Team) -> TeamValueBreakdown:
        return self._sheet.value

    @extend_schema_field(TeamValueSerializer())
    def get_sheet_value(self, team: Team) -> dict[str, Any]:
        return dict(TeamValueSerializer(self._sheet.value).data)

    @extend_schema_field(SheetPlayerSerializer(many=True))
    def get_players(self, team: Team) -> list[dict[str, Any]]:
        context = {**self.context, "roster": roster_for(team)}
        return list(SheetPlayerSerializer(self._sheet.players, many=True, context=context).data)

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_team_captain(self, team: Team) -> int | None:
        """The id of the Team Captain (BB2025 facts section 2); null where none is named
        or the roster has no such rule."""
        return team_captain_id(team.pk, team.ruleset, team.roster_slug)

    def get_reroll_cost(self, team: Team) -> int:
        """The roster's price of a re-roll (what TV counts; bought now it costs double)."""
        return roster_for(team).reroll_cost


class PlayerTeamSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name", "roster_slug", "coach"]


class PlayerDetailSerializer(SheetPlayerSerializer):
    """A player with his history: skills and how he gained them, advancements, injuries."""

    team = PlayerTeamSerializer()
    skill_history = PlayerSkillSerializer(source="skills", many=True)
    advancement_history = AdvancementSerializer(many=True)
    advancement_options = serializers.SerializerMethodField()
    pending_advancement = serializers.JSONField()

    class Meta(SheetPlayerSerializer.Meta):
        fields = [
            *SheetPlayerSerializer.Meta.fields,
            "team",
            "skill_history",
            "advancement_history",
            "advancement_options",
            "pending_advancement",
            "hired_at",
            "left_at",
        ]

    @extend_schema_field(AdvancementOptionSerializer(many=True))
    def get_advancement_options(self, player: Player) -> list[dict[str, Any]]:
        return [option.as_dict() for option in advancement_options(player)]


class LedgerEntrySerializer(serializers.ModelSerializer):
    reason = choice_field(LedgerReason.choices, read_only=True)
    reason_display = StrictCharField(source="get_reason_display")
    created_by = StrictCharField(source="created_by.username", allow_null=True, default=None)
    match_ref = serializers.IntegerField(
        source="match_id", allow_null=True, read_only=True, help_text="The match it comes from."
    )
    note = StrictCharField(
        source="shown_note", help_text="The note, in the language the request accepts."
    )

    class Meta:
        model = TreasuryEntry
        fields = [
            "id",
            "created_at",
            "amount",
            "reason",
            "reason_display",
            "note",
            "balance_after",
            "created_by",
            "match_ref",
        ]
