"""What happened in a match: the report's events (``MatchEvent``) and every roll of
its pre-game and post-game (``DiceRoll``).

Split from ``matches.models`` (which re-exports every name here); the database guards
an event's shape (a player for a player's event, a victim only for a casualty, an
injury's result only for an injury) and numbers each sequence's rolls without gaps.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from matches.choices import Sequence, Side
from rules_engine.wording import shown_from


class EventKind(models.TextChoices):
    TOUCHDOWN = "touchdown", gettext_lazy("Touchdown")
    COMPLETION = "completion", gettext_lazy("Completion")
    DEFLECTION = "deflection", gettext_lazy("Deflection")
    INTERCEPTION = "interception", gettext_lazy("Interception")
    CASUALTY = "casualty", gettext_lazy("Casualty caused")
    INJURY = "injury", gettext_lazy("Injury suffered")
    SENT_OFF = "sent_off", gettext_lazy("Sent off")
    WEATHER_CHANGE = "weather_change", gettext_lazy("Weather change")
    BRIBE = "bribe", gettext_lazy("Bribe used")
    KICK_OFF = "kick_off", gettext_lazy("Kick-off event")
    # Only where the league's report counts them (matches.services.report_extras).
    LANDING = "landing", gettext_lazy("Thrown team-mate landed safely")
    SUPERB_THROW = "superb_throw", gettext_lazy("Superb Throw, team-mate landed safely")


# Events done by (or to) a player; the others are kick-off events kept for the record.
PLAYER_EVENTS = (
    EventKind.TOUCHDOWN,
    EventKind.COMPLETION,
    EventKind.DEFLECTION,
    EventKind.INTERCEPTION,
    EventKind.CASUALTY,
    EventKind.INJURY,
    EventKind.SENT_OFF,
    EventKind.LANDING,
    EventKind.SUPERB_THROW,
)
KICK_OFF_EVENTS = (EventKind.WEATHER_CHANGE, EventKind.BRIBE, EventKind.KICK_OFF)


class InjuryResult(models.TextChoices):
    """The Casualty table's result a player ended the game with (after any apothecary).
    The results are the rules' names, kept so in every language (the catalogue says
    so); what the parentheses explain is interface text."""

    BADLY_HURT = "badly_hurt", gettext_lazy("Badly hurt")
    SERIOUSLY_HURT = "seriously_hurt", gettext_lazy("Seriously hurt (miss next game)")
    SERIOUS_INJURY = "serious_injury", gettext_lazy("Serious injury (niggling injury)")
    LASTING_INJURY = "lasting_injury", gettext_lazy("Lasting injury")
    DEAD = "dead", gettext_lazy("Dead")


class MatchEvent(models.Model):
    """One tap of the match report: who did (or suffered) what.

    ``report`` is empty while the event belongs to the draft of a match in
    play; a submitted report owns its events. ``side`` is the side of the
    player (or of the team that bribed); a weather change has none.
    """

    Kind = EventKind
    Injury = InjuryResult

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="events")
    report = models.ForeignKey(
        "matches.Report", on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    side = models.CharField(max_length=4, choices=Side, blank=True, default="")
    player = models.ForeignKey(
        "teams.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    victim = models.ForeignKey(
        "teams.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    by_block = models.BooleanField(
        default=True, help_text="A casualty caused by a Block (2 SPP); else a foul or the like."
    )
    injury = models.CharField(max_length=20, choices=Injury, blank=True, default="")
    characteristic = models.CharField(
        max_length=2,
        blank=True,
        default="",
        help_text="The characteristic a Lasting Injury reduced: ma, st, ag, pa or av.",
    )
    apothecary_used = models.BooleanField(default=False)
    detail = models.CharField(max_length=200, blank=True, help_text="Weather, kick-off result...")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match_id", "id"]
        indexes = [models.Index(fields=["match", "report"], name="match_event_report")]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=EventKind.values), name="event_kind_valid"),
            models.CheckConstraint(
                condition=Q(side__in=["", "home", "away"]), name="event_side_valid"
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=PLAYER_EVENTS) | Q(player__isnull=False),
                name="event_player_when_player_event",
            ),
            models.CheckConstraint(
                condition=Q(kind=EventKind.CASUALTY) | Q(victim__isnull=True),
                name="event_victim_only_for_casualty",
            ),
            models.CheckConstraint(
                condition=(Q(kind=EventKind.INJURY) & ~Q(injury=""))
                | (~Q(kind=EventKind.INJURY) & Q(injury="")),
                name="event_injury_iff_injury_event",
            ),
            models.CheckConstraint(
                condition=(Q(injury=InjuryResult.LASTING_INJURY) & ~Q(characteristic=""))
                | (~Q(injury=InjuryResult.LASTING_INJURY) & Q(characteristic="")),
                name="event_characteristic_iff_lasting",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.side or '-'})"


class DiceRoll(models.Model):
    """One roll of a pre-game or post-game, in the order the engine made it.

    Pre-game rolls belong to the match; post-game rolls to the report version
    they were made for (a correction re-runs the post-game on the same seed).
    """

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="dice_rolls")
    report = models.ForeignKey(
        "matches.Report", on_delete=models.CASCADE, null=True, blank=True, related_name="dice_rolls"
    )
    sequence = models.CharField(max_length=10, choices=Sequence)
    index = models.PositiveIntegerField(help_text="0 for the sequence's first roll.")
    step = models.CharField(max_length=40)
    purpose = models.CharField(max_length=200)
    purpose_said = models.JSONField(
        null=True,
        blank=True,
        help_text="The purpose as a sentence for its reader's language (None: English only).",
    )
    die = models.CharField(max_length=8)
    result = models.JSONField(help_text="A number, [d6, d6] for 2D6, or a block die face.")

    class Meta:
        ordering = ["match_id", "sequence", "report_id", "index"]
        required_db_features = ["supports_json_field"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "index"],
                condition=Q(sequence="pre_game"),
                name="dice_pre_game_index_unique",
            ),
            models.UniqueConstraint(
                fields=["report", "index"],
                condition=Q(sequence="post_game"),
                name="dice_post_game_index_unique",
            ),
            models.CheckConstraint(
                condition=(Q(sequence="pre_game") & Q(report__isnull=True))
                | (Q(sequence="post_game") & Q(report__isnull=False)),
                name="dice_report_iff_post_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sequence} #{self.index}: {self.die} {self.result} ({self.purpose})"

    @property
    def shown_purpose(self) -> str:
        """The purpose in the active language where the roll kept its sentence (else
        the English it stored)."""
        return str(shown_from(self.purpose_said, self.purpose))

    def as_roll(self) -> dict:
        """The roll as ``rules_engine.dice.Roll.from_dict`` reads it (for a replay)."""
        return {"purpose": self.purpose, "die": self.die, "result": self.result}
