"""Kick-off times a coach proposes for a fixture before its deadline."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class KickoffSlotStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("Proposed")
    ACCEPTED = "accepted", gettext_lazy("Accepted")
    DECLINED = "declined", gettext_lazy("Declined")
    WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")


class KickoffSlot(models.Model):
    """One proposed time; the opponent accepting one sets the fixture's kick-off and
    closes the others."""

    Status = KickoffSlotStatus

    fixture = models.ForeignKey(
        "leagues.Fixture", on_delete=models.CASCADE, related_name="kickoff_slots"
    )
    proposed_by_team = models.ForeignKey("teams.Team", on_delete=models.CASCADE, related_name="+")
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["starts_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture", "starts_at"],
                name="kickoff_slot_once_per_time",
                violation_error_message=gettext_lazy(
                    "This time is already proposed for this fixture."
                ),
            ),
            models.UniqueConstraint(
                fields=["fixture"],
                condition=models.Q(status="accepted"),
                name="kickoff_slot_one_accepted",
                violation_error_message=gettext_lazy(
                    "A kick-off time is already agreed for this fixture."
                ),
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=KickoffSlotStatus.values),
                name="kickoff_slot_status_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture_id} at {self.starts_at:%Y-%m-%d %H:%M}"
