"""The BB2020 pre-game sequence against the core rules' "PRE-GAME SEQUENCE" and the
facts sheet (section 3, the errata'd inducements; section 6, journeymen)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.bb2020.inducements import EQUAL_CTV_MESSAGE
from rules_engine.bb2020.pregame import (
    PreGameResult,
    determine_kicking_team,
    petty_cash,
    prayers_to_nuffle_rolls,
    pre_game,
    the_fans,
    the_weather,
)
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Roll, ScriptedDice, SeededDice
from rules_engine.errors import DiceScriptError, InducementError, RulesError
from rules_engine.wording import english

STEPS = ["fans", "weather", "journeymen", "inducements", "prayers_to_nuffle", "kicking_team"]


def make_team(
    name: str,
    linemen: int = 16,
    *,
    roster: str = "human",
    position: str = "human-lineman",
    mng: int = 0,
    **changes,
) -> TeamState:
    players = tuple(
        PlayerState(
            id=f"{name}-{i}", name=f"{name} {i}", position_slug=position, miss_next_game=i < mng
        )
        for i in range(linemen)
    )
    return TeamState(name=name, roster_slug=roster, players=players, **changes)


# 16 Human Linemen (800,000) + 4 re-rolls (200,000) = 1,000,000; + 2 re-rolls = 900,000.
FAVOURITE = make_team("Reavers", rerolls=4, treasury=200_000, dedicated_fans=3)
UNDERDOG = make_team("Blockers", rerolls=2, treasury=90_000)
FANS_AND_WEATHER = [2, 1, (3, 4)]


# --- the numbers -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower", "spent", "cash"),
    [
        (1_000_000, 900_000, 50_000, 150_000),  # the favourite spent Treasury
        (1_000_000, 900_000, 0, 100_000),
        (900_000, 1_000_000, 50_000, 150_000),  # order-insensitive
        (1_000_000, 1_000_000, 0, 0),  # equal CTV: no petty cash
    ],
)
def test_petty_cash(higher, lower, spent, cash):
    assert petty_cash(higher, lower, spent) == cash


def test_equal_ctvs_spend_no_treasury():
    with pytest.raises(ValueError, match="equal CTVs"):
        petty_cash(1_000_000, 1_000_000, 50_000)
    with pytest.raises(ValueError):
        petty_cash(1_000_000, -1, 0)


@pytest.mark.parametrize(
    ("difference", "rolls"),
    [(0, 0), (49_999, 0), (50_000, 1), (99_999, 1), (100_000, 2), (149_999, 2), (-150_000, 3)],
)
def test_one_prayer_per_full_50000(difference, rolls):
    assert prayers_to_nuffle_rolls(difference) == rolls


# --- steps 1 and 2 -----------------------------------------------------------------------


def test_the_fans_d3_plus_dedicated_fans():
    dice = ScriptedDice([2, 3])
    step = the_fans(dice, {"home": FAVOURITE, "away": UNDERDOG})
    assert step.outcome["home"] == {"roll": 2, "dedicated_fans": 3, "fan_factor": 5}
    assert step.outcome["away"] == {"roll": 3, "dedicated_fans": 1, "fan_factor": 4}
    assert [(r.die, english(r.purpose)) for r in step.rolls] == [
        ("d3", "Fair-weather fans (home)"),
        ("d3", "Fair-weather fans (away)"),
    ]
    assert step.rule == "Pre-game sequence, 1. The Fans"


@pytest.mark.parametrize(
    ("roll", "weather"),
    [
        ((1, 1), "Sweltering Heat"),
        ((1, 2), "Very Sunny"),
        ((2, 2), "Perfect Conditions"),
        ((4, 6), "Perfect Conditions"),
        ((5, 6), "Pouring Rain"),
        ((6, 6), "Blizzard"),
    ],
)
def test_the_weather_2d6_on_the_weather_table(bb2020, roll, weather):
    dice = ScriptedDice([roll])  # Sweltering Heat rolls no D3 here: that is at a drive's end
    step = the_weather(dice, bb2020)
    assert step.outcome == {"roll": list(roll), "weather": weather}
    assert len(step.rolls) == 1


# --- the sequence ------------------------------------------------------------------------


def test_a_full_league_pre_game(bb2020):
    dice = ScriptedDice([*FANS_AND_WEATHER, 7, 4, 2])
    choices = {
        "inducements": {"home": {"bloodweiser-kegs": 1}, "away": {"bribes": 1}},
        "kick_or_receive": "receive",
    }
    result = pre_game(bb2020, FAVOURITE, UNDERDOG, dice, choices=choices)
    assert isinstance(result, PreGameResult)
    assert result.name == "pre-game"
    assert [step.step for step in result.steps] == STEPS
    assert result.complete and dice.remaining == 0
    assert result.fan_factor == {"home": 5, "away": 2}
    assert result.weather.name == "Perfect Conditions"
    assert result.journeymen == {"home": (), "away": ()}
    assert result.ctv_before_inducements == {"home": 1_000_000, "away": 900_000}
    # The favourite spends 50,000 of Treasury: petty cash is 100,000 + 50,000.
    assert result.treasury_spent == {"home": 50_000, "away": 0}
    assert result.petty_cash == {"home": 0, "away": 150_000}
    assert result.inducements["home"]["items"] == {"bloodweiser-kegs": 1}
    assert result.inducements["away"]["items"] == {"bribes": 1}
    # CTV recalculated with inducements: 1,050,000 against 1,000,000, one prayer.
    assert result.ctv_after_inducements == {"home": 1_050_000, "away": 1_000_000}
    assert result.underdog == "away"
    assert result.prayers == {"home": (), "away": ("Greasy Cleats",)}
    assert result.step("kicking_team").outcome["winner"] == "home"
    assert (result.kicking_team, result.receiving_team) == ("away", "home")
    assert [english(r.purpose) for r in result.rolls] == [
        "Fair-weather fans (home)",
        "Fair-weather fans (away)",
        "Weather",
        "Prayers to Nuffle (away)",
        "Kicking team roll-off (home)",
        "Kicking team roll-off (away)",
    ]


def test_a_pending_choice_stops_the_sequence_and_rolls_nothing_after_it(bb2020):
    dice = ScriptedDice(FANS_AND_WEATHER)  # one more roll would be a DiceScriptError
    result = pre_game(bb2020, FAVOURITE, UNDERDOG, dice)
    assert [step.step for step in result.steps] == STEPS[:4]
    assert not result.complete
    (choice,) = result.pending
    assert (choice.side, choice.kind) == ("home", "inducements")
    assert (choice.options["money"], choice.options["money_source"]) == (200_000, "treasury")
    assert len(result.rolls) == 3
    assert result.ctv_before_inducements == {"home": 1_000_000, "away": 900_000}
    assert result.inducements is None and result.kicking_team is None


def test_the_underdog_chooses_after_the_favourite_with_its_petty_cash(bb2020):
    choices = {"inducements": {"home": {"bloodweiser-kegs": 1}}}
    result = pre_game(bb2020, FAVOURITE, UNDERDOG, ScriptedDice(FANS_AND_WEATHER), choices=choices)
    (choice,) = result.pending
    assert choice.side == "away"
    assert (choice.options["money"], choice.options["money_source"]) == (150_000, "petty cash")
    assert (
        english(choice.prompt)
        == "Blockers: choose inducements to buy; you have 150,000 gp of petty cash left"
    )


def test_the_underdog_may_not_add_treasury(bb2020):
    choices = {"inducements": {"home": {}, "away": {"bribes": 2}}}
    with pytest.raises(InducementError) as caught:
        pre_game(bb2020, FAVOURITE, UNDERDOG, ScriptedDice(FANS_AND_WEATHER), choices=choices)
    # 100,000 petty cash; the underdog's own 90,000 in the Treasury does not count.
    assert caught.value.messages == [
        "2 Bribes cost 200,000 gp (100,000 gp each for Human teams); "
        "you have 100,000 gp of petty cash left"
    ]


def test_equal_ctv_no_petty_cash_and_no_treasury(bb2020):
    twin = make_team("Twins", rerolls=4, treasury=500_000)
    dice = ScriptedDice([*FANS_AND_WEATHER, 6, 1])
    result = pre_game(bb2020, FAVOURITE, twin, dice, choices={"kick_or_receive": "kick"})
    assert result.complete  # nobody was asked: nobody may buy
    assert result.petty_cash == {"home": 0, "away": 0}
    assert result.treasury_spent == {"home": 0, "away": 0}
    assert result.underdog is None and result.prayers == {"home": (), "away": ()}
    with pytest.raises(InducementError) as caught:
        pre_game(
            bb2020,
            FAVOURITE,
            twin,
            ScriptedDice(FANS_AND_WEATHER),
            choices={"inducements": {"away": {"bribes": 1}}},
        )
    assert caught.value.messages == [EQUAL_CTV_MESSAGE.english()]


def test_a_favourite_without_treasury_is_not_asked(bb2020):
    broke = FAVOURITE.evolve(treasury=0)
    result = pre_game(bb2020, broke, UNDERDOG, ScriptedDice(FANS_AND_WEATHER))
    (choice,) = result.pending
    assert (choice.side, choice.options["money"]) == ("away", 100_000)


def test_prayers_use_the_ctv_after_inducements(bb2020):
    # The underdog spends all of its 100,000 petty cash: CTVs are equal again, no prayers.
    choices = {"inducements": {"home": {}, "away": {"bribes": 1}}, "coin_toss": "away"}
    dice = ScriptedDice(FANS_AND_WEATHER)
    result = pre_game(bb2020, FAVOURITE, UNDERDOG, dice, choices=choices)
    assert result.step("prayers_to_nuffle").outcome["rolls_allowed"] == 0
    assert result.underdog is None
    assert result.pending[0].kind == "kick_or_receive" and result.pending[0].side == "away"


def test_duplicate_prayers_are_rerolled(bb2020):
    underdog = make_team("Underdogs")  # 800,000 against 950,000: three prayers
    favourite = make_team("Favourites", rerolls=3)
    dice = ScriptedDice([*FANS_AND_WEATHER, 5, 5, 9, 5, 12, 4, 4, 1, 6])
    choices = {"inducements": {"away": {}}, "kick_or_receive": "kick"}
    result = pre_game(bb2020, favourite, underdog, dice, choices=choices)
    outcome = result.step("prayers_to_nuffle").outcome
    assert [r["roll"] for r in outcome["results"]] == [5, 9, 12]
    assert outcome["rerolled"] == [5, 5]
    assert result.prayers["away"] == (
        "Knuckle Dusters",
        "Moles under the Pitch",
        "Necessary Violence",
    )
    assert outcome["results"][1]["lasts"] == "half"
    # A tied roll-off (4, 4) is rolled again; away wins 6 to 1 and kicks.
    assert result.step("kicking_team").outcome["roll_off"] == [
        {"home": 4, "away": 4},
        {"home": 1, "away": 6},
    ]
    assert result.kicking_team == "away"


# Fifteen players each, so a star player fits: 1,000,000 against 900,000.
STAR_FAVOURITE = make_team("Stars", 15, rerolls=5, treasury=300_000)
STAR_UNDERDOG = make_team("Hopefuls", 15, rerolls=3)


def test_the_same_star_induced_by_both_teams_plays_for_neither(bb2020):
    choices = {
        "inducements": {
            "home": {"star_players": ["griff-oberwald"]},
            "away": {"star_players": ["Griff Oberwald"]},
        },
        "coin_toss": "home",
        "kick_or_receive": "kick",
    }
    result = pre_game(
        bb2020,
        STAR_FAVOURITE,
        STAR_UNDERDOG,
        ScriptedDice([*FANS_AND_WEATHER, 3, 8]),
        choices=choices,
    )
    assert result.star_players_not_fielded == ("griff-oberwald",)
    # The gold is spent all the same: the facts sheet says only "neither fields him".
    assert result.treasury_spent["home"] == 280_000
    assert result.petty_cash["away"] == 100_000 + 280_000
    assert result.ctv_after_inducements == {"home": 1_280_000, "away": 1_180_000}
    assert result.prayers["away"] == ("Stiletto", "Blessed Statue of Nuffle")


def test_the_underdog_is_shown_the_star_the_favourite_took(bb2020):
    choices = {"inducements": {"home": {"star_players": ["griff-oberwald"]}}}
    result = pre_game(
        bb2020, STAR_FAVOURITE, STAR_UNDERDOG, ScriptedDice(FANS_AND_WEATHER), choices=choices
    )
    (choice,) = result.pending
    griff = next(s for s in choice.options["star_players"] if s["slug"] == "griff-oberwald")
    assert griff["induced_by_opponent"] is True


def test_journeymen_count_in_ctv_before_inducements(bb2020):
    short = make_team("Short", 11, mng=1)  # eleven players, one misses the game
    result = pre_game(bb2020, FAVOURITE, short, ScriptedDice(FANS_AND_WEATHER))
    outcome = result.step("journeymen").outcome
    assert outcome["away"] == {
        "count": 1,
        "positions": ["human-lineman"],
        "ctv_before": 500_000,
        "ctv_after": 550_000,
    }
    (journeyman,) = result.journeymen["away"]
    assert journeyman.skills == ("Loner (4+)",) and journeyman.journeyman
    assert result.ctv_before_inducements["away"] == 550_000


def test_two_lineman_lines_ask_the_coach(bb2020):
    undead = make_team(
        "Undead", 9, roster="shambling-undead", position="shambling-undead-zombie-lineman"
    )
    result = pre_game(bb2020, undead, FAVOURITE, ScriptedDice(FANS_AND_WEATHER))
    assert [step.step for step in result.steps] == STEPS[:3]
    (choice,) = result.pending
    assert (choice.side, choice.kind, choice.options["count"]) == ("home", "journeymen_position", 2)
    assert choice.options["positions"] == [
        "shambling-undead-skeleton-lineman",
        "shambling-undead-zombie-lineman",
    ]
    answered = pre_game(
        bb2020,
        undead,
        FAVOURITE,
        ScriptedDice(FANS_AND_WEATHER),
        choices={"journeymen_position": {"home": "shambling-undead-zombie-lineman"}},
    )
    assert [p.position_slug for p in answered.journeymen["home"]] == [
        "shambling-undead-zombie-lineman"
    ] * 2
    assert answered.pending[0].kind == "inducements"


def test_exhibition_play_has_budgets_no_journeymen_and_no_prayers(bb2020):
    short = make_team("Short", 10)
    budget = {"home": 100_000, "away": 150_000}
    result = pre_game(
        bb2020, FAVOURITE, short, ScriptedDice(FANS_AND_WEATHER), league=False, budget=budget
    )
    assert result.step("journeymen").outcome == {"skipped": "exhibition play"}
    assert result.journeymen == {"home": (), "away": ()}
    # Both coaches choose at once from their own budgets.
    assert [(c.side, c.options["money"], c.options["money_source"]) for c in result.pending] == [
        ("home", 100_000, "budget"),
        ("away", 150_000, "budget"),
    ]
    choices = {
        "inducements": {"home": {"bribes": 1}, "away": {}},
        "coin_toss": "home",
        "kick_or_receive": "kick",
    }
    done = pre_game(
        bb2020,
        FAVOURITE,
        short,
        ScriptedDice(FANS_AND_WEATHER),
        league=False,
        budget=budget,
        choices=choices,
    )
    assert done.complete
    assert done.step("prayers_to_nuffle").outcome == {"skipped": "exhibition play"}
    assert done.treasury_spent == {"home": 0, "away": 0}
    assert done.ctv_after_inducements == {"home": 1_100_000, "away": 500_000}
    assert done.kicking_team == "home"


def test_exhibition_without_budgets_buys_nothing_and_a_league_game_takes_no_budget(bb2020):
    result = pre_game(
        bb2020,
        FAVOURITE,
        UNDERDOG,
        ScriptedDice([*FANS_AND_WEATHER]),
        league=False,
        choices={"coin_toss": "home"},
    )
    assert result.inducements == {
        "home": result.inducements["home"],
        "away": result.inducements["away"],
    }
    assert result.inducements["home"]["total"] == 0
    with pytest.raises(RulesError, match="exhibition play"):
        pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(1), budget={"home": 10_000})


def test_kick_or_receive_is_the_winners_choice():
    teams = {"home": FAVOURITE, "away": UNDERDOG}
    step = determine_kicking_team(ScriptedDice([2, 5]), teams)
    (choice,) = step.pending
    assert (choice.side, choice.kind, choice.options["answers"]) == (
        "away",
        "kick_or_receive",
        ["kick", "receive"],
    )
    tossed = determine_kicking_team(
        ScriptedDice([]), teams, coin_toss="home", kick_or_receive="kick"
    )
    assert tossed.outcome == {
        "method": "coin toss",
        "winner": "home",
        "decision": "kick",
        "kicking": "home",
        "receiving": "away",
    }
    with pytest.raises(RulesError, match="'kick' or 'receive'"):
        determine_kicking_team(ScriptedDice([]), teams, kick_or_receive="defend")
    with pytest.raises(RulesError, match="coin toss"):
        determine_kicking_team(ScriptedDice([]), teams, coin_toss="ref")


def test_unknown_choices_are_refused(bb2020):
    with pytest.raises(RulesError, match="Unknown pre-game choices"):
        pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(1), choices={"inducement": {}})
    with pytest.raises(RulesError, match="per side"):
        pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(1), choices={"inducements": {"both": {}}})


# --- replay ------------------------------------------------------------------------------

ANSWERS = {
    "inducements": {"home": {"bloodweiser-kegs": 1}, "away": {"bribes": 1}},
    "kick_or_receive": "kick",
}


@pytest.mark.parametrize("seed", [1, 2, "match-41"])
def test_stored_rolls_and_choices_replay_to_the_same_result(bb2020, seed):
    result = pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(seed), choices=ANSWERS)
    assert result.complete
    stored_rolls = json.loads(json.dumps([roll.as_dict() for roll in result.rolls]))
    stored_choices = json.loads(json.dumps(ANSWERS))
    replayed = pre_game(
        bb2020, FAVOURITE, UNDERDOG, ScriptedDice.replay(stored_rolls), choices=stored_choices
    )
    assert replayed == result
    # The outcomes themselves are plain data a caller can store.
    assert json.loads(json.dumps([dict(s.outcome) for s in result.steps])) == [
        dict(s.outcome) for s in replayed.steps
    ]


def test_a_replay_that_drifts_is_caught(bb2020):
    result = pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(3), choices=ANSWERS)
    rolls = list(result.rolls)
    rolls[2] = Roll("Kick-off Event", "2d6", rolls[2].result)
    with pytest.raises(DiceScriptError, match="replay mismatch"):
        pre_game(bb2020, FAVOURITE, UNDERDOG, ScriptedDice.replay(rolls), choices=ANSWERS)


def test_answering_a_pending_choice_continues_the_same_run(bb2020):
    partial = pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(11))
    assert partial.pending[0].kind == "inducements"
    full = pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(11), choices=ANSWERS)
    assert full.steps[:3] == partial.steps[:3]
    assert full.rolls[: len(partial.rolls)] == partial.rolls
    # Answered step by step, the sequence ends where the all-at-once run ends.
    home_only = {"inducements": {"home": ANSWERS["inducements"]["home"]}}
    second = pre_game(bb2020, FAVOURITE, UNDERDOG, SeededDice(11), choices=home_only)
    assert second.pending[0].side == "away"
    assert second.rolls == partial.rolls


# --- invariant ---------------------------------------------------------------------------

orders = st.fixed_dictionaries(
    {
        "bribes": st.integers(0, 3),
        "bloodweiser-kegs": st.integers(0, 2),
        "temp-agency-cheerleaders": st.integers(0, 4),
        "special-plays": st.integers(0, 2),
    }
)


@settings(max_examples=60, deadline=None)
@given(
    home_rerolls=st.integers(0, 8),
    away_rerolls=st.integers(0, 8),
    home_treasury=st.integers(0, 60).map(lambda n: n * 5_000),
    away_treasury=st.integers(0, 60).map(lambda n: n * 5_000),
    home_order=orders,
    away_order=orders,
)
def test_no_team_spends_more_than_it_has(
    bb2020, home_rerolls, away_rerolls, home_treasury, away_treasury, home_order, away_order
):
    home = make_team("Home", rerolls=home_rerolls, treasury=home_treasury)
    away = make_team("Away", rerolls=away_rerolls, treasury=away_treasury)
    choices = {
        "inducements": {"home": home_order, "away": away_order},
        "coin_toss": "home",
        "kick_or_receive": "kick",
    }
    try:
        result = pre_game(bb2020, home, away, SeededDice(0), choices=choices)
    except InducementError:
        return
    ctv = result.ctv_before_inducements
    spent = {side: result.inducements[side]["total"] for side in ("home", "away")}
    treasury = {"home": home_treasury, "away": away_treasury}
    if ctv["home"] == ctv["away"]:
        assert spent == {"home": 0, "away": 0}
        return
    higher = max(ctv, key=ctv.get)
    lower = "away" if higher == "home" else "home"
    assert result.treasury_spent[higher] == spent[higher] <= treasury[higher]
    assert result.treasury_spent[lower] == 0
    assert result.petty_cash[lower] == ctv[higher] - ctv[lower] + spent[higher]
    assert spent[lower] <= result.petty_cash[lower]
    for side in ("home", "away"):
        assert result.ctv_after_inducements[side] == ctv[side] + spent[side]


def test_the_package_exports_the_pre_game():
    bb2020 = pytest.importorskip("rules_engine.bb2020")
    assert bb2020.pre_game is pre_game
    assert bb2020.petty_cash is petty_cash
    assert bb2020.prayers_to_nuffle_rolls is prayers_to_nuffle_rolls
