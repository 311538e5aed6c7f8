"""Leagues, seasons, divisions, fixtures and the adjustments a commissioner makes.

Rows are written only by ``leagues.services`` (which take the acting user,
lock what they change and raise ``LeagueError`` with a message for the coach)
and read through ``leagues.selectors``. The database guards what must never
be wrong whoever writes: a team playing itself, negative scores, a result on
a fixture that was not played, a conceding team that did not lose, a winner
who was not in the match.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from core.validators import known_time_zone, no_control_characters
from rules_engine.bb2020.redraft import REDRAFT_BASE

# A re-draft cap above any budget a team could reach is no cap (the rulebook suggests
# 1,300,000 gp); the bound keeps the number one the database stores.
MAX_REDRAFT_BUDGET_CAP = 100_000_000
REDRAFT_CAP_MESSAGE = lazy(
    lambda: (
        gettext("A re-draft cap is at most %(cap)s gp; leave it empty for no cap.")
        % {"cap": f"{MAX_REDRAFT_BUDGET_CAP:,}"}
    ),
    str,
)()


class TieBreaker(models.TextChoices):
    """What separates teams level on points, in the order a league lists them."""

    TOUCHDOWN_DIFFERENCE = "touchdown_difference", gettext_lazy("Touchdown difference")
    TOUCHDOWNS_SCORED = "touchdowns_scored", gettext_lazy("Touchdowns scored")
    CASUALTIES = "casualties", gettext_lazy("Casualties caused")
    CASUALTY_DIFFERENCE = "casualty_difference", gettext_lazy("Casualty difference")
    HEAD_TO_HEAD = "head_to_head", gettext_lazy("Head-to-head points")
    FEWEST_CONCEDED_MATCHES = "fewest_conceded_matches", gettext_lazy("Fewest conceded matches")


def default_tie_breakers() -> list[str]:
    """Facts §5 (p.98): ties broken by total touchdowns, then total casualties."""
    return [TieBreaker.TOUCHDOWNS_SCORED.value, TieBreaker.CASUALTIES.value]


class League(models.Model):
    """A league: its ruleset, its commissioners and how it scores a season."""

    name = models.CharField(max_length=100, validators=[no_control_characters])
    ruleset = models.CharField(max_length=40, help_text="Key of the rules engine's ruleset.")
    # Deadlines end at midnight here, and calendars show kick-off times in it.
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[known_time_zone],
        help_text="The league's time zone, e.g. Europe/Paris.",
    )
    # Mails and webhooks go out in it, and pages show it to a visitor whose browser
    # asks for none of the site's languages.
    language = models.CharField(
        max_length=8,
        default=settings.LANGUAGE_CODE,
        choices=settings.LANGUAGES,
        help_text="The language of the league's mails, webhooks and pages by default.",
    )
    commissioners = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="commissioned_leagues"
    )
    # Facts §5 (p.98): W 3 / D 1 / L 0.
    points_for_win = models.SmallIntegerField(default=3)
    points_for_draw = models.SmallIntegerField(default=1)
    points_for_loss = models.SmallIntegerField(default=0)
    bonus_three_touchdowns = models.BooleanField(
        default=False, help_text="+1 point for scoring 3 or more touchdowns in a match."
    )
    bonus_clean_sheet = models.BooleanField(
        default=False, help_text="+1 point for conceding no touchdown in a match."
    )
    bonus_three_casualties = models.BooleanField(
        default=False, help_text="+1 point for causing 3 or more casualties in a match."
    )
    tie_breakers = models.JSONField(
        default=default_tie_breakers,
        help_text="Ordered list of: " + ", ".join(TieBreaker.values),
    )
    redraft_budget_cap = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_REDRAFT_BUDGET_CAP, REDRAFT_CAP_MESSAGE)],
        help_text="Cap on the re-draft budget between seasons (facts §5: e.g. 1,300,000 gp).",
    )
    # One column, so one holder per league: set by the play-offs when a final decides
    # a champion, kept until the league's next final does (facts §5).
    trophy_holder = models.ForeignKey(
        "teams.Team",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="league_trophies_held",
        help_text=(
            "The champion of the league's last final: holds the League Trophy (one free "
            "re-roll while held, counts in TV; facts §5)."
        ),
    )
    # Accounts (leagues/invites.py): who coaches here, and whether a visitor may
    # make an account and join without an invite link.
    coaches = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="coached_leagues",
        blank=True,
        help_text="Coaches who joined by an invite link or the league's open sign-up.",
    )
    allow_signup = models.BooleanField(
        default=False,
        help_text="Anyone may sign up and join as a coach, without an invite link.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="league_name_unique_ignoring_case",
                violation_error_message=gettext_lazy("A league with this name already exists."),
            ),
            models.CheckConstraint(
                condition=Q(points_for_win__gte=F("points_for_draw"))
                & Q(points_for_draw__gte=F("points_for_loss")),
                name="league_points_win_draw_loss_ordered",
                violation_error_message=gettext_lazy(
                    "A win must earn at least a draw, a draw at least a loss."
                ),
            ),
            models.CheckConstraint(
                condition=Q(language__in=[code for code, _name in settings.LANGUAGES]),
                name="league_language_known",
                violation_error_message=gettext_lazy("Choose one of the site's languages."),
            ),
            models.CheckConstraint(
                condition=Q(redraft_budget_cap__isnull=True)
                | Q(redraft_budget_cap__gte=REDRAFT_BASE),
                name="league_redraft_cap_at_least_budget",
                violation_error_message=lazy(
                    lambda: (
                        gettext("A re-draft cap below %(base)s gp is below the budget.")
                        % {"base": f"{REDRAFT_BASE:,}"}
                    ),
                    str,
                )(),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class LeagueInvite(models.Model):
    """A link that makes whoever opens it a coach of the league (leagues/invites.py):
    unguessable, until ``expires_at``, for ``max_uses`` coaches (1: one person)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    max_uses = models.PositiveSmallIntegerField(default=1)
    uses = models.PositiveSmallIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(max_uses__gte=1), name="invite_max_uses_positive"),
            models.CheckConstraint(
                condition=Q(uses__lte=F("max_uses")), name="invite_uses_within_max"
            ),
        ]

    def __str__(self) -> str:
        return f"Invite to {self.league} ({self.uses}/{self.max_uses} used)"


class SeasonStatus(models.TextChoices):
    SIGN_UP = "sign_up", gettext_lazy("Sign-up")
    REGULAR_SEASON = "regular_season", gettext_lazy("Regular season")
    PLAYOFFS = "playoffs", gettext_lazy("Play-offs")
    FINISHED = "finished", gettext_lazy("Finished")


class SeasonFormat(models.TextChoices):
    DOUBLE_ROUND_ROBIN = "double", gettext_lazy("Double round robin")
    SINGLE_ROUND_ROBIN = "single", gettext_lazy("Single round robin")


class PlayoffFormat(models.TextChoices):
    TOP_FOUR = "top_four", gettext_lazy("Top four")
    TOP_TWO_PER_DIVISION = "top_two_per_division", gettext_lazy("Top two of each of two divisions")
    DIVISION_WINNERS_WILD_CARD = (
        "division_winners_wild_card",
        gettext_lazy("Division winners plus wild cards"),
    )


class Season(models.Model):
    """One season of a league, from sign-up to the final."""

    Status = SeasonStatus
    Format = SeasonFormat
    PlayoffFormat = PlayoffFormat

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=20, choices=Status, default=Status.SIGN_UP)
    format = models.CharField(max_length=10, choices=Format, default=Format.DOUBLE_ROUND_ROBIN)
    playoff_format = models.CharField(
        max_length=30, choices=PlayoffFormat, default=PlayoffFormat.TOP_FOUR
    )
    champion = models.ForeignKey(
        "teams.Team",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Winner of the final: holds the League Trophy (facts §5).",
    )
    prizes_paid_at = models.DateTimeField(null=True, blank=True)
    # The edition the season is played under: the league's when it opened. A league
    # may move to another edition at a re-draft (rules_engine.edition_change); its
    # earlier seasons, their matches and history stay under their own.
    ruleset = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="Key of the rules engine's ruleset the season is played under.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "number"],
                name="season_number_unique_in_league",
                violation_error_message=gettext_lazy(
                    "The league already has a season with this number."
                ),
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="season_number_positive"),
            models.CheckConstraint(
                condition=Q(status__in=SeasonStatus.values), name="season_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(format__in=SeasonFormat.values), name="season_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(playoff_format__in=PlayoffFormat.values),
                name="season_playoff_format_valid",
            ),
        ]

    def __str__(self) -> str:
        # Read on pages (headings, lists, messages) in the reader's language; a stored
        # line names its season with ``leagues.services._common.season_said``.
        return gettext("%(league)s, season %(number)s") % {
            "league": self.league.name,
            "number": self.number,
        }

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.ruleset:
            self.ruleset = self.league.ruleset
        super().save(*args, **kwargs)


class Division(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(max_length=60)

    class Meta:
        ordering = ["season", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "name"],
                name="division_name_unique_in_season",
                violation_error_message=gettext_lazy(
                    "The season already has a division with this name."
                ),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TeamEntry(models.Model):
    """A team signed up for a season; ``division`` is set when it is admitted."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    division = models.ForeignKey(
        Division, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="league_entries")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "division", "team__name"]
        verbose_name_plural = "team entries"
        constraints = [
            models.UniqueConstraint(
                fields=["season", "team"],
                name="team_entry_unique_in_season",
                violation_error_message=gettext_lazy("The team is already entered in this season."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} in {self.season}"

    @property
    def admitted(self) -> bool:
        return self.division_id is not None


class Round(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    deadline = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class PointsAdjustment(models.Model):
    """Points a commissioner takes away (or gives back), with the reason."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="adjustments")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    points = models.SmallIntegerField(help_text="Negative to dock points, e.g. -3.")
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "created_at", "id"]
        indexes = [models.Index(fields=["season", "team"], name="adjustment_season_team")]
        constraints = [
            models.CheckConstraint(condition=~Q(points=0), name="adjustment_points_not_zero"),
            models.CheckConstraint(condition=~Q(reason=""), name="adjustment_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.points:+d} ({self.reason})"


# A season's fixtures and the maintained league table live in their own modules
# (models.py is long enough); every model is still imported from here.
from leagues.models_fixtures import (  # noqa: E402, F401
    DecidedBy,
    Fixture,
    FixtureKind,
    FixtureStatus,
    PlayoffStage,
)
from leagues.models_house_rules import HouseRules  # noqa: E402, F401
from leagues.models_kickoff import KickoffSlot  # noqa: E402, F401
from leagues.models_ratings import RatingChange, RatingSubject  # noqa: E402, F401
from leagues.models_standings import StandingTotals  # noqa: E402, F401
