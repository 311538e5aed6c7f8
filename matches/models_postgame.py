"""What a post-game did to the teams: its application per report and phase, each
change it made (``AppliedEffect``, so a correction can invert it), the players'
statistics the leaderboards sum, and the SPP a correction could not take back.

Split from ``matches.models`` (which re-exports every name here); the database keeps
one application in force per report and phase, one stats row per player and match.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy


class ApplicationPhase(models.TextChoices):
    RESULTS = "results", "Results (the steps before hiring)"
    FINAL = "final", "Final (hiring onward; the whole post-game where nothing waits)"


class PostGameApplication(models.Model):
    """The post-game of one report, applied to the teams: one row per phase and report
    (the task that applies it may run twice: the second run finds the row).

    A ruleset whose post-game holds at a hiring step (BB2020 step 4) is applied in two
    phases: ``results`` at once, ``final`` when the coaches are done. Otherwise one
    ``final`` application holds the whole post-game."""

    Phase = ApplicationPhase

    report = models.ForeignKey(
        "matches.Report", on_delete=models.PROTECT, related_name="applications"
    )
    phase = models.CharField(max_length=8, choices=Phase, default=Phase.FINAL)
    match = models.ForeignKey(
        "matches.Match", on_delete=models.PROTECT, related_name="applications"
    )
    applied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    applied_at = models.DateTimeField(auto_now_add=True)
    reverted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match_id", "applied_at", "id"]
        constraints = [
            # A correction that re-derives a later match reverts its application and applies
            # the same report again: one application in force per report and phase.
            models.UniqueConstraint(
                fields=["report", "phase"],
                condition=Q(reverted_at__isnull=True),
                name="application_one_per_phase",
            ),
            models.CheckConstraint(
                condition=Q(phase__in=ApplicationPhase.values), name="application_phase_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Post-game of {self.report} ({self.phase})"

    @property
    def is_reverted(self) -> bool:
        return self.reverted_at is not None


class EffectKind(models.TextChoices):
    LEDGER = "ledger", "Ledger entry"
    DEDICATED_FANS = "dedicated_fans", "Dedicated Fans"
    SPP = "spp", "SPP earned"
    INJURY = "injury", "Injury"
    MISS_NEXT_GAME = "miss_next_game", "Miss next game"
    STATUS = "status", "Player status"
    JOURNEYMAN_HIRED = "journeyman_hired", "Journeyman hired"
    TEMPORARILY_RETIRED = "temporarily_retired", "Temporarily retired"
    IMPROVEMENT_ROLL = "improvement_roll", "Improvement roll owed"
    SPP_GRANT = "spp_grant", "SPP kept after a correction"
    SKILL_GAINED = "skill_gained", "Skill gained in the post-game (Hatred)"


class AppliedEffect(models.Model):
    """One change a post-game made, kept so a correction can invert it.

    ``amount`` is the gold of a ledger entry or the change of a count (SPP,
    Dedicated Fans, Niggling Injuries); ``before``/``after`` hold the values a
    flag, status or characteristic had on either side of the change.
    """

    Kind = EffectKind

    application = models.ForeignKey(
        PostGameApplication, on_delete=models.CASCADE, related_name="effects"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(
        "teams.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    amount = models.BigIntegerField(default=0)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    ledger_entry = models.ForeignKey(
        "teams.TreasuryEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    injury_record = models.ForeignKey(
        "teams.InjuryRecord", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reversal_entry = models.ForeignKey(
        "teams.TreasuryEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["application_id", "id"]
        required_db_features = ["supports_json_field"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=EffectKind.values), name="effect_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount:+d}"


class PlayerMatchStats(models.Model):
    """What one player did in one applied match: the leaderboards sum these."""

    player = models.ForeignKey("teams.Player", on_delete=models.PROTECT, related_name="match_stats")
    match = models.ForeignKey(
        "matches.Match", on_delete=models.CASCADE, related_name="player_stats"
    )
    application = models.ForeignKey(
        PostGameApplication, on_delete=models.CASCADE, related_name="player_stats"
    )
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    season = models.ForeignKey(
        "leagues.Season", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    touchdowns = models.PositiveSmallIntegerField(default=0)
    completions = models.PositiveSmallIntegerField(default=0)
    casualties = models.PositiveSmallIntegerField(default=0, help_text="Caused, any way.")
    interceptions = models.PositiveSmallIntegerField(default=0)
    deflections = models.PositiveSmallIntegerField(default=0)
    spp = models.PositiveSmallIntegerField(default=0, help_text="SPP earned, MVP included.")
    mvp = models.BooleanField(default=False)

    class Meta:
        ordering = ["match_id", "team_id", "player_id"]
        verbose_name_plural = "player match stats"
        indexes = [models.Index(fields=["season", "player"], name="stats_season_player")]
        constraints = [
            models.UniqueConstraint(fields=["player", "match"], name="stats_one_row_per_match"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in match #{self.match_id}"


class ShortfallStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("Waiting for the commissioner")
    GRANTED = "granted", gettext_lazy("SPP granted")
    UNDONE = "undone", gettext_lazy("Advancements undone")


class SppShortfall(models.Model):
    """A player whose SPP a correction took back after he had spent them on
    advancements: the correction keeps his SPP whole for now (an ``SPP_GRANT``
    effect of the corrected report's application) and the commissioner decides:
    grant them for good, or undo his latest advancements (with their value)."""

    Status = ShortfallStatus

    report = models.ForeignKey(
        "matches.Report", on_delete=models.CASCADE, related_name="shortfalls"
    )
    player = models.ForeignKey("teams.Player", on_delete=models.PROTECT, related_name="+")
    spp = models.PositiveSmallIntegerField(help_text="SPP the correction would have taken back.")
    status = models.CharField(max_length=8, choices=Status, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["report_id", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(spp__gt=0), name="shortfall_spp_positive"),
            models.CheckConstraint(
                condition=Q(status__in=ShortfallStatus.values), name="shortfall_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.spp} SPP of player #{self.player_id} ({self.status})"
