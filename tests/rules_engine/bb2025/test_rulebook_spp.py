"""BB2025 Star Player Points as the rulebook has them (shared/rules/bb2025-league-facts.md
§6, "Star Player Points"): no Deflection; 1 SPP to the thrower of a Superb Throw whose
team-mate lands on his feet and 1 to a thrown player landing safely; Brawlin' Brutes
Casualty 3 and Touchdown 2. BB2020 keeps its Deflection."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.report import PlayerReport
from rules_engine.bb2020.spp import spp_earned as bb2020_spp_earned
from rules_engine.bb2025.report import (
    Bb2025MatchReport,
    Bb2025PlayerReport,
    Bb2025TeamReport,
)
from rules_engine.bb2025.spp import spp_earned
from rules_engine.errors import RulesError


def test_a_bb2025_player_report_with_a_deflection_is_refused() -> None:
    with pytest.raises(RulesError, match="BB2025 has no deflections"):
        Bb2025PlayerReport("p1", deflections=1)


def test_a_bb2025_match_report_refuses_a_bb2020_player_report_with_deflections() -> None:
    home = Bb2025TeamReport(players=(PlayerReport("p1", deflections=2),))
    with pytest.raises(RulesError, match="Player p1: BB2025 has no deflections"):
        Bb2025MatchReport(home=home, away=Bb2025TeamReport())


def test_superb_throws_and_safe_landings_earn_one_spp_each() -> None:
    thrower = spp_earned(Bb2025PlayerReport("t", superb_throws=2), "t")
    thrown = spp_earned(Bb2025PlayerReport("b", landings=1, touchdowns=1), "b")
    assert thrower.breakdown == {"Superb Throw": 2}
    assert thrower.total == 2
    assert thrown.breakdown == {"Landing": 1, "Touchdown": 3}
    with pytest.raises(RulesError, match="cannot be negative"):
        Bb2025PlayerReport("t", superb_throws=-1)


def test_brawlin_brutes_casualty_three_touchdown_two() -> None:
    report = Bb2025PlayerReport("o", casualties=1, touchdowns=1, completions=1)
    assert spp_earned(report, "o", brawlin_brutes=True).breakdown == {
        "Completion": 1,
        "Casualty": 3,
        "Touchdown": 2,
    }
    assert spp_earned(report, "o").total == 1 + 2 + 3


def test_bb2020_keeps_its_deflection() -> None:
    assert bb2020_spp_earned(PlayerReport("p", deflections=1), "p").total == 1
