"""Serializers of the teams API: explicit input serializers, one per action, that
only check shapes (the services and the engine judge the rules), and output
serializers for team sheets, players, their history and the ledger."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.fields import StrictCharField
from config.filters import MAX_ID
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
from teams.names import NameSerializerField
from teams.selectors import TeamSheet, value_breakdown
from teams.services import StaffKind
from teams.sheets import position_for, position_skills, roster_for


def choice_field(choices: Any, **kwargs: Any) -> serializers.ChoiceField:
    """A choice field whose enum stays inline in the schema (wrapped in ``allOf``, which
    drf-spectacular's enum extraction leaves alone): the apps reuse names like ``kind``
    and ``status`` for different choices, which would clash as shared components."""
    enum = {"type": "string", "enum": [str(v) for v, _ in choices]}
    annotated = extend_schema_field({"allOf": [enum]})
    field_class = annotated(type("InlineChoiceField", (serializers.ChoiceField,), {}))
    return field_class(choices=choices, **kwargs)


# --- errors (documented in the schema) -------------------------------------------


class TeamsErrorSerializer(serializers.Serializer):
    """A 400: ``detail`` sums up, ``errors`` lists every reason as a sentence."""

    detail = StrictCharField()
    # The API's field names shadow Serializer attributes (DRF serializes the declared
    # fields, so the stubs' types of .errors/.fields do not apply): narrow ignores.
    errors = serializers.ListField(child=StrictCharField())  # type: ignore[assignment]
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=StrictCharField()),
        required=False,
        help_text="Input that did not have the right shape, by field.",
    )


class TeamsMessageSerializer(serializers.Serializer):
    """A 401, 403 or 404: one sentence."""

    detail = StrictCharField()


# --- input ------------------------------------------------------------------------


class DraftInputSerializer(serializers.Serializer):
    name = NameSerializerField(allow_blank=True, help_text="The team's name, unique.")
    ruleset = StrictCharField(default="bb2020")
    roster = StrictCharField(help_text='Roster slug, e.g. "human".')
    players = serializers.DictField(
        child=serializers.IntegerField(),
        help_text='Position slug -> how many, e.g. {"human-blitzer": 4, "human-lineman": 7}.',
    )
    rerolls = serializers.IntegerField(default=0)
    assistant_coaches = serializers.IntegerField(default=0)
    cheerleaders = serializers.IntegerField(default=0)
    apothecary = serializers.BooleanField(default=False)
    dedicated_fans = serializers.IntegerField(default=1)
    special_rule_choice = StrictCharField(
        required=False, allow_blank=True, allow_null=True, default=None
    )
    team_captain = StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        default=None,
        help_text="The Team Captain's position where the roster names one (BB2025 Human, Orc).",
    )


class HirePlayerInputSerializer(serializers.Serializer):
    position = StrictCharField(help_text='Position slug, e.g. "human-blitzer".')
    name = NameSerializerField(required=False, allow_blank=True, default="")
    number = serializers.IntegerField(required=False, allow_null=True, default=None)


class RenamePlayerInputSerializer(serializers.Serializer):
    name = NameSerializerField(required=False, allow_null=True, default=None)
    number = serializers.IntegerField(required=False, allow_null=True, default=None)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("name") is None and attrs.get("number") is None:
            raise serializers.ValidationError("Give a new name, a new number, or both.")
        return attrs


class StaffInputSerializer(serializers.Serializer):
    kind = choice_field(StaffKind.choices)


class UndoPurchaseInputSerializer(serializers.Serializer):
    """Which purchase a commissioner takes back: its audit entry (``/teams/<id>/audit/``)."""

    purchase = serializers.IntegerField(
        min_value=1, max_value=2**53, help_text="The id of the purchase's audit entry."
    )
    note = StrictCharField(max_length=150, required=False, default="", allow_blank=True)


class TransferInputSerializer(serializers.Serializer):
    """Who takes the team over: a coach named by his username."""

    coach = StrictCharField(max_length=150, help_text="The new coach's username.")

    def validate_coach(self, value: str) -> Any:
        from django.contrib.auth import get_user_model

        users = get_user_model().objects.filter(is_active=True)
        user = users.filter(username=value).first()
        if user is None:
            # "Lothar" for "lothar", when only one account could be meant.
            matches = list(users.filter(username__iexact=value)[:2])
            user = matches[0] if len(matches) == 1 else None
        if user is None:
            raise serializers.ValidationError(
                f"No coach has the username {value!r}: check its spelling."
            )
        return user


class SpendSppInputSerializer(serializers.Serializer):
    kind = choice_field(Advancement.Kind.choices)
    category = StrictCharField(required=False, allow_null=True, default=None)
    skill = StrictCharField(required=False, allow_null=True, default=None)
    characteristic_choice = StrictCharField(required=False, allow_null=True, default=None)


class RehireSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Id of a permanent player the team keeps.")


class NewPlayerSerializer(serializers.Serializer):
    position = StrictCharField(help_text='Position slug, e.g. "human-blitzer".')
    name = NameSerializerField(required=False, allow_blank=True, default="")
    number = serializers.IntegerField(required=False, allow_null=True, default=None)


class RedraftInputSerializer(serializers.Serializer):
    """A re-draft between seasons: the coach's choices only. The team keeps the
    players listed in ``rehire`` (the rest and every journeyman leave), hires
    ``hire`` and buys re-rolls and staff afresh. The budget (games played, league
    wins and draws, the cap, the treasury) and each re-hire fee (seasons played)
    are the database's: numbers sent for them are ignored."""

    season = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        help_text="Id of the closed season to re-draft after, where the team has several; "
        "by default the one waiting.",
    )
    rehire = RehireSerializer(many=True, default=list)
    hire = NewPlayerSerializer(many=True, default=list)
    rerolls = serializers.IntegerField(default=0, min_value=0)
    assistant_coaches = serializers.IntegerField(default=0, min_value=0)
    cheerleaders = serializers.IntegerField(default=0, min_value=0)
    apothecary = serializers.BooleanField(default=False)
    team_captain = StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        default=None,
        max_length=120,
        help_text="Where the roster names a Team Captain (BB2025 Human, Orc): a position "
        "slug, whose first player hired is captain. Or see `team_captain_player`; naming "
        "neither keeps the old captain where he is re-hired.",
    )
    team_captain_player = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=MAX_ID,
        help_text="Id of a re-hired player who is (or stays) the Team Captain.",
    )


class PositionChoiceSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Id of a permanent player of the team.")
    position = StrictCharField(
        max_length=120, help_text="Slug of a position of the new edition's roster."
    )


class EditionChangeInputSerializer(RedraftInputSerializer):
    """A re-draft into the edition the next season is played under: the re-draft's
    choices, plus the new position of each player the mapping leaves open (or that the
    coach moves), the team's option where the old one cannot carry, and the coach's
    confirmation that what cannot carry over is lost."""

    positions = PositionChoiceSerializer(many=True, default=list)
    special_rule_choice = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=80
    )
    confirm_losses = serializers.BooleanField(
        default=False,
        help_text="Required where something cannot carry over (the GET lists it).",
    )


# --- output -----------------------------------------------------------------------


class DraftPreviewSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    rerolls = serializers.IntegerField()
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()
    apothecary = serializers.IntegerField()
    dedicated_fans = serializers.IntegerField()
    total = serializers.IntegerField()
    budget = serializers.IntegerField()
    remaining = serializers.IntegerField(help_text="Negative when over budget.")
    errors = serializers.ListField(  # type: ignore[assignment]  # the API's field name
        child=StrictCharField(), help_text="Every rule the draft breaks; empty when legal."
    )


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
    """The whole team sheet: a ``TeamSheet`` from ``teams.sheets.team_sheet``."""

    value = serializers.SerializerMethodField(method_name="get_sheet_value")
    players = serializers.SerializerMethodField()
    reroll_cost = serializers.SerializerMethodField()

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
        from teams.sheets import advancement_options

        return [option.as_dict() for option in advancement_options(player)]


class LedgerEntrySerializer(serializers.ModelSerializer):
    reason = choice_field(LedgerReason.choices, read_only=True)
    reason_display = StrictCharField(source="get_reason_display")
    created_by = StrictCharField(source="created_by.username", allow_null=True, default=None)
    match_ref = serializers.IntegerField(
        source="match_id", allow_null=True, read_only=True, help_text="The match it comes from."
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


class RedraftBudgetSerializer(serializers.Serializer):
    """The re-draft budget as the server computed it (facts §5)."""

    base = serializers.IntegerField(help_text="1,000,000 gp")
    treasury = serializers.IntegerField()
    games_played = serializers.IntegerField(help_text="In the closed season, as recorded.")
    for_games = serializers.IntegerField(help_text="20,000 gp per game played")
    league_wins = serializers.IntegerField()
    for_wins = serializers.IntegerField(help_text="20,000 gp per league win")
    league_draws = serializers.IntegerField()
    for_draws = serializers.IntegerField(help_text="10,000 gp per league draw")
    uncapped = serializers.IntegerField()
    cap = serializers.IntegerField(allow_null=True, help_text="The league's cap, if any.")
    budget = serializers.IntegerField()


class RedraftCostSerializer(serializers.Serializer):
    rehire_fees = serializers.IntegerField()
    new_players = serializers.IntegerField()
    rerolls = serializers.IntegerField()
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()
    apothecary = serializers.IntegerField()
    total = serializers.IntegerField()


class RehireCandidateSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = StrictCharField()
    number = serializers.IntegerField()
    position = StrictCharField()
    current_value = serializers.IntegerField()
    seasons = serializers.IntegerField(help_text="Seasons played, counted by the server.")
    fee = serializers.IntegerField(help_text="Current value + 20,000 gp per season played.")


class RedraftOptionsSerializer(serializers.Serializer):
    """What the team's re-draft starts from: the closed season, the budget and
    each permanent player's re-hire fee."""

    from_season = serializers.IntegerField()
    to_season = serializers.IntegerField()
    budget = RedraftBudgetSerializer()
    players = RehireCandidateSerializer(many=True)


class RedraftResultSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The re-draft's record.")
    from_season = serializers.IntegerField()
    to_season = serializers.IntegerField()
    division = serializers.IntegerField(
        allow_null=True, help_text="The new season's division, or null until admitted."
    )
    budget = serializers.IntegerField()
    budget_parts = RedraftBudgetSerializer()
    cost = serializers.IntegerField()
    cost_parts = RedraftCostSerializer()
    rehired = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids.")
    fees = serializers.DictField(
        child=serializers.IntegerField(), help_text="Player id -> re-hire fee paid."
    )
    hired = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids.")
    left = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids.")
    niggling_removed = serializers.DictField(
        child=serializers.IntegerField(), help_text="Player id -> Niggling Injuries healed."
    )
    rolls = serializers.ListField(
        child=serializers.DictField(), help_text="[{purpose, die, result}], every roll made."
    )
    team = TeamSheetSerializer()
