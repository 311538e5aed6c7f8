"""Conceding against the core rules (CONCEDING) and the facts sheet, section 4."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.conceding import (
    concede,
    concession_dedicated_fans,
    concession_score,
    concession_without_penalty,
)
from rules_engine.bb2020.report import MatchReport, TeamReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import ScriptedDice
from rules_engine.errors import RulesError
from rules_engine.wording import english


def team(dedicated_fans: int = 4, advancements: tuple[int, ...] = (0, 3, 6, 2, 4)) -> TeamState:
    players = tuple(
        PlayerState(id=n, name=f"Player {n}", position_slug="human-lineman", advancements=a)
        for n, a in enumerate(advancements, start=1)
    )
    return TeamState(
        name="Reikland", roster_slug="human", players=players, dedicated_fans=dedicated_fans
    )


def test_opposition_gets_one_touchdown_plus_the_conceders() -> None:
    # "The opposition is awarded one touchdown, and any touchdowns your team has
    # scored are voided and awarded to the opposition."
    assert concession_score(2, 1) == (0, 4)
    assert concession_score(0, 0) == (0, 1)
    report = MatchReport(TeamReport(2, conceded=True), TeamReport(1))
    assert report.final_score == (0, 4)
    assert report.result("home") == "loss" and report.result("away") == "win"


def test_dedicated_fans_drop_by_d3_to_a_minimum_of_1() -> None:
    assert concession_dedicated_fans(5, 2) == 3
    assert concession_dedicated_fans(3, 3) == 1
    assert concession_dedicated_fans(1, 1) == 1


def test_players_with_three_or_more_advancements_quit_on_1_to_3() -> None:
    # D3 for the fans, then players 2 (3 adv.), 3 (6 adv.) and 5 (4 adv.) in sheet order.
    dice = ScriptedDice([1, 3, 4, 1])
    result = concede(team(), dice)
    assert dice.remaining == 0
    assert [(q.player_id, q.roll, q.quits) for q in result.quit_rolls] == [
        (2, 3, True),
        (3, 4, False),
        (5, 1, True),
    ]
    assert result.quitters == (2, 5)
    assert [p.id for p in result.team.players] == [1, 3, 4]
    assert (result.dedicated_fans_before, result.dedicated_fans_after) == (4, 3)
    assert result.team.dedicated_fans == 3
    assert [english(r.purpose) for r in result.rolls][:2] == [
        "Conceding: Dedicated Fans",
        "Conceding: does Player 2 quit?",
    ]


def test_players_already_dead_roll_nothing() -> None:
    dice = ScriptedDice([2, 6, 6])
    result = concede(team(), dice, excluding={3})
    assert [q.player_id for q in result.quit_rolls] == [2, 5]


def test_three_or_fewer_players_concede_before_set_up_without_penalty() -> None:
    assert concession_without_penalty(3) and concession_without_penalty(0)
    assert not concession_without_penalty(4)
    assert not concession_without_penalty(None)  # at the start of a team turn
    dice = ScriptedDice([])
    result = concede(team(), dice, set_up_players=3)
    assert not result.penalty and result.rolls == () and result.team == team()
    assert TeamReport(conceded=True, set_up_players_when_conceding=2).concession_penalty is False
    assert TeamReport(conceded=True).concession_penalty is True


def test_only_one_team_concedes() -> None:
    with pytest.raises(RulesError):
        MatchReport(TeamReport(conceded=True), TeamReport(conceded=True))
    with pytest.raises(RulesError):
        TeamReport(set_up_players_when_conceding=2)
