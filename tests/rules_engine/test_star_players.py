"""Star players, pinned to shared/data/bb2020/star_players.json, and who they play for."""

from __future__ import annotations

import pytest

from rules_engine.errors import RulesetDataError
from rules_engine.loaders.bb2020 import load_bb2020
from tests.rules_engine.conftest import no_tables


def names(stars):
    return {star.name for star in stars}


def test_all_64_star_players_load(bb2020):
    assert len(bb2020.star_players) == 64  # Gretchen Wächter included (SOURCE.md)
    assert "morg-n-thorg" in bb2020.star_players
    assert "captain-karina-von-riesz" in bb2020.star_players


def test_griff_oberwald(bb2020):
    griff = bb2020.star_players["griff-oberwald"]
    assert (griff.name, griff.cost, griff.mega_star) == ("Griff Oberwald", 280_000, True)
    assert (griff.ma, griff.st, griff.ag, griff.pa, griff.av) == (7, 4, 2, 3, 9)
    assert griff.skills == ("Block", "Dodge", "Fend", "Loner (3+)", "Sprint", "Sure Feet")
    assert griff.plays_for == ("Halfling Thimble Cup", "Old World Classic")
    assert griff.special_rule == "Consummate Professional"


def test_star_without_passing(bb2020):
    fungus = bb2020.star_players["Fungus the Loon"]
    assert (fungus.cost, fungus.st, fungus.pa) == (80_000, 7, None)


def test_star_skill_names_are_spelled_as_the_skill_list(bb2020):
    akhorne = bb2020.star_players["akhorne-the-squirrel"]
    assert "Jump Up" in akhorne.skills  # "Jump up" in the data
    for star in bb2020.star_players.values():
        for name in star.skills:
            assert bb2020.skills.canonical(name) == name, star.name
        assert any(name.startswith("Loner") for name in star.skills), star.name


@pytest.mark.parametrize(
    ("star", "first", "second"),
    [
        ("Dribl and Drull", "Dribl", "Drull"),
        ("Grak and Crumbleberry", "Grak", "Crumbleberry"),
        ("The Swift Twins", "Lucien Swift", "Valen Swift"),
    ],
)
def test_paired_stars_keep_both_profiles(bb2020, star, first, second):
    pair = bb2020.star_players[star]
    assert [p.name for p in pair.profiles] == [first, second]
    for profile in pair.profiles:
        assert "Loner (4+)" in profile.skills
    assert (pair.ma, pair.st) == (pair.profiles[0].ma, pair.profiles[0].st)


def test_grak_and_crumbleberry_split(bb2020):
    grak, crumbleberry = bb2020.star_players["grak-and-crumbleberry"].profiles
    assert grak.skills == ("Bone Head", "Kick Team-mate", "Loner (4+)", "Mighty Blow (+1)",
                           "Thick Skull")  # fmt: skip
    assert crumbleberry.skills == ("Dodge", "Loner (4+)", "Right Stuff", "Stunty", "Sure Hands")
    assert (grak.st, crumbleberry.st) == (5, 2)


def test_team_list_name_finds_the_star(bb2020):
    assert bb2020.star_players["Grombrindal"].name == "Grombrindal, The White Dwarf"


def test_stars_for_human(bb2020):
    human = names(bb2020.stars_for("human"))
    assert {"Griff Oberwald", "Morg 'n' Thorg", "Cindy Piewhistle", "Mighty Zug"} <= human
    assert "Count Luthor von Drakenborg" not in human  # Sylvanian Spotlight only
    assert "Swiftvine Glimmershard" not in human


def test_morg_plays_for_any_team_but_sylvanian_spotlight(bb2020):
    playing = {r.slug for r in bb2020.rosters.values()
               if "Morg 'n' Thorg" in names(bb2020.stars_for(r))}  # fmt: skip
    sylvanian = {
        r.slug for r in bb2020.rosters.values() if r.has_special_rule("Sylvanian Spotlight")
    }
    assert sylvanian == {"necromantic-horror", "shambling-undead", "tomb-kings", "vampire"}
    assert playing == set(bb2020.rosters) - sylvanian


def test_swiftvine_plays_for_elves_and_halfling_thimble_cup(bb2020):
    playing = {r.slug for r in bb2020.rosters.values()
               if "Swiftvine Glimmershard" in names(bb2020.stars_for(r))}  # fmt: skip
    assert playing == {"dark-elf", "elven-union", "high-elf", "wood-elf", "gnome", "halfling"}


def test_favoured_of_choice_narrows_the_stars(bb2020):
    chosen = bb2020.rosters["chaos-chosen"]
    any_favour = names(bb2020.stars_for(chosen))
    nurgle = names(bb2020.stars_for(chosen, "Favoured of Nurgle"))
    khorne = names(bb2020.stars_for(chosen, "Favoured of Khorne"))
    assert {"Bilerot Vomitflesh", "Max Spleenripper"} <= any_favour
    assert "Bilerot Vomitflesh" in nurgle and "Bilerot Vomitflesh" not in khorne
    assert "Max Spleenripper" in khorne and "Max Spleenripper" not in nurgle
    assert "Lord Borak the Despoiler" in nurgle & khorne


def test_norse_choice(bb2020):
    old_world = names(bb2020.stars_for("norse", "Old World Classic"))
    khorne = names(bb2020.stars_for("norse", "Favoured of Khorne"))
    assert "Griff Oberwald" in old_world and "Griff Oberwald" not in khorne
    assert "Scyla Anfingrimm" in khorne and "Scyla Anfingrimm" not in old_world


def test_snotlings_take_badlands_brawl_stars(bb2020):
    # Documented: the Snotling roster lists Badlands Brawl, so "plays for" wins
    # over the team list that leaves these three out.
    snotling = names(bb2020.stars_for("snotling"))
    assert {"H'thark the Unstoppable", "Rashnak Backstabber", "Bomber Dribblesnot"} <= snotling


def test_every_star_plays_for_someone_and_every_roster_has_stars(bb2020):
    playing = set()
    for roster in bb2020.rosters.values():
        stars = bb2020.stars_for(roster)
        assert len(stars) >= 5, roster.name
        playing |= names(stars)
    assert playing == {star.name for star in bb2020.star_players.values()}


def test_undocumented_team_list_gap_fails(data_copy):
    def drop_griff(data):
        human = next(t for t in data["teams"] if t["name"] == "Human")
        human["star_players"] = [s for s in human["star_players"] if s["name"] != "Griff Oberwald"]

    with pytest.raises(RulesetDataError, match=r"Human: its star list leaves out \['Griff"):
        load_bb2020(data_copy("teams.json", drop_griff), tables_loader=no_tables)


def test_a_star_cost_that_disagrees_fails(data_copy):
    def change(data):
        human = next(t for t in data["teams"] if t["name"] == "Human")
        next(s for s in human["star_players"] if s["name"] == "Griff Oberwald")["cost"] = 1000

    with pytest.raises(RulesetDataError, match="Human: Griff Oberwald costs 1000 in its list"):
        load_bb2020(data_copy("teams.json", change), tables_loader=no_tables)
