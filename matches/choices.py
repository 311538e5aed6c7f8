"""The choices a match's models share: a match's status, a side, a report's
confirmation, a dice sequence. Re-exported from ``matches.models``."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy


class MatchStatus(models.TextChoices):
    SCHEDULED = "scheduled", gettext_lazy("Scheduled")
    PRE_GAME = "pre_game", gettext_lazy("Pre-game")
    IN_PLAY = "in_play", gettext_lazy("In play")
    CONFIRMING = "confirming", gettext_lazy("Awaiting confirmation")
    REPORT_SUBMITTED = "report_submitted", gettext_lazy("Report submitted")
    POST_GAME = "post_game", gettext_lazy("Post-game")
    CLOSED = "closed", gettext_lazy("Closed")


# A match's status inside a sentence ("Match #12 is in play: ..."): its own msgid, so a
# language that writes a status with a capital, or another word order, may.
STATUS_IN_A_SENTENCE = {
    MatchStatus.SCHEDULED: pgettext_lazy("match status in a sentence", "scheduled"),
    MatchStatus.PRE_GAME: pgettext_lazy("match status in a sentence", "pre-game"),
    MatchStatus.IN_PLAY: pgettext_lazy("match status in a sentence", "in play"),
    MatchStatus.CONFIRMING: pgettext_lazy("match status in a sentence", "awaiting confirmation"),
    MatchStatus.REPORT_SUBMITTED: pgettext_lazy("match status in a sentence", "report submitted"),
    MatchStatus.POST_GAME: pgettext_lazy("match status in a sentence", "post-game"),
    MatchStatus.CLOSED: pgettext_lazy("match status in a sentence", "closed"),
}


class Side(models.TextChoices):
    # "Home" is also the home page: the context tells the translator which one.
    HOME = "home", pgettext_lazy("the home team", "Home")
    AWAY = "away", pgettext_lazy("the away team", "Away")


class Confirmation(models.TextChoices):
    AWAITING = "awaiting", gettext_lazy("Waiting for the opponent's confirmation")
    DISPUTED = "disputed", gettext_lazy("Disputed: waiting for the commissioner")
    CONFIRMED = "confirmed", gettext_lazy("Confirmed")


class Sequence(models.TextChoices):
    PRE_GAME = "pre_game", gettext_lazy("Pre-game")
    POST_GAME = "post_game", gettext_lazy("Post-game")
