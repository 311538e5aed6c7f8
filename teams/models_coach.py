"""What Dugout keeps of a coach beyond his account: his NAF membership
number, which the NAF tournament report (``insight/naf.py``) names him by.

One row per user, created the first time he saves his profile; a coach without a row
or without a number has none. A NAF number belongs to one member, so two accounts
cannot claim the same one. Not part of a league backup: it is the person's, not the
league's (a backup names coaches by username).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

# NAF numbers run from 1 and had six digits in 2026: seven leaves room to grow.
NAF_NUMBER_MAX = 9_999_999


class CoachProfile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="coach_profile"
    )
    naf_number = models.PositiveIntegerField(
        "NAF number",
        null=True,
        blank=True,
        unique=True,
        validators=[MinValueValidator(1), MaxValueValidator(NAF_NUMBER_MAX)],
        help_text="Your NAF membership number, for tournament reports sent to the NAF.",
    )
    # The interface's language the coach chose; empty: his browser's, else his league's.
    language = models.CharField(
        "language", max_length=8, blank=True, default="", choices=settings.LANGUAGES
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "coach profile"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(language="")
                | models.Q(language__in=[code for code, _name in settings.LANGUAGES]),
                name="coach_profile_language_known",
                violation_error_message="Choose one of the site's languages.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} (NAF {self.naf_number or '-'})"
