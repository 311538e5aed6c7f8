"""Matches: one per leagues ``Fixture``, from the pre-game to the post-game.

Rows are written only by ``matches.services`` (which take the acting user,
check ``matches/permissions.py``, lock the match row and call the rules engine) and
read through ``matches.selectors``. The database guards what must hold
whoever writes: one current report per match, one report per idempotency key,
one post-game application per report, one stats row per player and match,
rolls numbered without gaps per sequence.

Lifecycle (``Match.status``)::

    scheduled -> pre_game -> in_play -> confirming -> report_submitted -> post_game -> closed

- ``pre_game``: the engine's pre-game runs step by step on ``pre_game_seed``
  and the coaches' ``pre_game_choices``; its last result is ``pre_game_result``.
- ``in_play``: journeymen were taken and inducements paid; ``match_teams``
  holds both teams as they stood at kick-off (the post-game's input); the
  draft report grows one ``MatchEvent`` at a time.
- ``confirming``: one coach submitted the ``Report``; the other confirms it or
  disputes it (``Report.confirmation``); a dispute goes to the commissioner, who
  confirms it or sends it back (the match is in play again, the events a draft).
  Nothing of the post-game has run: it starts on confirmation.
- ``report_submitted``: a ``Report`` is confirmed; the post-game waits for the
  coaches' decisions (BB2020 step 4, hiring and firing: each coach says when
  done, after hiring journeymen, retiring players or buying from the team's
  pages; classic: the winner's re-roll of the winnings). Where the ruleset has
  such a step, what comes before it (results, winnings, fans, SPP, injuries) is
  applied at once (``PostGameApplication`` of phase ``results``).
- ``post_game``: the post-game sequence is complete; a Celery task applies the
  rest (phase ``final``: Expensive Mistakes on the Treasury as it then stands,
  the next game prepared), with its ``AppliedEffect`` rows.
- ``closed``: the coaches are done; corrections remain possible.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

# The choices the match models share live in matches/choices.py, so the split model
# modules import them without importing this module back.
from matches.choices import Confirmation, MatchStatus, Sequence, Side  # noqa: F401 (re-exported)
from rules_engine.wording import Wording, say


class Match(models.Model):
    """The match played for a fixture (league, play-off or friendly)."""

    Status = MatchStatus

    fixture = models.OneToOneField(
        "leagues.Fixture", on_delete=models.PROTECT, related_name="match"
    )
    status = models.CharField(max_length=20, choices=Status, default=Status.SCHEDULED)

    class DiceScheme(models.TextChoices):
        # Each roll keyed by its step, purpose and occurrence (``KeyedDice``).
        KEYED = "keyed", "Keyed by purpose"
        # One stream per sequence (``SeededDice``): matches recorded before the keyed
        # dice keep it, so their stored rolls replay as they were made.
        STREAM = "stream", "One stream"

    dice_scheme = models.CharField(
        max_length=8,
        choices=DiceScheme,
        default=DiceScheme.KEYED,
        help_text="How the seeds give the pre-game's and post-game's dice.",
    )
    pre_game_seed = models.BigIntegerField(
        null=True, blank=True, help_text="Seed of the pre-game's dice (secret until rolled)."
    )
    post_game_seed = models.BigIntegerField(
        null=True, blank=True, help_text="Seed of the post-game's dice; corrections reuse it."
    )
    pre_game_teams = models.JSONField(
        default=dict, blank=True, help_text="Both teams as the pre-game read them: {home, away}."
    )
    pre_game_choices = models.JSONField(
        default=dict, blank=True, help_text="The coaches' answers, in pre_game()'s choices shape."
    )
    pre_game_result = models.JSONField(
        default=dict, blank=True, help_text="The pre-game as run so far: steps, pending, summary."
    )
    match_teams = models.JSONField(
        default=dict,
        blank=True,
        help_text="Both teams at kick-off (journeymen in, inducements paid): {home, away}.",
    )
    report_draft = models.JSONField(
        default=dict,
        blank=True,
        help_text="The report's score and extras saved as a draft while in play.",
    )
    house_rules = models.JSONField(
        default=dict,
        blank=True,
        help_text="The league's house rules in force when the pre-game began ({}: the "
        "edition as written); the pre-game and post-game play by them.",
    )
    pre_game_started_at = models.DateTimeField(null=True, blank=True)
    kicked_off_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "matches"
        required_db_features = ["supports_json_field"]
        indexes = [models.Index(fields=["status"], name="match_status")]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=MatchStatus.values), name="match_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Match #{self.pk}"

    @property
    def title(self) -> Wording:
        """ "Match #12" as a sentence: in the reader's language on a page or in an
        error, and kept as data in a stored line (``label`` is its English text)."""
        return say("Match #{number}", number=self.pk)

    @property
    def label(self) -> str:
        """ "Match #12" as ledger notes and injury records name it."""
        return f"Match #{self.pk}"


class Report(models.Model):
    """One version of a match report. Corrections add a version and keep the old
    one (``is_current`` False) as history."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="reports")
    Confirmation = Confirmation
    # The note of a report the commissioner sent back without a word of his own.
    SENT_BACK = "Sent back by the commissioner."

    version = models.PositiveSmallIntegerField(default=1)
    is_current = models.BooleanField(default=True)
    idempotency_key = models.CharField(
        max_length=100, blank=True, default="", help_text="The submitter's Idempotency-Key."
    )
    body_hash = models.CharField(
        max_length=64, blank=True, help_text="SHA-256 of the submitted body, for idempotent replay."
    )
    home_touchdowns = models.PositiveSmallIntegerField(help_text="Scored on the pitch.")
    away_touchdowns = models.PositiveSmallIntegerField(help_text="Scored on the pitch.")
    conceded_by = models.CharField(max_length=4, choices=Side, blank=True, default="")
    conceded_at_setup_players = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=(
            "Players the conceding team could set up when it conceded before a set-up "
            "(3 or fewer: no penalty); empty for a concession at the start of a turn."
        ),
    )
    # A game scored in points (Blitz Bowl): what each team scored beyond its touchdowns,
    # and how the game ended. Left at their defaults for a BB2020 or classic report.
    home_challenge_cards = models.JSONField(
        default=list, blank=True, help_text="Points of each Challenge card the home team claimed."
    )
    away_challenge_cards = models.JSONField(
        default=list, blank=True, help_text="Points of each Challenge card the away team claimed."
    )
    home_clean_sweeps = models.PositiveSmallIntegerField(default=0)
    away_clean_sweeps = models.PositiveSmallIntegerField(default=0)
    home_bonus_play_points = models.PositiveSmallIntegerField(default=0)
    away_bonus_play_points = models.PositiveSmallIntegerField(default=0)
    sudden_death_winner = models.CharField(
        max_length=4,
        choices=Side,
        blank=True,
        default="",
        help_text="The side that won by a Sudden Death Victory (Blitz Bowl).",
    )
    endgame_reached = models.BooleanField(
        default=False, help_text="The Endgame had begun (no Sudden Death Victory after it)."
    )
    team_extras = models.JSONField(
        default=dict,
        blank=True,
        help_text="Team fields the league's report adds, e.g. {'home_stalled': true} (BB2025).",
    )
    post_game_choices = models.JSONField(
        default=dict, blank=True, help_text="Step 4 answers per side, post_game()'s choices shape."
    )
    post_game_input = models.JSONField(
        default=dict,
        blank=True,
        help_text=(
            "What each team held when the post-game read it, per side: treasury and "
            "dedicated_fans when its results were applied, step_4_treasury when step 5 rolled."
        ),
    )
    results_ready = models.BooleanField(
        default=False,
        help_text="The steps before the coaches' hiring step are complete (applied apart).",
    )
    hiring_deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text="After it, the commissioner may end the hiring step for a coach not done.",
    )
    post_game_result = models.JSONField(default=dict, blank=True)
    post_game_complete = models.BooleanField(default=False)
    note = models.CharField(max_length=300, blank=True, help_text="Why a correction was made.")
    confirmation = models.CharField(
        max_length=10,
        choices=Confirmation,
        default=Confirmation.CONFIRMED,
        help_text="The opponent's answer to a submitted report (corrections: confirmed).",
    )
    confirm_deadline = models.DateTimeField(
        null=True, blank=True, help_text="After it, the commissioner may confirm on behalf."
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    dispute_note = models.CharField(
        max_length=500, blank=True, default="", help_text="What the opponent disputes."
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now_add=True)
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match_id", "version"]
        required_db_features = ["supports_json_field"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(is_current=True),
                name="report_one_current_per_match",
                violation_error_message="This match already has a report.",
            ),
            models.UniqueConstraint(
                fields=["match", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="report_idempotency_key_unique",
            ),
            models.UniqueConstraint(fields=["match", "version"], name="report_version_unique"),
            models.CheckConstraint(
                condition=Q(conceded_by__in=["", "home", "away"]), name="report_conceded_by_side"
            ),
            models.CheckConstraint(
                condition=~Q(conceded_by="") | Q(conceded_at_setup_players__isnull=True),
                name="report_setup_players_only_when_conceded",
            ),
            models.CheckConstraint(
                condition=Q(sudden_death_winner__in=["", "home", "away"]),
                name="report_sudden_death_winner_side",
            ),
        ]

    def __str__(self) -> str:
        return f"Match #{self.match_id} report v{self.version}"

    @property
    def note_shown(self) -> str:
        """The note as a page shows it: the commissioner's own words as he wrote them,
        the site's (``SENT_BACK``) in the reader's language."""
        if self.note == self.SENT_BACK:
            return str(say("Sent back by the commissioner."))
        return self.note


# A match's events and rolls, and what its post-game applied, live in their own modules
# (models.py is long enough); every model is still imported from here.
from matches.models_events import (  # noqa: E402, F401
    KICK_OFF_EVENTS,
    PLAYER_EVENTS,
    DiceRoll,
    EventKind,
    InjuryResult,
    MatchEvent,
)
from matches.models_postgame import (  # noqa: E402, F401
    ApplicationPhase,
    AppliedEffect,
    EffectKind,
    PlayerMatchStats,
    PostGameApplication,
    ShortfallStatus,
    SppShortfall,
)
from matches.models_totals import PlayerSeasonTotals  # noqa: E402, F401
