"""Inverting an applied post-game for a correction: every effect an ``AppliedEffect``
row kept is undone, newest first (ledger entries by a "correction" entry each), and
what cannot be undone as things stand is said first (``revert_problems``)."""

from __future__ import annotations

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.types import Actor
from matches.models import AppliedEffect, EffectKind, PostGameApplication
from matches.services.postgame.deferral import held_back, post_gold
from matches.services.postgame.effects import COUNTED_FIELDS, SET_FIELDS
from matches.services.postgame.skills_gained import revert_gained
from matches.totals import delete_stats
from rules_engine.wording import Wording, say
from teams.models import (
    InjuryRecord,
    LedgerReason,
    Player,
    PlayerSkill,
    PlayerStatus,
    TreasuryEntry,
)
from teams.services._common import current_value, lock_player, lock_team, roster_of, ruleset_of


def revert_problems(application: PostGameApplication) -> list[str]:
    """Why the application cannot be inverted as things stand (empty: it can). SPP spent
    since and gold spent since are no reason: the correction keeps the SPP for the
    commissioner to decide (``SppShortfall``) and checks the treasuries at the end
    (``settle_deferred``)."""
    problems = []
    effects = application.effects.select_related("player", "team")
    for effect in effects:
        player = effect.player
        returning = effect.before.get("status") == PlayerStatus.ACTIVE
        leaving = effect.after.get("status") != PlayerStatus.ACTIVE
        if player and returning and leaving and not _released_journeyman(effect, player):
            holder = (
                Player.objects.filter(
                    team=effect.team, status=PlayerStatus.ACTIVE, number=player.number
                )
                .exclude(pk=player.pk)
                .first()
            )
            if holder is not None:
                problems.append(
                    _("%(player)s would come back, but #%(number)s is now worn by %(holder)s")
                    % {"player": player.name, "number": player.number, "holder": holder.name}
                )
    for effect in effects.filter(kind=EffectKind.IMPROVEMENT_ROLL):
        player = effect.player
        if player is None:
            continue
        player.refresh_from_db(fields=["pending_advancement"])
        if player.pending_advancement != effect.after.get("pending_advancement"):
            problems.append(
                _("%(player)s has already taken an Improvement roll made in %(match)s")
                % {"player": player.name, "match": application.match.title}
            )
    return problems


def _reversal_note(reverses: str, match: Wording) -> Wording:
    """The ledger note of gold a correction takes back: "Correction of Match #12:
    reverses winnings", a sentence each reader reads in his language."""
    if reverses == LedgerReason.WINNINGS:
        return say("Correction of {match}: reverses winnings", match=match)
    if reverses == LedgerReason.EXPENSIVE_MISTAKE:
        return say("Correction of {match}: reverses expensive mistake", match=match)
    if reverses == LedgerReason.SPIRALLING_EXPENSES:
        return say("Correction of {match}: reverses spiralling expenses", match=match)
    if reverses == LedgerReason.PURCHASES:
        return say("Correction of {match}: reverses purchases after a match", match=match)
    if reverses == LedgerReason.JOURNEYMAN_HIRE:
        return say("Correction of {match}: reverses journeyman hired permanently", match=match)
    if reverses == LedgerReason.INDUCEMENT:
        return say("Correction of {match}: reverses inducements", match=match)
    if not reverses:
        return say("Correction of {match}: reverses gold", match=match)
    with translation.override(None):  # the row's English, whoever wrote it
        what = str(LedgerReason(reverses).label).lower()
    return say("Correction of {match}: reverses {what}", match=match, what=what)


def revert_effects(application: PostGameApplication, actor: Actor) -> None:
    """Undo every effect of the application, newest first (teams already locked); a
    journeyman it let go stays as it left him (``_released_journeyman``)."""
    label = application.match.title
    effects = list(application.effects.select_related("ledger_entry", "player").order_by("-id"))
    gone = {e.player_id for e in effects if e.player and _released_journeyman(e, e.player)}
    for effect in effects:
        if effect.player_id in gone and effect.kind in (EffectKind.INJURY, EffectKind.STATUS):
            continue
        if effect.kind == EffectKind.LEDGER:
            entry = effect.ledger_entry

            def link(reversal: TreasuryEntry, effect: AppliedEffect = effect) -> None:
                effect.reversal_entry = reversal
                effect.save(update_fields=["reversal_entry"])

            # The reason of the gold taken back: the entry's, or, where a correction's
            # row posted it, the effect's own.
            reverses = effect.before.get("reason") or (entry.reason if entry else "")
            post_gold(
                effect.team_id,
                -effect.amount,
                LedgerReason.CORRECTION,
                _reversal_note(reverses, label),
                actor,
                application.match_id,
                link,
                label=label,
                reverses=reverses or LedgerReason.CORRECTION,
            )
        elif effect.kind == EffectKind.DEDICATED_FANS:
            team = lock_team(effect.team_id)
            team.dedicated_fans = max(1, team.dedicated_fans - effect.amount)
            team.save(update_fields=["dedicated_fans", "updated_at"])
        else:
            _revert_player(effect)
    delete_stats(application.player_stats.all())  # and the leaderboards' totals
    application.reverted_at = timezone.now()
    application.save(update_fields=["reverted_at"])


def _released_journeyman(effect: AppliedEffect, player: Player) -> bool:
    """A journeyman who left the team with this match (let go, or dead): he stays gone,
    as the match left him (his injuries too). He played that one match, another may
    wear his number since, and the post-game applied again passes over a journeyman
    no longer on the team."""
    return (
        effect.kind in (EffectKind.STATUS, EffectKind.INJURY)
        and player.journeyman
        and player.status != PlayerStatus.ACTIVE
    )


def _revert_player(effect: AppliedEffect) -> None:
    assert effect.player_id is not None, "a player effect names its player"
    player, team = lock_player(effect.player_id)
    if effect.kind in (EffectKind.SPP, EffectKind.SPP_GRANT):
        held = held_back()
        if held is not None:  # taken back once everything given is in
            held.spp[player.pk] = held.spp.get(player.pk, 0) + effect.amount
            return
        player.spp_earned -= effect.amount
    elif effect.kind == EffectKind.IMPROVEMENT_ROLL:
        player.pending_advancement = effect.before.get("pending_advancement") or {}
    elif effect.kind == EffectKind.TEMPORARILY_RETIRED:
        player.temporarily_retired = False
    elif effect.kind == EffectKind.SKILL_GAINED:
        revert_gained(effect)
    elif effect.kind == EffectKind.JOURNEYMAN_HIRED:
        player.journeyman = True
        for skill in effect.before.get("skills", []):
            PlayerSkill.objects.get_or_create(
                player=player, skill=skill, defaults={"source": PlayerSkill.Source.OTHER}
            )
        ruleset = ruleset_of(team)
        player.current_value = current_value(ruleset, roster_of(team, ruleset), player)
    else:
        if effect.kind == EffectKind.INJURY and effect.injury_record_id:
            InjuryRecord.objects.filter(pk=effect.injury_record_id).delete()
        for name, value in effect.before.items():
            if name in COUNTED_FIELDS and value is not None:
                setattr(player, name, getattr(player, name) + value - effect.after[name])
            elif name in SET_FIELDS and value != effect.after.get(name):
                setattr(player, name, value)
        if player.status == PlayerStatus.ACTIVE:
            player.left_at = None
    player.save()
