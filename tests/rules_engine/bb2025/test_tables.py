"""Every BB2025 table and grid of shared/rules/bb2025-league-facts.md, pinned face by face."""

from __future__ import annotations

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2025.advancement import category_skills, elite_skills, is_elite
from rules_engine.bb2025.data import Bb2025Skill
from rules_engine.bb2025.spp import spp_award
from rules_engine.errors import AdvancementError, RulesError
from rules_engine.tables import load_league_tables, load_tables

KICK_OFF = {
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
PRAYERS = {
    1: "Treacherous Trapdoor",
    2: "Friends with the Ref",
    3: "Stiletto",
    4: "Iron Man",
    5: "Knuckle Dusters",
    6: "Bad Habits",
    7: "Greasy Cleats",
    8: "Blessing of Nuffle",
    9: "Moles Under the Pitch",
    10: "Perfect Passing",
    11: "Dazzling Catching",
    12: "Fan Interaction",
    13: "Fouling Frenzy",
    14: "Throw a Rock",
    15: "Under Scrutiny",
    16: "Intensive Training",
}
CHARACTERISTIC = {
    1: ["av"],
    2: ["av", "pa"],
    3: ["av", "ma", "pa"],
    4: ["av", "ma", "pa"],
    5: ["ma", "pa"],
    6: ["ag", "ma"],
    7: ["ag", "st"],
    8: ["ma", "st", "ag", "pa", "av"],
}
# Facts section 7: advancement # -> (random primary, chosen primary, chosen secondary,
# characteristic).
SPP_COSTS = {
    0: (3, 6, 10, 14),
    1: (4, 8, 12, 16),
    2: (6, 12, 16, 20),
    3: (8, 16, 20, 24),
    4: (10, 20, 24, 28),
    5: (15, 30, 34, 38),
}
KINDS = ("random_primary", "chosen_primary", "chosen_secondary", "characteristic")
# Facts section 8 / BB2020: Expensive Mistakes, D6 row x Treasury column.
M, m, C, A = "Major Incident", "Minor Incident", "Catastrophe", "Crisis Averted"
MISTAKES = {
    1: (m, m, M, M, C, C),
    2: (A, m, m, M, M, C),
    3: (A, A, m, m, M, M),
    4: (A, A, A, m, m, M),
    5: (A, A, A, A, m, m),
    6: (A, A, A, A, A, m),
}
COLUMNS = (100_000, 200_000, 300_000, 400_000, 500_000, 600_000)


@pytest.mark.parametrize("roll", range(2, 13))
def test_kick_off_table(roll: int) -> None:
    assert get_ruleset("bb2025").table("kick_off_event").lookup(roll).name == KICK_OFF[roll]


@pytest.mark.parametrize("roll", range(1, 17))
def test_prayers_to_nuffle_table(roll: int) -> None:
    assert get_ruleset("bb2025").table("prayers_to_nuffle").lookup(roll).name == PRAYERS[roll]


@pytest.mark.parametrize("roll", range(1, 9))
def test_characteristic_table_d8(roll: int) -> None:
    entry = load_tables("bb2025")["characteristic_improvement"].lookup(roll)
    assert sorted(entry.effect["choices"]) == sorted(CHARACTERISTIC[roll])


@pytest.mark.parametrize("roll", range(1, 7))
def test_hatred_on_four_plus(roll: int) -> None:
    assert load_tables("bb2025")["hatred"].lookup(roll).effect["gains_hatred"] is (roll >= 4)


def test_weather_rows_are_bb2020s() -> None:
    """Facts section 4, step 2: the BB2025 Weather table has BB2020's rows."""
    ours, theirs = load_tables("bb2025")["weather"], load_tables("bb2020")["weather"]
    assert [ours.lookup(r).name for r in range(2, 13)] == [
        theirs.lookup(r).name for r in range(2, 13)
    ]


@pytest.mark.parametrize("taken", range(6))
@pytest.mark.parametrize("column", range(4))
def test_advancement_costs(taken: int, column: int) -> None:
    assert bb2025.advancement_cost(KINDS[column], taken) == SPP_COSTS[taken][column]


def test_no_random_secondary_and_six_advancements_at_most() -> None:
    with pytest.raises(AdvancementError):
        bb2025.advancement_cost("random_secondary", 0)
    with pytest.raises(AdvancementError):
        bb2025.advancement_cost("random_primary", 6)
    titles = load_league_tables("bb2025").advancement_spp_costs.titles
    assert titles == ("Experienced", "Veteran", "Emerging Star", "Star", "Super Star", "Legend")


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        ("random_primary", 20_000),
        ("chosen_primary", 20_000),
        ("chosen_secondary", 40_000),
        ("random_secondary", 40_000),
        ("av", 10_000),
        ("ma", 20_000),
        ("pa", 20_000),
        ("ag", 30_000),
        ("st", 60_000),
    ],
)
def test_value_increases(kind: str, value: int) -> None:
    assert bb2025.value_increase(kind) == value


@pytest.mark.parametrize("kind", ["random_primary", "chosen_primary", "chosen_secondary"])
def test_elite_surcharge(kind: str) -> None:
    assert bb2025.value_increase(kind, elite=True) == bb2025.value_increase(kind) + 10_000


def test_elite_skills_and_characteristics_take_no_surcharge() -> None:
    assert elite_skills() == {"block", "dodge", "guard", "mighty blow"}
    assert is_elite("Mighty Blow (+1)") and not is_elite("Tackle")
    with pytest.raises(AdvancementError):
        bb2025.value_increase("st", elite=True)


@pytest.mark.parametrize(
    ("achievement", "spp", "brutes"),
    [
        ("Touchdown", 3, 2),
        ("Casualty", 2, 3),
        ("Interception", 2, 2),
        ("Completion", 1, 1),
        ("Superb Throw", 1, 1),
        ("Landing", 1, 1),
        ("MVP", 4, 4),
    ],
)
def test_spp_awards(achievement: str, spp: int, brutes: int) -> None:
    """Facts section 6, Star Player Points: Superb Throw (the thrower) and Landing (the
    thrown player) 1 each; Brawlin' Brutes: Touchdown 2, Casualty 3."""
    assert spp_award(achievement) == spp
    assert spp_award(achievement, brawlin_brutes=True) == brutes


def test_no_deflection_in_bb2025() -> None:
    """Facts section 6: "Deflection (1 SPP) no longer exists"."""
    with pytest.raises(RulesError, match="earns no SPP"):
        spp_award("Deflection")


@pytest.mark.parametrize("d6", range(1, 7))
@pytest.mark.parametrize("column", range(6))
def test_expensive_mistakes_grid(d6: int, column: int) -> None:
    treasury = COLUMNS[column]
    assert bb2025.expensive_mistake(treasury, d6) == MISTAKES[d6][column]
    assert (
        load_league_tables("bb2025").expensive_mistakes.outcome(treasury, d6).name
        == MISTAKES[d6][column]
    )


def test_no_expensive_mistakes_below_100k() -> None:
    assert all(bb2025.expensive_mistake(99_995, d6) == A for d6 in range(1, 7))


@pytest.mark.parametrize(
    "category", ["General", "Agility", "Strength", "Passing", "Mutations", "Devious"]
)
def test_random_skill_tables_are_d12s_of_twelve(category: str) -> None:
    ruleset = get_ruleset("bb2025")
    skills = category_skills(category)
    assert len(skills) == len(set(skills)) == 12
    for place, name in enumerate(skills, start=1):
        skill = ruleset.skills[name]
        assert skill.category == category
        assert isinstance(skill, Bb2025Skill) and skill.d12 == place


def test_new_skills_in_their_categories() -> None:
    assert set(category_skills("Devious")) == {
        "Dirty Player",
        "Eye Gouge",
        "Fumblerooski",
        "Lethal Flight",
        "Lone Fouler",
        "Pile Driver",
        "Put the Boot In",
        "Quick Foul",
        "Saboteur",
        "Shadowing",
        "Sneaky Git",
        "Violent Innovator",
    }
    assert {"Give and Go", "On the Ball", "Punt"} <= set(category_skills("Passing"))
    assert {"Steady Footing", "Taunt"} <= set(category_skills("General"))
    assert "Hit and Run" in category_skills("Agility")
    assert "Monstrous Mouth" in category_skills("Mutations")
    assert "Bullseye" in category_skills("Strength")


@pytest.mark.parametrize(
    ("slug", "max_count", "price"),
    [
        ("prayers-to-nuffle", 3, 10_000),
        ("part-time-assistant-coaches", 5, 20_000),
        ("temp-agency-cheerleaders", 5, 5_000),  # facts section 5
        ("team-mascot", 1, 25_000),
        ("weather-mage", 1, 25_000),
        ("blitzers-best-kegs", 2, 50_000),
        ("extra-team-training", 8, 100_000),
        ("bribes", 3, 100_000),
        ("wandering-apothecaries", 2, 100_000),
        ("mortuary-assistant", 1, 100_000),
        ("plague-doctor", 1, 100_000),
        ("riotous-rookies", 1, 150_000),
        ("halfling-master-chef", 1, 300_000),
        ("sports-wizard", 1, 150_000),
        ("biased-referee", 1, 120_000),
        ("infamous-coaching-staff", 1, 100_000),
    ],
)
def test_core_inducements(slug: str, max_count: int, price: int) -> None:
    inducement = get_ruleset("bb2025").inducements[slug]
    assert (inducement.max_count, inducement.price) == (max_count, price)


def test_inducement_special_prices() -> None:
    ruleset = get_ruleset("bb2025")
    bribes, referee = ruleset.inducements["bribes"], ruleset.inducements["biased-referee"]
    chef = ruleset.inducements["halfling-master-chef"]
    goblin, human, halfling = (ruleset.roster(r) for r in ("goblin", "human", "halfling"))
    assert goblin.inducement_price(bribes) == 50_000
    assert goblin.inducement_price(referee) == 80_000
    assert human.inducement_price(bribes) == 100_000
    assert halfling.inducement_price(chef) == 100_000
    assert ruleset.roster("gnome").inducement_price(chef) == 300_000
