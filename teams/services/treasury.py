"""The treasury: the one way gold moves, and what a team buys with it.

Money never changes by assignment. ``post_to_ledger`` writes a ledger row and
sets ``Team.treasury`` to its ``balance_after`` in the same transaction, on a
team row locked by ``lock_team``, and refuses to take the treasury below zero;
so the treasury always equals the sum of the team's ledger.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.types import Actor
from rules_engine.ruleset import Roster, Ruleset
from rules_engine.wording import Shown, Wording, as_plain, english, say, thousands
from teams.audit import log_action, saved_user
from teams.errors import TreasuryError
from teams.models import LedgerReason, Team, TreasuryEntry
from teams.services._common import (
    draft_rules_of,
    gp,
    is_locked,
    lock_team,
    require_active,
    require_change,
    require_not_playing,
    roster_of,
    ruleset_of,
)


class StaffKind(models.TextChoices):
    ASSISTANT_COACH = "assistant_coach", gettext_lazy("Assistant coach")
    CHEERLEADER = "cheerleader", gettext_lazy("Cheerleader")
    APOTHECARY = "apothecary", gettext_lazy("Apothecary")


_PLURAL = {
    StaffKind.ASSISTANT_COACH: gettext_lazy("assistant coaches"),
    StaffKind.CHEERLEADER: gettext_lazy("cheerleaders"),
    StaffKind.APOTHECARY: gettext_lazy("apothecaries"),
}
# What a refusal for want of gold says is being paid for.
_HIRING = {
    StaffKind.ASSISTANT_COACH: gettext_lazy("Hiring an assistant coach"),
    StaffKind.CHEERLEADER: gettext_lazy("Hiring a cheerleader"),
    StaffKind.APOTHECARY: gettext_lazy("Hiring an apothecary"),
}


# The ledger's and the history's stored lines, by kind: whole sentences (``say``, each
# written out so the catalogues collect it) that each reader reads in his language.
def _hired_note(kind: StaffKind) -> Wording:
    if kind == StaffKind.ASSISTANT_COACH:
        return say("Hired an assistant coach")
    if kind == StaffKind.CHEERLEADER:
        return say("Hired a cheerleader")
    return say("Hired an apothecary")


def _hired_line(kind: StaffKind, team: str, price: int) -> Wording:
    values = {"team": team, "price": thousands(price)}
    if kind == StaffKind.ASSISTANT_COACH:
        return say("{team} hired an assistant coach for {price} gp.", **values)
    if kind == StaffKind.CHEERLEADER:
        return say("{team} hired a cheerleader for {price} gp.", **values)
    return say("{team} hired an apothecary for {price} gp.", **values)


def _let_go_line(kind: StaffKind, team: str) -> Wording:
    if kind == StaffKind.ASSISTANT_COACH:
        return say("{team} let one assistant coach go.", team=team)
    if kind == StaffKind.CHEERLEADER:
        return say("{team} let one cheerleader go.", team=team)
    return say("{team} let one apothecary go.", team=team)


def post_to_ledger(
    team: Team,
    amount: int,
    reason: LedgerReason | str,
    note: Shown,
    actor: Actor,
    match_ref: int | None = None,
    *,
    spending: str | None = None,
) -> TreasuryEntry:
    """Move ``amount`` gold (negative: spent) in or out of the team's treasury.

    ``team`` must come from ``lock_team`` in the open transaction; the caller
    has checked permission. ``spending`` words the purchase for the refusal
    ("Hiring a Blitzer"); without it the note is used. Raises TreasuryError,
    writing nothing, if the treasury would go below zero.
    """
    entry = ledger_entry(team, amount, reason, note, actor, match_ref, spending=spending)
    entry.save(force_insert=True)
    team.save(update_fields=["treasury", "updated_at"])
    return entry


def ledger_entry(
    team: Team,
    amount: int,
    reason: LedgerReason | str,
    note: Shown,
    actor: Actor,
    match_ref: int | None = None,
    *,
    spending: str | None = None,
) -> TreasuryEntry:
    """``post_to_ledger``'s checks and its entry, not saved: the locked ``team``'s
    Treasury is moved in memory and the caller writes both (``post_to_ledger`` at
    once; a post-game's application in bulk, ``matches.services.postgame.writes``)."""
    if not is_locked(team):
        raise transaction.TransactionManagementError(
            "a ledger posting needs the team row locked by lock_team() in the open transaction"
        )
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError(f"ledger amounts are whole gold pieces, not {amount!r}")
    balance = team.treasury + amount
    if balance < 0:
        raise TreasuryError(
            _(
                "Not enough gold in the treasury: %(what)s costs %(price)s; the treasury "
                "holds %(held)s"
            )
            % {"what": spending or str(note), "price": gp(-amount), "held": gp(team.treasury)}
        )
    entry = TreasuryEntry(
        team=team,
        amount=amount,
        reason=LedgerReason(reason),
        note=english(note),
        note_said=as_plain(note),
        balance_after=balance,
        created_by=saved_user(actor),
        match_id=match_ref,
    )
    team.treasury = balance
    return entry


def reroll_price_after_draft(roster: Roster, ruleset: Ruleset) -> int:
    """What one more team re-roll costs once the team is drafted (double, facts §1)."""
    return draft_rules_of(ruleset).reroll_price_after_draft(roster)


def buy_reroll(actor: Actor, team: Team) -> Team:
    """Buy one team re-roll from the treasury at double the roster price (facts §1)."""
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        require_not_playing(team)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        rules = draft_rules_of(ruleset)
        # BB2025 (facts section 13.8): a League Trophy's re-roll counts toward the cap.
        trophies = team.league_trophies_held.count()
        if not rules.may_buy_reroll(team.rerolls, trophies):
            held = rules.rerolls_held(team.rerolls, trophies)
            if held > team.rerolls:
                message = _(
                    "%(team)s already has %(count)s team re-rolls with the League Trophy's, "
                    "the most allowed"
                )
            else:
                message = _("%(team)s already has %(count)s team re-rolls, the most allowed")
            raise TreasuryError(message % {"team": team.name, "count": held})
        price = reroll_price_after_draft(roster, ruleset)
        post_to_ledger(
            team,
            -price,
            LedgerReason.REROLL,
            say("Bought team re-roll {number}", number=team.rerolls + 1),
            actor,
            spending=_("A team re-roll after the draft"),
        )
        team.rerolls += 1
        team.save(update_fields=["rerolls", "updated_at"])
        log_action(
            actor,
            "team.buy_reroll",
            say(
                "{team} bought team re-roll {number} for {price} gp.",
                team=team.name,
                number=team.rerolls,
                price=thousands(price),
            ),
            team=team,
            cost=price,
            before={"rerolls": team.rerolls - 1},
            after={"rerolls": team.rerolls},
        )
        return team


def _staff(team: Team, roster: Roster, kind: StaffKind) -> tuple[str, int, int, int]:
    """(field, current count, most allowed, price) of one kind of sideline staff."""
    rules = draft_rules_of(ruleset_of(team))
    if kind == StaffKind.ASSISTANT_COACH:
        return (
            "assistant_coaches",
            team.assistant_coaches,
            rules.max_assistant_coaches,
            roster.assistant_coach_cost,
        )
    if kind == StaffKind.CHEERLEADER:
        return "cheerleaders", team.cheerleaders, rules.max_cheerleaders, roster.cheerleader_cost
    if not roster.apothecary_allowed or roster.apothecary_cost is None:
        raise TreasuryError(
            _("%(roster)s teams may not hire an apothecary") % {"roster": roster.name}
        )
    return "apothecary", int(team.apothecary), rules.max_apothecaries, roster.apothecary_cost


def _staff_kind(kind: StaffKind | str) -> StaffKind:
    try:
        return StaffKind(kind)
    except ValueError:
        kinds = ", ".join(StaffKind.values)
        raise TreasuryError(
            _("Sideline staff are one of %(kinds)s; not %(kind)s")
            % {"kinds": kinds, "kind": repr(kind)}
        ) from None


def hire_staff(actor: Actor, team: Team, kind: StaffKind | str) -> Team:
    """Hire one assistant coach, cheerleader or the apothecary from the treasury,
    at the roster's price and within the draft maxima."""
    kind = _staff_kind(kind)
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        require_not_playing(team)
        roster = roster_of(team)
        field, count, most, price = _staff(team, roster, kind)
        if count >= most:
            raise TreasuryError(
                _("%(team)s already has an apothecary") % {"team": team.name}
                if kind == StaffKind.APOTHECARY
                else _("%(team)s already has %(count)s %(staff)s, the most allowed")
                % {"team": team.name, "count": most, "staff": _PLURAL[kind]}
            )
        post_to_ledger(
            team,
            -price,
            LedgerReason.STAFF,
            _hired_note(kind),
            actor,
            spending=str(_HIRING[kind]),
        )
        setattr(team, field, True if kind == StaffKind.APOTHECARY else count + 1)
        team.save(update_fields=[field, "updated_at"])
        log_action(
            actor,
            "team.hire_staff",
            _hired_line(kind, team.name, price),
            team=team,
            kind=kind.value,
            cost=price,
            before={field: count},
            after={field: count + 1},
        )
        return team


def fire_staff(actor: Actor, team: Team, kind: StaffKind | str) -> Team:
    """Let one member of the sideline staff go. Nothing is refunded."""
    kind = _staff_kind(kind)
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        require_not_playing(team)
        field = {
            StaffKind.ASSISTANT_COACH: "assistant_coaches",
            StaffKind.CHEERLEADER: "cheerleaders",
            StaffKind.APOTHECARY: "apothecary",
        }[kind]
        count = int(getattr(team, field))
        if count == 0:
            raise TreasuryError(
                _("%(team)s has no %(staff)s to let go")
                % {"team": team.name, "staff": str(kind.label).lower()}
            )
        setattr(team, field, False if kind == StaffKind.APOTHECARY else count - 1)
        team.save(update_fields=[field, "updated_at"])
        log_action(
            actor,
            "team.fire_staff",
            _let_go_line(kind, team.name),
            team=team,
            kind=kind.value,
            before={field: count},
            after={field: count - 1},
        )
        return team


def correct_treasury(actor: Actor, team: Team, amount: int, note: str) -> TreasuryEntry:
    """A commissioner's or administrator's correction, posted like any other movement."""
    with transaction.atomic():
        team = lock_team(team)
        if actor is None or not actor.has_perm("teams.correct_treasury", team):
            raise PermissionDenied(_("Only a league commissioner may correct a treasury."))
        if not note.strip():
            raise TreasuryError(_("Say why the treasury is corrected"))
        before = team.treasury
        entry = post_to_ledger(
            team, amount, LedgerReason.CORRECTION, note.strip(), actor, spending=note.strip()
        )
        log_action(
            actor,
            "treasury.correct",
            say(
                "Treasury of {team} corrected by {amount} gp: {note}",
                team=team.name,
                amount=("+" if amount >= 0 else "") + thousands(amount),
                note=note.strip(),
            ),
            team=team,
            amount=amount,
            ledger_entry=entry.pk,
            before={"treasury": before},
            after={"treasury": team.treasury},
        )
        return entry
