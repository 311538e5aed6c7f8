"""The team rows and ledger entries a post-game application changes, written together
(issue 15): the Treasury postings of both teams in one insert and both team rows in
one update, instead of an insert and an update per posting.

The checks are ``teams.services.post_to_ledger``'s: the team's row is locked in the
open transaction, a posting is whole gold, and no posting takes the Treasury below
zero (``TreasuryError``, nothing written). Each entry's ``balance_after`` is the
Treasury after it, in order. ``flush`` writes what is pending; the application calls
it before any teams service that reads or locks a team row again, and at its end.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from config.types import Actor
from matches.models import AppliedEffect
from teams.audit import saved_user
from teams.errors import TreasuryError
from teams.models import LedgerReason, Team, TreasuryEntry
from teams.services._common import gp, is_locked

TEAM_FIELDS = ["treasury", "dedicated_fans", "updated_at"]


class TeamWrites:
    """Ledger entries and team rows changed in memory, written by ``flush``."""

    def __init__(self) -> None:
        self.entries: list[tuple[TreasuryEntry, Callable[[TreasuryEntry], None]]] = []
        self.dirty: dict[int, Team] = {}

    def post(
        self,
        team: Team,
        amount: int,
        reason: str,
        note: str,
        actor: Actor,
        match_id: int,
        link: Callable[[TreasuryEntry], None],
    ) -> None:
        """Move ``amount`` gold in or out of the locked ``team``'s Treasury (written at
        ``flush``; ``link`` then takes the entry)."""
        if not is_locked(team):
            raise transaction.TransactionManagementError(
                "a posting needs the team row locked by lock_team() in the open transaction"
            )
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise TypeError(f"ledger amounts are whole gold pieces, not {amount!r}")
        balance = team.treasury + amount
        if balance < 0:
            raise TreasuryError(
                f"Not enough gold in the treasury: {note} costs {gp(-amount)}; "
                f"the treasury holds {gp(team.treasury)}"
            )
        entry = TreasuryEntry(
            team=team,
            amount=amount,
            reason=LedgerReason(reason),
            note=note,
            balance_after=balance,
            created_by=saved_user(actor),
            match_id=match_id,
        )
        self.entries.append((entry, link))
        team.treasury = balance
        self.changed(team)

    def changed(self, team: Team) -> None:
        """``team``'s Treasury or Dedicated Fans changed in memory: written at ``flush``."""
        self.dirty[team.pk] = team

    def flush(self) -> None:
        """Insert the pending entries (one statement) and update the changed team rows
        (one statement)."""
        if self.entries:
            made = TreasuryEntry.objects.bulk_create([entry for entry, _ in self.entries])
            for entry, (_, link) in zip(made, self.entries, strict=True):
                link(entry)
        if self.dirty:
            now = timezone.now()
            for team in self.dirty.values():
                team.updated_at = now
            Team.objects.bulk_update(list(self.dirty.values()), TEAM_FIELDS)
        self.entries, self.dirty = [], {}


class EffectsBatch:
    """The ledger entries, team rows and effect rows of one or more phases applied in
    one transaction, written together by ``finish`` (their stats and SPP are written
    per phase)."""

    def __init__(self) -> None:
        self.writes = TeamWrites()
        self.made: list[AppliedEffect] = []

    def finish(self) -> None:
        self.writes.flush()
        AppliedEffect.objects.bulk_create(self.made)
        self.made = []
