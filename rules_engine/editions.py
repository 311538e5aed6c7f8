"""Which module resolves a ruleset's sequences (pre-game, post-game, ...).

The apps ask ``sequences_for(league.ruleset)`` instead of branching on edition
names. Every sequences module exposes the same functions:

- ``pre_game(ruleset, home, away, dice, *, league=True, choices=None)``
- ``post_game(ruleset, home, away, report, dice, *, choices=None, league=True)``

taking ``rules_engine.bb2020.state.TeamState`` pictures of the teams and
returning a ``rules_engine.sequence.SequenceResult`` whose steps record every
roll; a ``STANDINGS`` mapping saying how league tables rank teams; ``REPORT``,
the match report type ``post_game`` reads; ``take_advancement(ruleset,
player, kind, dice, *, category, skill, characteristic_choice)``; and
``BETWEEN_SEASONS``, what a league's teams do between two seasons (``REDRAFT``:
each coach re-drafts, BB2020's "Re-draft between seasons"; ``CARRY_OVER``: the
team goes into the next season as it is).
"""

from __future__ import annotations

import importlib
from types import ModuleType

# What a ruleset's teams do between seasons (each sequences module's BETWEEN_SEASONS).
REDRAFT = "redraft"
CARRY_OVER = "carry_over"

SEQUENCE_MODULES: dict[str, str] = {
    "bb2020": "rules_engine.bb2020",
    "classic": "rules_engine.classic",
    "blitz_bowl": "rules_engine.blitz_bowl",
    "bb2025": "rules_engine.bb2025",
}


def sequences_for(ruleset_key: str) -> ModuleType:
    """The module holding ``pre_game``/``post_game`` for a ruleset key."""
    try:
        module_name = SEQUENCE_MODULES[ruleset_key]
    except KeyError:
        known = ", ".join(SEQUENCE_MODULES)
        raise LookupError(f"no sequences for ruleset {ruleset_key!r}; known: {known}") from None
    return importlib.import_module(module_name)


def between_seasons(ruleset_key: str) -> str:
    """``REDRAFT`` or ``CARRY_OVER``: what the ruleset's teams do between two seasons."""
    return str(sequences_for(ruleset_key).BETWEEN_SEASONS)
