"""A match snapshot keeps each team as ``state_to_json`` writes it: exactly what the
dataclass's ``asdict`` through JSON gives (written without the deep copies),
and ``state_from_json`` reads it back to the same state."""

from __future__ import annotations

import dataclasses
import json

from matches.services.snapshots import state_from_json, state_to_json
from rules_engine.bb2020.state import PlayerState, TeamState


def a_team() -> TeamState:
    players = (
        PlayerState(id=7, name="Griff", position_slug="human-blitzer", number=4),
        PlayerState(
            id=9,
            name="Varag",
            position_slug="orc-blitzer",
            number=5,
            skills=("Block", "Dodge"),
            ma=None,
            st=4,
            spp=3,
            characteristic_improvements=("ma", "st"),
            miss_next_game=True,
            journeyman=True,
        ),
    )
    return TeamState(
        name="Reikland Reavers",
        roster_slug="human",
        players=players,
        special_rule_choice=None,
        apothecary=True,
        treasury=120_000,
        id=3,
        league_trophies=1,
        extra={"note": ("a", 1), "n": 2.5},
    )


def test_the_snapshot_is_asdict_through_json_in_the_same_order():
    state = a_team()
    written = state_to_json(state)
    expected = json.loads(json.dumps(dataclasses.asdict(state)))
    assert written == expected
    assert json.dumps(written) == json.dumps(expected)  # the same text, key for key
    assert state_from_json(written) == state
