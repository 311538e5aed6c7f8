"""The draft match report, one tap at a time, while the match is in play."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.types import Actor
from matches.errors import MatchError, ReportError
from matches.models import EventKind, Match, MatchEvent
from matches.services.access import require_play, require_status
from matches.services.locking import lock_match
from matches.services.report.rows import new_event
from matches.services.validation import (
    ReportContext,
    event_problems,
    event_room_problems,
    normalize_event,
)
from teams.models import Player


def add_event(
    actor: Actor,
    match: Match,
    *,
    kind: str,
    player: Player | int | None = None,
    victim: Player | int | None = None,
    side: str = "",
    by_block: bool = True,
    injury: str = "",
    characteristic: str = "",
    apothecary_used: bool = False,
    detail: str = "",
) -> MatchEvent:
    """Add one event to the draft report of a match in play.

    Player events (touchdown, completion, deflection, interception, casualty,
    injury, sent_off) name a ``player`` of either team who played (his side
    comes from his team); a casualty names the ``victim`` of the other team and
    whether it came from a Block (``by_block``: only those earn SPP); an injury
    gives the Casualty table's ``injury`` result after any apothecary (and the
    ``characteristic`` of a Lasting Injury). Kick-off events (weather_change,
    bribe, kick_off) give a ``detail`` and, for a bribe or kick-off, the
    ``side``. Either coach or a commissioner may record events for both teams.
    Raises ReportError with every reason the event cannot stand.
    """
    event = normalize_event(
        {
            "kind": kind,
            "side": side,
            "player": player,
            "victim": victim,
            "by_block": by_block,
            "injury": injury,
            "characteristic": characteristic,
            "apothecary_used": apothecary_used,
            "detail": detail,
        }
    )
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.IN_PLAY, doing=_("record match events"))
        problems = _problems(match, event)
        if problems:
            raise ReportError(problems)
        row = new_event(match, event, actor)
        row.save(force_insert=True)
        return row


def _problems(match: Match, event: dict[str, Any]) -> list[str]:
    """Every reason one more event cannot stand in the match's draft report: its own,
    no room left for its kind, or a second injury of the same player."""
    context = ReportContext.build(match, [event])
    problems = event_problems(context, event)
    drafts = list(
        MatchEvent.objects.filter(match=match, report=None).values_list("kind", "player_id")
    )
    problems += event_room_problems(Counter(kind for kind, _event in drafts), event["kind"])
    injured = {pid for kind, pid in drafts if kind == EventKind.INJURY}
    if not problems and event["kind"] == EventKind.INJURY and event["player"] in injured:
        problems.append(
            _("%(player)s already has an injury in this report: remove it first to record another")
            % {"player": context.name(event["player"])}
        )
    return problems


def remove_event(actor: Actor, match: Match, event: MatchEvent | int) -> None:
    """Take one event back out of the draft report of a match in play."""
    event_id = event.pk if isinstance(event, MatchEvent) else event
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.IN_PLAY, doing=_("remove match events"))
        deleted, _rows = MatchEvent.objects.filter(pk=event_id, match=match, report=None).delete()
        if not deleted:
            raise MatchError(
                _("%(match)s has no event %(event)s in its draft report.")
                % {"match": match.title, "event": event_id}
            )
