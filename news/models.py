"""A league's news and the coaches' match reports: what a league site lives on.

Rows are written only by ``news.services`` (which take the acting user, check
``news/permissions.py`` and bump the league's and teams' versions) and read through
``news.selectors``. Bodies are Markdown, rendered and sanitised when shown
(``news.markdown.render``); the database holds them non-empty and within
``BODY_MAX_CHARS``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import GreaterThan, LessThanOrEqual
from django.utils.translation import gettext_lazy

from core.validators import no_control_characters

# What a phone's reader scrolls through, and what one render may cost.
BODY_MAX_CHARS = 20_000
TITLE_MAX = 120


def _body_checks(prefix: str) -> list[models.CheckConstraint]:
    return [
        models.CheckConstraint(
            condition=GreaterThan(Length("body"), 0), name=f"{prefix}_body_not_empty"
        ),
        models.CheckConstraint(
            condition=LessThanOrEqual(Length("body"), BODY_MAX_CHARS),
            name=f"{prefix}_body_within_limit",
        ),
    ]


class LeagueNews(models.Model):
    """A news post of a league, written by one of its commissioners."""

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="news")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="league_news"
    )
    title = models.CharField(max_length=TITLE_MAX, validators=[no_control_characters])
    body = models.TextField(help_text="Markdown.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "league news post"
        verbose_name_plural = "league news"
        indexes = [models.Index(fields=["league", "-created_at"], name="news_league_latest")]
        constraints = [
            models.CheckConstraint(condition=~Q(title=""), name="news_title_not_empty"),
            *_body_checks("news"),
        ]

    def __str__(self) -> str:
        return self.title


class MatchReport(models.Model):
    """A coach's write-up of a match, in his own words, for his side.

    Not ``matches.Report``: that is the recorded result (score, casualties, player
    events) both coaches confirm. This is prose about the match, one per side
    (match, team), which its coach may edit afterwards.
    """

    match = models.ForeignKey(
        "matches.Match", on_delete=models.CASCADE, related_name="match_reports"
    )
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="match_reports")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="match_reports"
    )
    body = models.TextField(help_text="Markdown.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["team", "-created_at"], name="match_report_team_latest")]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "team"],
                name="match_report_one_per_side",
                violation_error_message=gettext_lazy(
                    "This side already has a report of this match."
                ),
            ),
            *_body_checks("match_report"),
        ]

    def __str__(self) -> str:
        return f"Report of {self.team} on match #{self.match_id}"
