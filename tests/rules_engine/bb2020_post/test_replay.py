"""Replay: stored rolls and the same choices give the same post-game and advancement."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.advancement import take_advancement
from rules_engine.bb2020.postgame import post_game
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Roll, ScriptedDice, SeededDice
from rules_engine.errors import DiceScriptError


def team(prefix: str, journeymen: int = 0) -> TeamState:
    players = [
        PlayerState(
            id=f"{prefix}{n}",
            name=f"{prefix}{n}",
            position_slug="orc-lineman",
            number=n,
            advancements=n % 5,
        )
        for n in range(1, 12 - journeymen)
    ]
    players += [
        PlayerState(
            id=f"{prefix}J{n}",
            name=f"J{n}",
            position_slug="orc-lineman",
            number=30 + n,
            skills=("Loner (4+)",),
            journeyman=True,
        )
        for n in range(journeymen)
    ]
    return TeamState(
        name=prefix, roster_slug="orc", players=tuple(players), treasury=260_000, dedicated_fans=4
    )


REPORT = MatchReport(
    TeamReport(
        1,
        5,
        conceded=True,
        players=(PlayerReport("H2", killed=True), PlayerReport("H5", lasting_injury="st")),
    ),
    TeamReport(2, 3, players=(PlayerReport("A1", touchdowns=2, casualties=1),)),
)
CHOICES = {"home": {"retire": ["H5"]}, "away": {"hire_journeymen": ["AJ0"]}}


def test_post_game_replays_from_its_stored_rolls(bb2020) -> None:
    home, away = team("H"), team("A", journeymen=2)
    first = post_game(bb2020, home, away, REPORT, SeededDice(2024), choices=CHOICES)
    assert first.complete and first.rolls
    stored = [r.as_dict() for r in first.rolls]
    again = post_game(bb2020, home, away, REPORT, ScriptedDice.replay(stored), choices=CHOICES)
    assert again == first
    assert again.home == first.home and again.away == first.away


def test_pending_post_game_continues_with_the_same_seed(bb2020) -> None:
    home, away = team("H"), team("A", journeymen=2)
    pending = post_game(bb2020, home, away, REPORT, SeededDice(7))
    assert {c.kind for c in pending.pending} == {"hire_journeymen", "temporary_retirement"}
    done = post_game(bb2020, home, away, REPORT, SeededDice(7), choices=CHOICES)
    assert done.complete
    assert done.rolls[: len(pending.rolls)] == pending.rolls


def test_replay_with_other_dice_purposes_is_refused(bb2020) -> None:
    home, away = team("H"), team("A")
    forged = [Roll("something else", "d3", 1)] * 20
    with pytest.raises(DiceScriptError, match="replay mismatch"):
        post_game(bb2020, home, away, REPORT, ScriptedDice.replay(forged), choices=CHOICES)


def test_sixth_advancement_replays(bb2020) -> None:
    player = PlayerState(id=1, name="Gorbag", position_slug="orc-blitzer", advancements=5, spp=50)
    first = take_advancement(bb2020, player, "random_characteristic", SeededDice(11))
    assert first.pending is not None and first.spp_cost == 50  # the 6th: 50 SPP
    allowed = first.pending.options["characteristics"]
    answer = {"characteristic_choice": allowed[0]} if allowed else {"skill": "Pro"}
    done = take_advancement(
        bb2020, player, "random_characteristic", ScriptedDice.replay(first.rolls), **answer
    )
    again = take_advancement(
        bb2020, player, "random_characteristic", ScriptedDice.replay(done.rolls), **answer
    )
    assert done == again and done.applied and done.rolls == first.rolls
    assert done.player.advancements == 6 and done.title == "Legend" and done.player.spp == 0
