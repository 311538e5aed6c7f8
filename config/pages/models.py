"""One row per group of tables (an app's label): a random token that every committed
write to the group's tables replaces, and when it did (``config.pages.stamps``)."""

from __future__ import annotations

from django.db import models


class PageStamp(models.Model):
    name = models.CharField(max_length=64, primary_key=True)
    token = models.BigIntegerField(default=0)
    changed_ms = models.BigIntegerField(default=0, help_text="Milliseconds since the epoch.")

    def __str__(self) -> str:
        return f"{self.name}: {self.token}"
