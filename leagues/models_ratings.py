"""Glicko-2 ratings of a league's teams and coaches, one row per match and subject
(the maths: ``rules_engine.insight.glicko``, the upkeep:
``leagues.insight.ratings``).

Each fixture with a result has up to four rows: its two teams and its two coaches
(none for a coach who coached both sides), each with the rating before and after
the match. A subject's current rating is its latest row's ``after``. Rows are
derived: written in the same transaction as the result, rewritten for what follows
when a result is corrected, and rebuilt (not restored) from the fixtures on a
backup's import or by ``manage.py rebuild_ratings``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy


class RatingSubject(models.TextChoices):
    TEAM = "team", gettext_lazy("Team")
    COACH = "coach", gettext_lazy("Coach")


class RatingChange(models.Model):
    """What one match did to one team's or one coach's rating in a league."""

    Subject = RatingSubject

    league = models.ForeignKey(
        "leagues.League", on_delete=models.CASCADE, related_name="rating_changes"
    )
    fixture = models.ForeignKey(
        "leagues.Fixture", on_delete=models.CASCADE, related_name="rating_changes"
    )
    # Match order: when the result was recorded, then the fixture's id.
    played_at = models.DateTimeField()
    subject = models.CharField(max_length=5, choices=Subject)
    side = models.CharField(max_length=4, choices=[("home", "Home"), ("away", "Away")])
    # The team played for (a coach's row too: the team he coached in this match).
    team = models.ForeignKey("teams.Team", on_delete=models.CASCADE, related_name="+")
    coach = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    score = models.FloatField(help_text="1 a win, 0.5 a draw, 0 a loss.")
    rating_before = models.FloatField()
    deviation_before = models.FloatField()
    volatility_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    volatility_after = models.FloatField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["league", "played_at", "fixture_id", "subject", "side"]
        indexes = [
            models.Index(fields=["league", "played_at", "fixture"], name="rating_league_order"),
            models.Index(fields=["team", "played_at"], name="rating_team_order"),
            models.Index(fields=["coach", "played_at"], name="rating_coach_order"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture", "subject", "side"], name="rating_once_per_fixture_side"
            ),
            models.CheckConstraint(
                condition=Q(score__in=[0.0, 0.5, 1.0]), name="rating_score_valid"
            ),
            models.CheckConstraint(
                condition=Q(subject__in=RatingSubject.values), name="rating_subject_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.subject} {self.side} of fixture {self.fixture_id}: {self.rating_after:.0f}"
