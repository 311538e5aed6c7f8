"""The choices a match's models share: a match's status, a side, a report's
confirmation, a dice sequence. Re-exported from ``matches.models``."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class MatchStatus(models.TextChoices):
    SCHEDULED = "scheduled", gettext_lazy("Scheduled")
    PRE_GAME = "pre_game", gettext_lazy("Pre-game")
    IN_PLAY = "in_play", gettext_lazy("In play")
    CONFIRMING = "confirming", gettext_lazy("Awaiting confirmation")
    REPORT_SUBMITTED = "report_submitted", gettext_lazy("Report submitted")
    POST_GAME = "post_game", gettext_lazy("Post-game")
    CLOSED = "closed", gettext_lazy("Closed")


class Side(models.TextChoices):
    HOME = "home", gettext_lazy("Home")
    AWAY = "away", gettext_lazy("Away")


class Confirmation(models.TextChoices):
    AWAITING = "awaiting", gettext_lazy("Waiting for the opponent's confirmation")
    DISPUTED = "disputed", gettext_lazy("Disputed: waiting for the commissioner")
    CONFIRMED = "confirmed", gettext_lazy("Confirmed")


class Sequence(models.TextChoices):
    PRE_GAME = "pre_game", gettext_lazy("Pre-game")
    POST_GAME = "post_game", gettext_lazy("Post-game")
