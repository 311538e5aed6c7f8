"""Re-drafting between seasons against the facts sheet, section 5."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.redraft import (
    COMMISSIONERS_CAP,
    niggling_injury_recovery,
    recover_between_seasons,
    redraft_budget,
    rehire_fee,
)
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import ScriptedDice
from rules_engine.errors import RulesError
from rules_engine.wording import english


def test_redraft_budget() -> None:
    # 1,000,000 + 85,000 + 14 x 20,000 + 8 x 20,000 + 2 x 10,000
    assert redraft_budget(85_000, 14, 8, 2) == 1_545_000
    assert redraft_budget(0, 0, 0, 0) == 1_000_000


def test_redraft_budget_with_the_commissioners_cap() -> None:
    assert COMMISSIONERS_CAP == 1_300_000
    assert redraft_budget(85_000, 14, 8, 2, cap=COMMISSIONERS_CAP) == 1_300_000
    assert redraft_budget(10_000, 6, 1, 1, cap=COMMISSIONERS_CAP) == 1_160_000


def test_redraft_budget_refuses_impossible_records() -> None:
    with pytest.raises(RulesError, match="cannot win or draw more"):
        redraft_budget(0, 3, 3, 1)
    with pytest.raises(RulesError):
        redraft_budget(-5_000, 0, 0, 0)


def test_rehire_fee_is_current_value_plus_20000_per_season() -> None:
    assert rehire_fee(110_000, 0) == 110_000
    assert rehire_fee(110_000, 2) == 150_000


def test_niggling_injury_recovery_with_and_without_an_apothecary() -> None:
    without = niggling_injury_recovery(ScriptedDice([3, 4]), 2, apothecary=False)
    assert (without.removed, without.remaining) == (1, 1)
    # +1 with an apothecary: a 3 removes it too, a 2 does not.
    with_apothecary = niggling_injury_recovery(ScriptedDice([3, 2]), 2, apothecary=True)
    assert (with_apothecary.removed, with_apothecary.remaining) == (1, 1)
    assert niggling_injury_recovery(ScriptedDice([]), 0, apothecary=True).rolls == ()


def test_recover_between_seasons() -> None:
    players = (
        PlayerState(id=1, name="A", position_slug="human-lineman", miss_next_game=True),
        PlayerState(id=2, name="B", position_slug="human-lineman", niggling_injuries=2),
        PlayerState(id=3, name="C", position_slug="human-lineman"),
    )
    team = TeamState(name="T", roster_slug="human", players=players, apothecary=True)
    dice = ScriptedDice([3, 1])
    result = recover_between_seasons(team, dice)
    assert result.recovered == (1,)
    assert not result.team.player(1).miss_next_game
    assert result.team.player(2).niggling_injuries == 1
    assert [english(r.purpose) for r in result.rolls] == ["Niggling Injury: B"] * 2
