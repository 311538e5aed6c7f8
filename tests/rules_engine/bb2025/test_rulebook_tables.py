"""BB2025's dice tables as the rulebook has them (shared/rules/bb2025-league-facts.md
§4 weather, §5 Prayers to Nuffle, §6 injury, casualty, Lasting Injury and Kick-off
tables), and the engine resolving them: a casualty roll through
``rules_engine.injuries`` and every Kick-off Event through
``rules_engine.bb2020.kickoff`` with ``ruleset_key="bb2025"``."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.kickoff import KickOffTeam, kick_off_event, still_in_effect
from rules_engine.dice import ScriptedDice
from rules_engine.injuries import casualty_roll, injury_roll
from rules_engine.sequence import StepResult
from rules_engine.tables import load_tables

KEY = "bb2025"


def faces(table: str) -> dict[int, str]:
    loaded = load_tables(KEY)[table]
    return {face: str(loaded.lookup(face).name) for face in loaded.faces}


def spans(**rows: tuple[int, int]) -> dict[int, str]:
    return {
        face: name.replace("_", " ")
        for name, (first, last) in rows.items()
        for face in range(first, last + 1)
    }


def test_weather_table_facts_4() -> None:
    # §4 step 2: 2 Sweltering Heat, 3 Very Sunny, 4-10 Perfect Conditions, 11 Pouring
    # Rain, 12 Blizzard.
    assert faces("weather") == spans(
        Sweltering_Heat=(2, 2),
        Very_Sunny=(3, 3),
        Perfect_Conditions=(4, 10),
        Pouring_Rain=(11, 11),
        Blizzard=(12, 12),
    )


def test_prayers_to_nuffle_d16_facts_5() -> None:
    names = [
        "Treacherous Trapdoor",
        "Friends with the Ref",
        "Stiletto",
        "Iron Man",
        "Knuckle Dusters",
        "Bad Habits",
        "Greasy Cleats",
        "Blessing of Nuffle",
        "Moles Under the Pitch",
        "Perfect Passing",
        "Dazzling Catching",
        "Fan Interaction",
        "Fouling Frenzy",
        "Throw a Rock",
        "Under Scrutiny",
        "Intensive Training",
    ]
    assert faces("prayers_to_nuffle") == dict(enumerate(names, start=1))
    # §5: "each lasts the whole game": none expires with a drive or a half.
    assert still_in_effect(names, "half", ruleset_key=KEY) == tuple(names)
    assert still_in_effect(names, "game", ruleset_key=KEY) == ()


def test_tables_cite_the_rulebook_not_program_code() -> None:
    for table in load_tables(KEY).values():
        assert "BBBase docs/bb2025/" in table.source, table.name
        for other in ("FFB", "NAFLM", "CZ "):
            assert other not in table.source, table.name


def test_injury_and_stunty_tables_facts_6() -> None:
    assert faces("injury") == {
        **spans(Stunned=(2, 7), Casualty=(10, 12)),
        8: "Knocked-out",
        9: "Knocked-out",
    }
    assert faces("stunty_injury") == {
        **spans(Stunned=(2, 6), Casualty=(10, 12)),
        7: "Knocked-out",
        8: "Knocked-out",
        9: "Badly Hurt",
    }


def test_casualty_table_facts_6() -> None:
    # §6: 1-8 Badly Hurt, 9-10 Seriously Hurt, 11-12 Serious Injury, 13-14 Lasting
    # Injury, 15-16 Dead (BB2020's 1-6 / 7-9 / 10-12 were wrong for BB2025).
    assert faces("casualty") == spans(
        Badly_Hurt=(1, 8),
        Seriously_Hurt=(9, 10),
        Serious_Injury=(11, 12),
        Lasting_Injury=(13, 14),
        Dead=(15, 16),
    )


def test_lasting_injury_table_facts_6() -> None:
    table = load_tables(KEY)["lasting_injury"]
    rows = {
        face: (str(table.lookup(face).name), table.lookup(face).effect["characteristic"])
        for face in table.faces
    }
    assert rows == {
        1: ("Head Injury", "av"),
        2: ("Head Injury", "av"),
        3: ("Smashed Knee", "ma"),
        4: ("Broken Arm", "pa"),
        5: ("Dislocated Hip", "ag"),
        6: ("Broken Shoulder", "st"),
    }


@pytest.mark.parametrize(
    ("d16", "name", "misses_next_game", "niggling", "dead"),
    [
        (1, "Badly Hurt", False, False, False),
        (8, "Badly Hurt", False, False, False),
        (9, "Seriously Hurt", True, False, False),
        (10, "Seriously Hurt", True, False, False),
        (11, "Serious Injury", True, True, False),
        (14, "Lasting Injury", True, False, False),
        (15, "Dead", False, False, True),
    ],
)
def test_a_bb2025_casualty_roll_reads_the_rulebook_rows(
    d16: int, name: str, misses_next_game: bool, niggling: bool, dead: bool
) -> None:
    """Facts §6 Casualty table, through ``rules_engine.injuries.casualty_roll``."""
    script: list[Any] = [d16, 5] if name == "Lasting Injury" else [d16]
    result = casualty_roll(ScriptedDice(script), ruleset_key=KEY)
    assert result.name == name
    assert (result.miss_next_game, result.niggling_injury, result.dead) == (
        misses_next_game,
        niggling,
        dead,
    )
    if name == "Lasting Injury":
        assert result.lasting_injury is not None
        assert result.lasting_injury.entry.name == "Dislocated Hip"
        assert result.lasting_injury.characteristic == "ag"


def test_a_niggling_injury_adds_one_to_the_casualty_roll() -> None:
    # §6: +1 per Niggling Injury: an 8 with one becomes 9, Seriously Hurt.
    assert casualty_roll(ScriptedDice([8]), 1, ruleset_key=KEY).name == "Seriously Hurt"


def test_a_stunty_nine_is_badly_hurt_without_a_casualty_roll() -> None:
    result = injury_roll(ScriptedDice([(4, 5)]), stunty=True, ruleset_key=KEY)
    assert result.outcome == "Badly Hurt" and not result.casualty_roll_needed


# --- Kick-off Event table (facts §6) -----------------------------------------------------

KICKING = KickOffTeam("home", fan_factor=4, cheerleaders=2, assistant_coaches=1)
RECEIVING = KickOffTeam("away", fan_factor=3, cheerleaders=0, assistant_coaches=3)


def kick_off(script: list[Any]) -> StepResult:
    dice = ScriptedDice(script)
    step = kick_off_event(dice, KICKING, RECEIVING, ruleset_key=KEY)
    assert dice.remaining == 0, "the event rolled fewer dice than scripted"
    return step


def test_kick_off_table_facts_6() -> None:
    assert faces("kick_off_event") == {
        2: "Get the Ref",
        3: "Time-out",
        4: "Solid Defence",
        5: "High Kick",
        6: "Cheering Fans",
        7: "Brilliant Coaching",
        8: "Changing Weather",
        9: "Quick Snap",
        10: "Charge!",
        11: "Dodgy Snack",
        12: "Pitch Invasion",
    }
    assert get_ruleset(KEY).table("kick_off_event").lookup(10).name == "Charge!"


def test_charge_d3_plus_3_kicking_players_with_their_free_actions() -> None:
    step = kick_off([(4, 6), 2])
    assert step.outcome["event"] == "Charge!"
    assert step.outcome["effect"] == {
        "team": "home",
        "players": 5,
        "d3": 2,
        "free_action": "Move",
        "one_each_instead": ["Blitz", "Throw Team-mate", "Kick Team-mate"],
        "ends_on": ["Falls Over", "Knocked Down"],
    }


def test_dodgy_snack_the_lower_d6_picks_a_player_who_loses_ma_and_av() -> None:
    # Home rolls 5, away 2: away picks a player at random; his D6 is 4: -1 MA, -1 AV.
    effect = kick_off([(5, 6), 5, 2, 4]).outcome["effect"]
    assert effect["totals"] == {"home": 5, "away": 2}  # no bonus added to the D6
    assert effect["selecting"] == ["away"]
    assert effect["players"] == {"away": 1}
    assert effect["results"] == {"away": {"reserves": False, "reduced": {"ma": 1, "av": 1}}}
    assert effect["lasts"] == "drive"


def test_dodgy_snack_tie_both_pick_and_a_one_goes_to_the_reserves() -> None:
    effect = kick_off([(6, 5), 3, 3, 1, 6]).outcome["effect"]
    assert effect["selecting"] == ["home", "away"]
    assert effect["player_rolls"] == {"home": 1, "away": 6}
    assert effect["results"]["home"] == {"reserves": True, "reduced": {}}
    assert effect["results"]["away"]["reserves"] is False


def test_cheering_fans_gives_an_offensive_assist_not_a_prayer() -> None:
    # Home 3 + 2 cheerleaders beats away 4 + 0: home's first Block gets +1 assist.
    effect = kick_off([(3, 3), 3, 4]).outcome["effect"]
    assert effect["winner"] == "home"
    assert effect["extra_offensive_assists"] == {"home": 1}
    assert "prayer" not in effect
    tie = kick_off([(2, 4), 2, 4]).outcome["effect"]  # 4 against 4: both benefit
    assert tie["winner"] is None
    assert tie["extra_offensive_assists"] == {"home": 1, "away": 1}


def test_brilliant_coaching_tie_gives_both_a_team_reroll() -> None:
    effect = kick_off([(3, 4), 6, 4]).outcome["effect"]  # 6 + 1 against 4 + 3
    assert effect["extra_team_rerolls"] == {"home": 1, "away": 1}
    assert effect["lasts"] == "drive"


@pytest.mark.parametrize("roll", range(2, 13))
def test_every_kick_off_row_resolves(roll: int) -> None:
    then: list[Any] = [(3, 4)] if roll == 8 else [1] * 8  # Changing Weather rolls 2D6
    dice = ScriptedDice([(roll // 2, roll - roll // 2), *then])
    step = kick_off_event(dice, KICKING, RECEIVING, ruleset_key=KEY)
    assert step.outcome["event"] == str(load_tables(KEY)["kick_off_event"].lookup(roll).name)
