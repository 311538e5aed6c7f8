"""BB2025 Conceding Without Penalty (bb2025-league-facts.md section 9): a team that
cannot put 3 players on the Line of Scrimmage, so at most 2 set up; BB2020's facts
(section 4): 3 or fewer. The report types carry the threshold the apps read."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.report import TeamReport
from rules_engine.bb2025 import Bb2025TeamReport


@pytest.mark.parametrize(("set_up", "penalty"), [(0, False), (2, False), (3, True), (4, True)])
def test_bb2025_spares_at_most_two(set_up: int, penalty: bool) -> None:
    report = Bb2025TeamReport(conceded=True, set_up_players_when_conceding=set_up)
    assert report.concession_penalty is penalty
    assert Bb2025TeamReport.most_set_up_without_penalty == 2


@pytest.mark.parametrize(("set_up", "penalty"), [(3, False), (4, True)])
def test_bb2020_spares_three_or_fewer(set_up: int, penalty: bool) -> None:
    report = TeamReport(conceded=True, set_up_players_when_conceding=set_up)
    assert report.concession_penalty is penalty
    assert TeamReport.most_set_up_without_penalty == 3


def test_a_concession_at_a_team_turn_always_carries_the_penalty() -> None:
    assert Bb2025TeamReport(conceded=True).concession_penalty
    assert "(at most 2)" in Bb2025TeamReport.without_penalty_rule
