"""Every classic table row pinned to the reference sheet
(shared/rules/classic-reference-tables.md); expected values are read off the text."""

from __future__ import annotations

import json

import pytest

from rules_engine.classic import tables as classic_tables
from rules_engine.classic.tables import D68_FACES, D68Table, classic_table, load_classic_tables
from rules_engine.errors import RulesError, RulesetDataError
from rules_engine.tables import TableEntry

# WEATHER TABLE: "2 Sweltering Heat", "3 Very Sunny", "4-10 Nice", "11 Pouring Rain",
# "12 Blizzard".
WEATHER = {2: "Sweltering Heat", 3: "Very Sunny", 11: "Pouring Rain", 12: "Blizzard"}
WEATHER.update({roll: "Nice" for roll in range(4, 11)})

# INJURY TABLE: "2-7 Stunned", "8-9 Knocked Out", "10-12 Casualty".
INJURY = {roll: "Stunned" for roll in range(2, 8)}
INJURY.update({8: "Knocked Out", 9: "Knocked Out", 10: "Casualty", 11: "Casualty", 12: "Casualty"})

# KICK OFF TABLE, 2 to 12.
KICK_OFF = {
    2: "Get the Ref",
    3: "Riot",
    4: "Perfect Defence",
    5: "High Kick",
    6: "Cheering Fans",
    7: "Changing Weather",
    8: "Brilliant Coaching",
    9: "Quick Snap!",
    10: "Blitz!",
    11: "Throw a Rock",
    12: "Pitch Invasion",
}

# CASUALTY TABLE, D68: RESULT and EFFECT for 41-58, then the two ranges.
CASUALTY_ROWS = {
    41: ("Broken Ribs", "Miss next game"),
    42: ("Groin Strain", "Miss next game"),
    43: ("Gouged Eye", "Miss next game"),
    44: ("Broken Jaw", "Miss next game"),
    45: ("Fractured Arm", "Miss next game"),
    46: ("Fractured Leg", "Miss next game"),
    47: ("Smashed Hand", "Miss next game"),
    48: ("Pinched Nerve", "Miss next game"),
    51: ("Damaged Back", "Niggling Injury (& Miss next game)"),
    52: ("Smashed Knee", "Niggling Injury (& Miss next game)"),
    53: ("Smashed Hip", "-1 MA (& Miss next game)"),
    54: ("Smashed Ankle", "-1 MA (& Miss next game)"),
    55: ("Serious Concussion", "-1 AV (& Miss next game)"),
    56: ("Fractured Skull", "-1 AV (& Miss next game)"),
    57: ("Broken Neck", "-1 AG (& Miss next game)"),
    58: ("Smashed Collar Bone", "-1 ST (& Miss next game)"),
}
CASUALTY = dict(CASUALTY_ROWS)
for tens in (1, 2, 3):
    for units in range(1, 9):
        CASUALTY[10 * tens + units] = ("Badly Hurt", "No long term effect")
for units in range(1, 9):
    CASUALTY[60 + units] = ("DEAD", "Dead!")
CHARACTERISTIC_LOSS = {53: "ma", 54: "ma", 55: "av", 56: "av", 57: "ag", 58: "st"}


@pytest.mark.parametrize(("roll", "name"), sorted(WEATHER.items()))
def test_weather_table_every_roll(roll: int, name: str) -> None:
    assert classic_table("weather").lookup(roll).name == name


def test_weather_effects_follow_the_text() -> None:
    table = classic_table("weather")
    assert table.entry("Very Sunny").effect["pass_modifier"] == -1
    assert table.entry("Pouring Rain").effect["catch_intercept_pick_up_modifier"] == -1
    assert table.entry("Blizzard").effect["go_for_it_fails_on"] == (1, 2)
    assert table.entry("Sweltering Heat").effect["collapses_on"] == 1
    assert table.entry("Nice").description == "Perfect Blood Bowl weather."
    assert "WEATHER TABLE" in table.source


@pytest.mark.parametrize(("roll", "name"), sorted(INJURY.items()))
def test_injury_table_every_roll(roll: int, name: str) -> None:
    assert classic_table("injury").lookup(roll).name == name


def test_injury_table_casualty_calls_for_the_casualty_table() -> None:
    assert classic_table("injury").entry("Casualty").effect["casualty_roll"] is True
    assert classic_table("injury").entry("Knocked Out").effect["returns_on"] == (4, 6)


@pytest.mark.parametrize(("roll", "name"), sorted(KICK_OFF.items()))
def test_kick_off_table_every_roll(roll: int, name: str) -> None:
    entry = classic_table("kick_off_event").lookup(roll)
    assert entry.name == name
    assert entry.rolls == range(roll, roll + 1)
    assert entry.description


def test_kick_off_details_from_the_text() -> None:
    table = classic_table("kick_off_event")
    assert "D6 roll of 2+" in table.entry("Get the Ref").description
    assert table.entry("Riot").effect["back_if_receiving_team_on_turn"] == 7
    assert table.entry("Cheering Fans").effect["d3_plus"] == ("fame", "cheerleaders")
    assert table.entry("Brilliant Coaching").effect["d3_plus"] == ("fame", "assistant_coaches")
    assert table.entry("Throw a Rock").effect["armour_roll"] is False
    assert table.entry("Pitch Invasion").effect["stunned_on"] == 6
    assert "KICK OFF TABLE" in table.source


@pytest.mark.parametrize(("roll", "row"), sorted(CASUALTY.items()))
def test_casualty_table_every_d68_result(roll: int, row: tuple[str, str]) -> None:
    entry = classic_table("casualty").lookup(roll)
    assert (entry.name, entry.description) == row
    assert classic_table("casualty").lookup(divmod(roll, 10)) is entry


@pytest.mark.parametrize("roll", sorted(CASUALTY))
def test_casualty_effects_every_d68_result(roll: int) -> None:
    effect = classic_table("casualty").lookup(roll).effect
    if roll >= 61:
        assert dict(effect) == {"dead": True}
    elif roll <= 38:
        assert dict(effect) == {}
    else:
        assert effect["miss_next_game"] is True
        assert effect.get("niggling_injury", False) is (roll in (51, 52))
        assert effect.get("characteristic") == CHARACTERISTIC_LOSS.get(roll)


def test_casualty_table_covers_the_48_d68_results() -> None:
    table = classic_table("casualty")
    assert len(D68_FACES) == 48
    assert table.faces == D68_FACES
    assert table.entry("Badly Hurt").roll_label == "11-38"
    assert table.entry("DEAD").roll_label == "61-68"
    assert "CASUALTY TABLE" in table.source


@pytest.mark.parametrize("roll", [10, 19, 20, 39, 40, 49, 69, 71, (7, 1), (1, 9), (0, 3)])
def test_casualty_table_refuses_what_a_d68_cannot_show(roll: object) -> None:
    with pytest.raises(RulesError):
        classic_table("casualty").lookup(roll)  # type: ignore[arg-type]


def _entry(name: str, rolls: range) -> TableEntry:
    return TableEntry(name=name, description="", rolls=rolls)


def test_a_d68_table_must_cover_every_result_once() -> None:
    whole = [_entry("Badly Hurt", range(11, 39)), _entry("Rest", range(41, 69))]
    assert D68Table("t", "T", "d68", tuple(whole), "s").lookup(58).name == "Rest"
    with pytest.raises(RulesetDataError, match="misses"):
        D68Table("t", "T", "d68", (whole[0],), "s")
    with pytest.raises(RulesetDataError, match="twice"):
        D68Table("t", "T", "d68", (*whole, _entry("Again", range(47, 48))), "s")
    with pytest.raises(RulesetDataError, match="not a range of D68"):
        D68Table("t", "T", "d68", (*whole, _entry("Bad", range(19, 21))), "s")


@pytest.mark.parametrize(("agility", "target"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_agility_table_every_column(agility: int, target: int) -> None:
    # AGILITY TABLE: "PLAYER'S AGILITY 1 2 3 4 5 6+ / D6 ROLL REQUIRED 6+ 5+ 4+ 3+ 2+ 1+";
    # classic-movement.txt prints the same table.
    table = classic_table("agility")
    assert table.target(agility) == target
    assert table.agility(target) == agility


def test_spp_awards_from_the_text() -> None:
    # STAR PLAYER POINTS: completion 1, casualty 2, interception 2, touchdown 3, MVP 5.
    awards = classic_table("spp_awards")["awards"]
    assert dict(awards) == {
        "Completion": 1,
        "Casualty": 2,
        "Interception": 2,
        "Touchdown": 3,
        "MVP": 5,
    }


def test_spp_title_bands_from_the_text() -> None:
    bands = [(b.title, b.first, b.last) for b in classic_table("spp_titles").bands]
    assert bands == [
        ("Rookie", 0, 5),
        ("Experienced", 6, 15),
        ("Veteran", 16, 30),
        ("Emerging Star", 31, 50),
        ("Star", 51, 75),
        ("Super Star", 76, 175),
        ("Legend", 176, None),
    ]


# IMPROVEMENT TABLE: roll -> (options, the sheet's value for the row).
IMPROVEMENT = {
    **{roll: ({"new_skill"}, 20_000) for roll in range(2, 10)},
    10: ({"ma", "av", "new_skill"}, 30_000),
    11: ({"ag", "new_skill"}, 40_000),
    12: ({"st", "new_skill"}, 50_000),
}


@pytest.mark.parametrize(("roll", "row"), sorted(IMPROVEMENT.items()))
def test_improvement_table_every_roll(roll: int, row: tuple[set[str], int]) -> None:
    kinds, printed = row
    entry = classic_table("improvement").lookup(roll)
    options = {o["kind"]: o["value_increase"] for o in entry.effect["options"]}
    assert set(options) == kinds
    assert entry.effect["printed_value_increase"] == printed
    for kind in kinds - {"new_skill"}:
        assert options[kind] == printed  # the row's value is its characteristic's
    assert options["new_skill"] == 20_000  # "2-9 New skill +20.000 gp"


def test_improvement_double_row() -> None:
    # "Double  New skill from any skill category  +30.000 gp player value"
    doubles = classic_table("improvement_doubles")
    assert dict(doubles["option"]) == {"kind": "any_skill", "value_increase": 30_000}


def test_spiralling_expenses_rows() -> None:
    # "1750K - 1890K 10.000 gp"; "Every 150K more +10.000 gp"
    expenses = classic_table("spiralling_expenses")
    assert (expenses.start, expenses.first_band_end, expenses.first_expenses) == (
        1_750_000,
        1_890_000,
        10_000,
    )
    assert (expenses.band, expenses.increment) == (150_000, 10_000)


def test_every_table_names_its_source() -> None:
    tables = load_classic_tables()
    for name, table in tables.items():
        source = table.source if hasattr(table, "source") else table["source"]
        assert "classic-reference-tables.md" in source, name


def test_malformed_data_fails_loudly(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    data = json.loads(classic_tables.TABLES_FILE.read_text(encoding="utf-8"))
    data["casualty"]["entries"].pop()
    broken = tmp_path / "tables.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(classic_tables, "TABLES_FILE", broken)
    classic_tables._raw.cache_clear()
    classic_tables.load_classic_tables.cache_clear()
    try:
        with pytest.raises(RulesetDataError, match="misses the D68 results"):
            classic_tables.load_classic_tables()
    finally:
        classic_tables._raw.cache_clear()
        classic_tables.load_classic_tables.cache_clear()


def test_only_the_classic_tables_are_served() -> None:
    with pytest.raises(RulesetDataError):
        load_classic_tables("bb2020")
