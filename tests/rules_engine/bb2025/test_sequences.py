"""The BB2025 sequences end to end with scripted dice, their replay, and the rules
numbers of the public contract (cases from shared/rules/bb2025-league-facts.md)."""

from __future__ import annotations

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025 import Bb2025MatchReport, Bb2025PlayerReport, Bb2025TeamReport
from rules_engine.bb2025.spp import spp_earned
from rules_engine.dice import ScriptedDice, SeededDice
from rules_engine.editions import sequences_for
from rules_engine.errors import AdvancementError, InducementError
from rules_engine.ruleset import Ruleset
from rules_engine.team_value import team_value
from rules_engine.wording import english


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def human_team(name: str, blitzers: int = 0, *, treasury: int = 0, fans: int = 1) -> TeamState:
    players = [
        PlayerState(
            id=f"{name}-{n}",
            name=f"{name} {n}",
            position_slug="human-blitzer" if n <= blitzers else "human-lineman",
            number=n,
        )
        for n in range(1, 12)
    ]
    return TeamState(
        name=name,
        roster_slug="human",
        players=tuple(players),
        treasury=treasury,
        dedicated_fans=fans,
    )


# --- the contract's numbers ------------------------------------------------------------


@pytest.mark.parametrize(
    ("attendance", "touchdowns", "kwargs", "gold"),
    [
        (6, 2, {}, 60_000),  # 3 + 2 + 1
        (6, 2, {"stalled": True}, 50_000),
        (5, 0, {}, 35_000),  # an odd attendance gives a 5,000 step
        (7, 2, {}, 65_000),  # the book's example: 3.5 + 2 + 1
        (6, 2, {"conceded": True}, 0),
        # Facts §9 and §13.2: the whole attendance + its touchdowns, no +1.
        (6, 3, {"opponent_conceded": True}, 90_000),
        (6, 3, {"opponent_conceded": True, "stalled": True}, 90_000),
    ],
)
def test_winnings(attendance: int, touchdowns: int, kwargs: dict, gold: int) -> None:  # type: ignore[type-arg]
    assert bb2025.winnings(attendance, touchdowns, **kwargs) == gold


@pytest.mark.parametrize(
    ("result", "fans", "d6", "change"),
    [
        # Facts §8 step 2: a win rolls D6 >= DF for +1, never above 7.
        ("win", 3, 3, 1),
        ("win", 3, 2, 0),
        ("win", 6, 6, 1),
        ("win", 7, 6, 0),
        ("loss", 3, 2, -1),
        ("loss", 3, 3, 0),
        ("loss", 1, 1, 0),  # never below 1
        ("draw", 3, 1, 0),
    ],
)
def test_dedicated_fans_change(result: str, fans: int, d6: int, change: int) -> None:
    assert bb2025.dedicated_fans_change(result, fans, d6) == change


@pytest.mark.parametrize(
    ("args", "budget"),
    [
        ((0, 0, 0, 0), 1_000_000),
        ((50_000, 6, 2, 1), 1_000_000 + 50_000 + 80_000 + 30_000 + 60_000),
        ((100_000, 16, 10, 2), 1_300_000),  # capped
    ],
)
def test_redraft_budget(args: tuple[int, int, int, int], budget: int) -> None:
    assert bb2025.redraft_budget(*args) == budget


def test_petty_cash_is_bb2020s() -> None:
    assert bb2025.petty_cash(1_200_000, 1_000_000, 50_000) == 250_000


def test_no_free_prayers_in_the_public_module() -> None:
    """bb2025-league-facts.md section 4: "There is no Prayers to Nuffle step"; prayers
    are only an inducement (section 5), so the module offers no free-prayer count."""
    assert not hasattr(bb2025, "free_prayers")
    assert "free_prayers" not in bb2025.__all__


def test_spp_brawlin_brutes_and_landings() -> None:
    report = Bb2025PlayerReport("p", touchdowns=1, casualties=1, landings=2)
    assert spp_earned(report, "p").total == 3 + 2 + 2
    assert spp_earned(report, "p", brawlin_brutes=True, mvps=1).total == 2 + 3 + 2 + 4


def test_module_shape() -> None:
    assert sequences_for("bb2025") is bb2025
    assert bb2025.REPORT is Bb2025MatchReport
    assert bb2025.HIRING_STEP == "hiring_and_firing"
    assert bb2025.BETWEEN_SEASONS == "redraft"
    assert bb2025.STANDINGS == {"rank_by": "league_points"}


# --- pre-game --------------------------------------------------------------------------


def test_pre_game_end_to_end(ruleset: Ruleset) -> None:
    """bb2025-league-facts.md section 4: five steps, no Prayers step and no free prayers
    for the underdog; the prayers it buys (section 5) are rolled in the Inducements step,
    a result the team already has rolled again."""
    home = human_team("Reavers", blitzers=1)  # 585,000
    away = human_team("Bulls", treasury=30_000)  # 550,000, the underdog
    choices = {
        "inducements": {"home": {}, "away": {"prayers-to-nuffle": 3, "team-mascot": 1}},
        "kick_or_receive": "kick",
    }
    # D3 fans, 2D6 weather, away's 3 prayers bought (a 5 re-rolled), roll-off.
    dice = ScriptedDice([2, 3, (3, 4), 5, 5, 9, 12, 4, 2])
    result = bb2025.pre_game(ruleset, home, away, dice, choices=choices)
    assert result.complete and dice.remaining == 0
    assert [step.step for step in result.steps] == [
        "fans",
        "weather",
        "journeymen",
        "inducements",
        "kicking_team",
    ]
    assert result.step("kicking_team").rule == "Pre-game sequence, 5. Determine Kicking Team"
    assert result.fan_factor == {"home": 3, "away": 4}
    assert result.weather is not None and result.weather.name == "Perfect Conditions"
    step = result.step("inducements").outcome
    # Petty cash 35,000 + up to 50,000 of its own 30,000: 55,000 spent, 20,000 of Treasury.
    assert step["away"]["money"] == 65_000
    assert step["away"]["petty_cash"] == 35_000
    assert step["away"]["treasury_spent"] == 20_000
    assert result.ctv_after_inducements == {"home": 585_000, "away": 605_000}
    assert result.prayers == {
        "home": (),  # the underdog by 35,000 rolls no free prayer
        "away": ("Knuckle Dusters", "Moles Under the Pitch", "Fan Interaction"),
    }
    prayers = step["away"]["prayers"]
    assert prayers["bought"] == 3 and prayers["rerolled"] == [5]
    assert [english(roll.purpose) for roll in result.step("inducements").rolls] == [
        "Prayers to Nuffle (away)"
    ] * 4
    assert result.kicking_team == "home"


def test_pre_game_refuses_a_fourth_prayer(ruleset: Ruleset) -> None:
    """bb2025-league-facts.md section 5: "Prayers to Nuffle | 0-3"."""
    home, away = human_team("A", blitzers=1), human_team("B", treasury=50_000)
    for order in ({"prayers-to-nuffle": 4},):
        with pytest.raises(InducementError):
            bb2025.pre_game(
                ruleset,
                home,
                away,
                ScriptedDice([1, 1, (3, 4)]),
                choices={"inducements": {"home": {}, "away": order}},
            )


def test_pre_game_waits_for_the_underdog(ruleset: Ruleset) -> None:
    home, away = human_team("A", blitzers=1), human_team("B")
    result = bb2025.pre_game(ruleset, home, away, ScriptedDice([1, 1, (3, 4)]))
    assert not result.complete
    (choice,) = result.pending
    assert choice.kind == "inducements" and choice.side == "away"
    # bb2025-league-facts.md section 5: "Mercenary Players | 0-3".
    assert choice.options["max_mercenaries"] == 3
    assert {m["position"] for m in choice.options["mercenaries"]} >= {"human-blitzer"}


def test_pre_game_replays(ruleset: Ruleset) -> None:
    home, away = human_team("A", blitzers=2), human_team("B", treasury=80_000)
    choices = {
        "inducements": {"home": {}, "away": {"prayers-to-nuffle": 2}},
        "coin_toss": "away",
        "kick_or_receive": "receive",
    }
    first = bb2025.pre_game(ruleset, home, away, SeededDice(2025), choices=choices)
    again = bb2025.pre_game(ruleset, home, away, ScriptedDice.replay(first.rolls), choices=choices)
    assert first.complete and again.steps == first.steps


# --- post-game -------------------------------------------------------------------------


def _report() -> Bb2025MatchReport:
    home = Bb2025TeamReport(
        touchdowns=2,
        fan_factor=5,
        players=(Bb2025PlayerReport("H-1", touchdowns=2), Bb2025PlayerReport("H-2", completions=1)),
    )
    away = Bb2025TeamReport(
        touchdowns=1,
        fan_factor=4,
        stalled=True,
        players=(
            Bb2025PlayerReport("A-1", touchdowns=1, landings=1),
            Bb2025PlayerReport("A-2", miss_next_game=True, hatred_keyword="Human"),
        ),
    )
    return Bb2025MatchReport(home, away)


NOMINEES = {
    "home": ["H-1", "H-2", "H-3", "H-4", "H-5", "H-6"],
    "away": ["A-1", "A-3", "A-4", "A-5", "A-6", "A-7"],
}


def test_post_game_end_to_end(ruleset: Ruleset) -> None:
    home = human_team("H", treasury=40_000)
    away = human_team("A", treasury=30_000, fans=2)
    # Hatred 5; DF home 2, away 1; MVP D6s; Expensive Mistakes home: D6 1, D3 2.
    dice = ScriptedDice([5, 2, 1, 3, 6, 1, 2])
    result = bb2025.post_game(
        ruleset, home, away, _report(), dice, choices={"mvp_nominees": NOMINEES}
    )
    assert result.complete and dice.remaining == 0
    h, a = result.home, result.away
    assert h is not None and a is not None
    assert (h.winnings, a.winnings) == (75_000, 55_000)  # (4.5 + 2 + 1), (4.5 + 1 + 0)
    assert (h.dedicated_fans_after, a.dedicated_fans_after) == (2, 1)
    assert h.mvps == ("H-3",) and a.mvps == ("A-7",)
    assert h.spp_of("H-1") == 6 and h.spp_of("H-3") == 4
    assert a.spp_of("A-1") == 3 + 1  # touchdown and a safe landing
    assert "Hatred (Human)" in a.team.player("A-2").skills
    assert a.team.player("A-2").miss_next_game
    assert h.expensive_mistake.outcome == "Minor Incident"
    assert h.team.treasury == 40_000 + 75_000 - 20_000
    assert a.expensive_mistake.roll is None


def test_post_game_asks_for_nominees(ruleset: Ruleset) -> None:
    home, away = human_team("H"), human_team("A", fans=2)
    result = bb2025.post_game(ruleset, home, away, _report(), ScriptedDice([5, 2, 1]))
    assert not result.complete
    assert {c.kind for c in result.pending} == {"mvp_nominees"}
    assert result.steps[-1].step == "player_advancement"


def test_post_game_holds_hiring_and_replays(ruleset: Ruleset) -> None:
    home, away = human_team("H", treasury=150_000), human_team("A", fans=2)
    choices = {"mvp_nominees": NOMINEES}
    held = bb2025.post_game(
        ruleset, home, away, _report(), SeededDice(9), choices=choices, hold_hiring=True
    )
    assert not held.complete and held.steps[-1].step == bb2025.HIRING_STEP
    answered = {**choices, "home": {}, "away": {}}
    first = bb2025.post_game(ruleset, home, away, _report(), SeededDice(9), choices=answered)
    again = bb2025.post_game(
        ruleset, home, away, _report(), ScriptedDice.replay(first.rolls), choices=answered
    )
    assert first.complete and again.teams == first.teams


def test_conceding_team_gives_up_its_mvp_and_the_opponent_gets_two(ruleset: Ruleset) -> None:
    report = Bb2025MatchReport(
        Bb2025TeamReport(touchdowns=1, fan_factor=3, conceded=True),
        Bb2025TeamReport(touchdowns=0, fan_factor=3),
    )
    home, away = human_team("H", fans=3), human_team("A")
    # Concession D3; DF: home (loser) 6, away (winner) 1; away's two MVPs.
    dice = ScriptedDice([1, 6, 1, 2, 2])
    result = bb2025.post_game(
        ruleset,
        home,
        away,
        report,
        dice,
        # Facts §9: the away coach gives the SPP of the 2 awarded touchdowns.
        choices={
            "mvp_nominees": {"away": NOMINEES["away"]},
            "awarded_touchdowns": {"away": ["A-5", "A-5"]},
        },
    )
    assert result.complete and dice.remaining == 0
    assert result.home is not None and result.away is not None
    assert result.away.spp_of("A-5") == 6
    assert result.home.mvps == () and result.home.winnings == 0
    assert result.away.mvps == ("A-3", "A-4")
    # Facts §9: the opponent wins 2-0 and takes (the whole attendance 6 + its 2
    # touchdowns) x 10,000, no +1 (§13.2).
    assert result.home.touchdowns == 0 and result.away.touchdowns == 2
    assert result.away.winnings == (6 + 2) * 10_000


# --- advancement and team value --------------------------------------------------------


def test_random_skill_rolls_two_and_the_coach_keeps_one(ruleset: Ruleset) -> None:
    player = PlayerState(id=1, name="Hans", position_slug="human-lineman", spp=6)
    asked = bb2025.take_advancement(ruleset, player, "random_primary", ScriptedDice([]))
    assert asked.pending is not None and asked.pending.kind == "advancement_category"
    # Block, Block again (re-rolled), then Dauntless.
    rolled = bb2025.take_advancement(
        ruleset,
        player,
        "random_primary",
        ScriptedDice([(1, 1), (1, 1), (1, 2)]),
        category="General",
    )
    assert rolled.pending is not None and rolled.pending.options["skills"] == ["Block", "Dauntless"]
    kept = bb2025.take_advancement(
        ruleset,
        player,
        "random_primary",
        ScriptedDice.replay(rolled.rolls),
        category="General",
        skill="Block",
    )
    assert kept.applied and kept.player.skills == ("Block",)
    assert kept.value_increase == 30_000  # +20,000 primary, +10,000 elite
    assert (kept.player.spp, kept.title) == (3, "Experienced")
    with pytest.raises(AdvancementError):
        bb2025.take_advancement(
            ruleset,
            player,
            "random_primary",
            ScriptedDice.replay(rolled.rolls),
            category="General",
            skill="Tackle",
        )


def test_characteristic_on_the_d8(ruleset: Ruleset) -> None:
    player = PlayerState(id=1, name="Hans", position_slug="human-lineman", spp=14)
    result = bb2025.take_advancement(
        ruleset, player, "characteristic", ScriptedDice([7]), characteristic_choice="st"
    )
    assert result.applied and result.player.st == 4 and result.value_increase == 60_000
    with pytest.raises(AdvancementError):
        bb2025.take_advancement(
            ruleset, player, "characteristic", ScriptedDice([1]), characteristic_choice="st"
        )
    instead = bb2025.take_advancement(
        ruleset, player, "characteristic", ScriptedDice([1]), skill="Dodge"
    )  # Agility: a secondary, and elite
    assert instead.value_increase == 40_000 + 10_000


def test_team_value_counts_bb2025_increases(ruleset: Ruleset) -> None:
    team = human_team("H")
    player = team.players[0]
    result = bb2025.take_advancement(
        ruleset, player.evolve(spp=10), "chosen_secondary", ScriptedDice([]), skill="Dodge"
    )
    improved = team.evolve(players=(result.player, *team.players[1:]))
    assert team_value(ruleset, improved.value_input()) == 11 * 50_000 + 50_000
