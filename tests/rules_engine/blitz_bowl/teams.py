"""The two box teams as ``TeamState``: six players each, as the rule text lists them."""

from __future__ import annotations

from rules_engine.bb2020.state import PlayerState, TeamState

# "Each team consists of six players - three Linemen ... and three unique players."
LINEUPS: dict[str, tuple[str, ...]] = {
    "human": ("lineman", "lineman", "lineman", "blitzer", "thrower", "catcher"),
    "skaven": ("lineman", "lineman", "lineman", "blitzer", "thrower", "gutter-runner"),
}


def box_team(roster: str, name: str) -> TeamState:
    players = tuple(
        PlayerState(id=f"{roster}-{i}", name=f"{name} {i}", position_slug=f"{roster}-{position}")
        for i, position in enumerate(LINEUPS[roster], start=1)
    )
    return TeamState(name=name, roster_slug=roster, players=players)
