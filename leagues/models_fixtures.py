"""A season's fixtures (league, friendly, play-off) and their results.

Split from ``leagues.models`` (which re-exports every name here); the database guards
what must never be wrong whoever writes: a team playing itself, negative scores, a
result on a fixture that was not played, a conceding team that did not lose, a winner
who was not in the match.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy, pgettext_lazy

from rules_engine.wording import shown_from


class FixtureKind(models.TextChoices):
    LEAGUE = "league", pgettext_lazy("fixture kind", "League")
    FRIENDLY = "friendly", pgettext_lazy("fixture kind", "Friendly")
    PLAYOFF = "playoff", pgettext_lazy("fixture kind", "Play-off")


class FixtureStatus(models.TextChoices):
    SCHEDULED = "scheduled", pgettext_lazy("fixture status", "Scheduled")
    PLAYED = "played", pgettext_lazy("fixture status", "Played")
    FORFEIT = "forfeit", pgettext_lazy("fixture status", "Conceded")
    UNPLAYED_DOUBLE_LOSS = "unplayed_double_loss", gettext_lazy("Unplayed: a loss for both")
    POSTPONED = "postponed", pgettext_lazy("fixture status", "Postponed")


class PlayoffStage(models.TextChoices):
    NONE = "", "-"
    SEMI_FINAL = "semi_final", gettext_lazy("Semi-final")
    FINAL = "final", pgettext_lazy("play-off stage", "Final")
    THIRD_PLACE = "third_place", gettext_lazy("Third-place match")


class DecidedBy(models.TextChoices):
    NONE = "", "-"
    NORMAL = "normal", gettext_lazy("Normal time")
    EXTRA_TIME = "extra_time", gettext_lazy("Extra time")
    SUDDEN_DEATH = "sudden_death", gettext_lazy("Sudden death")
    CONCESSION = "concession", gettext_lazy("Concession")
    # A play-off drawn on points (Blitz Bowl has no extra time or sudden death roll-off).
    COMMISSIONER = "commissioner", gettext_lazy("Commissioner's decision")


class Fixture(models.Model):
    """A match to play: league, friendly or play-off, and its result once closed."""

    Kind = FixtureKind
    Status = FixtureStatus
    Stage = PlayoffStage
    DecidedBy = DecidedBy

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="fixtures")
    division = models.ForeignKey(
        "leagues.Division", on_delete=models.PROTECT, null=True, blank=True, related_name="fixtures"
    )
    round = models.ForeignKey(
        "leagues.Round", on_delete=models.SET_NULL, null=True, blank=True, related_name="fixtures"
    )
    kind = models.CharField(max_length=10, choices=Kind, default=Kind.LEAGUE)
    home = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    away = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    deadline = models.DateField(null=True, blank=True)
    status = models.CharField(max_length=25, choices=Status, default=Status.SCHEDULED)
    # The result, filled when the match is closed (or a forfeit awarded).
    home_touchdowns = models.PositiveSmallIntegerField(null=True, blank=True)
    away_touchdowns = models.PositiveSmallIntegerField(null=True, blank=True)
    home_casualties = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Casualties the home team caused."
    )
    away_casualties = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Casualties the away team caused."
    )
    # Where the league's ruleset scores games in points (Blitz Bowl), the points each
    # team scored: the result (win, draw, loss) is read from them, not the touchdowns.
    home_points = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Points the home team scored (Blitz Bowl)."
    )
    away_points = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Points the away team scored (Blitz Bowl)."
    )
    conceded_by = models.ForeignKey(
        "teams.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    concession_award_due = models.BooleanField(
        default=False,
        help_text=(
            "A real-life concession whose award (D6 x 10,000 gp and two MVPs, facts §5) "
            "is owed and not yet paid; award_forfeit pays it at once, so it stays False."
        ),
    )
    # What a real-life concession paid the opponent, so that undoing or correcting the
    # forfeit can take back exactly that.
    concession_award = models.JSONField(
        default=dict,
        blank=True,
        help_text=(
            "{team, gold_roll, gold, mvps: [{player, name, spp}], ledger_entry}; "
            "empty when nothing was paid."
        ),
    )
    concession_rolls = models.JSONField(
        default=list,
        blank=True,
        help_text="[{purpose, die, result}] of the real-life concession's gold and MVP picks.",
    )
    played_at = models.DateTimeField(null=True, blank=True)
    # The time the coaches agreed (or the commissioner set), shown in the league's zone.
    kickoff_at = models.DateTimeField(null=True, blank=True)
    # When the deadline acted on the fixture unplayed: settled by the rules, or held for
    # the commissioner (then the fixture stays open until he decides).
    deadline_passed_at = models.DateTimeField(null=True, blank=True)
    # The play-off bracket.
    stage = models.CharField(max_length=15, choices=Stage, blank=True, default=Stage.NONE)
    slot = models.PositiveSmallIntegerField(null=True, blank=True)
    home_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    away_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    decided_by = models.CharField(
        max_length=15, choices=DecidedBy, blank=True, default=DecidedBy.NONE
    )
    winner = models.ForeignKey(
        "teams.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sudden_death_rolls = models.JSONField(
        default=list, blank=True, help_text="[{purpose, die, result}] of the roll-offs."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    RESULT_STATUSES = (Status.PLAYED, Status.FORFEIT)
    COUNTED_STATUSES = (Status.PLAYED, Status.FORFEIT, Status.UNPLAYED_DOUBLE_LOSS)
    OPEN_STATUSES = (Status.SCHEDULED, Status.POSTPONED)

    class Meta:
        ordering = ["season", "round__number", "id"]
        indexes = [
            models.Index(fields=["season", "kind", "status"], name="fixture_season_kind_status"),
            models.Index(fields=["division", "kind", "status"], name="fixture_div_kind_status"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(home=F("away")),
                name="fixture_home_is_not_away",
                violation_error_message=gettext_lazy("A team cannot play itself."),
            ),
            models.CheckConstraint(
                condition=(Q(home_touchdowns__isnull=True) | Q(home_touchdowns__gte=0))
                & (Q(away_touchdowns__isnull=True) | Q(away_touchdowns__gte=0))
                & (Q(home_casualties__isnull=True) | Q(home_casualties__gte=0))
                & (Q(away_casualties__isnull=True) | Q(away_casualties__gte=0)),
                name="fixture_scores_not_negative",
            ),
            models.CheckConstraint(
                condition=(
                    Q(
                        status__in=["played", "forfeit"],
                        home_touchdowns__isnull=False,
                        away_touchdowns__isnull=False,
                        home_casualties__isnull=False,
                        away_casualties__isnull=False,
                    )
                    | Q(
                        ~Q(status__in=["played", "forfeit"]),
                        home_touchdowns__isnull=True,
                        away_touchdowns__isnull=True,
                        home_casualties__isnull=True,
                        away_casualties__isnull=True,
                    )
                ),
                name="fixture_result_iff_played",
                violation_error_message=gettext_lazy(
                    "Only a played or conceded fixture has a score."
                ),
            ),
            models.CheckConstraint(
                condition=Q(home_points__isnull=True, away_points__isnull=True)
                | Q(status="played", home_points__isnull=False, away_points__isnull=False),
                name="fixture_points_both_when_played",
                violation_error_message=gettext_lazy(
                    "Points are recorded for both teams of a played fixture."
                ),
            ),
            models.CheckConstraint(
                condition=Q(conceded_by__isnull=True)
                | Q(conceded_by=F("home"), home_touchdowns__lt=F("away_touchdowns"))
                | Q(conceded_by=F("away"), away_touchdowns__lt=F("home_touchdowns")),
                name="fixture_conceding_team_lost",
                violation_error_message=gettext_lazy(
                    "The conceding team must be in the match and lose it."
                ),
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("home")) | Q(winner=F("away")),
                name="fixture_winner_played",
                violation_error_message=gettext_lazy("The winner must be one of the two teams."),
            ),
            models.CheckConstraint(
                condition=Q(status__in=FixtureStatus.values), name="fixture_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=FixtureKind.values), name="fixture_kind_valid"
            ),
            models.CheckConstraint(
                condition=~Q(kind="league") | Q(division__isnull=False),
                name="fixture_league_has_division",
            ),
            models.CheckConstraint(
                condition=(Q(kind="playoff") & ~Q(stage="") & Q(slot__isnull=False))
                | (~Q(kind="playoff") & Q(stage="") & Q(slot__isnull=True)),
                name="fixture_stage_iff_playoff",
            ),
            models.UniqueConstraint(
                fields=["season", "stage", "slot"],
                condition=Q(kind="playoff"),
                name="fixture_playoff_slot_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.home} v {self.away}"

    @property
    def concession_note(self) -> str:
        """Why a concession award named no MVP, in the reader's language where the award
        kept its sentence (else the English it stored; "" for none)."""
        award = self.concession_award or {}
        return str(shown_from(award.get("note_said"), award.get("note") or ""))

    @property
    def status_label(self) -> str:
        """``get_status_display()``, read from the choice itself: a season's schedule
        shows hundreds of rows, and ``get_FOO_display`` builds and hashes every
        translated choice for each."""
        return str(self.Status(self.status).label)

    @property
    def has_result(self) -> bool:
        return self.status in self.RESULT_STATUSES

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN_STATUSES
