"""Where rulesets come from: a registry of loaders, each run once per process.

``get_ruleset("bb2020")`` loads the ruleset's data files, validates them and
caches the result; ``register_ruleset`` lets later editions ("classic",
"blitz_bowl") plug in their own loader without the apps changing.
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from collections.abc import Callable

from rules_engine.ruleset import (
    Ruleset,
)

RulesetLoader = Callable[[], Ruleset]


class UnknownRulesetError(KeyError):
    """Asked for a ruleset nobody registered; the message lists the ones there are."""

    def __init__(self, key: str, available: list[str]) -> None:
        self.key = key
        self.available = available
        self.message = (
            f"unknown ruleset {key!r}; available rulesets: {', '.join(available) or 'none'}"
        )
        super().__init__(self.message)

    def __str__(self) -> str:
        # KeyError would print the repr of its argument, quotes and all.
        return self.message


_LOADERS: dict[str, tuple[str, RulesetLoader]] = {}
_CACHE: dict[str, Ruleset] = {}
_LOCK = threading.Lock()


def register_ruleset(
    key: str, loader: RulesetLoader, *, name: str | None = None, replace: bool = False
) -> None:
    """Make ``get_ruleset(key)`` build its ruleset with ``loader`` (called once)."""
    with _LOCK:
        if key in _LOADERS and not replace:
            raise ValueError(f"ruleset {key!r} is already registered")
        _LOADERS[key] = (name or key, loader)
        _CACHE.pop(key, None)


def unregister_ruleset(key: str) -> None:
    """Forget a ruleset (for tests that register throwaway ones)."""
    with _LOCK:
        _LOADERS.pop(key, None)
        _CACHE.pop(key, None)


def list_rulesets() -> list[str]:
    """Keys of the rulesets that can be loaded, in registration order."""
    return list(_LOADERS)


def get_ruleset(key: str) -> Ruleset:
    """The ruleset registered under ``key``, loaded and validated on first use.

    Raises UnknownRulesetError (a KeyError) naming the available keys, and
    RulesetDataError if the shipped data fails validation.
    """
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    with _LOCK:
        if key in _CACHE:
            return _CACHE[key]
        if key not in _LOADERS:
            raise UnknownRulesetError(key, list(_LOADERS))
        ruleset = _LOADERS[key][1]()
        _CACHE[key] = ruleset
        return ruleset


# The rulesets that ship with Dugout: key, name, and the loader module that
# builds each (imported on first use: loading reads and validates data files).
# BB2020 and BB2025 load through ``rules_engine.shipped``, which checks their
# tables against the engine's sequences once both are loaded.
BUILTIN_RULESETS: tuple[tuple[str, str, str, str], ...] = (
    ("bb2020", "Blood Bowl 2020", "rules_engine.shipped", "load_bb2020"),
    ("classic", "Classic league rules (LRB)", "rules_engine.loaders.classic", "load_classic"),
    ("blitz_bowl", "Blitz Bowl", "rules_engine.loaders.blitz_bowl", "load_blitz_bowl"),
    ("bb2025", "Blood Bowl 2025", "rules_engine.shipped", "load_bb2025"),
)


def _lazy_loader(module_name: str, function_name: str) -> RulesetLoader:
    def load() -> Ruleset:
        ruleset: Ruleset = getattr(importlib.import_module(module_name), function_name)()
        return ruleset

    return load


for _key, _name, _module, _function in BUILTIN_RULESETS:
    if importlib.util.find_spec(_module) is not None:
        register_ruleset(_key, _lazy_loader(_module, _function), name=_name)
