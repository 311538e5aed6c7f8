"""Every row of every rule table pinned to the rule text.

Expected values are transcribed here by reading ``shared/rules/bb2020-core-rules.txt``
and ``shared/rules/bb2020-league-facts.md`` (section named beside each table), never
from the data files under test.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from rules_engine import dice_tables as tables_module
from rules_engine.dice import ScriptedDice
from rules_engine.errors import AdvancementError, RulesError, RulesetDataError
from rules_engine.tables import (
    Table,
    TableEntry,
    advancement_spp_cost,
    expensive_mistakes_outcome,
    load_league_tables,
    load_tables,
    random_skill,
    skill_category,
    spp_award,
    table_from_data,
    value_increase,
)
from rules_engine.wording import english

TABLES = load_tables("bb2020")


def faces(pairs: list[tuple[str, list[int]]]) -> list[tuple[int, str]]:
    """(name, rolls) as the rule text prints them, unrolled to one case per face."""
    return [(face, name) for name, rolls in pairs for face in rolls]


# --- core rules tables ------------------------------------------------------------------

# Pre-game Sequence, 2. The Weather: WEATHER TABLE (2D6).
WEATHER = faces(
    [
        ("Sweltering Heat", [2]),
        ("Very Sunny", [3]),
        ("Perfect Conditions", [4, 5, 6, 7, 8, 9, 10]),
        ("Pouring Rain", [11]),
        ("Blizzard", [12]),
    ]
)

# The Start of a Drive, 3. The Kick-off Event: THE KICK-OFF EVENT TABLE (2D6).
KICK_OFF_EVENT = [
    (2, "Get the Ref"),
    (3, "Time-out"),
    (4, "Solid Defence"),
    (5, "High Kick"),
    (6, "Cheering Fans"),
    (7, "Brilliant Coaching"),
    (8, "Changing Weather"),
    (9, "Quick Snap"),
    (10, "Blitz"),
    (11, "Officious Ref"),
    (12, "Pitch Invasion"),
]

# Pre-game Sequence, 5.: PRAYERS TO NUFFLE TABLE (D16), with how long each lasts
# ("Until the end of this drive/half/game").
PRAYERS_TO_NUFFLE = [
    (1, "Treacherous Trapdoor", "half"),
    (2, "Friends with the Ref", "drive"),
    (3, "Stiletto", "drive"),
    (4, "Iron Man", "game"),
    (5, "Knuckle Dusters", "drive"),
    (6, "Bad Habits", "drive"),
    (7, "Greasy Cleats", "drive"),
    (8, "Blessed Statue of Nuffle", "game"),
    (9, "Moles under the Pitch", "half"),
    (10, "Perfect Passing", "game"),
    (11, "Fan Interaction", "drive"),
    (12, "Necessary Violence", "drive"),
    (13, "Fouling Frenzy", "drive"),
    (14, "Throw a Rock", "drive"),
    (15, "Under Scrutiny", "half"),
    (16, "Intensive Training", "game"),
]

# Armour and Injuries, Injury Rolls: INJURY TABLE (2D6): 2-7, 8-9, 10+.
INJURY = faces(
    [
        ("Stunned", [2, 3, 4, 5, 6, 7]),
        ("KO\u2019d", [8, 9]),
        ("Casualty!", [10, 11, 12]),
    ]
)

# Armour and Injuries, Stunty Players: STUNTY INJURY TABLE (2D6): 2-6, 7-8, 9, 10+.
STUNTY_INJURY = faces(
    [
        ("Stunned", [2, 3, 4, 5, 6]),
        ("KO\u2019d", [7, 8]),
        ("Badly Hurt", [9]),
        ("Casualty!", [10, 11, 12]),
    ]
)

# Armour and Injuries, Casualty Rolls: CASUALTY TABLE (D16). The table prints DEAD
# in capitals; the prose calls it "Dead" ("Dead players are dismissed").
CASUALTY = faces(
    [
        ("Badly Hurt", [1, 2, 3, 4, 5, 6]),
        ("Seriously Hurt", [7, 8, 9]),
        ("Serious Injury", [10, 11, 12]),
        ("Lasting Injury", [13, 14]),
        ("Dead", [15, 16]),
    ]
)
# EFFECT column: MNG, "NI and MNG", "Characteristic Reduction and MNG".
CASUALTY_EFFECTS = {
    "Badly Hurt": {"miss_rest_of_game": True},
    "Seriously Hurt": {"miss_next_game": True},
    "Serious Injury": {"niggling_injury": True, "miss_next_game": True},
    "Lasting Injury": {"lasting_injury": True, "miss_next_game": True},
    "Dead": {"dead": True},
}

# Armour and Injuries, Characteristic Reduction: LASTING INJURY TABLE (D6). The change
# is to the number on the roster: "In the case of Agility or Passing Ability, the target
# number is raised by 1 ... In the case of Armour Value, the target number is lowered
# by 1" (AV9+ becomes AV8+; league facts section 7).
LASTING_INJURY = [
    (1, "Head Injury", "av", -1),
    (2, "Head Injury", "av", -1),
    (3, "Smashed Knee", "ma", -1),
    (4, "Broken Arm", "pa", +1),
    (5, "Neck Injury", "ag", +1),
    (6, "Dislocated Shoulder", "st", -1),
]

# Kicking Them While They're Down, Arguing the Call: ARGUE THE CALL (D6). The table
# prints "Well, When You Put It Like That.."; Prayers to Nuffle result 2 quotes it with
# a full ellipsis, which we keep.
ARGUE_THE_CALL = [
    (1, "You\u2019re Outta Here!", True),
    (2, "I Don\u2019t Care!", True),
    (3, "I Don\u2019t Care!", True),
    (4, "I Don\u2019t Care!", True),
    (5, "I Don\u2019t Care!", True),
    (6, "Well, When You Put It Like That\u2026", False),
]

# League facts, 4. step 3: Characteristic improvement (D16).
CHARACTERISTIC_IMPROVEMENT = [(face, "MA or AV", ("ma", "av")) for face in range(1, 8)]
CHARACTERISTIC_IMPROVEMENT += [(face, "MA, PA or AV", ("ma", "pa", "av")) for face in range(8, 14)]
CHARACTERISTIC_IMPROVEMENT += [
    (14, "AG or PA", ("ag", "pa")),
    (15, "ST or AG", ("st", "ag")),
    (16, "Any", ("ma", "st", "ag", "pa", "av")),
]

DICE = {
    "weather": "2d6",
    "kick_off_event": "2d6",
    "prayers_to_nuffle": "d16",
    "injury": "2d6",
    "stunty_injury": "2d6",
    "casualty": "d16",
    "lasting_injury": "d6",
    "argue_the_call": "d6",
    "characteristic_improvement": "d16",
}
FACES = {"2d6": range(2, 13), "d6": range(1, 7), "d16": range(1, 17)}


def test_the_ruleset_has_exactly_these_tables_on_these_dice():
    assert {name: table.die for name, table in TABLES.items()} == DICE


@pytest.mark.parametrize("name", sorted(DICE))
def test_each_table_covers_every_face_of_its_die_exactly_once(name):
    table = TABLES[name]
    covered = [face for entry in table.entries for face in entry.rolls]
    assert sorted(covered) == list(FACES[DICE[name]])
    assert table.source and table.title and all(e.description for e in table.entries)


@pytest.mark.parametrize(("roll", "name"), WEATHER)
def test_weather_table(roll, name):
    assert str(TABLES["weather"].lookup(roll)) == name


def test_sweltering_heat_is_one_d3_for_both_teams():
    # League facts section 7: "Sweltering Heat: one D3 for both teams."
    effect = TABLES["weather"].lookup(2).effect
    assert effect["players_faint"] == "D3" and effect["one_roll_for_both_teams"] is True


@pytest.mark.parametrize(("roll", "name"), KICK_OFF_EVENT)
def test_kick_off_event_table(roll, name):
    assert str(TABLES["kick_off_event"].lookup(roll)) == name


@pytest.mark.parametrize(("roll", "name", "lasts"), PRAYERS_TO_NUFFLE)
def test_prayers_to_nuffle_table(roll, name, lasts):
    entry = TABLES["prayers_to_nuffle"].lookup(roll)
    assert (entry.name, entry.effect["lasts"]) == (name, lasts)


@pytest.mark.parametrize(("roll", "name"), INJURY)
def test_injury_table(roll, name):
    assert str(TABLES["injury"].lookup(roll)) == name


@pytest.mark.parametrize(("roll", "name"), STUNTY_INJURY)
def test_stunty_injury_table(roll, name):
    assert str(TABLES["stunty_injury"].lookup(roll)) == name


@pytest.mark.parametrize(("roll", "name"), CASUALTY)
def test_casualty_table(roll, name):
    entry = TABLES["casualty"].lookup(roll)
    assert entry.name == name
    assert dict(entry.effect) == CASUALTY_EFFECTS[name]


@pytest.mark.parametrize(("roll", "name", "characteristic", "change"), LASTING_INJURY)
def test_lasting_injury_table(roll, name, characteristic, change):
    entry = TABLES["lasting_injury"].lookup(roll)
    assert entry.name == name
    assert dict(entry.effect) == {"characteristic": characteristic, "change": change}


@pytest.mark.parametrize(("roll", "name", "sent_off"), ARGUE_THE_CALL)
def test_argue_the_call_table(roll, name, sent_off):
    entry = TABLES["argue_the_call"].lookup(roll)
    assert (entry.name, entry.effect["sent_off"]) == (name, sent_off)
    assert entry.effect.get("coach_ejected", False) is (roll == 1)


@pytest.mark.parametrize(("roll", "name", "choices"), CHARACTERISTIC_IMPROVEMENT)
def test_characteristic_improvement_table(roll, name, choices):
    entry = TABLES["characteristic_improvement"].lookup(roll)
    assert (entry.name, tuple(entry.effect["choices"])) == (name, choices)


# --- the Table structure ----------------------------------------------------------------


def _entry(name: str, first: int, last: int) -> TableEntry:
    return TableEntry(name=name, description=name, rolls=range(first, last + 1))


def test_a_table_with_a_gap_fails_at_load():
    with pytest.raises(RulesetDataError, match=r"missing \[4\]"):
        Table("gappy", "Gappy", "d6", (_entry("Low", 1, 3), _entry("High", 5, 6)), "test")


def test_a_table_with_an_overlap_fails_at_load():
    with pytest.raises(RulesetDataError, match=r"repeated \[3\]"):
        Table("overlap", "Overlap", "d6", (_entry("Low", 1, 3), _entry("High", 3, 6)), "test")


def test_a_row_beyond_the_die_fails_at_load():
    with pytest.raises(RulesetDataError, match="cannot roll"):
        Table("big", "Big", "d3", (_entry("All", 1, 4),), "test")


def test_an_unknown_die_fails_at_load():
    with pytest.raises(RulesetDataError, match="unknown die"):
        Table("odd", "Odd", "d7", (_entry("All", 1, 7),), "test")


def test_malformed_table_data_fails_at_load():
    with pytest.raises(RulesetDataError, match="malformed"):
        table_from_data({"name": "broken", "title": "Broken", "die": "d6", "entries": [{}]})
    with pytest.raises(RulesetDataError, match="rolls must be"):
        table_from_data(
            {
                "name": "broken",
                "title": "Broken",
                "die": "d6",
                "source": "test",
                "entries": [{"name": "All", "description": "x", "rolls": [6, 1]}],
            }
        )


def test_a_bad_tables_file_fails_at_load(tmp_path, monkeypatch):
    folder = tmp_path / "broken_ruleset"
    folder.mkdir()
    table = {
        "name": "coin",
        "title": "Coin",
        "die": "d3",
        "source": "test",
        "entries": [{"name": "Heads", "description": "x", "rolls": [1, 2]}],
    }
    (folder / "tables.json").write_text(json.dumps({"tables": [table]}))
    monkeypatch.setattr(tables_module, "DATA_DIR", tmp_path)
    load_tables.cache_clear()
    tables_module.table_files.cache_clear()
    try:
        with pytest.raises(RulesetDataError, match="missing \\[3\\]"):
            load_tables("broken_ruleset")
    finally:
        load_tables.cache_clear()
        tables_module.table_files.cache_clear()


@pytest.mark.parametrize("key", ["no_such_ruleset", "../bb2020", "BB2020"])
def test_an_unknown_ruleset_fails_at_load(key):
    with pytest.raises(RulesetDataError):
        load_tables(key)


def test_lookup_sums_a_two_dice_roll_and_refuses_impossible_rolls():
    weather = TABLES["weather"]
    assert weather.lookup((5, 6)).name == "Pouring Rain"
    for impossible in (1, 13, 0, "7"):
        with pytest.raises(RulesError, match="not a roll on the Weather table"):
            weather.lookup(impossible)


def test_modified_totals_read_the_end_rows():
    assert TABLES["injury"].lookup_modified(15).name == "Casualty!"
    assert TABLES["injury"].lookup_modified(0).name == "Stunned"
    assert TABLES["casualty"].lookup_modified(19).name == "Dead"


def test_roll_rolls_the_tables_die_and_records_it():
    dice = ScriptedDice([(6, 6), 9])
    assert TABLES["weather"].roll(dice, "weather").name == "Blizzard"
    assert TABLES["prayers_to_nuffle"].roll(dice).name == "Moles under the Pitch"
    assert [(english(r.purpose), r.die) for r in dice.rolls] == [
        ("weather", "2d6"),
        ("Prayers to Nuffle table", "d16"),
    ]


def test_entries_are_found_by_name_with_plain_apostrophes():
    assert TABLES["injury"].entry("KO'd").name == "KO\u2019d"
    well = TABLES["argue_the_call"].entry("well, when you put it like that...")
    assert well.rolls == range(6, 7)
    with pytest.raises(RulesError, match="no result"):
        TABLES["injury"].entry("Dead")


def test_tables_and_entries_are_frozen():
    entry = TABLES["casualty"].lookup(13)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.name = "Fine"  # type: ignore[misc]
    with pytest.raises(TypeError):
        entry.effect["dead"] = True  # type: ignore[index]
    with pytest.raises(TypeError):
        TABLES["weather"] = TABLES["injury"]  # type: ignore[index]
    assert entry.roll_label == "13-14" and TABLES["weather"].lookup(11).roll_label == "11"


# --- league tables (league facts, section 4) --------------------------------------------

# Step 5, Expensive Mistakes: rows D6 1-6, columns <200k, 200-295k, 300-395k,
# 400-495k, 500-595k, 600k+ ("Averted" is printed for Crisis Averted).
A, MI, MA, C = "Crisis Averted", "Minor Incident", "Major Incident", "Catastrophe"
EXPENSIVE_MISTAKES = {
    1: [MI, MI, MA, MA, C, C],
    2: [A, MI, MI, MA, MA, C],
    3: [A, A, MI, MI, MA, MA],
    4: [A, A, A, MI, MI, MA],
    5: [A, A, A, A, MI, MI],
    6: [A, A, A, A, A, MI],
}
# Two Treasuries inside each column: its lowest and highest.
COLUMN_TREASURIES = [
    (100_000, 195_000),
    (200_000, 295_000),
    (300_000, 395_000),
    (400_000, 495_000),
    (500_000, 595_000),
    (600_000, 2_000_000),
]


@pytest.mark.parametrize("d6", range(1, 7))
@pytest.mark.parametrize("column", range(6))
def test_expensive_mistakes_grid(d6, column):
    for treasury in COLUMN_TREASURIES[column]:
        assert expensive_mistakes_outcome(treasury, d6) == EXPENSIVE_MISTAKES[d6][column]


def test_no_expensive_mistakes_roll_below_100000():
    mistakes = load_league_tables("bb2020").expensive_mistakes
    assert not mistakes.applies(95_000) and mistakes.applies(100_000)
    with pytest.raises(RulesError, match="less than 100,000 gp"):
        expensive_mistakes_outcome(95_000, 1)


def test_expensive_mistakes_outcomes_carry_their_effects():
    # Minor: lose D3 x 10,000; Major: lose half, rounded down to 5,000;
    # Catastrophe: keep only 2D6 x 10,000.
    column = load_league_tables("bb2020").expensive_mistakes.column(650_000).table
    assert column.lookup(6).effect == {"lose_d3_times": 10_000}
    assert column.lookup(3).effect == {"lose_half_rounded_down_to": 5_000}
    assert column.lookup(1).effect == {"keep_2d6_times": 10_000}


# Step 3, advancement SPP costs: columns random primary, chosen primary / random
# secondary, chosen secondary, random characteristic; rows 1st-6th advancement.
ADVANCEMENT_COSTS = {
    "random_primary": [3, 4, 6, 8, 10, 15],
    "chosen_primary": [6, 8, 12, 16, 20, 30],
    "random_secondary": [6, 8, 12, 16, 20, 30],
    "chosen_secondary": [12, 14, 18, 22, 26, 40],
    "random_characteristic": [18, 20, 24, 28, 32, 50],
}


@pytest.mark.parametrize("previous", range(6))
@pytest.mark.parametrize("kind", sorted(ADVANCEMENT_COSTS))
def test_advancement_spp_costs(kind, previous):
    assert advancement_spp_cost(kind, previous) == ADVANCEMENT_COSTS[kind][previous]


def test_no_seventh_advancement_and_no_unknown_kind():
    with pytest.raises(AdvancementError, match="at most 6 advancements"):
        advancement_spp_cost("random_primary", 6)
    with pytest.raises(AdvancementError, match="not an advancement"):
        advancement_spp_cost("stolen_skill", 0)


def test_titles_after_each_advancement():
    costs = load_league_tables("bb2020").advancement_spp_costs
    titles = ["Experienced", "Veteran", "Emerging Star", "Star", "Super Star", "Legend"]
    assert [costs.title_after(n) for n in range(0, 7)] == [None, *titles]


# Step 3, value increases.
@pytest.mark.parametrize(
    ("kind", "characteristic", "gp"),
    [
        ("random_primary", None, 10_000),
        ("chosen_primary", None, 20_000),
        ("random_secondary", None, 20_000),
        ("chosen_secondary", None, 40_000),
        ("random_characteristic", "av", 10_000),
        ("random_characteristic", "ma", 20_000),
        ("random_characteristic", "pa", 20_000),
        ("random_characteristic", "AG", 40_000),
        ("random_characteristic", "st", 80_000),
    ],
)
def test_value_increases(kind, characteristic, gp):
    assert value_increase(kind, characteristic) == gp


def test_a_characteristic_improvement_names_its_characteristic():
    with pytest.raises(AdvancementError, match="characteristic improvement needs"):
        value_increase("random_characteristic")
    with pytest.raises(AdvancementError, match="not an advancement"):
        value_increase("bribe")


# Step 3, SPP.
@pytest.mark.parametrize(
    ("achievement", "spp"),
    [
        ("Completion", 1),
        ("Deflection", 1),
        ("Interception", 2),
        ("Casualty", 2),
        ("Touchdown", 3),
        ("MVP", 4),
        ("touchdown", 3),
    ],
)
def test_spp_awards(achievement, spp):
    assert spp_award(achievement) == spp


def test_unknown_achievements_earn_nothing_but_an_error():
    with pytest.raises(RulesError, match="earns no SPP"):
        spp_award("Foul")


def test_characteristic_limits():
    # Step 3: MA 1-9, ST 1-8, AG 1+-6+, PA 1+-6+, AV 3+-11+.
    limits = load_league_tables("bb2020").characteristic_limits
    assert dict(limits) == {"ma": (1, 9), "st": (1, 8), "ag": (1, 6), "pa": (1, 6), "av": (3, 11)}


# Step 3, random skill: the rulebook's skill table, first D6 1-3 / 4-6 picks the half,
# the second D6 the row.
RANDOM_SKILLS = {
    "Agility": (
        ["Catch", "Diving Catch", "Diving Tackle", "Dodge", "Defensive", "Jump Up"],
        ["Leap", "Safe Pair of Hands", "Sidestep", "Sneaky Git", "Sprint", "Sure Feet"],
    ),
    "General": (
        ["Block", "Dauntless", "Dirty Player (+1)", "Fend", "Frenzy", "Kick"],
        ["Pro", "Shadowing", "Strip Ball", "Sure Hands", "Tackle", "Wrestle"],
    ),
    "Mutations": (
        ["Big Hand", "Claws", "Disturbing Presence", "Extra Arms", "Foul Appearance", "Horns"],
        [
            "Iron Hard Skin",
            "Monstrous Mouth",
            "Prehensile Tail",
            "Tentacles",
            "Two Heads",
            "Very Long Legs",
        ],
    ),
    "Passing": (
        ["Accurate", "Cannoneer", "Cloud Burster", "Dump-off", "Fumblerooskie", "Hail Mary Pass"],
        ["Leader", "Nerves of Steel", "On the Ball", "Pass", "Running Pass", "Safe Pass"],
    ),
    "Strength": (
        ["Arm Bar", "Brawler", "Break Tackle", "Grab", "Guard", "Juggernaut"],
        ["Mighty Blow (+1)", "Multiple Block", "Pile Driver", "Stand Firm", "Strong Arm"]
        + ["Thick Skull"],
    ),
}


@pytest.mark.parametrize("second_die", range(1, 7))
@pytest.mark.parametrize("first_die", range(1, 7))
@pytest.mark.parametrize("category", sorted(RANDOM_SKILLS))
def test_random_skill_table(category, first_die, second_die):
    half = RANDOM_SKILLS[category][0 if first_die <= 3 else 1]
    assert random_skill(category, first_die, second_die) == half[second_die - 1]


def test_random_skill_categories_answer_to_roster_letters():
    assert skill_category("S") == "Strength" and skill_category("mutations") == "Mutations"
    assert random_skill("G", 6, 1) == "Pro"
    with pytest.raises(AdvancementError, match="not a skill category"):
        random_skill("Trait", 1, 1)
    with pytest.raises(RulesError, match="two D6"):
        random_skill("General", 7, 1)


def test_every_league_table_names_its_source():
    sources = load_league_tables("bb2020").sources
    assert set(sources) >= {
        "expensive_mistakes",
        "advancement_spp_costs",
        "value_increases",
        "spp_awards",
        "random_skill",
    }
    assert all(source.startswith("League facts") for source in sources.values())
