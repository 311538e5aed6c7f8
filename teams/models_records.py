"""A team's records: its ledger (the gold its treasury sums), its re-drafts and the
audit trail of every change.

Split from ``teams.models`` (which re-exports every name here). Foreign keys name
``teams.Team`` by label so this module needs nothing of ``teams.models``; the
database guards what must never be wrong whoever writes: a ledger balance below zero,
a re-draft costing more than its budget or between one season and itself.
"""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from rules_engine.wording import shown_from

AUDIT_MESSAGE_MAX = 300


class LedgerReason(models.TextChoices):
    DRAFT_BUDGET = "draft_budget", gettext_lazy("Draft budget")
    DRAFT_PURCHASE = "draft_purchase", gettext_lazy("Draft purchase")
    HIRE_PLAYER = "hire_player", gettext_lazy("Player hired")
    STAFF = "staff", gettext_lazy("Sideline staff")
    REROLL = "reroll", gettext_lazy("Team re-roll")
    JOURNEYMAN_HIRE = "journeyman_hire", gettext_lazy("Journeyman hired permanently")
    INDUCEMENT = "inducement", gettext_lazy("Inducements")
    WINNINGS = "winnings", gettext_lazy("Winnings")
    EXPENSIVE_MISTAKE = "expensive_mistake", gettext_lazy("Expensive mistake")
    SPIRALLING_EXPENSES = "spiralling_expenses", gettext_lazy("Spiralling expenses")
    PURCHASES = "purchases", gettext_lazy("Purchases after a match")
    PRIZE = "prize", gettext_lazy("Prize")
    CORRECTION = "correction", gettext_lazy("Correction")
    REDRAFT = "redraft", gettext_lazy("Re-draft")
    IMPORT = "import", gettext_lazy("Imported team")


class TreasuryEntry(models.Model):
    """One movement of gold: the ledger a team's treasury is the sum of.

    Written only by ``teams.services.treasury.post_to_ledger`` inside the
    transaction that locks the team and updates ``Team.treasury``.
    ``match`` is the match a posting comes from (winnings, inducements, expensive
    mistakes); ``match_ref`` reads its id.
    """

    Reason = LedgerReason

    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="ledger_entries")
    amount = models.BigIntegerField(help_text="Gold pieces; negative when gold leaves.")
    reason = models.CharField(max_length=20, choices=Reason)
    note = models.CharField(max_length=200, help_text='For the coach: "Hired Blitzer #7 Karl".')
    note_said = models.JSONField(
        null=True,
        blank=True,
        help_text="The note as a sentence for its reader's language (None: English only).",
    )
    balance_after = models.BigIntegerField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    match = models.ForeignKey(
        "matches.Match",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_entries",
        help_text="The match this posting comes from.",
    )

    class Meta:
        ordering = ["team_id", "created_at", "id"]
        verbose_name_plural = "treasury entries"
        indexes = [models.Index(fields=["team", "created_at"], name="ledger_team_created")]
        constraints = [
            models.CheckConstraint(
                condition=Q(balance_after__gte=0), name="ledger_balance_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(reason__in=LedgerReason.values), name="ledger_reason_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.amount:+,} gp ({self.note})"

    @property
    def shown_note(self) -> str:
        """The note in the active language where the posting kept its sentence."""
        return str(shown_from(self.note_said, self.note))

    @property
    def match_ref(self) -> int | None:
        """The id of the match this posting comes from (``match_id``)."""
        return self.match_id


class Redraft(models.Model):
    """A team's re-draft between two seasons of its league (facts §5): the season's
    record that made the budget, what the re-draft cost, and every roll it made.

    Written only by ``teams.services.redraft.perform_redraft`` in the transaction that
    re-drafts the team and enters it into ``to_season``; one per team and closed
    season. ``rehired`` lists ``{player, name, seasons, fee}`` (seasons played before
    this re-draft; the next re-draft counts this one), ``hired`` the new players' ids,
    ``rolls`` ``[{purpose, die, result}]`` as the dice recorded them.
    """

    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="redrafts")
    from_season = models.ForeignKey("leagues.Season", on_delete=models.PROTECT, related_name="+")
    to_season = models.ForeignKey("leagues.Season", on_delete=models.PROTECT, related_name="+")
    treasury = models.PositiveBigIntegerField(help_text="Gold pieces before the re-draft.")
    games_played = models.PositiveSmallIntegerField()
    league_wins = models.PositiveSmallIntegerField()
    league_draws = models.PositiveSmallIntegerField()
    cap = models.PositiveIntegerField(null=True, blank=True, help_text="The league's cap.")
    budget = models.PositiveBigIntegerField(help_text="Gold pieces.")
    cost = models.PositiveBigIntegerField(help_text="Gold pieces.")
    rehired = models.JSONField(default=list, blank=True)
    hired = models.JSONField(default=list, blank=True)
    rolls = models.JSONField(default=list, blank=True)
    # A re-draft into another edition (teams.services.edition_change): {from, to,
    # players: [{player, from_position, position, skills, dropped...}], losses: [...]}.
    edition_change = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["team_id", "created_at", "id"]
        required_db_features = ["supports_json_field"]  # see Advancement.Meta
        constraints = [
            models.UniqueConstraint(
                fields=["team", "from_season"],
                name="redraft_once_per_team_and_season",
                violation_error_message="The team has already re-drafted after this season.",
            ),
            models.CheckConstraint(
                condition=~Q(from_season=models.F("to_season")),
                name="redraft_between_two_seasons",
            ),
            models.CheckConstraint(
                condition=Q(league_wins__lte=models.F("games_played") - models.F("league_draws")),
                name="redraft_wins_and_draws_at_most_games",
            ),
            models.CheckConstraint(
                condition=Q(cost__lte=models.F("budget")), name="redraft_cost_within_budget"
            ),
            models.CheckConstraint(
                condition=Q(cap__isnull=True) | Q(budget__lte=models.F("cap")),
                name="redraft_budget_within_cap",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} re-drafted for season {self.to_season_id}"

    @property
    def remaining(self) -> int:
        return self.budget - self.cost


class AuditEntry(models.Model):
    """Who changed what, when and why: one row per change a commissioner or coach
    makes to results, fixtures, treasuries or rosters.

    Written only by ``teams.audit.log_action``, called by the service inside the
    transaction of the change, so the row commits or rolls back with it. ``action``
    is a short verb key ("fixture.reschedule", "team.hire_player"); ``message`` the
    sentence the pages show; ``data`` the values before and after. ``team`` is the
    team changed, ``other_team`` the second team of a fixture or match.
    """

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    message = models.CharField(max_length=AUDIT_MESSAGE_MAX)
    message_said = models.JSONField(
        null=True,
        blank=True,
        help_text="The message as a sentence for its reader's language (None: English only).",
    )
    league = models.ForeignKey(
        "leagues.League", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    team = models.ForeignKey(
        "teams.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries"
    )
    other_team = models.ForeignKey(
        "teams.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    data = models.JSONField(default=dict, blank=True, encoder=DjangoJSONEncoder)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        required_db_features = ["supports_json_field"]  # see Advancement.Meta
        indexes = [
            models.Index(fields=["league", "-at"], name="audit_league_at"),
            models.Index(fields=["team", "-at"], name="audit_team_at"),
            models.Index(fields=["other_team", "-at"], name="audit_other_team_at"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.message}"

    @property
    def shown_message(self) -> str:
        """The message in the active language where the change kept its sentence."""
        return str(shown_from(self.message_said, self.message))
