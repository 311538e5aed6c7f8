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

from django.utils import translation
from django.utils.translation import gettext as _

from core.types import Actor
from matches.errors import MatchError
from matches.models import AppliedEffect, EffectKind, PostGameApplication, SppShortfall
from rules_engine.wording import Shown, Wording, english, say, thousands
from teams.models import LedgerReason, Team, TreasuryEntry
from teams.services import post_to_ledger
from teams.services._common import lock_player, lock_team


@dataclass
class _Gold:
    team_id: int
    amount: int
    reason: str
    note: Shown
    actor: Actor
    match_id: int
    link: Callable[[TreasuryEntry], None]
    label: Shown  # the match's ("Match #12", ``Match.title``)
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
    note: Shown,
    actor: Actor,
    match_id: int,
    link: Callable[[TreasuryEntry], None],
    locked: HoldsLock | None = None,
    *,
    label: Shown = "",
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


def gold_note(reason: str, match: Shown) -> Shown:
    """The ledger note of a post-game's gold: "Winnings, Match #12" (``match``: the
    match's ``title``), a sentence each reader reads in his language."""
    if reason == LedgerReason.WINNINGS:
        return say("Winnings, {match}", match=match)
    if reason == LedgerReason.EXPENSIVE_MISTAKE:
        return say("Expensive mistake, {match}", match=match)
    if reason == LedgerReason.SPIRALLING_EXPENSES:
        return say("Spiralling expenses, {match}", match=match)
    if reason == LedgerReason.PURCHASES:
        return say("Purchases after a match, {match}", match=match)
    return say("{reason}, {match}", reason=_english_label(reason), match=match)


def _english_label(reason: str) -> str:
    """A ledger reason's label as the ledger's English names it (never translated
    here: the row is read later in its reader's language)."""
    with translation.override(None):
        return str(LedgerReason(reason).label)


def _moved(what: str, was: int, now: int) -> Wording:
    """One reason's gold in a correction's row: "winnings 60,000 → 50,000 gp"."""
    amounts = {"was": thousands(was), "now": thousands(now)}
    if what == LedgerReason.WINNINGS:
        return say("winnings {was} → {now} gp", **amounts)
    if what == LedgerReason.EXPENSIVE_MISTAKE:
        return say("expensive mistake {was} → {now} gp", **amounts)
    if what == LedgerReason.SPIRALLING_EXPENSES:
        return say("spiralling expenses {was} → {now} gp", **amounts)
    if what == LedgerReason.PURCHASES:
        return say("purchases after a match {was} → {now} gp", **amounts)
    if what == LedgerReason.JOURNEYMAN_HIRE:
        return say("journeyman hired permanently {was} → {now} gp", **amounts)
    return say("{reason} {was} → {now} gp", reason=_english_label(what).lower(), **amounts)


def _breakdown(golds: list[_Gold]) -> Shown:
    """What a correction's row is made of, reason by reason: "Correction of Round 1,
    Orcs v Dwarfs: winnings 60,000 → 50,000 gp" (the reasons whose gold moved), a
    sentence each reader reads in his language (a note too long for its column is
    kept as its English, cut short)."""
    was: dict[str, int] = {}
    now: dict[str, int] = {}
    for gold in golds:
        if gold.reverses:
            was[gold.what] = was.get(gold.what, 0) - gold.amount
        else:
            now[gold.what] = now.get(gold.what, 0) + gold.amount
    parts = [
        _moved(what, was.get(what, 0), now.get(what, 0))
        for what in dict.fromkeys([*was, *now])
        if was.get(what, 0) != now.get(what, 0)
    ]
    changes: Shown = ""
    for part in reversed(parts):
        changes = say("{change}; {more}", change=part, more=changes) if changes else part
    match = golds[0].label or say("a match")
    note = say("Correction of {match}: {changes}", match=match, changes=changes)
    text = english(note)
    return note if len(text) <= NOTE_LENGTH else text[: NOTE_LENGTH - 3] + "..."


def held_back() -> Deferred | None:
    """What the correction under way holds back (None outside one)."""
    return _DEFERRED.get()
