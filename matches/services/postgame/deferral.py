"""Gold and SPP a correction moves, held back until every re-derived match's effects
are written (``deferred``), then posted credits first (``settle_deferred``): a team that
spent its winnings since never dips below zero half-way, and SPP a player already spent
are kept for the commissioner to decide (``SppShortfall``). Outside a correction, gold
is posted at once (``post_gold``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Protocol

from core.types import Actor
from matches.errors import MatchError
from matches.models import AppliedEffect, EffectKind, PostGameApplication, SppShortfall
from teams.models import Team, TreasuryEntry
from teams.services import post_to_ledger
from teams.services._common import lock_player, lock_team


@dataclass
class _Gold:
    team_id: int
    amount: int
    reason: str
    note: str
    actor: Actor
    match_id: int
    link: Callable[[TreasuryEntry], None]


@dataclass
class Deferred:
    """What a correction moves in and out of treasuries and SPP, held until every
    re-derived match's effects are written, so a team that spent its winnings since
    never dips below zero half-way: gold coming back is posted before gold taken back,
    and SPP taken back after all SPP given."""

    gold: list[_Gold] = field(default_factory=list)
    spp: dict[int, int] = field(default_factory=dict)  # player id -> SPP taken back


class HoldsLock(Protocol):
    def locked(self) -> Team: ...


_DEFERRED: ContextVar[Deferred | None] = ContextVar("dugout_deferred_effects", default=None)


@contextmanager
def deferred() -> Iterator[Deferred]:
    """Hold gold and SPP taken back until ``settle_deferred``."""
    held = Deferred()
    token = _DEFERRED.set(held)
    try:
        yield held
    finally:
        _DEFERRED.reset(token)


def post_gold(
    team_id: int,
    amount: int,
    reason: str,
    note: str,
    actor: Actor,
    match_id: int,
    link: Callable[[TreasuryEntry], None],
    locked: HoldsLock | None = None,
) -> None:
    """Post ``amount`` to the team's ledger now (on the row ``locked`` holds, else
    locked here), or hold it back while a correction is under way; ``link`` takes the
    entry once posted."""
    held = _DEFERRED.get()
    if held is not None:
        held.gold.append(_Gold(team_id, amount, reason, note, actor, match_id, link))
        return
    team = locked.locked() if locked is not None else lock_team(team_id)
    link(post_to_ledger(team, amount, reason, note, actor, match_ref=match_id))


def settle_deferred(held: Deferred, grant_to: PostGameApplication) -> None:
    """Post what a correction held back, credits first. A treasury that would still end
    below zero (the gold was spent since) refuses the whole correction with the reason;
    SPP taken back that the player already spent are kept for now (an ``SPP_GRANT`` on
    ``grant_to``) and listed for the commissioner (``SppShortfall``)."""
    short: list[str] = []
    for gold in sorted(held.gold, key=lambda g: -g.amount):
        team = lock_team(gold.team_id)
        if team.treasury + gold.amount < 0:
            short.append(
                f"{team.name}'s Treasury holds {team.treasury:,} gp and the correction takes "
                f"back {-gold.amount:,} gp ({gold.note}): the gold was spent since. Correct "
                "the treasury (or undo what was bought) first."
            )
            continue
        gold.link(
            post_to_ledger(
                team, gold.amount, gold.reason, gold.note, gold.actor, match_ref=gold.match_id
            )
        )
    if short:
        raise MatchError(short)
    for player_id, amount in sorted(held.spp.items()):
        player, team = lock_player(player_id)
        kept = max(0, amount - (player.spp_earned - player.spp_spent))
        player.spp_earned -= amount - kept
        player.save(update_fields=["spp_earned"])
        if kept:
            AppliedEffect.objects.create(
                application=grant_to,
                kind=EffectKind.SPP_GRANT,
                team=team,
                player=player,
                amount=kept,
            )
            SppShortfall.objects.create(report=grant_to.report, player=player, spp=kept)


def held_back() -> Deferred | None:
    """What the correction under way holds back (None outside one)."""
    return _DEFERRED.get()
