"""The classic ruleset as the registry serves it: BB2020's rosters with the classic
tables, its draft rules and its sequences."""

from __future__ import annotations

import pytest

import rules_engine
from rules_engine.draft import draft_rules_for
from rules_engine.editions import sequences_for
from rules_engine.errors import RulesetDataError
from rules_engine.loaders.classic import DESCRIPTION, load_classic


def test_get_ruleset_classic_loads_with_the_29_bb2020_rosters(bb2020) -> None:
    classic = rules_engine.get_ruleset("classic")
    assert classic.key == "classic"
    assert classic.name == "Classic league rules (LRB)"
    assert classic.description == DESCRIPTION
    assert "Blood Bowl 2020 team rosters" in classic.description
    assert "ship no rosters" in classic.description
    assert len(classic.rosters) == 29
    assert list(classic.rosters) == list(bb2020.rosters)
    assert classic.position("human-blitzer") == bb2020.position("human-blitzer")
    assert len(classic.star_players) == len(bb2020.star_players)
    assert set(classic.inducements) == set(bb2020.inducements)
    assert "classic" in rules_engine.list_rulesets()


def test_the_classic_tables_come_with_the_ruleset() -> None:
    classic = rules_engine.get_ruleset("classic")
    assert {"weather", "injury", "casualty", "kick_off_event", "improvement", "agility"} <= set(
        classic.table_names()
    )
    assert classic.table("weather").lookup(7).name == "Nice"
    assert classic.table("casualty").lookup((6, 8)).name == "DEAD"
    assert classic.table("spiralling_expenses").expenses(1_900_000) == 20_000


def test_sequences_for_classic() -> None:
    module = sequences_for("classic")
    assert module.STANDINGS == {"rank_by": "league_points"}
    assert callable(module.pre_game) and callable(module.post_game)


def test_classic_has_draft_rules() -> None:
    rules = draft_rules_for(rules_engine.get_ruleset("classic"))
    assert rules.budget == 1_000_000


def test_broken_classic_tables_fail_the_load() -> None:
    def broken(key: str) -> dict:
        raise RulesetDataError("table 'casualty' misses the D68 results [47]")

    with pytest.raises(RulesetDataError, match="classic data failed validation"):
        load_classic(tables_loader=broken)


def test_load_classic_builds_a_fresh_ruleset() -> None:
    fresh = load_classic()
    assert fresh.key == "classic" and len(fresh.rosters) == 29
