"""The choices a match's models share: a match's status, a side, a report's
confirmation, a dice sequence. Re-exported from ``matches.models``."""

from __future__ import annotations

from django.db import models


class MatchStatus(models.TextChoices):
    SCHEDULED = "scheduled", "Scheduled"
    PRE_GAME = "pre_game", "Pre-game"
    IN_PLAY = "in_play", "In play"
    CONFIRMING = "confirming", "Awaiting confirmation"
    REPORT_SUBMITTED = "report_submitted", "Report submitted"
    POST_GAME = "post_game", "Post-game"
    CLOSED = "closed", "Closed"


class Side(models.TextChoices):
    HOME = "home", "Home"
    AWAY = "away", "Away"


class Confirmation(models.TextChoices):
    AWAITING = "awaiting", "Waiting for the opponent's confirmation"
    DISPUTED = "disputed", "Disputed: waiting for the commissioner"
    CONFIRMED = "confirmed", "Confirmed"


class Sequence(models.TextChoices):
    PRE_GAME = "pre_game", "Pre-game"
    POST_GAME = "post_game", "Post-game"
