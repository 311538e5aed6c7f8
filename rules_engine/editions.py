"""Which module resolves a ruleset's sequences (pre-game, post-game, ...).

The apps ask ``sequences_for(league.ruleset)`` instead of branching on edition
names. Every sequences module exposes the same functions:

- ``pre_game(ruleset, home, away, dice, *, league=True, choices=None)``
- ``post_game(ruleset, home, away, report, dice, *, choices=None, league=True)``

taking ``rules_engine.bb2020.state.TeamState`` pictures of the teams and
returning a ``rules_engine.sequence.SequenceResult`` whose steps record every
roll; a ``STANDINGS`` mapping saying how league tables rank teams; ``REPORT``,
the match report type ``post_game`` reads; and ``take_advancement(ruleset,
player, kind, dice, *, category, skill, characteristic_choice)``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

SEQUENCE_MODULES: dict[str, str] = {
    "bb2020": "rules_engine.bb2020",
    "classic": "rules_engine.classic",
    "blitz_bowl": "rules_engine.blitz_bowl",
}


def sequences_for(ruleset_key: str) -> ModuleType:
    """The module holding ``pre_game``/``post_game`` for a ruleset key."""
    try:
        module_name = SEQUENCE_MODULES[ruleset_key]
    except KeyError:
        known = ", ".join(SEQUENCE_MODULES)
        raise LookupError(f"no sequences for ruleset {ruleset_key!r}; known: {known}") from None
    return importlib.import_module(module_name)
