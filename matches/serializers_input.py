"""Input serializers of the matches API: explicit, they check only the request's shape
(the services apply the rules and list every reason). A league's edition narrows the
event kinds a report may hold (``for_league``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.settings import api_settings

from core.fields import StrictCharField
from core.filters import id_field
from matches.models import EventKind, InjuryResult
from matches.selectors import LEADERBOARD_STATS, MAX_LEADERBOARD_LIMIT
from matches.serializers import CHARACTERISTIC_CHOICES, SIDE_CHOICES, choice, set_up_help
from matches.services import report_extras
from matches.services.rulesets import rules_for
from matches.services.validation import MAX_REPORT_EVENTS
from rules_engine import edition_for
from rules_engine.editions import edition_keys
from rules_engine.ruleset import STANDARD_GAME

PRE_GAME_KINDS = [
    ("journeymen_position", gettext_lazy("Journeymen's position")),
    ("inducements", gettext_lazy("Inducements to buy")),
    ("kick_or_receive", gettext_lazy("Kick or receive")),
    ("petty_cash", gettext_lazy("Treasury gold into Petty Cash (classic)")),
    ("pitch", gettext_lazy("Pitch: one_trapdoor or two_trapdoors (Blitz Bowl)")),
]
MAX_SCORE = 99


class OpenMatchInputSerializer(serializers.Serializer):
    fixture = serializers.IntegerField(help_text="The fixture to play.")


# The most entries a list of an inducement order may hold (a team fields 16 players).
MAX_ORDER_PLAYERS = STANDARD_GAME.most_players
# Keys of an inducement order that hold lists rather than a count.
MERCENARY_KEYS = ("mercenaries", "mercenary-players", "Mercenary Players")
STAR_KEYS = ("star_players", "star-players", "Star Players")


class MercenaryInputSerializer(serializers.Serializer):
    """One Mercenary Player to induce: the server prices him from the position."""

    position = StrictCharField(
        max_length=120, help_text="A position slug of the team's own roster."
    )
    skill = StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        default=None,
        max_length=80,
        help_text="One primary skill of the position, bought with him (+50,000); none if blank.",
    )


class InducementOrderInputSerializer(serializers.Serializer):
    """The shape of an inducement order (the answer of an "inducements" choice); any
    other key is an inducement's slug with the number to buy, e.g. ``"bribes": 1``."""

    star_players = serializers.ListField(
        child=StrictCharField(max_length=120),
        required=False,
        max_length=MAX_ORDER_PLAYERS,
        help_text="Star player slugs.",
    )
    # many=True makes a ListSerializer, which takes max_length (the stubs read Serializer).
    mercenaries = MercenaryInputSerializer(  # type: ignore[call-arg]
        many=True,
        required=False,
        max_length=MAX_ORDER_PLAYERS,
        help_text=(
            'Mercenary Players, one entry each: {"position": "human-blitzer", "skill": '
            '"Wrestle"} (skill optional), or just the position slug.'
        ),
    )

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            message = _("Inducements are given as {inducement: count, ...}; {} for none.")
            raise serializers.ValidationError({api_settings.NON_FIELD_ERRORS_KEY: [message]})
        lists: dict[str, Any] = {"star_players": None, "mercenaries": None}
        counts: dict[str, Any] = {}
        errors: dict[str, Any] = {}
        for key, value in data.items():
            if key in MERCENARY_KEYS:
                lists["mercenaries"] = [
                    {"position": entry} if isinstance(entry, str) else entry
                    for entry in (value if isinstance(value, list) else [value])
                ]
            elif key in STAR_KEYS:
                lists["star_players"] = value
            elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
                errors[str(key)] = [
                    _("Give the number of %(what)s to buy as a whole number, 0 or more.")
                    % {"what": key}
                ]
            else:
                counts[str(key)] = value
        try:
            shaped = super().to_internal_value({k: v for k, v in lists.items() if v is not None})
        except serializers.ValidationError as error:
            raise serializers.ValidationError({**errors, **error.detail}) from error  # type: ignore[dict-item]
        if errors:
            raise serializers.ValidationError(errors)
        order: dict[str, Any] = dict(counts)
        if "star_players" in shaped:
            order["star_players"] = list(shaped["star_players"])
        if "mercenaries" in shaped:
            order["mercenaries"] = [
                {"position": m["position"], "skill": m["skill"]}
                if m.get("skill")
                else m["position"]
                for m in shaped["mercenaries"]
            ]
        return order


class PreGameChoiceInputSerializer(serializers.Serializer):
    kind = choice(PRE_GAME_KINDS, help_text="A pending choice's kind.")
    answer = serializers.JSONField(
        help_text=(
            "journeymen_position: a position slug (or one per journeyman); inducements: "
            '{"bribes": 1, "star_players": [...], "mercenaries": [{"position": '
            '"human-blitzer", "skill": "Wrestle"}, "human-lineman"]} ({} for none; the '
            "server prices everything); "
            'kick_or_receive: "kick" or "receive".'
        )
    )
    side = choice(SIDE_CHOICES, required=False, help_text="Needed only when both sides wait.")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        """An inducement order's shape is checked here, field by field; its rules (prices,
        maxima, QTY, the 16, the money) by the pre-game."""
        if data.get("kind") == "inducements":
            order = InducementOrderInputSerializer(data=data.get("answer"))
            if not order.is_valid():
                raise serializers.ValidationError({"answer": order.errors})
            data["answer"] = order.validated_data
        return data


def _kind_help() -> str:
    """Which kinds only some editions' reports record, named from the editions."""
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
        help_text=set_up_help(),
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


class SettleInputSerializer(ReportInputSerializer):
    """The report a commissioner settles a dispute with: a whole report (without
    ``events``, the disputed report's are kept) and why."""

    note = StrictCharField(max_length=300, help_text="Why the dispute is settled this way.")


def for_league(serializer_class: type[serializers.Serializer], match: Any) -> type:
    """``serializer_class`` (an event, a report or a correction) taking only the event
    kinds the match's league's report records (``report_extras.event_choices``): a
    kind another edition adds is a field error ("kind", or "events" by index)."""
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
    awarded_touchdowns = serializers.ListField(
        child=id_field(),
        max_length=16,
        required=False,
        default=list,
        help_text=(
            "BB2025, the opponent of a team that conceded: one player id per touchdown the "
            "concession awarded (beyond those scored), each a player of the team who played; "
            "the same player may be named more than once. Each gets the touchdown's SPP."
        ),
    )
    keep_raised = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        default=None,
        max_length=100,
        help_text=(
            "BB2025 Masters of Undeath: the Lineman position (slug, one of the pending "
            "keep_raised choice's positions) to keep the raised player as, for free; "
            "empty or null lets him go."
        ),
    )


class LeaderboardQuerySerializer(serializers.Serializer):
    season = id_field(required=False, help_text="A season id; all seasons if none.")
    stat = choice([(s, s) for s in LEADERBOARD_STATS], required=False, default="touchdowns")
    limit = serializers.IntegerField(
        required=False, default=10, min_value=1, max_value=MAX_LEADERBOARD_LIMIT
    )


class ShortfallDecisionInputSerializer(serializers.Serializer):
    decision = choice(
        [("grant", "grant"), ("undo", "undo")],
        help_text="grant: the player keeps the SPP; undo: his latest advancements go.",
    )
