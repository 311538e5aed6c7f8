"""Teams, their players and their gold.

Rows are written only by ``teams.services`` (which take the acting user, lock
the team row and call the rules engine) and read through ``teams.selectors``.
The database guards what must never be wrong whoever writes: a treasury below
zero, a ledger balance below zero, two active players with one number, more
SPP spent than earned, more advancements than the rules allow.

Rule numbers (budgets, prices, limits) come from ``rules_engine``; the few
checks below that repeat a limit take it from the engine's draft rules.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy

from core.validators import no_control_characters
from rules_engine.bb2020.advancement_types import MAXIMUM_ADVANCEMENTS
from rules_engine.draft import DraftRules

# The draft numbers every ruleset so far shares; the services ask the engine
# for the team's own ruleset, these only bound what the database accepts.
_DRAFT = DraftRules()
MAX_ADVANCEMENTS = MAXIMUM_ADVANCEMENTS  # "Six advancements at most"
MAX_PLAYER_NUMBER = 99
TEAM_NAME_MAX = 100
PLAYER_NAME_MAX = 100
# A team's page: its logo (teams/logos.py makes every upload a PNG of at most
# LOGO_MAX_SIDE pixels a side) and its description (Markdown, rendered sanitised).
TEAM_DESCRIPTION_MAX = 5_000
LOGO_DIRECTORY = "team-logos/"


class TeamStatus(models.TextChoices):
    DRAFT = "draft", gettext_lazy("Being drafted")
    ACTIVE = "active", gettext_lazy("Active")
    RETIRED = "retired", gettext_lazy("Retired")


class PlayerStatus(models.TextChoices):
    ACTIVE = "active", gettext_lazy("Active")
    DEAD = "dead", gettext_lazy("Dead")
    FIRED = "fired", gettext_lazy("Fired")
    RETIRED = "retired", gettext_lazy("Left the team")


class Characteristic(models.TextChoices):
    NONE = "", "-"
    MA = "ma", "MA"
    ST = "st", "ST"
    AG = "ag", "AG"
    PA = "pa", "PA"
    AV = "av", "AV"


class Team(models.Model):
    """A coach's team: roster, sideline staff, fans and treasury."""

    Status = TeamStatus

    name = models.CharField(max_length=TEAM_NAME_MAX, validators=[no_control_characters])
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams"
    )
    ruleset = models.CharField(
        max_length=40, default="bb2020", help_text="Key of the rules engine's ruleset."
    )
    roster_slug = models.SlugField(max_length=80)
    special_rule_choice = models.CharField(
        max_length=80, blank=True, help_text='The team\'s "Favoured of ..." where the roster asks.'
    )
    rerolls = models.PositiveSmallIntegerField(default=0)
    assistant_coaches = models.PositiveSmallIntegerField(default=0)
    cheerleaders = models.PositiveSmallIntegerField(default=0)
    apothecary = models.BooleanField(default=False)
    # BB2020's Dedicated Fans; a classic team keeps its Fan Factor here (the engine's
    # TeamState.dedicated_fans holds either, as its ruleset reads it).
    dedicated_fans = models.PositiveSmallIntegerField(default=_DRAFT.starting_dedicated_fans)
    treasury = models.PositiveBigIntegerField(
        default=0, help_text="Gold pieces; always the sum of the team's ledger."
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.ACTIVE)
    logo = models.ImageField(
        upload_to=LOGO_DIRECTORY,
        blank=True,
        default="",
        help_text="The team's logo: a PNG re-encoded from the upload, at most 256×256.",
    )
    description = models.TextField(
        blank=True, default="", help_text="The team's story, in Markdown (shown sanitised)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="team_name_unique_ignoring_case",
                violation_error_message="A team with this name already exists.",
            ),
            models.CheckConstraint(
                condition=Q(rerolls__lte=_DRAFT.max_rerolls), name="team_rerolls_at_most_8"
            ),
            models.CheckConstraint(
                condition=Q(assistant_coaches__lte=_DRAFT.max_assistant_coaches),
                name="team_assistant_coaches_at_most_6",
            ),
            models.CheckConstraint(
                condition=Q(cheerleaders__lte=_DRAFT.max_cheerleaders),
                name="team_cheerleaders_at_most_12",
            ),
            models.CheckConstraint(
                condition=Q(dedicated_fans__gte=_DRAFT.starting_dedicated_fans),
                name="team_dedicated_fans_at_least_1",
            ),
            models.CheckConstraint(condition=Q(treasury__gte=0), name="team_treasury_not_negative"),
            models.CheckConstraint(
                condition=Q(status__in=TeamStatus.values), name="team_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A player who is or was on a team. Players are never deleted: a dead,
    fired or departed player keeps his row (and his history) with a status."""

    Status = PlayerStatus

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(max_length=PLAYER_NAME_MAX, validators=[no_control_characters])
    number = models.PositiveSmallIntegerField()
    position_slug = models.SlugField(max_length=120)
    # Current characteristics, copied from the position at hire; AG, PA and AV
    # hold the target number (AG 3 means 3+); PA is null where the roster shows "-".
    # Any may be null where the ruleset prints none (Blitz Bowl's text gives no profile).
    ma = models.PositiveSmallIntegerField(null=True, blank=True)
    st = models.PositiveSmallIntegerField(null=True, blank=True)
    ag = models.PositiveSmallIntegerField(null=True, blank=True)
    pa = models.PositiveSmallIntegerField(null=True, blank=True)
    av = models.PositiveSmallIntegerField(null=True, blank=True)
    spp_earned = models.PositiveIntegerField(default=0)
    spp_spent = models.PositiveIntegerField(default=0)
    advancements = models.PositiveSmallIntegerField(default=0)
    value_increases = models.PositiveIntegerField(default=0, help_text="Gold pieces.")
    current_value = models.PositiveIntegerField(
        default=0,
        help_text=(
            "Gold pieces, as rules_engine.player_current_value gives it for the player on "
            "the team; kept by the services so the database can sum team value."
        ),
    )
    niggling_injuries = models.PositiveSmallIntegerField(default=0)
    miss_next_game = models.BooleanField(default=False)
    temporarily_retired = models.BooleanField(default=False)
    journeyman = models.BooleanField(default=False)
    # A Mercenary Player bought for one game: he leaves with the journeymen and, unlike
    # them, can never be hired after it (BB2025 facts section 5).
    mercenary = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status, default=Status.ACTIVE)
    pending_advancement = models.JSONField(
        default=dict,
        blank=True,
        help_text=(
            "A characteristic improvement rolled but not yet chosen: {kind, rolls}. The roll "
            "stands, so the coach cannot roll again by asking again."
        ),
    )
    hired_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["team_id", "number", "id"]
        required_db_features = ["supports_json_field"]  # see Advancement.Meta
        indexes = [models.Index(fields=["team", "status"], name="player_team_status")]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "number"],
                condition=Q(status=PlayerStatus.ACTIVE),
                name="player_number_unique_among_active",
                violation_error_message="Another player of the team wears this number.",
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=MAX_PLAYER_NUMBER),
                name="player_number_1_to_99",
            ),
            models.CheckConstraint(
                condition=Q(spp_spent__lte=models.F("spp_earned")),
                name="player_spp_spent_at_most_earned",
            ),
            models.CheckConstraint(
                condition=Q(advancements__lte=MAX_ADVANCEMENTS),
                name="player_advancements_at_most_6",
            ),
            models.CheckConstraint(
                condition=Q(status__in=PlayerStatus.values), name="player_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"

    @property
    def spp(self) -> int:
        """Unspent Star Player Points."""
        return self.spp_earned - self.spp_spent

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE


class Advancement(models.Model):
    """One advancement bought with SPP (facts §4 step 3), or a classic Improvement roll
    taken (SPP never spent), with the dice it took."""

    class Kind(models.TextChoices):
        RANDOM_PRIMARY = "random_primary", gettext_lazy("Random primary skill")
        CHOSEN_PRIMARY = "chosen_primary", gettext_lazy("Chosen primary skill")
        RANDOM_SECONDARY = "random_secondary", gettext_lazy("Random secondary skill")
        CHOSEN_SECONDARY = "chosen_secondary", gettext_lazy("Chosen secondary skill")
        RANDOM_CHARACTERISTIC = (
            "random_characteristic",
            gettext_lazy("Random characteristic improvement"),
        )
        IMPROVEMENT = "improvement", gettext_lazy("Improvement roll (classic)")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="advancement_history")
    number = models.PositiveSmallIntegerField(help_text="1st to 6th advancement.")
    kind = models.CharField(max_length=30, choices=Kind)
    result = models.CharField(
        max_length=100, help_text='A skill name or a characteristic, e.g. "+1 MA" or "AG 2+".'
    )
    result_said = models.JSONField(
        null=True,
        blank=True,
        help_text="The result as a sentence for its reader's language (None: as written).",
    )
    characteristic = models.CharField(
        max_length=2,
        choices=Characteristic,
        blank=True,
        default=Characteristic.NONE,
        help_text="The characteristic a characteristic improvement raised, if it raised one.",
    )
    spp_cost = models.PositiveSmallIntegerField()
    value_increase = models.PositiveIntegerField(help_text="Gold pieces.")
    rolls = models.JSONField(
        default=list, blank=True, help_text="[{purpose, die, result}] as the dice recorded them."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player_id", "number"]
        # Declared so system checks need not open a connection to ask (every
        # supported backend has JSON; Django 6.1 checks all databases).
        required_db_features = ["supports_json_field"]
        constraints = [
            models.UniqueConstraint(fields=["player", "number"], name="advancement_number_unique"),
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=MAX_ADVANCEMENTS),
                name="advancement_number_1_to_6",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} advancement {self.number}: {self.result}"


class PlayerSkill(models.Model):
    """A skill a player gained (the position's own skills come from the roster)."""

    class Source(models.TextChoices):
        RANDOM_PRIMARY = "random_primary", gettext_lazy("Random primary")
        CHOSEN_PRIMARY = "chosen_primary", gettext_lazy("Chosen primary")
        RANDOM_SECONDARY = "random_secondary", gettext_lazy("Random secondary")
        CHOSEN_SECONDARY = "chosen_secondary", gettext_lazy("Chosen secondary")
        CHARACTERISTIC_SWAP = (
            "characteristic_swap",
            gettext_lazy("Skill taken instead of a characteristic"),
        )
        IMPROVEMENT = "improvement", gettext_lazy("Improvement roll (classic)")
        OTHER = "other", gettext_lazy("Other")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="skills")
    skill = models.CharField(max_length=80, help_text="As the ruleset's skill list names it.")
    source = models.CharField(max_length=30, choices=Source, default=Source.OTHER)
    advancement = models.ForeignKey(
        Advancement, on_delete=models.CASCADE, null=True, blank=True, related_name="skills"
    )

    class Meta:
        ordering = ["player_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "skill"], name="player_skill_unique"),
        ]

    def __str__(self) -> str:
        return self.skill


class InjuryRecord(models.Model):
    """An injury a player suffered. ``source`` says how it happened in words
    ("Match #12", or whatever else it came from); ``match`` is the match, if any."""

    class Kind(models.TextChoices):
        NIGGLING = "niggling", gettext_lazy("Niggling injury")
        LASTING = "lasting", gettext_lazy("Lasting injury")
        MISS_NEXT_GAME = "miss_next_game", gettext_lazy("Miss next game")
        DEAD = "dead", gettext_lazy("Dead")

    Characteristic = Characteristic

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="injuries")
    kind = models.CharField(max_length=20, choices=Kind)
    characteristic = models.CharField(
        max_length=2, choices=Characteristic, blank=True, default=Characteristic.NONE
    )
    note = models.CharField(max_length=200, blank=True)
    source = models.CharField(max_length=200, blank=True, help_text="How it happened.")
    match = models.ForeignKey(
        "matches.Match",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="injuries",
        help_text="The match it happened in; empty for an injury from elsewhere.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player_id", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind="lasting") & ~Q(characteristic=""))
                | (~Q(kind="lasting") & Q(characteristic="")),
                name="injury_characteristic_iff_lasting",
                violation_error_message="A lasting injury, and only one, names a characteristic.",
            ),
        ]

    def __str__(self) -> str:
        label = self.get_kind_display()
        if self.characteristic:
            label = f"{label} ({self.get_characteristic_display()})"
        return f"{self.player}: {label}"


# The records (ledger, re-drafts, audit) live in models_records; read from here too.
from teams.models_coach import CoachProfile  # noqa: E402,F401  (the NAF number)
from teams.models_records import (  # noqa: E402
    AUDIT_MESSAGE_MAX,
    AuditEntry,
    LedgerReason,
    Redraft,
    TreasuryEntry,
)

__all__ = [
    "AUDIT_MESSAGE_MAX",
    "MAX_ADVANCEMENTS",
    "MAX_PLAYER_NUMBER",
    "PLAYER_NAME_MAX",
    "TEAM_NAME_MAX",
    "Advancement",
    "AuditEntry",
    "Characteristic",
    "InjuryRecord",
    "LedgerReason",
    "Player",
    "PlayerSkill",
    "PlayerStatus",
    "Redraft",
    "Team",
    "TeamStatus",
    "TreasuryEntry",
]
