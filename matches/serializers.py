"""API shapes of the matches app: read serializers over the selectors' results, the
error bodies, and ``choice`` (a choice field documented by a pattern). The input
serializers, which check only the request's shape, are ``serializers_input``."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField
from matches.models import (
    DiceRoll,
    EventKind,
    InjuryResult,
    Match,
    MatchEvent,
    Report,
    SppShortfall,
)
from matches.selectors import (
    report_events,
    ruleset_of,
)
from matches.services import report_extras
from rules_engine import edition_for
from rules_engine.edition import TOUCHDOWNS
from rules_engine.editions import edition_keys

SIDE_CHOICES = [("home", "Home"), ("away", "Away")]
CHARACTERISTIC_CHOICES = [(c, c.upper()) for c in ("ma", "st", "ag", "pa", "av")]


def choice(choices: Any, **kwargs: Any) -> serializers.ChoiceField:
    """A ChoiceField documented by a pattern rather than a named enum: the apps share
    field names ("kind", "status", "side") over different choice sets, which the
    schema's enum components would make collide."""
    values = [c[0] if isinstance(c, (tuple, list)) else c for c in choices]
    optional = "?" if kwargs.get("allow_blank") else ""
    # The pattern names the choices only: for a blank field drf-spectacular adds
    # the blank itself as a second option of a oneOf ({"maxLength": 0}), and ""
    # must match exactly one of the two.
    schema: dict[str, Any] = {"type": "string", "pattern": f"^({'|'.join(values)})$"}
    if kwargs.get("allow_null"):
        schema["nullable"] = True
    kwargs.setdefault(
        "help_text", "One of: " + ", ".join(values) + (" (or blank)" if optional else "")
    )
    field_class = extend_schema_field(schema)(
        type("InlineChoiceField", (serializers.ChoiceField,), {})
    )
    return field_class(choices, **kwargs)


# --- errors -------------------------------------------------------------------------


class MatchErrorSerializer(serializers.Serializer):
    """A 400: ``detail`` sums up, ``errors`` lists every reason as a sentence."""

    detail = StrictCharField()
    # The 400 body's own names; this serializer only documents it (never validates).
    errors = serializers.ListField(  # type: ignore[assignment]
        child=StrictCharField(), required=False
    )
    fields = serializers.DictField(  # type: ignore[assignment]
        required=False, help_text="Input of the wrong shape, by field."
    )


class MatchMessageSerializer(serializers.Serializer):
    """A 401, 403 or 404: one sentence."""

    detail = StrictCharField()


class ReportConflictSerializer(serializers.Serializer):
    """A 409: the match already has a report; ``report`` is its id."""

    detail = StrictCharField()
    report = serializers.IntegerField(allow_null=True)


# --- reading --------------------------------------------------------------------------


class MatchTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = StrictCharField()
    coach = StrictCharField(source="coach.get_username")


class MatchSummarySerializer(serializers.ModelSerializer):
    fixture = serializers.IntegerField(source="fixture_id")
    kind = StrictCharField(source="fixture.kind")
    season = serializers.IntegerField(source="fixture.season_id")
    league = StrictCharField(source="fixture.season.league.name")
    ruleset = StrictCharField(
        source="fixture.season.ruleset",
        help_text="The ruleset key of the season the match is played in (a league may "
        "change edition between seasons).",
    )
    ruleset_name = serializers.SerializerMethodField(help_text='e.g. "Blitz Bowl".')
    round = serializers.IntegerField(source="fixture.round.number", allow_null=True, default=None)
    home = MatchTeamSerializer(source="fixture.home")
    away = MatchTeamSerializer(source="fixture.away")
    home_touchdowns = serializers.IntegerField(source="fixture.home_touchdowns", allow_null=True)
    away_touchdowns = serializers.IntegerField(source="fixture.away_touchdowns", allow_null=True)
    home_points = serializers.IntegerField(source="fixture.home_points", allow_null=True)
    away_points = serializers.IntegerField(source="fixture.away_points", allow_null=True)
    status = choice(Match.Status.choices)
    status_display = StrictCharField(source="get_status_display")

    class Meta:
        model = Match
        fields = [
            "id",
            "fixture",
            "kind",
            "season",
            "league",
            "ruleset",
            "ruleset_name",
            "round",
            "home",
            "away",
            "status",
            "status_display",
            "home_touchdowns",
            "away_touchdowns",
            "home_points",
            "away_points",
            "pre_game_started_at",
            "kicked_off_at",
            "closed_at",
        ]

    def get_ruleset_name(self, match: Match) -> str:
        return ruleset_of(match).name


class MatchPermissionsSerializer(serializers.Serializer):
    play = serializers.BooleanField(help_text="May run the match (a coach or commissioner).")
    correct = serializers.BooleanField(help_text="May correct its report (a commissioner).")
    sides = serializers.ListField(child=StrictCharField(), help_text="Sides he coaches.")


class MatchDetailSerializer(MatchSummarySerializer):
    current_report = serializers.SerializerMethodField()
    permissions = serializers.SerializerMethodField()

    class Meta(MatchSummarySerializer.Meta):
        fields = [*MatchSummarySerializer.Meta.fields, "current_report", "permissions"]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_current_report(self, match: Match) -> int | None:
        return self.context.get("current_report")

    @extend_schema_field(MatchPermissionsSerializer)
    def get_permissions(self, match: Match) -> dict[str, Any]:
        permissions = self.context.get("permissions")
        return MatchPermissionsSerializer(permissions).data if permissions else {}


class MatchEventSerializer(serializers.ModelSerializer):
    kind = choice(EventKind.choices)
    side = choice(SIDE_CHOICES, allow_blank=True)
    injury = choice(InjuryResult.choices, allow_blank=True)
    characteristic = choice(CHARACTERISTIC_CHOICES, allow_blank=True)
    player_name = StrictCharField(source="player.name", allow_null=True, default=None)
    victim_name = StrictCharField(source="victim.name", allow_null=True, default=None)

    class Meta:
        model = MatchEvent
        fields = [
            "id",
            "kind",
            "side",
            "player",
            "player_name",
            "victim",
            "victim_name",
            "by_block",
            "injury",
            "characteristic",
            "apothecary_used",
            "detail",
            "created_at",
        ]


class DiceRollSerializer(serializers.ModelSerializer):
    report_version = serializers.IntegerField(
        source="report.version", allow_null=True, default=None
    )
    result = serializers.JSONField(help_text="A number, [d6, d6] for 2D6, or a block die face.")
    sequence = choice([("pre_game", "Pre-game"), ("post_game", "Post-game")])

    class Meta:
        model = DiceRoll
        fields = ["sequence", "report_version", "index", "step", "purpose", "die", "result"]


class PendingChoiceSerializer(serializers.Serializer):
    side = StrictCharField()
    kind = StrictCharField()
    prompt = StrictCharField()
    options = serializers.JSONField()
    yours = serializers.BooleanField(help_text="Whether you may answer it.")


class SequenceStateSerializer(serializers.Serializer):
    """A pre-game or post-game: steps with outcomes, decisions waiting, numbers, rolls."""

    started = serializers.BooleanField()
    complete = serializers.BooleanField()
    steps = serializers.ListField(child=serializers.JSONField())
    pending = PendingChoiceSerializer(many=True)
    summary = serializers.JSONField()
    rolls = DiceRollSerializer(many=True)


class PostGameStateSerializer(SequenceStateSerializer):
    applied = serializers.BooleanField(help_text="Whether its effects are on the teams.")
    report = serializers.IntegerField(source="report.pk", allow_null=True, default=None)


def set_up_help() -> str:
    """The help of ``conceded_at_setup_players``: each edition's Conceding Without
    Penalty as its report states it (``TeamReport.without_penalty_rule``)."""
    rules = []
    for key in edition_keys():
        edition = edition_for(key)
        if edition.scoring == TOUCHDOWNS:  # a game scored in points has no concession
            rule = report_extras.team_report_type(edition.report_type).without_penalty_rule
            rules.append(f"{edition.name}: {rule}")
    return (
        "Players the conceding team could set up, if it conceded before a set-up. "
        "Conceding Without Penalty: " + "; ".join(rules) + "."
    )


class ReportSerializer(serializers.ModelSerializer):
    submitted_by = StrictCharField(
        source="submitted_by.get_username", allow_null=True, default=None
    )
    conceded_by = choice(SIDE_CHOICES, allow_blank=True)
    sudden_death_winner = choice(SIDE_CHOICES, allow_blank=True)
    home_challenge_cards = serializers.ListField(child=serializers.IntegerField())
    away_challenge_cards = serializers.ListField(child=serializers.IntegerField())
    events = serializers.SerializerMethodField()
    post_game = serializers.SerializerMethodField()
    team_extras = serializers.DictField(
        help_text="The fields the league's report adds per side, e.g. home_stalled (BB2025)."
    )

    class Meta:
        model = Report
        fields = [
            "id",
            "match",
            "version",
            "is_current",
            "home_touchdowns",
            "away_touchdowns",
            "conceded_by",
            "conceded_at_setup_players",
            "home_challenge_cards",
            "away_challenge_cards",
            "home_clean_sweeps",
            "away_clean_sweeps",
            "home_bonus_play_points",
            "away_bonus_play_points",
            "sudden_death_winner",
            "endgame_reached",
            "team_extras",
            "note",
            "submitted_by",
            "submitted_at",
            "replaced_at",
            "post_game_complete",
            "events",
            "post_game",
        ]
        # The model's help gives BB2020's threshold; the editions' rules are told apart.
        extra_kwargs = {"conceded_at_setup_players": {"help_text": set_up_help()}}

    @extend_schema_field(MatchEventSerializer(many=True))
    def get_events(self, report: Report) -> list[dict[str, Any]]:
        events = report_events(report)
        # many=True: a list of rows (the stubs type ``.data`` as one dict).
        return MatchEventSerializer(events, many=True).data  # type: ignore[return-value]

    @extend_schema_field(serializers.JSONField())
    def get_post_game(self, report: Report) -> dict[str, Any]:
        """Per team: result, winnings, fans, MVP, SPP, injuries, hires, mistakes."""
        return (report.post_game_result or {}).get("teams", {})


class FixtureRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = StrictCharField()
    status = StrictCharField()
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    deadline = serializers.DateField(allow_null=True)
    home = MatchTeamSerializer()
    away = MatchTeamSerializer()


class NextMatchSerializer(serializers.Serializer):
    fixture = FixtureRefSerializer(allow_null=True)
    match = MatchSummarySerializer(allow_null=True)


class LeaderboardRowSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    player_name = StrictCharField()
    player_number = serializers.IntegerField()
    position_slug = StrictCharField()
    team_id = serializers.IntegerField()
    team_name = StrictCharField()
    total = serializers.IntegerField()
    games = serializers.IntegerField()


class SppShortfallSerializer(serializers.ModelSerializer):
    """SPP a correction took back from a player who had spent them: kept for now,
    until the commissioner grants them or undoes the player's latest advancements."""

    player_name = serializers.CharField(source="player.name", read_only=True)
    report_version = serializers.IntegerField(source="report.version", read_only=True)

    class Meta:
        model = SppShortfall
        fields = [
            "id",
            "player",
            "player_name",
            "report_version",
            "spp",
            "status",
            "decided_at",
        ]
        read_only_fields = fields
