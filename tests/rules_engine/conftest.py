"""Shared fixtures for the rules engine tests: no database, no Django."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules_engine import get_ruleset
from rules_engine.ruleset import Ruleset

DATA_DIR = Path(__file__).resolve().parents[2] / "rules_engine" / "data" / "bb2020"


@pytest.fixture(scope="session")
def bb2020() -> Ruleset:
    return get_ruleset("bb2020")


@pytest.fixture
def data_copy(tmp_path: Path) -> Callable[[str, Callable[[Any], None]], Path]:
    """A copy of the BB2020 data folder with one file edited by ``change(data)``."""
    for source in DATA_DIR.glob("*.json"):
        shutil.copy(source, tmp_path / source.name)

    def edit(filename: str, change: Callable[[Any], None]) -> Path:
        path = tmp_path / filename
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        return tmp_path

    return edit


def no_tables(key: str) -> dict[str, Any]:
    """A tables loader for data-validation tests, which are about the roster files."""
    return {}
