"""The BB2025 league-table sections that BB2020's ``LeagueTables`` has no field for
(elite skills, Brawlin' Brutes awards, MVP nominees, winnings, inducement money,
re-draft), read once from ``data/bb2025/tables_league.json``."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from rules_engine.errors import RulesetDataError
from rules_engine.tables import DATA_DIR

RULESET = "bb2025"


@cache
def _sections() -> dict[str, Any]:
    path = DATA_DIR / RULESET / "tables_league.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RulesetDataError(f"{path.name}: {exc}") from exc
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def league_section(name: str) -> dict[str, Any]:
    """One section of the BB2025 league tables, e.g. ``league_section("mvp")["nominees"]``."""
    try:
        return dict(_sections()[name])
    except KeyError:
        raise RulesetDataError(f"the bb2025 league tables have no {name!r}") from None
