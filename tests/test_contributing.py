"""CONTRIBUTING.md's recipes cannot rot: every path and ``module.name`` they cite
exists, each recipe names the test to copy, and one recipe is followed here for real
(a Kick-off Event row added, its handler registered, the ruleset loaded, the row
rolled)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "CONTRIBUTING.md").read_text()
RECIPES = {
    title: body
    for title, body in re.findall(
        r"^### (.+?)\n(.*?)(?=^### |\Z)", TEXT.split("\n## Recipes\n", 1)[1], re.M | re.S
    )
}
PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)+/?")
DOTTED = re.compile(r"[a-z_]\w*(?:\.\w+)+")


def cited(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def paths(text: str) -> list[str]:
    return [token for token in cited(text) if PATH.fullmatch(token)]


def names(text: str) -> list[str]:
    """The ``module.name`` tokens whose first part is one of this repo's packages."""
    return [
        token
        for token in cited(text)
        if DOTTED.fullmatch(token) and (ROOT / token.split(".")[0] / "__init__.py").exists()
    ]


def resolve(dotted: str) -> Any:
    """The module or attribute ``dotted`` names: the longest importable module, then
    attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(dotted)


def test_there_is_a_recipe_for_each_change_that_comes_up():
    titles = " | ".join(RECIPES).lower()
    for change in (
        "ruleset",
        "inducement",
        "table row",
        "match event kind",
        "standings column",
        "house rule",
    ):
        assert change in titles, change


@pytest.mark.parametrize("title", list(RECIPES))
def test_a_recipe_names_its_files_its_test_and_its_trap(title):
    body = RECIPES[title]
    assert "\nFiles" in f"\n{body}" and "\nTest:" in body and "\nTrap:" in body, title
    assert len(paths(body)) >= 3, f"{title}: cite the files to touch by path"
    test_part = body.split("\nTest:", 1)[1].split("\nTrap:", 1)[0]
    tests = [p for p in paths(test_part) if p.startswith("tests/") and p.endswith(".py")]
    assert tests, f"{title}: name the test to add or copy"


@pytest.mark.parametrize("path", sorted(set(paths(TEXT))))
def test_every_cited_path_exists(path):
    assert (ROOT / path).exists(), f"CONTRIBUTING.md cites {path}, which is not there"


@pytest.mark.parametrize("dotted", sorted(set(names(TEXT))))
def test_every_cited_name_imports(dotted):
    resolve(dotted)


# --- "Add a table row (a kick-off event or another)", followed ---------------


def test_a_kick_off_row_added_as_the_recipe_says_loads_and_is_rolled(monkeypatch):
    from rules_engine.bb2020 import kickoff
    from rules_engine.dice import ScriptedDice
    from rules_engine.dice_tables import table_from_data
    from rules_engine.errors import RulesetDataError
    from rules_engine.shipped import load_bb2020
    from rules_engine.tables import load_tables

    # The row, in the data file's words: it takes the faces of the row it replaces.
    data = json.loads((ROOT / "rules_engine/data/bb2020/tables.json").read_text())
    kick_off = next(t for t in data["tables"] if t["name"] == "kick_off_event")
    row = next(e for e in kick_off["entries"] if e["rolls"] == 10)
    row.update(
        name="Streaker",
        description="One Open player of the receiving team is distracted.",
        effect={"players": 1, "team": "receiving"},
    )
    tables = {**load_tables("bb2020"), "kick_off_event": table_from_data(kick_off)}
    with pytest.raises(RulesetDataError, match="'Streaker'"):  # the trap: no handler yet
        load_bb2020(tables_loader=lambda _key: tables)

    # Its handler, reading its numbers from the row's effect.
    handlers = kickoff.DISPATCHED_TABLES["kick_off_event"]
    monkeypatch.setitem(handlers, "Streaker", lambda event: {"players": event.effect["players"]})
    assert load_bb2020(tables_loader=lambda _key: tables).key == "bb2020"

    monkeypatch.setattr(kickoff, "load_tables", lambda _key: tables)
    step = kickoff.kick_off_event(
        ScriptedDice([(4, 6)]),
        kickoff.KickOffTeam("home", fan_factor=3, cheerleaders=0, assistant_coaches=0),
        kickoff.KickOffTeam("away", fan_factor=3, cheerleaders=0, assistant_coaches=0),
    )
    assert step.outcome["event"] == "Streaker"
    assert step.outcome["effect"] == {"players": 1}
