"""A commissioner takes back one purchase a coach made between games ("A
commissioner can also undo a single advancement or purchase"; advancements:
``advancement.undo_advancement``).

The purchase is named by its audit row (``teams.audit``: what was bought, at what
price, and the player hired), so nothing is inferred from a ledger note. Undoing it
puts the team back as if it had never been bought: the re-roll or the staff member
goes, a player hired goes (only while he has played no match since: his games would
otherwise change), and the price comes back through the ledger as a correction. Each
purchase can be undone once; the undo is itself an audit row.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.wording import Wording, say, thousands
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import AuditEntry, LedgerReason, Player, PlayerStatus, Team
from teams.services._common import lock_team
from teams.services.treasury import post_to_ledger

UNDOABLE = ("team.hire_player", "team.buy_reroll", "team.hire_staff")
UNDO = "purchase.undo"


def undoable_purchases(team: Team) -> list[AuditEntry]:
    """The team's purchases a commissioner may still take back, latest first."""
    undone = set(
        AuditEntry.objects.filter(team=team, action=UNDO).values_list("data__undoes", flat=True)
    )
    entries = AuditEntry.objects.filter(team=team, action__in=UNDOABLE).order_by("-at", "-id")
    return [entry for entry in entries if entry.pk not in undone]


def undo_purchase(actor: Actor, purchase: AuditEntry, *, note: str = "") -> Team:
    """Take back the purchase ``purchase`` records; TeamError says why it cannot be."""
    with transaction.atomic():
        if purchase.team_id is None or purchase.action not in UNDOABLE:
            raise TeamError(_("Only a player hired, a re-roll or staff bought can be undone."))
        team = lock_team(purchase.team_id)
        if actor is None or not actor.has_perm("teams.correct_treasury", team):
            raise PermissionDenied(_("Only a league commissioner may undo a purchase."))
        if AuditEntry.objects.filter(team=team, action=UNDO, data__undoes=purchase.pk).exists():
            raise TeamError(_("This purchase was undone already."))
        cost = int(purchase.data.get("cost") or 0)
        what = _take_back(team, purchase)
        if cost:
            post_to_ledger(
                team,
                cost,
                LedgerReason.CORRECTION,
                say("Undone by the commissioner: {what} ({note})", what=what, note=note.strip())
                if note.strip()
                else say("Undone by the commissioner: {what}", what=what),
                actor,
            )
        log_action(
            actor,
            UNDO,
            say(
                "{team}: {what} undone, {cost} gp back in the Treasury.",
                team=team.name,
                what=what,
                cost=thousands(cost),
            ),
            team=team,
            undoes=purchase.pk,
            cost=cost,
        )
        return team


def _take_back(team: Team, purchase: AuditEntry) -> Wording:
    data = purchase.data
    if purchase.action == "team.hire_player":
        player = Player.objects.select_for_update().filter(pk=data.get("player"), team=team).first()
        if player is None or player.status != PlayerStatus.ACTIVE:
            raise TeamError(_("The player hired is no longer on the team."))
        if player.match_stats.exists():
            raise TeamError(
                _("%(name)s has played since he was hired: fire him instead.")
                % {"name": player.name}
            )
        player.status = PlayerStatus.FIRED
        player.left_at = timezone.now()
        player.save(update_fields=["status", "left_at"])
        return say("hiring #{number} {name}", number=player.number, name=player.name)
    field = "rerolls" if purchase.action == "team.buy_reroll" else next(iter(data.get("after", {})))
    if getattr(team, field) < 1:
        raise TeamError(
            _("%(team)s has none of what was bought left to give back.") % {"team": team.name}
        )
    setattr(team, field, getattr(team, field) - 1)
    team.save(update_fields=[field, "updated_at"])
    if field == "rerolls":
        return say("a team re-roll")
    if field == "assistant_coaches":
        return say("one of its assistant coaches")
    if field == "cheerleaders":
        return say("one of its cheerleaders")
    return say("its apothecary")
