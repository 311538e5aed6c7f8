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


class Match(models.Model):
    """The match played for a fixture (league, play-off or friendly)."""

    Status = MatchStatus

    fixture = models.OneToOneField(
        "leagues.Fixture", on_delete=models.PROTECT, related_name="match"
    )
    status = models.CharField(max_length=20, choices=Status, default=Status.SCHEDULED)
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
    def label(self) -> str:
        """ "Match #12" as ledger notes and injury records name it."""
        return f"Match #{self.pk}"


class Report(models.Model):
    """One version of a match report. Corrections add a version and keep the old
    one (``is_current`` False) as history."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="reports")
    Confirmation = Confirmation

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


class EventKind(models.TextChoices):
    TOUCHDOWN = "touchdown", "Touchdown"
    COMPLETION = "completion", "Completion"
    DEFLECTION = "deflection", "Deflection"
    INTERCEPTION = "interception", "Interception"
    CASUALTY = "casualty", "Casualty caused"
    INJURY = "injury", "Injury suffered"
    SENT_OFF = "sent_off", "Sent off"
    WEATHER_CHANGE = "weather_change", "Weather change"
    BRIBE = "bribe", "Bribe used"
    KICK_OFF = "kick_off", "Kick-off event"
    # Only where the league's report counts them (matches.services.report_extras).
    LANDING = "landing", "Thrown team-mate landed safely"


# Events done by (or to) a player; the others are kick-off events kept for the record.
PLAYER_EVENTS = (
    EventKind.TOUCHDOWN,
    EventKind.COMPLETION,
    EventKind.DEFLECTION,
    EventKind.INTERCEPTION,
    EventKind.CASUALTY,
    EventKind.INJURY,
    EventKind.SENT_OFF,
    EventKind.LANDING,
)
KICK_OFF_EVENTS = (EventKind.WEATHER_CHANGE, EventKind.BRIBE, EventKind.KICK_OFF)


class InjuryResult(models.TextChoices):
    """The Casualty table's result a player ended the game with (after any apothecary)."""

    BADLY_HURT = "badly_hurt", "Badly hurt"
    SERIOUSLY_HURT = "seriously_hurt", "Seriously hurt (miss next game)"
    SERIOUS_INJURY = "serious_injury", "Serious injury (niggling injury)"
    LASTING_INJURY = "lasting_injury", "Lasting injury"
    DEAD = "dead", "Dead"


class MatchEvent(models.Model):
    """One tap of the match report: who did (or suffered) what.

    ``report`` is empty while the event belongs to the draft of a match in
    play; a submitted report owns its events. ``side`` is the side of the
    player (or of the team that bribed); a weather change has none.
    """

    Kind = EventKind
    Injury = InjuryResult

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    report = models.ForeignKey(
        Report, on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    side = models.CharField(max_length=4, choices=Side, blank=True, default="")
    player = models.ForeignKey(
        "teams.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    victim = models.ForeignKey(
        "teams.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    by_block = models.BooleanField(
        default=True, help_text="A casualty caused by a Block (2 SPP); else a foul or the like."
    )
    injury = models.CharField(max_length=20, choices=Injury, blank=True, default="")
    characteristic = models.CharField(
        max_length=2,
        blank=True,
        default="",
        help_text="The characteristic a Lasting Injury reduced: ma, st, ag, pa or av.",
    )
    apothecary_used = models.BooleanField(default=False)
    detail = models.CharField(max_length=200, blank=True, help_text="Weather, kick-off result...")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match_id", "id"]
        indexes = [models.Index(fields=["match", "report"], name="match_event_report")]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=EventKind.values), name="event_kind_valid"),
            models.CheckConstraint(
                condition=Q(side__in=["", "home", "away"]), name="event_side_valid"
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=PLAYER_EVENTS) | Q(player__isnull=False),
                name="event_player_when_player_event",
            ),
            models.CheckConstraint(
                condition=Q(kind=EventKind.CASUALTY) | Q(victim__isnull=True),
                name="event_victim_only_for_casualty",
            ),
            models.CheckConstraint(
                condition=(Q(kind=EventKind.INJURY) & ~Q(injury=""))
                | (~Q(kind=EventKind.INJURY) & Q(injury="")),
                name="event_injury_iff_injury_event",
            ),
            models.CheckConstraint(
                condition=(Q(injury=InjuryResult.LASTING_INJURY) & ~Q(characteristic=""))
                | (~Q(injury=InjuryResult.LASTING_INJURY) & Q(characteristic="")),
                name="event_characteristic_iff_lasting",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.side or '-'})"


class DiceRoll(models.Model):
    """One roll of a pre-game or post-game, in the order the engine made it.

    Pre-game rolls belong to the match; post-game rolls to the report version
    they were made for (a correction re-runs the post-game on the same seed).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="dice_rolls")
    report = models.ForeignKey(
        Report, on_delete=models.CASCADE, null=True, blank=True, related_name="dice_rolls"
    )
    sequence = models.CharField(max_length=10, choices=Sequence)
    index = models.PositiveIntegerField(help_text="0 for the sequence's first roll.")
    step = models.CharField(max_length=40)
    purpose = models.CharField(max_length=200)
    die = models.CharField(max_length=8)
    result = models.JSONField(help_text="A number, [d6, d6] for 2D6, or a block die face.")

    class Meta:
        ordering = ["match_id", "sequence", "report_id", "index"]
        required_db_features = ["supports_json_field"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "index"],
                condition=Q(sequence="pre_game"),
                name="dice_pre_game_index_unique",
            ),
            models.UniqueConstraint(
                fields=["report", "index"],
                condition=Q(sequence="post_game"),
                name="dice_post_game_index_unique",
            ),
            models.CheckConstraint(
                condition=(Q(sequence="pre_game") & Q(report__isnull=True))
                | (Q(sequence="post_game") & Q(report__isnull=False)),
                name="dice_report_iff_post_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sequence} #{self.index}: {self.die} {self.result} ({self.purpose})"

    def as_roll(self) -> dict:
        """The roll as ``rules_engine.dice.Roll.from_dict`` reads it (for a replay)."""
        return {"purpose": self.purpose, "die": self.die, "result": self.result}


class ApplicationPhase(models.TextChoices):
    RESULTS = "results", "Results (the steps before hiring)"
    FINAL = "final", "Final (hiring onward; the whole post-game where nothing waits)"


class PostGameApplication(models.Model):
    """The post-game of one report, applied to the teams: one row per phase and report
    (the task that applies it may run twice: the second run finds the row).

    A ruleset whose post-game holds at a hiring step (BB2020 step 4) is applied in two
    phases: ``results`` at once, ``final`` when the coaches are done. Otherwise one
    ``final`` application holds the whole post-game."""

    Phase = ApplicationPhase

    report = models.ForeignKey(Report, on_delete=models.PROTECT, related_name="applications")
    phase = models.CharField(max_length=8, choices=Phase, default=Phase.FINAL)
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="applications")
    applied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    applied_at = models.DateTimeField(auto_now_add=True)
    reverted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match_id", "applied_at", "id"]
        constraints = [
            # A correction that re-derives a later match reverts its application and applies
            # the same report again: one application in force per report and phase.
            models.UniqueConstraint(
                fields=["report", "phase"],
                condition=Q(reverted_at__isnull=True),
                name="application_one_per_phase",
            ),
            models.CheckConstraint(
                condition=Q(phase__in=ApplicationPhase.values), name="application_phase_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Post-game of {self.report} ({self.phase})"

    @property
    def is_reverted(self) -> bool:
        return self.reverted_at is not None


class EffectKind(models.TextChoices):
    LEDGER = "ledger", "Ledger entry"
    DEDICATED_FANS = "dedicated_fans", "Dedicated Fans"
    SPP = "spp", "SPP earned"
    INJURY = "injury", "Injury"
    MISS_NEXT_GAME = "miss_next_game", "Miss next game"
    STATUS = "status", "Player status"
    JOURNEYMAN_HIRED = "journeyman_hired", "Journeyman hired"
    TEMPORARILY_RETIRED = "temporarily_retired", "Temporarily retired"
    IMPROVEMENT_ROLL = "improvement_roll", "Improvement roll owed"
    SPP_GRANT = "spp_grant", "SPP kept after a correction"
    SKILL_GAINED = "skill_gained", "Skill gained in the post-game (Hatred)"


class AppliedEffect(models.Model):
    """One change a post-game made, kept so a correction can invert it.

    ``amount`` is the gold of a ledger entry or the change of a count (SPP,
    Dedicated Fans, Niggling Injuries); ``before``/``after`` hold the values a
    flag, status or characteristic had on either side of the change.
    """

    Kind = EffectKind

    application = models.ForeignKey(
        PostGameApplication, on_delete=models.CASCADE, related_name="effects"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(
        "teams.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    amount = models.BigIntegerField(default=0)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    ledger_entry = models.ForeignKey(
        "teams.TreasuryEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    injury_record = models.ForeignKey(
        "teams.InjuryRecord", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reversal_entry = models.ForeignKey(
        "teams.TreasuryEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["application_id", "id"]
        required_db_features = ["supports_json_field"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=EffectKind.values), name="effect_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount:+d}"


class PlayerMatchStats(models.Model):
    """What one player did in one applied match: the leaderboards sum these."""

    player = models.ForeignKey("teams.Player", on_delete=models.PROTECT, related_name="match_stats")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="player_stats")
    application = models.ForeignKey(
        PostGameApplication, on_delete=models.CASCADE, related_name="player_stats"
    )
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    season = models.ForeignKey(
        "leagues.Season", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    touchdowns = models.PositiveSmallIntegerField(default=0)
    completions = models.PositiveSmallIntegerField(default=0)
    casualties = models.PositiveSmallIntegerField(default=0, help_text="Caused, any way.")
    interceptions = models.PositiveSmallIntegerField(default=0)
    deflections = models.PositiveSmallIntegerField(default=0)
    spp = models.PositiveSmallIntegerField(default=0, help_text="SPP earned, MVP included.")
    mvp = models.BooleanField(default=False)

    class Meta:
        ordering = ["match_id", "team_id", "player_id"]
        verbose_name_plural = "player match stats"
        indexes = [models.Index(fields=["season", "player"], name="stats_season_player")]
        constraints = [
            models.UniqueConstraint(fields=["player", "match"], name="stats_one_row_per_match"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in match #{self.match_id}"


class ShortfallStatus(models.TextChoices):
    OPEN = "open", "Waiting for the commissioner"
    GRANTED = "granted", "SPP granted"
    UNDONE = "undone", "Advancements undone"


class SppShortfall(models.Model):
    """A player whose SPP a correction took back after he had spent them on
    advancements: the correction keeps his SPP whole for now (an ``SPP_GRANT``
    effect of the corrected report's application) and the commissioner decides:
    grant them for good, or undo his latest advancements (with their value)."""

    Status = ShortfallStatus

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="shortfalls")
    player = models.ForeignKey("teams.Player", on_delete=models.PROTECT, related_name="+")
    spp = models.PositiveSmallIntegerField(help_text="SPP the correction would have taken back.")
    status = models.CharField(max_length=8, choices=Status, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["report_id", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(spp__gt=0), name="shortfall_spp_positive"),
            models.CheckConstraint(
                condition=Q(status__in=ShortfallStatus.values), name="shortfall_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.spp} SPP of player #{self.player_id} ({self.status})"
