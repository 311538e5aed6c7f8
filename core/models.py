"""The versions pages are cached by: one row per league and per team whose ``value``
the services raise in the same transaction as every change a page shows
(``core.versions``)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class Version(models.Model):
    class Scope(models.TextChoices):
        LEAGUE = "league", "League"
        TEAM = "team", "Team"

    scope = models.CharField(max_length=8, choices=Scope.choices)
    object_id = models.PositiveBigIntegerField()
    value = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "object_id"], name="core_version_per_object")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.object_id}: {self.value}"
