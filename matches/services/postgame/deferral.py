"""Gold and SPP a correction moves, held back until every re-derived match's effects
are written (``deferred``), then posted (``settle_deferred``): one ledger row per team
and match the correction changed, its net with the breakdown in its note, credits
first, so a team that spent its winnings since never dips below zero half-way and every
balance the ledger shows is one the team really had. SPP a player already spent are
kept for the commissioner to decide (``SppShortfall``). Outside a correction, gold is
posted at once (``post_gold``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Protocol

from django.utils.translation import gettext as _

from core.types import Actor
from matches.errors import MatchError
from matches.models import AppliedEffect, EffectKind, PostGameApplication, SppShortfall
from teams.models import LedgerReason, Team, TreasuryEntry
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
    label: str  # the match's
    reverses: str  # the reason of the gold a reversal takes back ("" for new gold)

    @property
    def what(self) -> str:
        return self.reverses or self.reason


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


NOTE_LENGTH = TreasuryEntry._meta.get_field("note").max_length or 200

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
    *,
    label: str = "",
    reverses: str = "",
) -> None:
    """Post ``amount`` to the team's ledger now (on the row ``locked`` holds, else
    locked here), or hold it back while a correction is under way; ``link`` takes the
    entry once posted. ``label`` names the match; ``reverses`` the reason of the gold
    a correction takes back."""
    held = _DEFERRED.get()
    if held is not None:
        gold = _Gold(team_id, amount, reason, note, actor, match_id, link, label, reverses)
        held.gold.append(gold)
        return
    team = locked.locked() if locked is not None else lock_team(team_id)
    link(post_to_ledger(team, amount, reason, note, actor, match_ref=match_id))


def settle_deferred(held: Deferred, grant_to: PostGameApplication) -> None:
    """Post what a correction held back: per team and match, one "correction" row with
    the net and what it is made of (a match whose gold comes out the same gets none),
    credits first. A treasury that would still end below zero (the gold was spent
    since) refuses the whole correction with the reason; SPP taken back that the
    player already spent are kept for now (an ``SPP_GRANT`` on ``grant_to``) and listed
    for the commissioner (``SppShortfall``)."""
    per_match: dict[tuple[int, int], list[_Gold]] = {}
    for gold in held.gold:
        per_match.setdefault((gold.team_id, gold.match_id), []).append(gold)
    short: list[str] = []
    for (team_id, match_id), golds in sorted(
        per_match.items(), key=lambda item: -sum(g.amount for g in item[1])
    ):
        net = sum(gold.amount for gold in golds)
        if net == 0:
            continue
        team = lock_team(team_id)
        note = _breakdown(golds)
        if team.treasury + net < 0:
            short.append(
                _(
                    "%(team)s's Treasury holds %(treasury)s gp and the correction takes back "
                    "%(gold)s gp (%(note)s): the gold was spent since. Correct the treasury (or "
                    "undo what was bought) first."
                )
                % {
                    "team": team.name,
                    "treasury": f"{team.treasury:,}",
                    "gold": f"{-net:,}",
                    "note": note,
                }
            )
            continue
        entry = post_to_ledger(
            team, net, LedgerReason.CORRECTION, note, golds[0].actor, match_ref=match_id
        )
        for gold in golds:
            gold.link(entry)
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


def _breakdown(golds: list[_Gold]) -> str:
    """What a correction's row is made of, reason by reason: "Correction of Round 1,
    Orcs v Dwarfs: winnings 60,000 → 50,000 gp" (the reasons whose gold moved)."""
    was: dict[str, int] = {}
    now: dict[str, int] = {}
    for gold in golds:
        if gold.reverses:
            was[gold.what] = was.get(gold.what, 0) - gold.amount
        else:
            now[gold.what] = now.get(gold.what, 0) + gold.amount
    parts = [
        f"{LedgerReason(what).label.lower()} {was.get(what, 0):,} → {now.get(what, 0):,} gp"
        for what in dict.fromkeys([*was, *now])
        if was.get(what, 0) != now.get(what, 0)
    ]
    label = golds[0].label or "a match"
    note = f"Correction of {label}: {'; '.join(parts)}"
    return note if len(note) <= NOTE_LENGTH else note[: NOTE_LENGTH - 3] + "..."


def held_back() -> Deferred | None:
    """What the correction under way holds back (None outside one)."""
    return _DEFERRED.get()
