"""What every team service shares: locking, permission, the team's ruleset."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import cache
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine import (
    Edition,
    PlayerValueInput,
    edition_for,
    get_ruleset,
    list_rulesets,
    player_current_value,
)
from rules_engine.draft import DraftRules, draft_rules_for
from rules_engine.ruleset import Position, Roster, Ruleset
from teams.errors import TeamError
from teams.models import MAX_PLAYER_NUMBER, Player, PlayerStatus, Team, TeamStatus

CHANGE_TEAM = "teams.change_team"


def gp(amount: int) -> str:
    """Gold as a coach reads it: 85,000 gp."""
    return f"{amount:,} gp"


def _outermost_block() -> Any:
    blocks = connection.atomic_blocks
    return blocks[0] if blocks else None


# The instances ``lock_team`` returned, by identity, with the transaction (its
# outermost atomic block) each was locked in: kept here rather than bolted onto the
# model instance; an entry goes when its instance is garbage-collected.
_LOCKED: dict[int, tuple[weakref.ref[Team], Any]] = {}


def _remember_lock(team: Team) -> None:
    key = id(team)
    _LOCKED[key] = (weakref.ref(team, lambda _gone: _LOCKED.pop(key, None)), _outermost_block())


def lock_team(team: Team | int) -> Team:
    """The team's row, locked (SELECT ... FOR UPDATE) for the current transaction.

    Must run inside ``transaction.atomic()``. The returned instance is marked
    as locked for that transaction, which ``post_to_ledger`` insists on.
    """
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError(
            "lock_team() must run inside transaction.atomic()"
        )
    team_id = team.pk if isinstance(team, Team) else team
    locked = Team.objects.select_for_update().get(pk=team_id)
    _remember_lock(locked)
    return locked


def lock_teams(*teams: Team | int) -> dict[int, Team]:
    """Several teams' rows locked in one query, lowest id first (the lock order of
    every service), each as ``lock_team`` returns it; by id."""
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError(
            "lock_teams() must run inside transaction.atomic()"
        )
    ids = sorted({team.pk if isinstance(team, Team) else team for team in teams})
    locked = {t.pk: t for t in Team.objects.select_for_update().filter(pk__in=ids).order_by("pk")}
    if len(locked) != len(ids):
        raise Team.DoesNotExist("Team matching query does not exist.")
    for team in locked.values():
        _remember_lock(team)
    return locked


def is_locked(team: Team) -> bool:
    """Whether ``team`` came from ``lock_team`` in the transaction still open."""
    ref, block = _LOCKED.get(id(team), (None, None))
    return (
        connection.in_atomic_block
        and ref is not None
        and ref() is team
        and block is not None
        and block is _outermost_block()
    )


def lock_player(player: Player | int) -> tuple[Player, Team]:
    """The player's team and the player, both locked, team first (one lock order
    for every service, so two services never wait on each other)."""
    player_id = player.pk if isinstance(player, Player) else player
    team_id = (
        player.team_id
        if isinstance(player, Player)
        else Player.objects.values_list("team_id", flat=True).get(pk=player_id)
    )
    team = lock_team(team_id)
    locked = Player.objects.select_for_update().get(pk=player_id)
    locked.team = team
    return locked, team


def require_change(actor: Actor | None, team: Team) -> None:
    """PermissionDenied unless ``actor`` may change the team (teams/permissions.py)."""
    if actor is None or not actor.has_perm(CHANGE_TEAM, team):
        raise PermissionDenied(_("Only the coach of %(team)s may change it.") % {"team": team.name})


def require_active(team: Team) -> None:
    if team.status == TeamStatus.ACTIVE:
        return
    if team.status == TeamStatus.DRAFT:
        message = _("%(team)s is being drafted: it cannot change")
    else:
        message = _("%(team)s is retired: it cannot change")
    raise TeamError(message % {"team": team.name})


# A match whose pre-game read the team, or that is being played: its roster and Treasury
# wait (matches.models.MatchStatus values; teams does not import the matches app).
PLAYING = ("pre_game", "in_play")


def require_not_playing(team: Team) -> None:
    """Refuse a purchase, hire or firing while the team has a match in its pre-game or in
    play. Decision: the pre-game read the team's roster and Treasury (petty
    cash, inducements, journeymen) and kicked off on them, and the post-game reads them
    again; buying in between would change what both were worked out from. A coach buys
    before the pre-game starts, or in the post-game's step 4 (hiring and firing), which
    holds until he is done."""
    from django.apps import apps

    match_model = apps.get_model("matches", "Match")
    playing = (
        match_model.objects.filter(status__in=PLAYING)
        .filter(Q(fixture__home_id=team.pk) | Q(fixture__away_id=team.pk))
        .order_by("pk")
        .first()
    )
    if playing is None:
        return
    if playing.status == PLAYING[0]:
        message = _(
            "%(team)s is playing Match #%(number)s (pre-game): hire, fire and buy once its "
            "report is in, in the post-game's hiring step."
        )
    else:
        message = _(
            "%(team)s is playing Match #%(number)s (in play): hire, fire and buy once its "
            "report is in, in the post-game's hiring step."
        )
    raise TeamError(message % {"team": team.name, "number": playing.pk})


def require_active_player(player: Player) -> None:
    if player.status == PlayerStatus.ACTIVE:
        return
    if player.status == PlayerStatus.DEAD:
        message = _("%(name)s is no longer on the team: he is dead")
    elif player.status == PlayerStatus.FIRED:
        message = _("%(name)s is no longer on the team: he was fired")
    else:
        message = _("%(name)s is no longer on the team: he left it")
    raise TeamError(message % {"name": player.name})


def ruleset_for_key(key: str) -> Ruleset:
    if key not in list_rulesets():
        raise TeamError(
            _("There is no ruleset %(key)s; choose one of %(keys)s")
            % {"key": repr(key), "keys": ", ".join(list_rulesets())}
        )
    return get_ruleset(key)


def ruleset_of(team: Team) -> Ruleset:
    return ruleset_for_key(team.ruleset)


def roster_of(team: Team, ruleset: Ruleset | None = None) -> Roster:
    return (ruleset or ruleset_of(team)).roster(team.roster_slug)


def draft_rules_of(ruleset: Ruleset) -> DraftRules:
    return draft_rules_for(ruleset)


def edition_of(ruleset: Ruleset) -> Edition:
    """The ruleset's edition (``rules_engine.edition_for``); TeamError if it has none."""
    try:
        return edition_for(ruleset.key)
    except LookupError:
        raise TeamError(
            _("%(ruleset)s players cannot develop here yet") % {"ruleset": ruleset.name}
        ) from None


def take_advancement_of(ruleset: Ruleset) -> Callable[..., Any]:
    """The ruleset's ``take_advancement(ruleset, player, kind, dice, *, category, skill,
    characteristic_choice)``, its edition's (``rules_engine.edition``): classic's takes
    an Improvement roll, Blitz Bowl's refuses."""
    return edition_of(ruleset).take_advancement


@cache
def league_tables_key(ruleset_key: str) -> str:
    """The key whose league tables (characteristic limits) a ruleset's players live by,
    as its edition says: its own, or another's for a ruleset that ships none (classic
    plays BB2020's rosters and bounds characteristics by BB2020's limits)."""
    try:
        return edition_for(ruleset_key).league_tables_key
    except LookupError:
        return ruleset_key


def position_of(roster: Roster, position_slug: str) -> Position:
    position = roster.positions.get(position_slug)
    if position is None:
        raise TeamError(
            _("%(roster)s teams have no position %(position)s")
            % {"roster": roster.name, "position": repr(position_slug)}
        )
    return position


def value_input(player: Player) -> PlayerValueInput:
    return PlayerValueInput(
        position_slug=player.position_slug,
        value_increases=player.value_increases,
        miss_next_game=player.miss_next_game,
        temporarily_retired=player.temporarily_retired,
        journeyman=player.journeyman,
    )


def current_value(ruleset: Ruleset, roster: Roster, player: Player) -> int:
    """The engine's current value of the player while he is on the team."""
    return player_current_value(ruleset, roster, value_input(player))


def active_players(team: Team):
    return Player.objects.filter(team=team, status=PlayerStatus.ACTIVE)


def free_number(team: Team, wanted: int | None, *, exclude: Player | None = None) -> int:
    """``wanted`` if it is free among the team's active players, else the lowest free one."""
    taken_qs = active_players(team)
    if exclude is not None:
        taken_qs = taken_qs.exclude(pk=exclude.pk)
    taken = set(taken_qs.values_list("number", flat=True))
    if wanted is not None:
        check_number(wanted)
        if wanted in taken:
            holder = taken_qs.get(number=wanted)
            raise TeamError(
                _("Number %(number)s is taken by %(name)s")
                % {"number": wanted, "name": holder.name}
            )
        return wanted
    for number in range(1, MAX_PLAYER_NUMBER + 1):
        if number not in taken:
            return number
    raise TeamError(_("%(team)s has no free shirt number left") % {"team": team.name})


def check_number(number: Any) -> None:
    if isinstance(number, bool) or not isinstance(number, int):
        raise TeamError(
            _("A shirt number must be a whole number; got %(number)s") % {"number": repr(number)}
        )
    if not 1 <= number <= MAX_PLAYER_NUMBER:
        raise TeamError(
            _("Shirt numbers run from 1 to %(most)s; got %(number)s")
            % {"most": MAX_PLAYER_NUMBER, "number": number}
        )


def default_name(position: Position, number: int) -> str:
    return f"{position.name} {number}"


def now() -> Any:
    return timezone.now()
