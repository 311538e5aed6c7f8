"""Where each edition lives: ``edition_for(key)`` gives a ruleset's ``Edition``
(``rules_engine.edition``), the typed object the apps call for its pre-game,
post-game, report, development, standings, prizes and re-draft.

Registering an edition is one line in ``SEQUENCE_MODULES``: its package, whose
``edition`` module exposes ``EDITION``. ``sequences_for(key)`` still gives the
package itself, for code that wants the engine's own functions; the apps use
``edition_for``. Every sequences module exposes the same functions:

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

from rules_engine.edition import CARRY_OVER, REDRAFT, Edition

__all__ = [
    "CARRY_OVER",
    "REDRAFT",
    "SEQUENCE_MODULES",
    "UnknownEditionError",
    "between_seasons",
    "edition_for",
    "edition_keys",
    "sequences_for",
]

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


class UnknownEditionError(LookupError):
    """Asked for an edition nobody registered (or whose package has no ``EDITION``)."""

    def __init__(self, key: object, message: str) -> None:
        self.key = key
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return self.message


_EDITIONS: dict[str, Edition] = {}


def edition_keys() -> list[str]:
    """The keys ``edition_for`` answers to, in registration order."""
    return list(SEQUENCE_MODULES)


def edition_for(ruleset_key: str) -> Edition:
    """The ``Edition`` of a ruleset key: ``<package>.edition.EDITION``.

    Raises ``UnknownEditionError`` (a LookupError) naming the known keys.
    """
    found = _EDITIONS.get(ruleset_key) if isinstance(ruleset_key, str) else None
    if found is not None:
        return found
    package = SEQUENCE_MODULES.get(ruleset_key) if isinstance(ruleset_key, str) else None
    if package is None:
        known = ", ".join(SEQUENCE_MODULES)
        raise UnknownEditionError(
            ruleset_key, f"no edition {ruleset_key!r}; known editions: {known}"
        )
    try:
        edition: Edition = importlib.import_module(f"{package}.edition").EDITION
    except (ModuleNotFoundError, AttributeError) as error:
        if isinstance(error, ModuleNotFoundError) and error.name != f"{package}.edition":
            raise
        raise UnknownEditionError(
            ruleset_key,
            f"edition {ruleset_key!r} is registered but {package}.edition has no EDITION",
        ) from None
    if edition.key != ruleset_key:
        raise UnknownEditionError(
            ruleset_key, f"{package}.edition.EDITION is {edition.key!r}, not {ruleset_key!r}"
        )
    _EDITIONS[ruleset_key] = edition
    return edition


def between_seasons(ruleset_key: str) -> str:
    """``REDRAFT`` or ``CARRY_OVER``: what the ruleset's teams do between two seasons."""
    return edition_for(ruleset_key).between_seasons
