"""The Kick-off Event table and the End of Drive sequence, against the core rules
("THE KICK-OFF EVENT TABLE", "END OF DRIVE SEQUENCE") and facts sheet section 7."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.kickoff import (
    PLACED_PRONE,
    SENT_OFF,
    KickOffTeam,
    end_of_drive,
    kick_off_event,
    kick_off_team,
    still_in_effect,
)
from rules_engine.bb2020.pregame import pre_game
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import ScriptedDice
from rules_engine.errors import RulesError
from rules_engine.wording import english

KICKING = KickOffTeam("home", fan_factor=4, cheerleaders=2, assistant_coaches=1)
RECEIVING = KickOffTeam("away", fan_factor=3, cheerleaders=0, assistant_coaches=3)


def kick_off(script, kicking=KICKING, receiving=RECEIVING, **kwargs):
    dice = ScriptedDice(script)
    step = kick_off_event(dice, kicking, receiving, **kwargs)
    assert dice.remaining == 0, "the event rolled fewer dice than scripted"
    return step


@pytest.mark.parametrize(
    ("roll", "event"),
    [
        ((1, 1), "Get the Ref"),
        ((1, 2), "Time-out"),
        ((2, 3), "High Kick"),
        ((6, 6), "Pitch Invasion"),
    ],
)
def test_the_event_is_read_off_2d6(roll, event):
    script = {"Pitch Invasion": [roll, 1, 1, 2]}.get(event, [roll])
    step = kick_off(script)
    assert step.outcome["event"] == event
    assert step.outcome["roll"] == list(roll)
    assert (step.outcome["kicking"], step.outcome["receiving"]) == ("home", "away")
    assert english(step.rolls[0].purpose) == "Kick-off Event"


def test_get_the_ref_gives_each_team_a_free_bribe_for_the_game():
    effect = kick_off([(1, 1)]).outcome["effect"]
    assert effect == {"free_bribes": {"home": 1, "away": 1}, "lasts": "game"}


@pytest.mark.parametrize(("turn", "move"), [(6, -1), (8, -1), (5, 1), (1, 1)])
def test_time_out_moves_the_turn_markers(turn, move):
    effect = kick_off([(1, 2)], kicking_team_turn=turn).outcome["effect"]
    assert effect == {"turn_markers": move, "kicking_team_turn": turn}


def test_time_out_without_the_turn_says_the_rule():
    effect = kick_off([(2, 1)]).outcome["effect"]
    assert effect == {"turn_markers": None, "back_if_kicking_team_on_turns": [6, 7, 8]}


@pytest.mark.parametrize(
    ("roll", "team", "d3", "players"),
    [
        ((1, 3), "home", 2, 5),  # Solid Defence: D3+3 Open players on the kicking team
        ((4, 5), "away", 3, 6),  # Quick Snap: D3+3 Open players on the receiving team
        ((5, 5), "home", 1, 4),  # Blitz: D3+3 Open players on the kicking team
    ],
)
def test_d3_plus_3_players(roll, team, d3, players):
    step = kick_off([roll, d3])
    assert step.outcome["effect"] == {"team": team, "players": players, "d3": d3}
    assert step.rolls[1].die == "d3"


def test_high_kick_is_one_receiving_player_and_rolls_nothing_more():
    effect = kick_off([(2, 3)]).outcome["effect"]
    assert effect == {"team": "away", "players": 1, "d3": None}


def test_cheering_fans_the_higher_total_rolls_a_prayer():
    # Home 3 + 2 cheerleaders = 5 beats away 4 + 0: home prays, rolls 7.
    step = kick_off([(3, 3), 3, 4, 7])
    effect = step.outcome["effect"]
    assert effect["totals"] == {"home": 5, "away": 4}
    assert effect["winner"] == "home"
    assert effect["prayer"] == {"roll": 7, "name": "Greasy Cleats", "lasts": "drive"}
    assert english(step.rolls[-1].purpose) == "Cheering Fans prayer (home)"


def test_cheering_fans_tie_no_prayer():
    step = kick_off([(2, 4), 2, 4])  # 2 + 2 against 4 + 0
    effect = step.outcome["effect"]
    assert effect["winner"] is None and effect["prayer"] is None
    assert [roll.die for roll in step.rolls] == ["2d6", "d6", "d6"]


def test_cheering_fans_rerolls_a_prayer_already_in_effect():
    praying = KickOffTeam("away", fan_factor=3, cheerleaders=4, prayers_in_effect=("Stiletto",))
    effect = kick_off([(5, 1), 1, 1, 3, 3, 10], receiving=praying).outcome["effect"]
    assert effect["winner"] == "away"
    assert effect["rerolled"] == [3, 3]
    assert effect["prayer"]["name"] == "Perfect Passing"


def test_brilliant_coaching_the_winner_gains_a_team_reroll_for_the_drive():
    effect = kick_off([(3, 4), 6, 4]).outcome["effect"]  # 6 + 1 against 4 + 3: a tie
    assert effect["winner"] is None and effect["extra_team_rerolls"] == {}
    effect = kick_off([(4, 3), 6, 2]).outcome["effect"]  # 6 + 1 against 2 + 3
    assert effect["winner"] == "home"
    assert effect["extra_team_rerolls"] == {"home": 1}
    assert effect["lasts"] == "drive"


@pytest.mark.parametrize(
    ("weather_roll", "weather", "scatters"),
    [
        ((3, 4), "Perfect Conditions", True),
        ((6, 6), "Blizzard", False),
        ((1, 1), "Sweltering Heat", False),
    ],
)
def test_changing_weather(weather_roll, weather, scatters):
    effect = kick_off([(4, 4), weather_roll]).outcome["effect"]
    assert effect == {"roll": list(weather_roll), "weather": weather, "ball_scatters": scatters}


def test_officious_ref_the_lowest_d6_plus_fan_factor_selects_a_player():
    # Home 1 + 4 = 5, away 1 + 3 = 4: away selects; its player rolls 1 and is Sent-off.
    effect = kick_off([(5, 6), 1, 1, 1]).outcome["effect"]
    assert effect["totals"] == {"home": 5, "away": 4}
    assert effect["selecting"] == ["away"]
    assert effect["players"] == {"away": 1}
    assert effect["results"] == {"away": SENT_OFF}


def test_officious_ref_tie_both_select_and_2_plus_is_stunned():
    effect = kick_off([(6, 5), 1, 2, 2, 1]).outcome["effect"]
    assert effect["selecting"] == ["home", "away"]
    assert effect["player_rolls"] == {"home": 2, "away": 1}
    assert effect["results"] == {"home": PLACED_PRONE, "away": SENT_OFF}


def test_pitch_invasion_the_lowest_selects_d3_players():
    effect = kick_off([(6, 6), 1, 5, 3]).outcome["effect"]  # 5 against 8: home selects D3
    assert effect["selecting"] == ["home"]
    assert effect["players"] == {"home": 3}
    assert effect["result"] == PLACED_PRONE
    tie = kick_off([(6, 6), 1, 2, 2, 1]).outcome["effect"]  # 5 against 5: both roll a D3
    assert tie["players"] == {"home": 2, "away": 1}


def test_one_team_kicks_and_the_other_receives():
    with pytest.raises(RulesError):
        kick_off_event(ScriptedDice([]), KICKING, KICKING)


def test_a_kick_off_team_counts_induced_cheerleaders_and_coaches(bb2020):
    players = tuple(
        PlayerState(id=i, name=str(i), position_slug="human-lineman") for i in range(11)
    )
    home = TeamState("Home", "human", players, cheerleaders=2, assistant_coaches=1, rerolls=2)
    away = TeamState("Away", "human", players)
    choices = {
        "inducements": {"away": {"temp-agency-cheerleaders": 2, "part-time-assistant-coaches": 1}},
        "coin_toss": "home",
        "kick_or_receive": "kick",
    }
    result = pre_game(bb2020, home, away, ScriptedDice([1, 1, (3, 4), 4, 2]), choices=choices)
    team = kick_off_team(away, "away", result, prayers_in_effect=result.prayers["away"])
    assert team == KickOffTeam(
        "away",
        fan_factor=2,
        cheerleaders=2,
        assistant_coaches=1,
        prayers_in_effect=result.prayers["away"],
    )
    assert kick_off_team(home, "home", result).cheerleaders == 2
    unfinished = pre_game(bb2020, home, away, ScriptedDice([1, 1, (3, 4)]))
    with pytest.raises(RulesError, match="completed pre-game"):
        kick_off_team(away, "away", unfinished)


# --- end of drive ------------------------------------------------------------------------


def test_knocked_out_players_recover_on_4_plus():
    dice = ScriptedDice([3, 4, 6])
    outcome = end_of_drive(dice, {"home": ["h1", "h2"], "away": ["a1"]}).outcome
    assert [p["recovered"] for p in outcome["ko_recovery"]["home"]] == [False, True]
    assert outcome["ko_recovery"]["away"] == [
        {"player": "a1", "roll": 6, "modifier": 0, "recovered": True}
    ]


def test_a_bloodweiser_keg_adds_one():
    outcome = end_of_drive(
        ScriptedDice([3, 3]), {"home": ["h1"], "away": ["a1"]}, {"home": 1}
    ).outcome
    assert outcome["ko_recovery"]["home"][0]["recovered"] is True
    assert outcome["ko_recovery"]["away"][0]["recovered"] is False


def test_secret_weapons_are_sent_off_unless_the_call_is_argued_and_won():
    dice = ScriptedDice([6, 1])
    outcome = end_of_drive(
        dice,
        {},
        secret_weapon_players={"home": ["bomber", "fanatic"], "away": ["chainsaw", "doom"]},
        argue_the_call={"away": ["chainsaw", "doom"]},
    ).outcome
    home, away = outcome["secret_weapons"]["home"], outcome["secret_weapons"]["away"]
    assert [p["sent_off"] for p in home] == [True, True]
    assert home[0]["argue_the_call"] is None
    assert away[0]["sent_off"] is False
    assert away[0]["argue_the_call"]["roll"] == 6
    assert away[1]["sent_off"] is True
    assert away[1]["argue_the_call"]["coach_ejected"] is True
    assert [english(r.purpose) for r in dice.rolls] == [
        "Argue the Call (away)",
        "Argue the Call (away)",
    ]


def test_secret_weapons_go_before_ko_recovery():
    dice = ScriptedDice([2, 5])
    end_of_drive(
        dice,
        {"home": ["h1"]},
        secret_weapon_players={"away": ["a9"]},
        argue_the_call={"away": ["a9"]},
    )
    assert [english(r.purpose) for r in dice.rolls] == [
        "Argue the Call (away)",
        "KO recovery (home)",
    ]


def test_sweltering_heat_one_d3_for_both_teams():
    dice = ScriptedDice([2, 5])
    outcome = end_of_drive(dice, {"home": ["h1"]}, weather="Sweltering Heat").outcome
    assert outcome["sweltering_heat"] == {"d3": 2, "players": {"home": 2, "away": 2}}
    assert [r.die for r in dice.rolls] == ["d3", "d6"]
    calm = end_of_drive(ScriptedDice([]), {}, weather="Perfect Conditions").outcome
    assert calm["sweltering_heat"] is None


def test_end_of_drive_data_are_per_side():
    with pytest.raises(RulesError, match="per side"):
        end_of_drive(ScriptedDice([]), {"kicking": ["x"]})


@pytest.mark.parametrize(
    ("ending", "left"),
    [
        ("drive", ("Treacherous Trapdoor", "Iron Man")),
        ("half", ("Iron Man",)),
        ("game", ()),
    ],
)
def test_prayers_expire_with_their_drive_half_or_game(ending, left):
    prayers = ("Treacherous Trapdoor", "Stiletto", "Iron Man")
    assert still_in_effect(prayers, ending) == left
