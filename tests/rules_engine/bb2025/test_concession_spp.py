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
    assert "(at most 2)" in str(Bb2025TeamReport.without_penalty_rule)


# --- the SPP of awarded touchdowns (facts section 9; league_play.md "Touchdown") --------

import rules_engine.bb2025 as bb2025  # noqa: E402
from rules_engine.bb2025 import Bb2025MatchReport  # noqa: E402
from rules_engine.bb2025.postgame import AWARDED_TOUCHDOWNS, awarded_touchdowns  # noqa: E402
from rules_engine.dice import SeededDice  # noqa: E402
from rules_engine.errors import RulesError  # noqa: E402
from rules_engine.ruleset import Ruleset  # noqa: E402
from tests.rules_engine.bb2025.test_postgame_rulebook import ruleset, six, team  # noqa: E402

__all__ = ["ruleset"]  # the fixture, used below


def conceded(home_scored: int, **away: object) -> Bb2025MatchReport:
    """Away concedes at a team turn after home scored ``home_scored``."""
    return Bb2025MatchReport(
        Bb2025TeamReport(touchdowns=home_scored, fan_factor=2),
        Bb2025TeamReport(fan_factor=2, conceded=True, **away),  # type: ignore[arg-type]
    )


def run(ruleset: Ruleset, report: Bb2025MatchReport, given: object = None):
    choices: dict[str, object] = {"mvp_nominees": {"home": six("H"), "away": six("A")}}
    if given is not None:
        choices[AWARDED_TOUCHDOWNS] = {"home": given}
    return bb2025.post_game(ruleset, team("H"), team("A"), report, SeededDice(1), choices=choices)


def spp_of(result, pid: str) -> dict[str, int]:
    """Step 3's SPP breakdown of the home player ``pid``."""
    (step,) = [s for s in result.steps if s.step == "player_advancement"]
    rows = {row["player_id"]: row["breakdown"] for row in step.outcome["home"]["spp"]}
    return dict(rows.get(pid, {}))


def test_the_touchdowns_a_concession_awards() -> None:
    assert awarded_touchdowns(conceded(0), "home") == 2
    assert awarded_touchdowns(conceded(1), "home") == 1
    assert awarded_touchdowns(conceded(3), "home") == 0
    assert awarded_touchdowns(conceded(0), "away") == 0
    assert awarded_touchdowns(conceded(1, set_up_players_when_conceding=2), "home") == 1


def test_the_winner_is_asked_who_gets_them(ruleset: Ruleset) -> None:
    result = run(ruleset, conceded(1))
    (choice,) = [c for c in result.pending if c.kind == AWARDED_TOUCHDOWNS]
    assert choice.side == "home"
    assert choice.options["touchdowns"] == 1 and choice.options["spp_each"] == 3
    assert choice.options["players"] == [f"H-{n}" for n in range(1, 12)]


def test_each_awarded_touchdown_gives_its_3_spp(ruleset: Ruleset) -> None:
    result = run(ruleset, conceded(0), ["H-3", "H-3"])
    assert not [c for c in result.pending if c.kind == AWARDED_TOUCHDOWNS]
    assert spp_of(result, "H-3")["Awarded touchdown"] == 6


def test_without_penalty_too(ruleset: Ruleset) -> None:
    result = run(ruleset, conceded(1, set_up_players_when_conceding=2), ["H-4"])
    assert spp_of(result, "H-4")["Awarded touchdown"] == 3


@pytest.mark.parametrize(
    ("given", "message"),
    [(["H-3"], "one player per awarded touchdown: 2, not 1"), (["H-3", "A-1"], "'A-1'")],
)
def test_a_wrong_answer_is_refused(ruleset: Ruleset, given: list[str], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        run(ruleset, conceded(0), given)


def test_none_to_give_without_a_concession(ruleset: Ruleset) -> None:
    report = Bb2025MatchReport(Bb2025TeamReport(fan_factor=2), Bb2025TeamReport(fan_factor=2))
    choices = {"mvp_nominees": {"home": six("H"), "away": six("A")}}
    result = bb2025.post_game(ruleset, team("H"), team("A"), report, SeededDice(1), choices=choices)
    assert not [c for c in result.pending if c.kind == AWARDED_TOUCHDOWNS]


def test_an_answer_carried_to_a_report_without_a_concession_gives_nothing(
    ruleset: Ruleset,
) -> None:
    """A report corrected to no concession keeps the old answer; it awards nothing."""
    report = Bb2025MatchReport(Bb2025TeamReport(fan_factor=2), Bb2025TeamReport(fan_factor=2))
    result = run(ruleset, report, ["H-3", "H-3"])
    assert "Awarded touchdown" not in spp_of(result, "H-3")
