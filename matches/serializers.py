"""API shapes of the matches app: read serializers over the selectors' results,
and explicit input serializers that check only the request's shape (the
services apply the rules and list every reason)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.fields import StrictCharField
from config.filters import id_field
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
    LEADERBOARD_STATS,
    MAX_LEADERBOARD_LIMIT,
    report_events,
    ruleset_of,
)
from matches.services import report_extras
from matches.services.validation import MAX_REPORT_EVENTS

SIDE_CHOICES = [("home", "Home"), ("away", "Away")]
CHARACTERISTIC_CHOICES = [(c, c.upper()) for c in ("ma", "st", "ag", "pa", "av")]
PRE_GAME_KINDS = [
    ("journeymen_position", "Journeymen's position"),
    ("inducements", "Inducements to buy"),
    ("kick_or_receive", "Kick or receive"),
    ("petty_cash", "Treasury gold into Petty Cash (classic)"),
    ("pitch", "Pitch: one_trapdoor or two_trapdoors (Blitz Bowl)"),
]
MAX_SCORE = 99


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
        source="fixture.season.league.ruleset", help_text="The league's ruleset key."
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


# --- input ------------------------------------------------------------------------------


class OpenMatchInputSerializer(serializers.Serializer):
    fixture = serializers.IntegerField(help_text="The fixture to play.")


class PreGameChoiceInputSerializer(serializers.Serializer):
    kind = choice(PRE_GAME_KINDS, help_text="A pending choice's kind.")
    answer = serializers.JSONField(
        help_text=(
            "journeymen_position: a position slug (or one per journeyman); inducements: "
            '{"bribes": 1, "star_players": [...], "mercenaries": [...]} ({} for none); '
            'kick_or_receive: "kick" or "receive".'
        )
    )
    side = choice(SIDE_CHOICES, required=False, help_text="Needed only when both sides wait.")


def _kind_help() -> str:
    """Which kinds only some editions' reports record, named from the editions."""
    from rules_engine import edition_for
    from rules_engine.editions import edition_keys

    notes = []
    for kind in report_extras.all_event_kinds():
        names = [
            edition_for(key).name
            for key in edition_keys()
            if kind in report_extras.event_kinds(edition_for(key).report_type)
        ]
        notes.append(f"{kind} only in a league of {', '.join(names) or 'no edition'}")
    return "One of: " + ", ".join(EventKind.values) + (f" ({'; '.join(notes)})" if notes else "")


class EventInputSerializer(serializers.Serializer):
    kind = choice(EventKind.choices, help_text=_kind_help())
    player = id_field(required=False, allow_null=True, default=None)
    victim = id_field(
        required=False, allow_null=True, default=None, help_text="A casualty's victim."
    )
    side = choice(
        SIDE_CHOICES, required=False, allow_blank=True, default="", help_text="Kick-off events."
    )
    by_block = serializers.BooleanField(
        required=False, default=True, help_text="A casualty from a Block (earns 2 SPP)."
    )
    injury = choice(InjuryResult.choices, required=False, allow_blank=True, default="")
    characteristic = choice(CHARACTERISTIC_CHOICES, required=False, allow_blank=True, default="")
    apothecary_used = serializers.BooleanField(required=False, default=False)
    detail = StrictCharField(required=False, allow_blank=True, default="", max_length=200)


def _events_field(event_serializer: type[serializers.Serializer]) -> serializers.Serializer:
    # many=True makes a ListSerializer, which takes max_length (the stubs read Serializer).
    return event_serializer(  # type: ignore[call-arg]
        many=True,
        required=False,
        max_length=MAX_REPORT_EVENTS,
        error_messages={
            "max_length": "A report lists at most {max_length} events (what a game can hold)."
        },
        help_text="The whole report's events; omit to use the draft.",
    )


class ReportInputSerializer(serializers.Serializer):
    home_touchdowns = serializers.IntegerField(min_value=0, max_value=MAX_SCORE)
    away_touchdowns = serializers.IntegerField(min_value=0, max_value=MAX_SCORE)
    conceded_by = choice(
        SIDE_CHOICES, required=False, allow_blank=True, allow_null=True, default=""
    )
    conceded_at_setup_players = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Players the conceding team could set up, if it conceded before a set-up.",
    )
    events = _events_field(EventInputSerializer)
    # A game scored in points (Blitz Bowl); a league scored in touchdowns refuses them.
    home_challenge_cards = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_SCORE),
        required=False,
        help_text="Blitz Bowl: the points of each Challenge card the home team claimed.",
    )
    away_challenge_cards = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_SCORE),
        required=False,
        help_text="Blitz Bowl: the points of each Challenge card the away team claimed.",
    )
    home_clean_sweeps = serializers.IntegerField(
        min_value=0, max_value=MAX_SCORE, required=False, help_text="Blitz Bowl: Clean Sweeps."
    )
    away_clean_sweeps = serializers.IntegerField(
        min_value=0, max_value=MAX_SCORE, required=False, help_text="Blitz Bowl: Clean Sweeps."
    )
    home_bonus_play_points = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SCORE,
        required=False,
        help_text="Blitz Bowl: points scored by Bonus Play cards.",
    )
    away_bonus_play_points = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SCORE,
        required=False,
        help_text="Blitz Bowl: points scored by Bonus Play cards.",
    )
    sudden_death_winner = choice(
        SIDE_CHOICES,
        required=False,
        allow_blank=True,
        help_text="Blitz Bowl: the side that won by a Sudden Death Victory (blank: none).",
    )
    endgame_reached = serializers.BooleanField(
        required=False, help_text="Blitz Bowl: the Endgame had begun when the game ended."
    )


def _extra_report_fields() -> dict[str, serializers.Field]:
    """The per-side report fields the editions' reports add (``report_extras``), each
    refused by a league whose report has no such field."""
    from rules_engine import edition_for
    from rules_engine.editions import edition_keys

    found: dict[str, serializers.Field] = {}
    for key in edition_keys():
        edition = edition_for(key)
        for extra in report_extras.team_fields(edition.report_type):
            for side, name in zip(("home", "away"), extra.report_keys(), strict=True):
                help_text = f"{edition.name}: {extra.label} (the {side} team)."
                found.setdefault(
                    name,
                    serializers.BooleanField(required=False, help_text=help_text)
                    if extra.kind is bool
                    else serializers.IntegerField(
                        required=False, min_value=0, max_value=MAX_SCORE, help_text=help_text
                    ),
                )
    return found


# Declared before CorrectionInputSerializer copies the report's fields.
ReportInputSerializer._declared_fields.update(_extra_report_fields())


class CorrectionInputSerializer(ReportInputSerializer):
    note = StrictCharField(max_length=300, help_text="Why the report is corrected.")


def for_league(serializer_class: type[serializers.Serializer], match: Any) -> type:
    """``serializer_class`` (an event, a report or a correction) taking only the event
    kinds the match's league's report records (``report_extras.event_choices``): a
    kind another edition adds is a field error ("kind", or "events" by index)."""
    from matches.services.rulesets import rules_for

    kinds = report_extras.event_choices(rules_for(match).report_type)
    if len(kinds) == len(EventKind.choices):
        return serializer_class
    message = '"{input}" is not an event this league\'s report records (its edition has none).'
    event = type(
        "LeagueEventInputSerializer",
        (EventInputSerializer,),
        {"kind": choice(kinds, error_messages={"invalid_choice": message})},
    )
    if issubclass(serializer_class, EventInputSerializer):
        return event
    return type(serializer_class.__name__, (serializer_class,), {"events": _events_field(event)})


class PostGameChoiceInputSerializer(serializers.Serializer):
    side = choice(SIDE_CHOICES, required=False)
    hire_journeymen = serializers.ListField(
        child=id_field(), required=False, default=list, max_length=16
    )
    retire = serializers.ListField(child=id_field(), required=False, default=list, max_length=16)
    reroll_winnings = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Classic: whether the winner re-rolls the winnings D6.",
    )
    mvp_nominees = serializers.ListField(
        child=id_field(),
        max_length=16,
        required=False,
        default=list,
        help_text="BB2025: the players (ids) nominated for the MVP, as the pending choice asks.",
    )


class LeaderboardQuerySerializer(serializers.Serializer):
    season = id_field(required=False, help_text="A season id; all seasons if none.")
    stat = choice([(s, s) for s in LEADERBOARD_STATS], required=False, default="touchdowns")
    limit = serializers.IntegerField(
        required=False, default=10, min_value=1, max_value=MAX_LEADERBOARD_LIMIT
    )


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


class ShortfallDecisionInputSerializer(serializers.Serializer):
    decision = choice(
        [("grant", "grant"), ("undo", "undo")],
        help_text="grant: the player keeps the SPP; undo: his latest advancements go.",
    )
