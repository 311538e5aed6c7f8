"""Every ruleset loads, and a ruleset whose Kick-off Event table has a row the engine
cannot resolve is refused when it loads, naming the edition, the table and the row
(the engine resolves the Kick-off Event by row name: rules_engine.bb2020.kickoff)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from rules_engine import get_ruleset, list_rulesets
from rules_engine.bb2020.kickoff import DISPATCHED_TABLES, missing_handlers
from rules_engine.errors import RulesetDataError
from rules_engine.shipped import load_bb2020, load_bb2025
from rules_engine.tables import Table, load_tables


@pytest.mark.parametrize("key", list_rulesets())
def test_every_registered_ruleset_loads(key: str) -> None:
    assert get_ruleset(key).key == key


@pytest.mark.parametrize("key", ["bb2020", "bb2025"])
def test_every_kick_off_row_has_a_handler(key: str) -> None:
    assert "kick_off_event" in DISPATCHED_TABLES
    assert missing_handlers(key, load_tables(key)) == []


def _with_row_renamed(key: str, roll: int, name: str) -> Mapping[str, Any]:
    """The edition's tables with the Kick-off Event row for ``roll`` renamed."""
    tables = dict(load_tables(key))
    kick_off: Table = tables["kick_off_event"]
    entries = tuple(
        replace(entry, name=name) if roll in entry.rolls else entry for entry in kick_off.entries
    )
    tables["kick_off_event"] = Table(
        kick_off.name, kick_off.title, kick_off.die, entries, kick_off.source
    )
    return tables


@pytest.mark.parametrize(("key", "loader"), [("bb2020", load_bb2020), ("bb2025", load_bb2025)])
def test_a_kick_off_row_without_a_handler_fails_at_load(key: str, loader: Any) -> None:
    tables = _with_row_renamed(key, 10, "Streaker")
    with pytest.raises(RulesetDataError) as raised:
        loader(tables_loader=lambda _key: tables)
    message = str(raised.value)
    assert f"{key}:" in message
    assert "Kick-off Event table" in message
    assert "'Streaker' (10)" in message


def test_row_names_compare_as_the_rule_text_prints_them() -> None:
    # The rulebook prints "CHARGE!": the handler for "Charge" resolves it.
    tables = _with_row_renamed("bb2025", 10, "CHARGE!")
    assert missing_handlers("bb2025", tables) == []
