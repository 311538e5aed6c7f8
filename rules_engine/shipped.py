"""The Blood Bowl 2020 and 2025 rulesets as the registry builds them: each edition's
data, read and validated by its loader, then checked against the engine's sequences.

The engine resolves some tables by row name (the Kick-off Event,
``rules_engine.bb2020.kickoff.DISPATCHED_TABLES``): a row without a handler fails
here, when the ruleset loads, naming the edition, the table and the row, so a roll
never finds a row it cannot resolve. The loaders read data only; this module sits
above them and the sequences, which it needs both of.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules_engine.bb2020.kickoff import missing_handlers
from rules_engine.bb2025.data import Bb2025Ruleset
from rules_engine.loaders import bb2020, bb2025
from rules_engine.loaders.common import fail_on
from rules_engine.ruleset import Ruleset
from rules_engine.tables import load_tables

__all__ = ["load_bb2020", "load_bb2025"]


def _with_handlers[R: Ruleset](ruleset: R, tables_loader: Callable[[str], Any]) -> R:
    fail_on(missing_handlers(ruleset.key, tables_loader(ruleset.key)), ruleset.key)
    return ruleset


def load_bb2020(
    data_dir: Traversable | Path | None = None,
    tables_loader: Callable[[str], Any] = load_tables,
) -> Ruleset:
    """BB2020 (``rules_engine.loaders.bb2020.load_bb2020``), every row the engine
    resolves by name with its handler."""
    return _with_handlers(bb2020.load_bb2020(data_dir, tables_loader), tables_loader)


def load_bb2025(
    data_dir: Traversable | Path | None = None,
    tables_loader: Callable[[str], Any] = load_tables,
    *,
    outside_rulebook: bool = False,
) -> Bb2025Ruleset:
    """BB2025 (``rules_engine.loaders.bb2025.load_bb2025``), every row the engine
    resolves by name with its handler."""
    return _with_handlers(
        bb2025.load_bb2025(data_dir, tables_loader, outside_rulebook=outside_rulebook),
        tables_loader,
    )
