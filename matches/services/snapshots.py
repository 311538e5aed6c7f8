"""The match's team snapshots (``Match.pre_game_teams``, ``Match.match_teams``): each
team's ``TeamState`` as plain JSON and back, and both teams' states of a snapshot as
a service reads them (made once per snapshot text)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from matches.models import Match
from rules_engine.bb2020.state import PlayerState, TeamState

SIDES: tuple[str, str] = ("home", "away")


def state_to_json(state: TeamState) -> dict[str, Any]:
    """A ``TeamState`` as plain JSON (tuples become lists): what
    ``json.loads(json.dumps(dataclasses.asdict(state)))`` gives, field for field in the
    same order, without the deep copies."""
    data = {
        name: None if name == "players" else _plain_value(getattr(state, name))
        for name in _TEAM_FIELDS
    }
    data["players"] = [
        {name: _plain_value(getattr(player, name)) for name in _PLAYER_FIELDS}
        for player in state.players
    ]
    return data


_TEAM_FIELDS = tuple(f.name for f in dataclasses.fields(TeamState))
_PLAYER_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerState))
_PLAIN = (str, int, float, type(None))


def _plain_value(value: Any) -> Any:
    if type(value) in _PLAIN or type(value) is bool:
        return value
    if type(value) is tuple and all(type(item) is str for item in value):
        return list(value)
    if type(value) is dict and not value:
        return {}
    return json.loads(json.dumps(value, default=_default))


def state_from_json(data: dict[str, Any]) -> TeamState:
    players = tuple(
        PlayerState(
            **{
                **player,
                "skills": tuple(player.get("skills", ())),
                "characteristic_improvements": tuple(player.get("characteristic_improvements", ())),
            }
        )
        for player in data.get("players", ())
    )
    return TeamState(**{**data, "players": players})


# The states of the last few snapshots read, by the identity of their stored JSON (held
# here, so an identity is never reused): a service reads one snapshot many times.
_READ: list[tuple[Any, dict[str, TeamState]]] = []
# And by the snapshot's whole text, for the next service's read of the same snapshot (a
# new row, a new dict): the text is the states' only input, so equal texts give equal
# states whenever they were made.
_BY_TEXT: dict[str, dict[str, TeamState]] = {}
_BY_TEXT_KEPT = 8


def snapshot_states(match: Match, field: str) -> dict[str, TeamState]:
    """Both teams as the match's snapshot ``field`` holds them (a fresh dict each call;
    the states themselves are frozen). A snapshot read as its stored text
    (``<field>_text``, the field itself deferred: ``locking.as_text``) is found by that
    text, decoded only when its states are not known yet; once the field itself is
    loaded, the field is read."""
    raw = f"{field}_text"
    if hasattr(match, raw) and field in match.get_deferred_fields():
        read = getattr(match, raw)
        stored: Any = read if read is not None else "null"
        text: str | None = stored
    else:
        stored, text = getattr(match, field) or {}, None
    for seen, states in _READ:
        if seen is stored:
            return dict(states)
    if text is None:
        text = json.dumps(stored)
    found = _BY_TEXT.pop(text, None)
    if found is None:
        found = _states_of((json.loads(text) or {}) if stored is text else stored)
    states = found
    _BY_TEXT[text] = states  # the newest last
    while len(_BY_TEXT) > _BY_TEXT_KEPT:
        del _BY_TEXT[next(iter(_BY_TEXT))]
    _READ[:] = [(stored, states), *_READ[:3]]
    return dict(states)


def _states_of(stored: dict[str, Any]) -> dict[str, TeamState]:
    return {side: state_from_json(stored[side]) for side in SIDES if side in stored}


def _default(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if hasattr(value, "as_dict"):
        return value.as_dict()
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    return str(value)
