"""The classic rule numbers against the reference sheet: gate and FAME, winnings,
Fan Factor, Spiralling Expenses, SPP titles, agility, casualties and improvements."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.bb2020.report import PlayerReport
from rules_engine.bb2020.state import PlayerState
from rules_engine.classic import (
    ClassicSppEarned,
    agility_target,
    casualty,
    casualty_report,
    classic_agility,
    fame,
    fan_factor_change,
    fan_factor_dice,
    gate,
    improvement,
    improvement_options,
    injury,
    kick_off_event,
    spiralling_expenses,
    spp_award,
    spp_title,
    take_improvement,
    titles_reached,
    total_gate,
    weather,
    winnings,
)
from rules_engine.errors import AdvancementError, RulesError

# --- THE GATE AND FAME -------------------------------------------------------------------


def test_gate_is_2d6_plus_fan_factor_thousands() -> None:
    # "Each (2D6 + FF) x 1000 fans"
    assert gate((3, 4), 5) == 12_000
    assert gate([1, 1], 0) == 2_000
    assert gate((6, 6), 9) == 21_000


@pytest.mark.parametrize("bad", [((0, 3), 2), ((3,), 2), ((3, 7), 2), ((3, 3), -1)])
def test_gate_refuses_impossible_rolls(bad: tuple) -> None:
    with pytest.raises(RulesError):
        gate(*bad)


def test_total_gate_is_both_teams_fans() -> None:
    assert total_gate(12_000, 9_000) == 21_000


@pytest.mark.parametrize(
    ("home", "away", "expected"),
    [
        (10_000, 10_000, (0, 0)),  # "Equal fans show up +0 FAME"
        (11_000, 10_000, (1, 0)),  # "More fans show up +1 FAME"
        (19_000, 10_000, (1, 0)),  # just short of double
        (20_000, 10_000, (2, 0)),  # exactly double: "Double fans or more +2 FAME"
        (25_000, 10_000, (2, 0)),
        (10_000, 11_000, (0, 1)),
        (7_000, 14_000, (0, 2)),
        (7_000, 13_000, (0, 1)),
    ],
)
def test_fame_boundaries(home: int, away: int, expected: tuple[int, int]) -> None:
    assert fame(home, away) == expected


@given(st.integers(2, 30), st.integers(2, 30))
def test_fame_goes_only_to_the_bigger_crowd(home: int, away: int) -> None:
    home_fame, away_fame = fame(home * 1_000, away * 1_000)
    assert min(home_fame, away_fame) == 0
    assert max(home_fame, away_fame) in (0, 1, 2)
    assert (home_fame > 0) == (home > away) and (away_fame > 0) == (away > home)


# --- WINNINGS ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("d6", "fame_", "won_or_tied", "gold"),
    [
        (3, 0, False, 30_000),  # "(1D6 + FAME) x 10.000 gp"
        (3, 0, True, 40_000),  # "Won/tied: +1"
        (6, 2, True, 90_000),
        (1, 2, False, 30_000),
        (1, 1, True, 30_000),
    ],
)
def test_winnings(d6: int, fame_: int, won_or_tied: bool, gold: int) -> None:
    assert winnings(d6, fame_, won_or_tied) == gold


@pytest.mark.parametrize(("d6", "fame_"), [(0, 0), (7, 0), (3, 3), (3, -1)])
def test_winnings_refuse_impossible_numbers(d6: int, fame_: int) -> None:
    with pytest.raises(RulesError):
        winnings(d6, fame_, True)


# --- FAN FACTOR --------------------------------------------------------------------------


def test_fan_factor_dice() -> None:
    # "Won(3D6)/tied(2D6)", "Lost(2D6)"
    assert fan_factor_dice("win") == 3
    assert fan_factor_dice("draw") == fan_factor_dice("tie") == fan_factor_dice("loss") == 2


@pytest.mark.parametrize(
    ("result", "fan_factor", "total", "change"),
    [
        ("win", 9, 10, 1),  # 3D6 over FF: +1
        ("win", 10, 10, 0),  # equal: no change
        ("win", 12, 3, 0),  # a win never loses fans
        ("draw", 6, 7, 1),  # tie, 2D6 over FF: +1
        ("draw", 6, 6, 0),  # tie, equal: nothing
        ("draw", 6, 5, -1),  # tie, 2D6 under FF: -1 (the same roll read the other way)
        ("tie", 6, 5, -1),
        ("loss", 6, 5, -1),  # lost, 2D6 under FF: -1
        ("loss", 6, 6, 0),
        ("loss", 2, 12, 0),  # a loss never gains fans
    ],
)
def test_fan_factor_change(result: str, fan_factor: int, total: int, change: int) -> None:
    assert fan_factor_change(result, fan_factor, total) == change


@pytest.mark.parametrize(("result", "total"), [("win", 2), ("win", 19), ("loss", 1), ("draw", 13)])
def test_fan_factor_change_refuses_totals_the_dice_cannot_make(result: str, total: int) -> None:
    with pytest.raises(RulesError):
        fan_factor_change(result, 5, total)


@given(st.integers(0, 20), st.integers(2, 12))
def test_a_tie_reads_one_2d6_both_ways(fan_factor: int, total: int) -> None:
    change = fan_factor_change("draw", fan_factor, total)
    assert change == (total > fan_factor) - (total < fan_factor)
    assert fan_factor_change("loss", fan_factor, total) == min(change, 0)


@given(st.integers(1, 6), st.integers(0, 2), st.booleans())
def test_winnings_run_from_10000_to_90000(d6: int, fame_: int, won_or_tied: bool) -> None:
    gold = winnings(d6, fame_, won_or_tied)
    assert 10_000 <= gold <= 90_000 and gold % 10_000 == 0


def test_fan_factor_change_refuses_an_unknown_result() -> None:
    with pytest.raises(ValueError):
        fan_factor_change("forfeit", 5, 7)


# --- SPIRALLING EXPENSES -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("team_value", "expenses"),
    [
        (0, 0),
        (1_749_999, 0),
        (1_750_000, 10_000),  # "1750K - 1890K 10.000 gp"
        (1_890_000, 10_000),
        (1_899_999, 10_000),
        (1_900_000, 20_000),  # "Every 150K more +10.000 gp"
        (2_040_000, 20_000),
        (2_050_000, 30_000),
        (2_200_000, 40_000),
    ],
)
def test_spiralling_expenses(team_value: int, expenses: int) -> None:
    assert spiralling_expenses(team_value) == expenses


def test_spiralling_expenses_refuse_a_negative_team_value() -> None:
    with pytest.raises(RulesError):
        spiralling_expenses(-1)


# --- STAR PLAYER POINTS ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spp", "title"),
    [
        (0, "Rookie"),
        (5, "Rookie"),
        (6, "Experienced"),
        (15, "Experienced"),
        (16, "Veteran"),
        (30, "Veteran"),
        (31, "Emerging Star"),
        (50, "Emerging Star"),
        (51, "Star"),
        (75, "Star"),
        (76, "Super Star"),
        (175, "Super Star"),
        (176, "Legend"),
        (1_000, "Legend"),
    ],
)
def test_spp_title_at_every_boundary(spp: int, title: str) -> None:
    assert spp_title(spp) == title


def test_spp_title_refuses_negative_points() -> None:
    with pytest.raises(RulesError):
        spp_title(-1)


@pytest.mark.parametrize(
    ("before", "after", "titles"),
    [
        (0, 5, ()),
        (5, 6, ("Experienced",)),
        (6, 15, ()),
        (5, 16, ("Experienced", "Veteran")),
        (30, 31, ("Emerging Star",)),
        (50, 51, ("Star",)),
        (75, 76, ("Super Star",)),
        (175, 176, ("Legend",)),
        (176, 300, ()),
        (0, 200, ("Experienced", "Veteran", "Emerging Star", "Star", "Super Star", "Legend")),
    ],
)
def test_an_improvement_roll_for_each_new_title(before: int, after: int, titles: tuple) -> None:
    assert titles_reached(before, after) == titles


def test_spp_awards_and_earned() -> None:
    assert [
        spp_award(a) for a in ("Completion", "casualty", "Interception", "Touchdown", "MVP")
    ] == [
        1,
        2,
        2,
        3,
        5,
    ]
    with pytest.raises(RulesError, match="earns no SPP"):
        spp_award("Deflection")
    earned = ClassicSppEarned(
        "p", completions=2, deflections=3, interceptions=1, casualties=1, touchdowns=2, mvp=True
    )
    # 2x1 + 1x2 + 1x2 + 2x3 + 5; deflections earn nothing in classic.
    assert earned.total == 17
    assert earned.breakdown == {
        "Completion": 2,
        "Interception": 2,
        "Casualty": 2,
        "Touchdown": 6,
        "MVP": 5,
    }


# --- AGILITY -----------------------------------------------------------------------------


@pytest.mark.parametrize(("agility", "target"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_agility_helpers_follow_the_agility_table(agility: int, target: int) -> None:
    assert agility_target(agility) == target
    assert classic_agility(target) == agility


def test_agility_above_six_reads_the_six_plus_column() -> None:
    assert agility_target(7) == 1


def test_bb2020_ag3_plus_is_classic_ag4(bb2020) -> None:
    blitzer = bb2020.position("human-blitzer")
    assert blitzer.ag == 3
    assert classic_agility(blitzer.ag) == 4
    assert agility_target(classic_agility(blitzer.ag)) == blitzer.ag


@pytest.mark.parametrize("bad", [0, 7])
def test_classic_agility_refuses_targets_off_the_table(bad: int) -> None:
    with pytest.raises(RulesError):
        classic_agility(bad)
    with pytest.raises(RulesError):
        agility_target(0)


# --- tables by roll ----------------------------------------------------------------------


def test_lookups_by_roll() -> None:
    assert weather((2, 2)).name == "Nice"
    assert weather(12).name == "Blizzard"
    assert injury((4, 4)).name == "Knocked Out"
    assert kick_off_event((5, 5)).name == "Blitz!"
    assert casualty(4, 7).name == "Smashed Hand"
    assert casualty(47).name == "Smashed Hand"


@pytest.mark.parametrize(
    ("roll", "fields"),
    [
        (11, {}),
        (38, {}),
        (44, {"miss_next_game": True}),
        (51, {"niggling_injuries": 1}),
        (53, {"lasting_injury": "ma"}),
        (55, {"lasting_injury": "av"}),
        (57, {"lasting_injury": "ag"}),
        (58, {"lasting_injury": "st"}),
        (61, {"killed": True}),
        (68, {"killed": True}),
    ],
)
def test_casualty_report_fields(roll: int, fields: dict) -> None:
    assert casualty_report(casualty(roll)) == fields
    report = PlayerReport("p", **fields)
    assert report.misses_next_game is (41 <= roll <= 58)


def test_a_casualty_characteristic_loss_applies_as_the_sheet_says(bb2020) -> None:
    catcher = PlayerState(id=1, name="C", position_slug="human-catcher")  # MA8 ST2 AG3+ AV8+
    after = {
        roll: PlayerReport(1, **casualty_report(casualty(roll))).apply_injuries(bb2020, catcher)
        for roll in (53, 55, 57, 58)
    }
    assert after[53].ma == 7  # -1 MA
    assert after[55].av == 7  # -1 AV
    assert after[57].ag == 4  # -1 AG: AG3+ (classic 4) becomes AG4+ (classic 3)
    assert after[58].st == 1  # -1 ST
    assert all(p.miss_next_game for p in after.values())


# --- IMPROVEMENT TABLE -------------------------------------------------------------------


def kinds(rolled) -> dict[str, int]:
    return {o.kind: o.value_increase for o in rolled.options}


def test_improvement_rows() -> None:
    assert kinds(improvement((3, 6))) == {"new_skill": 20_000}
    assert kinds(improvement((4, 6))) == {"ma": 30_000, "av": 30_000, "new_skill": 20_000}
    assert kinds(improvement((5, 6))) == {"ag": 40_000, "new_skill": 20_000}
    assert improvement((5, 6)).result == "+1 AG or new skill"


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        ((1, 1), {"new_skill": 20_000, "any_skill": 30_000}),
        ((4, 4), {"new_skill": 20_000, "any_skill": 30_000}),
        ((5, 5), {"ma": 30_000, "av": 30_000, "new_skill": 20_000, "any_skill": 30_000}),
        ((6, 6), {"st": 50_000, "new_skill": 20_000, "any_skill": 30_000}),
    ],
)
def test_improvement_doubles_add_a_skill_from_any_category(roll, expected) -> None:
    rolled = improvement(roll)
    assert rolled.doubles
    assert kinds(rolled) == expected


@pytest.mark.parametrize("bad", [(0, 3), (3,), (3, 7)])
def test_improvement_refuses_impossible_rolls(bad) -> None:
    with pytest.raises(RulesError):
        improvement(bad)


def test_improvement_options_for_a_player(bb2020) -> None:
    lineman = PlayerState(id=1, name="L", position_slug="human-lineman")  # primary: General
    options = {o.kind: o for o in improvement_options(bb2020, lineman, improvement((6, 6)))}
    assert options["new_skill"].categories == ("General",)
    assert options["any_skill"].categories == (
        "General",
        "Agility",
        "Strength",
        "Passing",
        "Mutations",
    )
    assert options["st"].categories == ()


def test_characteristics_at_their_limit_are_not_offered(bb2020) -> None:
    strong = PlayerState(id=1, name="S", position_slug="human-lineman", st=8, ag=1)
    assert "st" not in {o.kind for o in improvement_options(bb2020, strong, improvement((6, 6)))}
    assert "ag" not in {o.kind for o in improvement_options(bb2020, strong, improvement((5, 6)))}


def test_take_improvement_characteristics(bb2020) -> None:
    lineman = PlayerState(id=1, name="L", position_slug="human-lineman", spp=16)
    faster = take_improvement(bb2020, lineman, improvement((4, 6)), "ma")
    assert (faster.ma, faster.value_increases, faster.advancements) == (7, 30_000, 1)
    assert faster.characteristic_improvements == ("ma",)
    assert faster.spp == 16  # classic SPP are never spent
    nimble = take_improvement(bb2020, lineman, improvement((5, 6)), "ag")
    assert (nimble.ag, nimble.value_increases) == (2, 40_000)  # AG3+ -> AG2+ (classic 4 -> 5)
    armoured = take_improvement(bb2020, lineman, improvement((4, 6)), "av")
    assert (armoured.av, armoured.value_increases) == (10, 30_000)
    stronger = take_improvement(bb2020, lineman, improvement((6, 6)), "st")
    assert (stronger.st, stronger.value_increases) == (4, 50_000)


def test_take_improvement_skills(bb2020) -> None:
    lineman = PlayerState(id=1, name="L", position_slug="human-lineman")
    blocker = take_improvement(bb2020, lineman, improvement((2, 5)), "new_skill", "Block")
    assert (blocker.skills, blocker.value_increases) == (("Block",), 20_000)
    # A new skill on a 12 is still +20,000; a double's skill from any category +30,000.
    assert (
        take_improvement(bb2020, lineman, improvement((6, 6)), "new_skill", "Block").value_increases
        == 20_000
    )
    dodger = take_improvement(bb2020, lineman, improvement((3, 3)), "any_skill", "Dodge")
    assert (dodger.skills, dodger.value_increases) == (("Dodge",), 30_000)


def test_take_improvement_refuses_what_the_roll_does_not_offer(bb2020) -> None:
    lineman = PlayerState(id=1, name="L", position_slug="human-lineman", skills=("Block",))
    with pytest.raises(AdvancementError, match="not 'st'"):
        take_improvement(bb2020, lineman, improvement((2, 5)), "st")
    with pytest.raises(AdvancementError, match="cannot take Dodge"):
        take_improvement(bb2020, lineman, improvement((2, 5)), "new_skill", "Dodge")
    with pytest.raises(AdvancementError, match="cannot take Block"):
        take_improvement(bb2020, lineman, improvement((2, 5)), "new_skill", "Block")
    with pytest.raises(AdvancementError, match="Choose a skill"):
        take_improvement(bb2020, lineman, improvement((2, 5)), "new_skill")
    with pytest.raises(AdvancementError, match="takes no skill"):
        take_improvement(bb2020, lineman, improvement((6, 6)), "st", "Block")
