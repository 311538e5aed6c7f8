"""BB2025's Riotous Rookies (facts section 4: 0-1, 150,000, Low Cost Linemen) bring
2D3+1 extra journeymen for the game, rolled as BB2020 rolls them (BB2020 facts
section 3) as soon as the purchase stands."""

from __future__ import annotations

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Roll, ScriptedDice
from rules_engine.ruleset import Ruleset
from rules_engine.wording import english


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def team(name: str, roster: str, position: str, count: int, rerolls: int) -> TeamState:
    players = tuple(
        PlayerState(id=f"{name}-{n}", name=f"{name} {n}", position_slug=position, number=n)
        for n in range(1, count + 1)
    )
    return TeamState(name=name, roster_slug=roster, players=players, rerolls=rerolls)


CHOICES = {
    "inducements": {"home": {"riotous-rookies": 1}, "away": {}},
    "coin_toss": "home",
    "kick_or_receive": "kick",
}


def test_riotous_rookies_bring_2d3_plus_1_journeymen_for_the_game(ruleset: Ruleset) -> None:
    # 16 Gnoblars (Low Cost Linemen: nothing in CTV) and 2 re-rolls (140,000) against 16
    # Human Linemen and a re-roll (850,000): the Ogres are the underdog, with petty cash.
    ogres = team("ogres", "ogre", "ogre-gnoblar-lineman", 16, rerolls=2)
    humans = team("humans", "human", "human-lineman", 16, rerolls=1)
    rookies = "Riotous Rookies (home)"
    # No free prayers after them (bb2025-league-facts.md section 4: no Prayers step).
    dice = ScriptedDice([1, 3, (5, 2), Roll(rookies, "d3", 2), Roll(rookies, "d3", 3)])
    result = bb2025.pre_game(ruleset, ogres, humans, dice, choices=CHOICES)

    assert result.complete
    step = result.step("inducements")
    assert step.outcome["home"]["riotous_rookies"] == {
        "roll": [2, 3],
        "count": 6,
        "positions": ["ogre-gnoblar-lineman"] * 6,
    }
    assert [(english(r.purpose), r.result) for r in step.rolls] == [(rookies, 2), (rookies, 3)]
    assert "riotous_rookies" not in step.outcome["away"]
    home = result.journeymen["home"]
    assert len(home) == 6 and len({p.id for p in home}) == 6
    assert all(p.journeyman and p.position_slug == "ogre-gnoblar-lineman" for p in home)
    assert all(p.skills == ("Loner (4+)",) for p in home)
    assert result.journeymen["away"] == ()
    # The rookies cost their 150,000 and add nothing more (Low Cost Linemen).
    assert step.outcome["home"]["ctv_after"] == 140_000 + 150_000
    assert dice.remaining == 0


def test_no_riotous_rookies_bought_rolls_none(ruleset: Ruleset) -> None:
    ogres = team("ogres", "ogre", "ogre-gnoblar-lineman", 16, rerolls=2)
    humans = team("humans", "human", "human-lineman", 16, rerolls=1)
    choices = {**CHOICES, "inducements": {"home": {}, "away": {}}}
    dice = ScriptedDice([1, 3, (5, 2)])
    result = bb2025.pre_game(ruleset, ogres, humans, dice, choices=choices)
    assert result.step("inducements").rolls == ()
    assert result.journeymen == {"home": (), "away": ()}
