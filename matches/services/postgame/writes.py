"""The rows a post-game application writes in bulk: the Treasury postings of
both teams in one insert and both team rows in one update, instead of an insert and an
update per posting; the SPP earned in one update; the players' match statistics.

The checks are ``teams.services.post_to_ledger``'s, made by the same function
(``ledger_entry``): the team's row is locked in the open transaction, a posting is
whole gold, and no posting takes the Treasury below zero (``TreasuryError``, nothing
written). Each entry's ``balance_after`` is the
Treasury after it, in order. ``flush`` writes what is pending; the application calls
it before any teams service that reads or locks a team row again, and at its end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Case, F, Value, When
from django.utils import timezone

from core.types import Actor
from matches.models import AppliedEffect, PlayerMatchStats, PostGameApplication
from rules_engine.bb2020.report import PlayerReport
from rules_engine.bb2020.state import TeamState
from rules_engine.wording import Shown
from teams.models import Player, Team, TreasuryEntry
from teams.services.treasury import ledger_entry

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
        note: Shown,
        actor: Actor,
        match_id: int,
        link: Callable[[TreasuryEntry], None],
    ) -> None:
        """Move ``amount`` gold in or out of the locked ``team``'s Treasury (written at
        ``flush``; ``link`` then takes the entry)."""
        entry = ledger_entry(team, amount, reason, note, actor, match_id)
        self.entries.append((entry, link))
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


def add_spp(earning: dict[Any, int]) -> None:
    """Add the SPP each player earned, in one statement (which locks the rows)."""
    if not earning:
        return
    Player.objects.filter(pk__in=list(earning)).update(
        spp_earned=F("spp_earned")
        + Case(*(When(pk=pk, then=Value(amount)) for pk, amount in earning.items()), default=0)
    )


def stats_rows(
    application: PostGameApplication,
    team: Team,
    outcome: Any,
    before: TeamState,
    reports: tuple[PlayerReport, ...],
) -> list[PlayerMatchStats]:
    """The players' match statistics: every player who was available for the match."""
    by_player = {r.player_id: r for r in reports}
    mvp = outcome.mvp.player_id if outcome.mvp else None
    rows = []
    for player in before.players:
        if not player.available:
            continue
        done = by_player.get(player.id)
        rows.append(
            PlayerMatchStats(
                player_id=player.id,
                match_id=application.match_id,
                application=application,
                team=team,
                season_id=application.match.fixture.season_id,
                touchdowns=done.touchdowns if done else 0,
                completions=done.completions if done else 0,
                casualties=(done.casualties + done.other_casualties) if done else 0,
                interceptions=done.interceptions if done else 0,
                deflections=done.deflections if done else 0,
                spp=outcome.spp_of(player.id),
                mvp=mvp is not None and mvp == player.id,
            )
        )
    return rows
