"""API shapes of the leagues app: read serializers, and input serializers that
only validate types before a service applies the league rules."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField
from core.validators import no_control_characters
from leagues.models import (
    MAX_REDRAFT_BUDGET_CAP,
    REDRAFT_CAP_MESSAGE,
    Division,
    Fixture,
    League,
    PlayoffFormat,
    PointsAdjustment,
    Season,
    SeasonFormat,
    TeamEntry,
    TieBreaker,
)
from leagues.services import FORFEIT_KINDS
from leagues.services.playoffs import (
    SETTLE_BY_NAMED_WINNER,
    SETTLE_BY_SUDDEN_DEATH,
    level_playoff_settlement,
)
from rules_engine import UnknownRulesetError, get_ruleset
from teams.models import Team


def ruleset_name(key: str) -> str:
    """The ruleset's name as the pages show it ("Blitz Bowl"), else its key."""
    try:
        return get_ruleset(key).name
    except UnknownRulesetError:
        return key


class ErrorSerializer(serializers.Serializer):
    """A refusal: the first reason in ``detail``, every reason in ``errors``; for
    input of the wrong shape, the messages by field in ``fields``."""

    detail = StrictCharField()
    # Documents the error body's keys for the schema only (never instantiated, so the
    # stubs' types of Serializer.errors/.fields do not apply): narrow ignores.
    errors = serializers.ListField(  # type: ignore[assignment]
        child=StrictCharField(), required=False
    )
    fields = serializers.DictField(  # type: ignore[assignment]
        required=False, help_text="Input of the wrong shape: messages by field (nested as sent)."
    )


# django-filter's 400 for a list filter given a value of the wrong type:
# {"season": ["Enter a number."]}.
FILTER_ERRORS = {
    "type": "object",
    "description": "Messages by filter name.",
    "additionalProperties": {"type": "array", "items": {"type": "string"}},
}


class TeamRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = StrictCharField()
    coach = StrictCharField(source="coach.get_username")


class LeagueSerializer(serializers.ModelSerializer):
    commissioners = serializers.SerializerMethodField()
    trophy_holder = TeamRefSerializer(
        allow_null=True,
        read_only=True,
        help_text="The champion of the league's last final, holding the League Trophy.",
    )
    ruleset_name = serializers.SerializerMethodField()
    tie_breakers = serializers.ListField(child=serializers.ChoiceField(TieBreaker.choices))

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "ruleset",
            "ruleset_name",
            "commissioners",
            "points_for_win",
            "points_for_draw",
            "points_for_loss",
            "bonus_three_touchdowns",
            "bonus_clean_sheet",
            "bonus_three_casualties",
            "tie_breakers",
            "redraft_budget_cap",
            "time_zone",
            "language",
            "trophy_holder",
            "allow_signup",
            "created_at",
        ]
        read_only_fields = ["allow_signup"]

    @extend_schema_field(serializers.ListField(child=StrictCharField()))
    def get_commissioners(self, league: League) -> list[str]:
        return [user.get_username() for user in league.commissioners.all()]

    @extend_schema_field(StrictCharField())
    def get_ruleset_name(self, league: League) -> str:
        return ruleset_name(league.ruleset)


class LeagueCreateSerializer(serializers.Serializer):
    name = StrictCharField(max_length=100, validators=[no_control_characters])
    ruleset = StrictCharField(max_length=40, default="bb2020")
    points_for_win = serializers.IntegerField(default=3, min_value=-99, max_value=99)
    points_for_draw = serializers.IntegerField(default=1, min_value=-99, max_value=99)
    points_for_loss = serializers.IntegerField(default=0, min_value=-99, max_value=99)
    bonus_three_touchdowns = serializers.BooleanField(default=False)
    bonus_clean_sheet = serializers.BooleanField(default=False)
    bonus_three_casualties = serializers.BooleanField(default=False)
    tie_breakers = serializers.ListField(
        child=serializers.ChoiceField(TieBreaker.choices), required=False
    )
    redraft_budget_cap = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=MAX_REDRAFT_BUDGET_CAP,
        error_messages={"max_value": REDRAFT_CAP_MESSAGE},
    )
    time_zone = StrictCharField(
        max_length=64,
        default="UTC",
        help_text="The league's IANA time zone, e.g. Europe/Paris: deadlines end at its "
        "midnight, kick-off times are shown on its clock.",
    )
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
        help_text="The league's language: its mails and webhooks go out in it, and its pages "
        "show in it to a visitor whose browser asks for none of the site's languages.",
    )


class LeagueLanguageSerializer(serializers.Serializer):
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        help_text="One of the site's languages: " + ", ".join(c for c, _n in settings.LANGUAGES),
    )


class DivisionRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Division
        fields = ["id", "name"]


class SeasonSerializer(serializers.ModelSerializer):
    league_name = StrictCharField(source="league.name", read_only=True)
    divisions = DivisionRefSerializer(many=True, read_only=True)
    champion = TeamRefSerializer(allow_null=True, read_only=True)

    class Meta:
        model = Season
        fields = [
            "id",
            "league",
            "league_name",
            "number",
            "status",
            "format",
            "playoff_format",
            "divisions",
            "champion",
            "prizes_paid_at",
            "ruleset",
            "created_at",
        ]
        # The edition the season is played under (a league may move at a re-draft).
        read_only_fields = ["ruleset"]


class OpenSeasonSerializer(serializers.Serializer):
    # Left out: the league's edition's (single round robin for BB2025, else double).
    format = serializers.ChoiceField(SeasonFormat.choices, required=False)
    playoff_format = serializers.ChoiceField(PlayoffFormat.choices, default=PlayoffFormat.TOP_FOUR)
    divisions = serializers.ListField(
        child=StrictCharField(max_length=60, validators=[no_control_characters]),
        default=lambda: ["Division 1"],
    )


class DivisionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Division
        fields = ["id", "season", "name"]


class DivisionCreateSerializer(serializers.Serializer):
    name = StrictCharField(max_length=60, validators=[no_control_characters])


class TeamEntrySerializer(serializers.ModelSerializer):
    team = TeamRefSerializer(read_only=True)
    division_name = StrictCharField(
        source="division.name", default=None, allow_null=True, read_only=True
    )
    admitted = serializers.BooleanField(read_only=True)

    class Meta:
        model = TeamEntry
        fields = ["id", "season", "division", "division_name", "team", "admitted", "created_at"]


class EnterTeamSerializer(serializers.Serializer):
    team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.select_related("coach"))


class AdmitTeamSerializer(EnterTeamSerializer):
    division = serializers.PrimaryKeyRelatedField(
        queryset=Division.objects.all(),
        required=False,
        allow_null=True,
        help_text="Needed when the season has more than one division.",
    )


class GenerateScheduleSerializer(serializers.Serializer):
    start_date = serializers.DateField()
    days_per_round = serializers.IntegerField(default=7, min_value=1, max_value=365)


class FixtureSerializer(serializers.ModelSerializer):
    settle_with = serializers.SerializerMethodField()
    home = TeamRefSerializer(read_only=True)
    away = TeamRefSerializer(read_only=True)
    round = serializers.IntegerField(
        source="round.number", default=None, allow_null=True, read_only=True
    )
    division_name = StrictCharField(
        source="division.name", default=None, allow_null=True, read_only=True
    )

    class Meta:
        model = Fixture
        fields = [
            "id",
            "season",
            "division",
            "division_name",
            "round",
            "kind",
            "home",
            "away",
            "deadline",
            "deadline_passed_at",
            "kickoff_at",
            "status",
            "home_touchdowns",
            "away_touchdowns",
            "home_casualties",
            "away_casualties",
            "home_points",
            "away_points",
            "conceded_by",
            "concession_award_due",
            "concession_award",
            "concession_rolls",
            "played_at",
            "stage",
            "slot",
            "home_seed",
            "away_seed",
            "decided_by",
            "winner",
            "sudden_death_rolls",
            "settle_with",
        ]

    @extend_schema_field(
        serializers.ChoiceField(
            [SETTLE_BY_SUDDEN_DEATH, SETTLE_BY_NAMED_WINNER],
            allow_null=True,
            help_text="A play-off played and left level waits for this operation: "
            '"sudden-death" (the server rolls the five roll-offs) or "playoff-winner" (a '
            "draw on points: a commissioner names who goes through); null otherwise.",
        )
    )
    def get_settle_with(self, fixture: Fixture) -> str | None:
        return level_playoff_settlement(fixture)


class FriendlySerializer(serializers.Serializer):
    home = serializers.PrimaryKeyRelatedField(queryset=Team.objects.select_related("coach"))
    away = serializers.PrimaryKeyRelatedField(queryset=Team.objects.select_related("coach"))
    deadline = serializers.DateField(required=False, allow_null=True)


class RescheduleSerializer(serializers.Serializer):
    deadline = serializers.DateField(required=False, allow_null=True)
    round = serializers.IntegerField(required=False, allow_null=True, min_value=1)


class ForfeitSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(list(FORFEIT_KINDS.items()))
    conceded_by = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.all(),
        required=False,
        allow_null=True,
        help_text="The conceding team, for a concession.",
    )


class PointsAdjustmentSerializer(serializers.ModelSerializer):
    team = TeamRefSerializer(read_only=True)
    created_by = StrictCharField(
        source="created_by.get_username", default=None, allow_null=True, read_only=True
    )

    class Meta:
        model = PointsAdjustment
        fields = ["id", "season", "team", "points", "reason", "created_by", "created_at"]


class DockPointsSerializer(serializers.Serializer):
    team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all())
    points = serializers.IntegerField(default=3, min_value=1, max_value=99)
    reason = StrictCharField(max_length=200)


class StandingRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    team_id = serializers.IntegerField()
    team_name = StrictCharField()
    coach = StrictCharField()
    division_id = serializers.IntegerField()
    division_name = StrictCharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    touchdowns_for = serializers.IntegerField()
    touchdowns_against = serializers.IntegerField()
    touchdown_difference = serializers.IntegerField()
    casualties_for = serializers.IntegerField()
    casualties_against = serializers.IntegerField()
    casualty_difference = serializers.IntegerField()
    bonus_points = serializers.IntegerField()
    adjustment = serializers.IntegerField(help_text="Points docked (negative) or given back.")
    points = serializers.IntegerField()
    conceded = serializers.IntegerField(help_text="Matches the team conceded.")
    points_scored = serializers.IntegerField(
        help_text="Game points scored, where the ruleset scores games in points (Blitz Bowl)."
    )
    points_conceded = serializers.IntegerField(help_text="Game points the opponents scored.")
    head_to_head = serializers.IntegerField(
        allow_null=True, help_text="Points among the teams level with it, when that decided."
    )


class DivisionTableSerializer(serializers.Serializer):
    division_id = serializers.IntegerField()
    division_name = StrictCharField()
    rows = StandingRowSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    semi_finals = FixtureSerializer(many=True)
    final = FixtureSerializer(allow_null=True)
    third_place = FixtureSerializer(allow_null=True)


class RollOverInputSerializer(serializers.Serializer):
    """Close a season and open the next: the commissioner's one choice."""

    without_playoffs = serializers.BooleanField(
        default=False,
        help_text="Close a regular season whose league fixtures are all settled without "
        "play-offs (no prizes, no champion).",
    )
    ruleset = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=40,
        help_text="Open the next season under another edition the league may move to at a "
        "re-draft (the league's `edition_moves`); empty keeps the league's. Every team then "
        "re-drafts into it.",
    )


class RolloverSerializer(serializers.Serializer):
    closed = SeasonSerializer()
    opened = SeasonSerializer()
    carried_over = TeamRefSerializer(
        many=True, help_text="Teams entered into the new season as they are (classic, Blitz Bowl)."
    )
    awaiting_redraft = TeamRefSerializer(
        many=True, help_text="Teams whose coaches re-draft before they enter (BB2020)."
    )
