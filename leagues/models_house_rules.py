"""A league's house rules: what its commissioner changes of the edition's rules.

The rules engine takes them as plain data beside the edition
(``leagues.services.house_rules`` hands them over); a match keeps the house rules in
force when its pre-game began, so a change applies from the next match on.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy


class RedraftFormula(models.TextChoices):
    EDITION = "edition", gettext_lazy("The edition's formula")
    TREASURY_ONLY = "treasury_only", gettext_lazy("Treasury only, no season bonus")
    FRESH_BUDGET = "fresh_budget", gettext_lazy("A fresh draft budget every season")


class UnplayedFixtures(models.TextChoices):
    APPLY = "apply", gettext_lazy("Settle by the rules when the deadline passes")
    HOLD = "hold", gettext_lazy("Hold for the commissioner's decision")


class HouseRules(models.Model):
    """One row per league; a league without a row plays the edition as written."""

    league = models.OneToOneField(
        "leagues.League", on_delete=models.CASCADE, primary_key=True, related_name="house_rules"
    )
    banned_stars = models.JSONField(
        default=list, blank=True, help_text="Keys of the star players this league bans."
    )
    ban_mega_stars = models.BooleanField(
        default=False, help_text="Ban every mega-star, where the edition has them."
    )
    prize_amounts = models.JSONField(
        null=True,
        blank=True,
        help_text='Gold per final place, e.g. {"1": 100000, "2": 60000}; empty: the edition\'s.',
    )
    non_core_inducements = models.BooleanField(
        default=False, help_text="Offer the inducements outside the edition's core list."
    )
    redraft_formula = models.CharField(
        max_length=20, choices=RedraftFormula, default=RedraftFormula.EDITION
    )
    team_value_floor = models.PositiveIntegerField(
        null=True, blank=True, help_text="Lowest team value a team may enter a season with."
    )
    team_value_ceiling = models.PositiveIntegerField(
        null=True, blank=True, help_text="Highest team value a team may enter a season with."
    )
    firing_below_eleven = models.BooleanField(
        null=True,
        blank=True,
        default=None,
        help_text=(
            "Whether a coach may fire a player though fewer than 11 remain; "
            "empty: as the edition says."
        ),
    )
    unplayed_fixtures = models.CharField(
        max_length=10, choices=UnplayedFixtures, default=UnplayedFixtures.APPLY
    )
    deadline_warning_hours = models.PositiveSmallIntegerField(
        default=48, help_text="How long before a round's deadline the coaches are warned."
    )
    kickoff_reminder_minutes = models.PositiveSmallIntegerField(
        default=120, help_text="How long before an agreed kick-off the coaches are reminded."
    )
    updated_at = models.DateTimeField(auto_now=True)

    RedraftFormula = RedraftFormula
    UnplayedFixtures = UnplayedFixtures

    class Meta:
        verbose_name_plural = "house rules"
        constraints = [
            models.CheckConstraint(
                condition=Q(team_value_floor__isnull=True)
                | Q(team_value_ceiling__isnull=True)
                | Q(team_value_floor__lte=F("team_value_ceiling")),
                name="house_rules_team_value_floor_below_ceiling",
                violation_error_message=gettext_lazy("The team value floor is above the ceiling."),
            ),
            models.CheckConstraint(
                condition=Q(redraft_formula__in=RedraftFormula.values),
                name="house_rules_redraft_formula_known",
            ),
            models.CheckConstraint(
                condition=Q(unplayed_fixtures__in=UnplayedFixtures.values),
                name="house_rules_unplayed_fixtures_known",
            ),
        ]

    def __str__(self) -> str:
        return f"House rules of {self.league}"
