"""Injuries and temporary retirement (facts §4 step 4): writing down what an injury
does to a player, and retiring a player with a Lasting Injury for a while."""

from __future__ import annotations

import re
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.injuries import LastingInjuryResult, apply_lasting_injury
from rules_engine.wording import say
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import InjuryRecord, Player, PlayerStatus, Team
from teams.services._common import (
    league_tables_key,
    lock_player,
    now,
    require_active,
    require_active_player,
    require_change,
)

CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
MATCH_LABEL = re.compile(r"Match #(\d+)")  # Match.label, as the post-game names the source


def temporarily_retire(actor: Actor, player: Player) -> Player:
    """Temporarily retire a player who suffered a Lasting Injury (facts §4 step 4):
    he stays on the roster and in TV but leaves CTV."""
    with transaction.atomic():
        player, team = lock_player(player)
        require_change(actor, team)
        require_active(team)
        require_active_player(player)
        if player.temporarily_retired:
            raise TeamError(_("%(name)s is already temporarily retired") % {"name": player.name})
        if not player.injuries.filter(kind=InjuryRecord.Kind.LASTING).exists():
            raise TeamError(
                _(
                    "Only a player who suffered a Lasting Injury may be temporarily retired; "
                    "%(name)s has none"
                )
                % {"name": player.name}
            )
        player.temporarily_retired = True
        player.save(update_fields=["temporarily_retired"])
        log_action(
            actor,
            "team.temporary_retirement",
            say(
                "{team}: #{number} {name} is temporarily retired.",
                team=team.name,
                number=player.number,
                name=player.name,
            ),
            team=team,
            player=player.pk,
        )
        return player


def end_temporary_retirement(actor: Actor, player: Player) -> Player:
    """Bring a temporarily retired player back to the team's available players."""
    with transaction.atomic():
        player, team = lock_player(player)
        require_change(actor, team)
        require_active_player(player)
        if not player.temporarily_retired:
            raise TeamError(_("%(name)s is not temporarily retired") % {"name": player.name})
        player.temporarily_retired = False
        player.save(update_fields=["temporarily_retired"])
        log_action(
            actor,
            "team.end_temporary_retirement",
            say(
                "{team}: #{number} {name} is back from temporary retirement.",
                team=team.name,
                number=player.number,
                name=player.name,
            ),
            team=team,
            player=player.pk,
        )
        return player


def record_injury(
    actor: Actor,
    player: Player,
    kind: InjuryRecord.Kind | str,
    *,
    lasting_injury: LastingInjuryResult | None = None,
    note: str = "",
    source: str = "",
    match: Any = None,
) -> InjuryRecord:
    """Write down an injury and what it does to the player.

    Niggling: one more Niggling Injury. Lasting: the characteristic the
    engine's Lasting Injury result names is reduced as the engine says
    (``apply_lasting_injury``). Miss next game: he misses the next game.
    Dead: he leaves the team. The casualty table decides which of these a
    casualty brings; the matches app records each one. ``match`` (or its id) is the
    match it happened in; without it a ``source`` naming a match ("Match #12") links it.
    """
    try:
        kind = InjuryRecord.Kind(kind)
    except ValueError:
        raise TeamError(_("Unknown kind of injury %(kind)s") % {"kind": repr(kind)}) from None
    with transaction.atomic():
        player, team = lock_player(player)
        require_change(actor, team)
        require_active_player(player)
        characteristic, fields = _apply_injury(player, team, kind, lasting_injury)
        player.save(update_fields=fields)
        return InjuryRecord.objects.create(
            player=player,
            kind=kind,
            characteristic=characteristic,
            note=note,
            source=source,
            match_id=_match_id(match, source),
        )


def _apply_injury(
    player: Player,
    team: Team,
    kind: InjuryRecord.Kind,
    lasting_injury: LastingInjuryResult | None,
) -> tuple[str, list[str]]:
    """What the injury does to the player (unsaved): the characteristic a Lasting
    Injury reduces ("" for the others) and the fields it changed."""
    if kind == InjuryRecord.Kind.LASTING:
        if lasting_injury is None:
            raise TeamError(_("A Lasting Injury needs the Lasting Injury roll's result"))
        changed = apply_lasting_injury(
            {c: getattr(player, c) for c in CHARACTERISTICS},
            lasting_injury,
            ruleset_key=league_tables_key(team.ruleset),
        )
        for name in CHARACTERISTICS:
            setattr(player, name, changed[name])
        return lasting_injury.characteristic, list(CHARACTERISTICS)
    if kind == InjuryRecord.Kind.NIGGLING:
        player.niggling_injuries += 1
        return "", ["niggling_injuries"]
    if kind == InjuryRecord.Kind.MISS_NEXT_GAME:
        player.miss_next_game = True
        return "", ["miss_next_game"]
    player.status = PlayerStatus.DEAD
    player.left_at = now()
    return "", ["status", "left_at"]


def _match_id(match: Any, source: str) -> Any:
    """The match (or its id) given, else the one a source naming it ("Match #12") names."""
    if match is None:
        found = MATCH_LABEL.fullmatch(source.strip())
        return int(found.group(1)) if found else None
    return getattr(match, "pk", match)
