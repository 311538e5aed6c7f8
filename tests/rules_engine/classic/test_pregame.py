"""The classic PRE-MATCH SEQUENCE (reference sheet, LEAGUE MATCH SEQUENCE): "1 Roll on
Weather table; 2 Transfer gold to Petty Cash (highest TV first, adds to TV); 4 Take
Inducements; 5 Work out Gate and FAME"."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.pregame import PreGameResult
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.classic import ClassicPreGameResult, inducement_money, pre_game
from rules_engine.dice import ScriptedDice, SeededDice
from rules_engine.errors import DiceScriptError, InducementError, RulesError

STEPS = ["weather", "petty_cash", "inducements", "gate_and_fame", "kicking_team"]


def humans(name: str, count: int = 12, **team: object) -> TeamState:
    """A Human team of Linemen (50,000 each)."""
    players = tuple(
        PlayerState(id=f"{name}{n}", name=f"{name} {n}", position_slug="human-lineman", number=n)
        for n in range(1, count + 1)
    )
    return TeamState(name=name, roster_slug="human", players=players, **team)  # type: ignore[arg-type]


# 12 Linemen (600,000) + 3 re-rolls (150,000) = 750,000 TV; 12 Linemen = 600,000 TV.
HOME = humans("Reavers", rerolls=3, treasury=100_000, dedicated_fans=5)
AWAY = humans("Blockers", treasury=30_000, dedicated_fans=2)
# Weather 3+4 (Nice); gate: home 3+4 + FF 5 = 12,000, away 2+3 + FF 2 = 7,000;
# kicking team roll-off 5 against 2.
DICE = [(3, 4), (3, 4), (2, 3), 5, 2]
CHOICES = {
    "petty_cash": {"home": 50_000, "away": 10_000},
    "inducements": {"home": {"bloodweiser-kegs": 1}, "away": {"bribes": 1}},
    "kick_or_receive": "receive",
}


def test_inducement_money_is_the_tv_difference() -> None:
    assert inducement_money(610_000, 800_000) == 190_000
    assert inducement_money(800_000, 610_000) == 0
    assert inducement_money(700_000, 700_000) == 0
    with pytest.raises(RulesError):
        inducement_money(-1, 0)


def test_full_pre_match_with_scripted_dice(bb2020) -> None:
    result = pre_game("classic", HOME, AWAY, ScriptedDice(DICE), choices=CHOICES)
    assert isinstance(result, ClassicPreGameResult) and isinstance(result, PreGameResult)
    assert [s.step for s in result.steps] == STEPS
    assert result.complete
    assert result.weather is not None and result.weather.name == "Nice"
    assert result.gate == {"home": 12_000, "away": 7_000}
    assert result.total_gate == 19_000
    assert result.fame == {"home": 1, "away": 0}  # more fans, not double
    assert result.fan_factor == {"home": 12, "away": 7}  # gates in thousands, for TeamReport
    assert result.petty_cash == {"home": 50_000, "away": 10_000}
    # 750,000 + 50,000 against 600,000 + 10,000: the Blockers get 190,000 inducement money.
    assert result.inducement_money == {"home": 0, "away": 190_000}
    # The Reavers' Keg is paid from Petty Cash; the Blockers' Bribe from inducement money.
    assert result.treasury_spent == {"home": 50_000, "away": 0}
    assert result.ctv_before_inducements == {"home": 750_000, "away": 600_000}
    assert result.ctv_after_inducements == {"home": 800_000, "away": 700_000}
    assert result.inducements["away"]["items"] == {"bribes": 1}
    assert result.journeymen == {"home": (), "away": ()}
    assert result.underdog is None and result.prayers is None
    assert (result.kicking_team, result.receiving_team) == ("away", "home")
    step = result.step("inducements").outcome
    assert step["away"]["petty_cash_returned"] == 10_000
    assert step["away"]["money"] == 200_000


def test_petty_cash_higher_tv_answers_first() -> None:
    first = pre_game("classic", HOME, AWAY, ScriptedDice([(3, 4)]))
    assert [s.step for s in first.steps] == ["weather", "petty_cash"]
    (choice,) = first.pending
    assert (choice.side, choice.kind) == ("home", "petty_cash")
    assert choice.options["treasury"] == 100_000
    second = pre_game(
        "classic", HOME, AWAY, ScriptedDice([(3, 4)]), choices={"petty_cash": {"home": 40_000}}
    )
    (choice,) = second.pending
    assert (choice.side, choice.kind) == ("away", "petty_cash")
    assert choice.options["moved"] == {"home": 40_000}


def test_petty_cash_with_equal_tvs_both_answer_together() -> None:
    twin = humans("Twins", rerolls=3, treasury=20_000, dedicated_fans=1)
    result = pre_game("classic", HOME, twin, ScriptedDice([(3, 4)]))
    assert {c.side for c in result.pending} == {"home", "away"}


def test_an_empty_treasury_is_not_asked() -> None:
    broke = humans("Broke", treasury=0)
    result = pre_game(
        "classic", HOME, broke, ScriptedDice([(3, 4)]), choices={"petty_cash": {"home": 0}}
    )
    assert result.step("petty_cash").complete
    assert result.step("petty_cash").outcome["away"]["petty_cash"] == 0


def test_petty_cash_adds_to_tv_and_can_swap_the_inducement_money() -> None:
    # The Blockers move 30,000 but stay lower: 750,000 against 630,000.
    choices = {"petty_cash": {"home": 0, "away": 30_000}, "inducements": {"home": {}, "away": {}}}
    result = pre_game("classic", HOME, AWAY, ScriptedDice(DICE), choices=choices)
    assert result.inducement_money == {"home": 0, "away": 120_000}
    assert result.step("inducements").outcome["away"]["money"] == 150_000
    assert result.treasury_spent == {"home": 0, "away": 0}


@pytest.mark.parametrize(
    ("order", "from_treasury"),
    [
        ({"bribes": 1, "part-time-assistant-coaches": 1}, 0),  # 120,000 of 140,000
        ({"bribes": 1, "part-time-assistant-coaches": 2}, 0),  # 140,000: all of it
        ({"bribes": 1, "bloodweiser-kegs": 1}, 10_000),  # 150,000: 10,000 of Petty Cash
    ],
)
def test_inducement_money_is_spent_before_petty_cash(order: dict, from_treasury: int) -> None:
    choices = {
        "petty_cash": {"home": 0, "away": 10_000},
        "inducements": {"home": {}, "away": order},
    }
    result = pre_game("classic", HOME, AWAY, ScriptedDice(DICE), choices=choices)
    outcome = result.step("inducements").outcome["away"]
    assert outcome["inducement_money"] == 140_000  # 750,000 - 610,000
    assert outcome["treasury_spent"] == from_treasury
    assert outcome["petty_cash_returned"] == 10_000 - from_treasury


def test_spending_more_than_the_money_is_refused() -> None:
    choices = {
        "petty_cash": {"home": 0, "away": 10_000},
        "inducements": {"home": {}, "away": {"bribes": 1, "wandering-apothecaries": 1}},
    }
    with pytest.raises(InducementError, match="Blockers: .*petty cash left"):
        pre_game("classic", HOME, AWAY, ScriptedDice(DICE), choices=choices)


def test_everything_spent_takes_the_petty_cash_from_the_treasury() -> None:
    choices = {
        "petty_cash": {"home": 0, "away": 30_000},
        "inducements": {"home": {}, "away": {"bribes": 1, "bloodweiser-kegs": 1}},
    }
    result = pre_game("classic", HOME, AWAY, ScriptedDice(DICE), choices=choices)
    # 150,000 spent: 120,000 inducement money, then 30,000 of Petty Cash.
    assert result.treasury_spent == {"home": 0, "away": 30_000}
    assert result.step("inducements").outcome["away"]["petty_cash_returned"] == 0


def test_both_coaches_are_asked_for_inducements_together() -> None:
    choices = {"petty_cash": {"home": 50_000, "away": 0}}
    result = pre_game("classic", HOME, AWAY, ScriptedDice([(3, 4)]), choices=choices)
    assert [s.step for s in result.steps] == ["weather", "petty_cash", "inducements"]
    assert {(c.side, c.kind) for c in result.pending} == {
        ("home", "inducements"),
        ("away", "inducements"),
    }


def test_petty_cash_beyond_the_treasury_is_refused() -> None:
    with pytest.raises(RulesError, match="Treasury holds 100,000"):
        pre_game(
            "classic",
            HOME,
            AWAY,
            ScriptedDice([(3, 4)]),
            choices={"petty_cash": {"home": 150_000}},
        )
    with pytest.raises(RulesError, match="sum of gold"):
        pre_game(
            "classic", HOME, AWAY, ScriptedDice([(3, 4)]), choices={"petty_cash": {"home": -5}}
        )


def test_unknown_choices_are_refused() -> None:
    with pytest.raises(RulesError, match="Unknown pre-match choices"):
        pre_game("classic", HOME, AWAY, ScriptedDice(DICE), choices={"prayers": {}})
    with pytest.raises(RulesError, match="per side"):
        pre_game("classic", HOME, AWAY, ScriptedDice(DICE), choices={"petty_cash": {"x": 1}})


def test_exhibition_uses_a_budget_and_no_petty_cash() -> None:
    choices = {"inducements": {"home": {}, "away": {"bribes": 1}}, "coin_toss": "home"}
    choices["kick_or_receive"] = "kick"
    result = pre_game(
        "classic",
        HOME,
        AWAY,
        ScriptedDice([(3, 4), (3, 4), (2, 3)]),
        league=False,
        choices=choices,
        budget={"away": 100_000},
    )
    assert result.complete
    assert result.step("petty_cash").outcome == {"skipped": "exhibition play"}
    assert result.treasury_spent == {"home": 0, "away": 0}
    assert result.kicking_team == "home"
    with pytest.raises(RulesError, match="budget is for exhibition"):
        pre_game("classic", HOME, AWAY, ScriptedDice(DICE), budget={"home": 1})


def test_pre_match_replays_from_seeded_rolls() -> None:
    first = pre_game("classic", HOME, AWAY, SeededDice(31), choices=CHOICES)
    assert first.complete
    stored = [roll.as_dict() for roll in first.rolls]
    again = pre_game("classic", HOME, AWAY, ScriptedDice.replay(stored), choices=CHOICES)
    assert again == first
    with pytest.raises(DiceScriptError, match="replay mismatch"):
        pre_game("classic", AWAY, HOME, ScriptedDice.replay(stored[::-1]), choices=CHOICES)


def test_a_pending_pre_match_continues_with_the_same_seed() -> None:
    pending = pre_game("classic", HOME, AWAY, SeededDice(8))
    done = pre_game("classic", HOME, AWAY, SeededDice(8), choices=CHOICES)
    assert not pending.complete and done.complete
    assert done.rolls[: len(pending.rolls)] == pending.rolls
