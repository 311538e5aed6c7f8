"""Rulesets, rosters and positions, pinned to shared/data/bb2020 and the facts sheet
(shared/rules/bb2020-league-facts.md, section 1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rules_engine
from rules_engine import get_ruleset, list_rulesets, register_ruleset
from rules_engine.errors import RulesetDataError
from rules_engine.loaders.bb2020 import load_bb2020
from rules_engine.registry import UnknownRulesetError, unregister_ruleset
from rules_engine.ruleset import Catalogue, Ruleset, SkillCatalogue, pluralise, slugify
from tests.rules_engine.conftest import no_tables

ROSTER_SLUGS = [
    "amazon", "black-orc", "chaos-chosen", "chaos-dwarf", "chaos-renegades", "dark-elf",
    "dwarf", "elven-union", "gnome", "goblin", "halfling", "high-elf", "human",
    "imperial-nobility", "khorne", "lizardmen", "necromantic-horror", "norse", "nurgle", "ogre",
    "old-world-alliance", "orc", "shambling-undead", "skaven", "snotling", "tomb-kings",
    "underworld-denizens", "vampire", "wood-elf",
]  # fmt: skip


def test_bb2020_is_registered_and_cached():
    assert "bb2020" in list_rulesets()
    ruleset = get_ruleset("bb2020")
    assert (ruleset.key, ruleset.name) == ("bb2020", "Blood Bowl 2020")
    assert get_ruleset("bb2020") is ruleset


def test_unknown_ruleset_names_the_valid_ones():
    with pytest.raises(LookupError) as caught:
        get_ruleset("bb1987")
    assert isinstance(caught.value, KeyError)
    assert isinstance(caught.value, UnknownRulesetError)
    assert str(caught.value) == "unknown ruleset 'bb1987'; available rulesets: " + ", ".join(
        list_rulesets()
    )


def test_other_rulesets_can_be_registered():
    built = Ruleset("classic", "Classic", Catalogue({}), Catalogue({}), SkillCatalogue({}),
                    Catalogue({}))  # fmt: skip
    register_ruleset("classic-test", lambda: built)
    try:
        assert "classic-test" in list_rulesets()
        assert get_ruleset("classic-test") is built
        with pytest.raises(ValueError):
            register_ruleset("classic-test", lambda: built)
    finally:
        unregister_ruleset("classic-test")
    assert "classic-test" not in list_rulesets()


def test_all_29_rosters_load_with_slugs_from_their_names(bb2020):
    assert list(bb2020.rosters) == ROSTER_SLUGS
    assert bb2020.rosters["Chaos Chosen"].slug == "chaos-chosen"
    assert bb2020.rosters["Old World Alliance"].name == "Old World Alliance"


def test_human_blitzer_row(bb2020):
    human = bb2020.rosters["human"]
    blitzer = human.positions["human-blitzer"]
    assert (blitzer.name, blitzer.cost, blitzer.min_count, blitzer.max_count) == (
        "Blitzer", 85_000, 0, 4)  # fmt: skip
    assert (blitzer.ma, blitzer.st, blitzer.ag, blitzer.pa, blitzer.av) == (7, 3, 3, 4, 9)
    assert blitzer.skills == ("Block",)
    assert blitzer.primary == ("General", "Strength")
    assert blitzer.secondary == ("Agility", "Passing")
    assert not blitzer.big_guy
    assert bb2020.position("human-blitzer") is blitzer


def test_human_roster_row(bb2020):
    human = bb2020.rosters["human"]
    assert (human.tier, human.reroll_cost, human.apothecary_allowed) == (2, 50_000, True)
    assert human.special_rules == ("Old World Classic",)
    assert human.has_special_rule("old world classic")
    assert list(human.positions) == [
        "human-lineman", "human-thrower", "human-catcher", "human-blitzer",
        "human-halfling-hopeful", "human-ogre",
    ]  # fmt: skip
    ogre = human.positions["human-ogre"]
    assert (ogre.cost, ogre.max_count, ogre.big_guy, ogre.pa) == (140_000, 1, True, 5)
    assert ogre.skills == ("Bone Head", "Loner (4+)", "Mighty Blow (+1)", "Thick Skull",
                           "Throw Team-mate")  # fmt: skip


def test_position_slugs_answer_to_aliases(bb2020):
    positions = bb2020.rosters["human"].positions
    lineman = positions["human-lineman"]
    assert lineman.name == "Human Lineman"
    assert positions["human-human-lineman"] is lineman
    assert positions["Human Lineman"] is lineman
    assert positions["blitzer"] is positions["human-blitzer"]
    assert "human-wizard" not in positions
    assert len(positions) == 6


@pytest.mark.parametrize(
    ("roster", "position", "cost", "profile"),
    [
        ("dwarf", "dwarf-troll-slayer", 95_000, (5, 3, 4, None, 9)),
        ("amazon", "amazon-piranha-warrior-blitzer", 90_000, (7, 3, 3, 5, 8)),
        ("ogre", "ogre-gnoblar-lineman", 15_000, (5, 1, 3, 5, 6)),
        ("snotling", "snotling-lineman", 15_000, (5, 1, 3, 5, 6)),
        ("skaven", "skaven-gutter-runner", 85_000, (9, 2, 2, 4, 8)),
    ],
)
def test_selected_positions(bb2020, roster, position, cost, profile):
    row = bb2020.rosters[roster].positions[position]
    assert row.cost == cost
    assert (row.ma, row.st, row.ag, row.pa, row.av) == profile


def test_rosters_without_an_apothecary_are_the_four_of_the_facts_sheet(bb2020):
    # Facts section 1: Necromantic Horror, Nurgle, Shambling Undead and Tomb Kings.
    without = {r.slug for r in bb2020.rosters.values() if not r.apothecary_allowed}
    assert without == {"necromantic-horror", "nurgle", "shambling-undead", "tomb-kings"}
    assert bb2020.rosters["skaven"].apothecary_allowed
    assert bb2020.rosters["orc"].apothecary_allowed
    assert bb2020.rosters["shambling-undead"].apothecary_cost is None
    assert bb2020.rosters["human"].apothecary_cost == 50_000


def test_low_cost_linemen_are_ogre_and_snotling(bb2020):
    having = {r.slug for r in bb2020.rosters.values() if r.has_special_rule("Low Cost Linemen")}
    assert having == {"ogre", "snotling"}


@pytest.mark.parametrize(
    ("roster", "lineman"),
    [
        ("human", "human-lineman"),
        ("ogre", "ogre-gnoblar-lineman"),
        ("snotling", "snotling-lineman"),
        ("dwarf", "dwarf-blocker-lineman"),
        ("shambling-undead", "shambling-undead-skeleton-lineman"),
    ],
)
def test_lineman_position_is_the_widest_line(bb2020, roster, lineman):
    assert bb2020.rosters[roster].lineman_position().slug == lineman


def test_shambling_undead_have_two_lineman_positions(bb2020):
    linemen = bb2020.rosters["shambling-undead"].lineman_positions()
    assert [p.name for p in linemen] == ["Skeleton Lineman", "Zombie Lineman"]


def test_every_roster_has_a_0_12_or_0_16_lineman(bb2020):
    for roster in bb2020.rosters.values():
        assert roster.lineman_position().max_count in (12, 16), roster.name


def test_special_rule_choices(bb2020):
    gods = ("Chaos Undivided", "Hashut", "Khorne", "Nurgle", "Slaanesh", "Tzeentch")
    favoured = tuple(f"Favoured of {god}" for god in gods)
    assert bb2020.rosters["chaos-chosen"].special_rule_choices == favoured
    assert bb2020.rosters["chaos-renegades"].special_rule_choices == favoured
    norse = bb2020.rosters["norse"]
    assert len(norse.special_rule_choices) == 3
    assert norse.special_rules_for("Favoured of Khorne") == {"Favoured of Khorne"}
    assert norse.has_special_rule("Old World Classic")
    assert not norse.has_special_rule("Old World Classic", "Favoured of Khorne")
    with pytest.raises(ValueError, match="Norse teams choose one of"):
        norse.special_rules_for("Favoured of Nurgle")
    others = [r.slug for r in bb2020.rosters.values() if r.special_rule_choices]
    assert others == ["chaos-chosen", "chaos-renegades", "norse"]


def test_big_guy_limits_from_roster_notes(bb2020):
    limits = {r.slug: r.max_big_guys for r in bb2020.rosters.values() if r.max_big_guys}
    assert limits == {"chaos-chosen": 1, "chaos-renegades": 3, "old-world-alliance": 1,
                      "underworld-denizens": 1}  # fmt: skip


def test_tiers(bb2020):
    stunty = {r.slug for r in bb2020.rosters.values() if r.tier == 3}
    assert stunty == {"gnome", "goblin", "halfling", "ogre", "snotling"}


def test_skills_include_traits_and_extraordinary_skills(bb2020):
    skills = bb2020.skills
    assert len(skills) == 60 + 28 + 7
    assert skills["Block"].category == "General"
    assert skills["Block"].random_table == ("1-3", "1")
    assert skills["Frenzy"].compulsory
    assert skills["Loner (4+)"].name == "Loner (X+)"
    assert skills["Loner (4+)"].trait
    assert skills["jump up"].name == "Jump Up"
    assert skills["Mighty Blow (+2)"].name == "Mighty Blow (+1)"
    assert skills["Animosity (All)"].name == "Animosity"
    assert skills["Hit and Run"].extraordinary
    assert "Wizardry" not in skills
    assert skills.canonical("Dump-Off") == "Dump-off"
    assert skills.canonical("Loner (3+)") == "Loner (3+)"


def test_roster_skill_names_are_spelled_as_the_skill_list(bb2020):
    for roster in bb2020.rosters.values():
        for position in roster.positions.values():
            for name in position.skills:
                assert bb2020.skills.canonical(name) == name


def test_every_cost_is_a_positive_multiple_of_5000(bb2020):
    for roster in bb2020.rosters.values():
        assert roster.reroll_cost > 0 and roster.reroll_cost % 5000 == 0
        for position in roster.positions.values():
            assert position.cost > 0 and position.cost % 5000 == 0
            assert position.max_count >= position.min_count >= 0


def test_slugify_and_pluralise():
    assert slugify("Morg 'n' Thorg") == "morg-n-thorg"
    assert (
        slugify("Gretchen Wächter 'The Blood Bowl Widow'")
        == "gretchen-wachter-the-blood-bowl-widow"
    )
    assert [pluralise(n) for n in ("Blitzer", "Zombie Lineman", "Eagle Warrior Linewoman",
            "Witch Elf", "Mummy", "Werewolf", "Woodland Fox", "Old World Halfling Hopefuls",
            "Bloodspawn")] == ["Blitzers", "Zombie Linemen", "Eagle Warrior Linewomen",
            "Witch Elves", "Mummies", "Werewolves", "Woodland Foxes",
            "Old World Halfling Hopefuls", "Bloodspawn"]  # fmt: skip


def test_data_errors_are_collected_and_raised(data_copy):
    def break_data(data):
        human = next(t for t in data["teams"] if t["name"] == "Human")
        human["positions"][3]["skills"] = ["Blokc"]
        human["positions"][3]["cost"] = 85_001
        human["positions"][3]["min"] = 5

    folder = data_copy("teams.json", break_data)
    with pytest.raises(RulesetDataError) as caught:
        load_bb2020(folder, tables_loader=no_tables)
    message = str(caught.value)
    assert "Human Blitzer: skill 'Blokc' is not in the skill list" in message
    assert "Human Blitzer cost: 85001 is not a positive multiple of 5,000 gp" in message
    assert "Human Blitzer: quantity 5-4 is not a range" in message


def test_missing_roster_fails_the_count(data_copy):
    folder = data_copy("teams.json", lambda data: data["teams"].pop())
    with pytest.raises(RulesetDataError, match="28 rosters, expected 29"):
        load_bb2020(folder, tables_loader=no_tables)


def test_unknown_special_rule_fails(data_copy):
    def change(data):
        data["teams"][0]["special_rules"] = ["Lustrian Superleage"]

    folder = data_copy("teams.json", change)
    with pytest.raises(RulesetDataError, match="unknown special rule 'Lustrian Superleage'"):
        load_bb2020(folder, tables_loader=no_tables)


def test_table_errors_surface_as_data_errors(data_copy):
    def broken_tables(key):
        raise RulesetDataError("weather: face 7 is covered twice")

    with pytest.raises(RulesetDataError, match="face 7 is covered twice"):
        load_bb2020(data_copy("skills.json", lambda data: None), tables_loader=broken_tables)


def test_tables_come_from_the_tables_module(bb2020):
    pytest.importorskip("rules_engine.tables")
    assert "weather" in bb2020.table_names()
    assert str(bb2020.table("weather").lookup(11)) == "Pouring Rain"
    assert bb2020.table("weather").lookup(11).name == "Pouring Rain"
    with pytest.raises(KeyError, match="no table 'snow'"):
        bb2020.table("snow")


def test_rules_engine_stays_pure_python():
    package = Path(rules_engine.__file__).parent
    for source in package.rglob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith("django"), f"{source.name} imports {name}"
                if source.name != "dice.py":
                    assert name.split(".")[0] != "random", f"{source.name} imports random"
