"""Inducements, every row pinned to the common table of
shared/rules/bb2020-league-facts.md, section 3 ("Common inducements (p.89-95)")."""

from __future__ import annotations

import json

import pytest

from rules_engine.errors import InducementError, RulesetDataError
from rules_engine.loaders.bb2020 import load_bb2020
from tests.rules_engine.conftest import DATA_DIR, no_tables

BRIBERY_AND_CORRUPTION = {"black-orc", "goblin", "snotling", "underworld-denizens"}
NO_APOTHECARY = {"necromantic-horror", "nurgle", "shambling-undead", "tomb-kings"}
SYLVANIAN_SPOTLIGHT = {"necromantic-horror", "shambling-undead", "tomb-kings", "vampire"}

# (slug, name in the table, max, price, who) as the facts sheet prints them.
COMMON_TABLE = [
    ("temp-agency-cheerleaders", "Temp Agency Cheerleaders", 4, 20_000, "any"),
    ("part-time-assistant-coaches", "Part-time Assistant Coaches", 3, 20_000, "any"),
    ("weather-mage", "Weather Mage", 1, 30_000, "any"),
    ("bloodweiser-kegs", "Bloodweiser Kegs", 2, 50_000, "any"),
    ("special-plays", "Special Plays", 5, 100_000, "any"),
    ("extra-team-training", "Extra Team Training", 8, 100_000, "any"),
    ("bribes", "Bribes", 3, 100_000, "any"),
    ("wandering-apothecaries", "Wandering Apothecaries", 2, 100_000, "apothecary"),
    ("mortuary-assistant", "Mortuary Assistant", 1, 100_000, "Sylvanian Spotlight"),
    ("plague-doctor", "Plague Doctor", 1, 100_000, "Favoured of Nurgle"),
    ("riotous-rookies", "Riotous Rookies", 1, 100_000, "Low Cost Linemen"),
    ("halfling-master-chef", "Halfling Master Chef", 1, 300_000, "any"),
    ("mercenary-players", "Mercenary players", None, None, "any"),
    ("star-players", "Star players", 2, None, "any"),
    ("josef-bugman", "Infamous coaching staff (Josef Bugman)", 1, 100_000, "any"),
    ("wizard", "Wizard (Hireling Sports-Wizard)", 1, 150_000, "any"),
    ("biased-referee", "Biased Referee", 1, 120_000, "any"),
]


def test_the_table_has_every_row_and_no_other(bb2020):
    assert list(bb2020.inducements) == [row[0] for row in COMMON_TABLE]


@pytest.mark.parametrize(("slug", "name", "max_count", "price", "who"), COMMON_TABLE)
def test_common_inducement_row(bb2020, slug, name, max_count, price, who):
    inducement = bb2020.inducements[slug]
    assert (inducement.name, inducement.max_count, inducement.price) == (name, max_count, price)
    who_seen = inducement.who_special_rule if inducement.who == "special_rule" else inducement.who
    assert who_seen == who
    assert "bb2020-league-facts.md, section 3" in inducement.source


@pytest.mark.parametrize(("slug", "special_rule"), [("bribes", 50_000), ("biased-referee", 80_000)])
def test_bribery_and_corruption_prices(bb2020, slug, special_rule):
    inducement = bb2020.inducements[slug]
    for roster in bb2020.rosters.values():
        expected = special_rule if roster.slug in BRIBERY_AND_CORRUPTION else inducement.price
        assert roster.inducement_price(inducement) == expected, roster.name


def test_halfling_master_chef_is_cheap_for_halflings_only(bb2020):
    chef = bb2020.inducements["halfling-master-chef"]
    assert bb2020.rosters["halfling"].inducement_price(chef) == 100_000
    assert bb2020.rosters["gnome"].inducement_price(chef) == 300_000
    assert bb2020.rosters["human"].inducement_price(chef) == 300_000


def test_wandering_apothecaries_only_for_teams_with_an_apothecary(bb2020):
    apothecaries = bb2020.inducements["wandering-apothecaries"]
    for roster in bb2020.rosters.values():
        assert roster.may_induce(apothecaries) is (roster.slug not in NO_APOTHECARY)
    with pytest.raises(InducementError) as caught:
        bb2020.rosters["shambling-undead"].inducement_price(apothecaries)
    assert caught.value.messages == ["Shambling Undead teams may not induce Wandering Apothecaries"]


@pytest.mark.parametrize(
    ("slug", "rosters"),
    [
        ("mortuary-assistant", SYLVANIAN_SPOTLIGHT),
        ("plague-doctor", {"chaos-chosen", "chaos-renegades", "nurgle"}),
        ("riotous-rookies", {"ogre", "snotling"}),
    ],
)
def test_inducements_for_some_teams(bb2020, slug, rosters):
    inducement = bb2020.inducements[slug]
    allowed = {r.slug for r in bb2020.rosters.values() if r.may_induce(inducement)}
    assert allowed == rosters


def test_plague_doctor_follows_the_favoured_of_choice(bb2020):
    doctor = bb2020.inducements["plague-doctor"]
    chosen = bb2020.rosters["chaos-chosen"]
    assert chosen.inducement_price(doctor, "Favoured of Nurgle") == 100_000
    assert not chosen.may_induce(doctor, "Favoured of Khorne")
    slugs = {i.slug for i in bb2020.inducements_for(chosen, "Favoured of Khorne")}
    assert "plague-doctor" not in slugs and "bribes" in slugs


def test_mercenary_price(bb2020):
    blitzer = bb2020.position("human-blitzer")
    assert bb2020.mercenary_price(blitzer) == 115_000
    assert bb2020.mercenary_price(blitzer, extra_primary_skill=True) == 165_000


def test_inducements_priced_per_purchase_have_no_fixed_price(bb2020):
    with pytest.raises(ValueError, match="no fixed price"):
        bb2020.rosters["human"].inducement_price(bb2020.inducements["star-players"])


def test_team_list_names_find_the_row(bb2020):
    assert bb2020.inducements["Bribe"].slug == "bribes"
    assert bb2020.inducements["Hireling Sports-Wizard (Wizard)"].slug == "wizard"
    assert bb2020.inducements["Wandering Apothecary"].slug == "wandering-apothecaries"
    assert bb2020.inducements["Bribes"].slug == "bribes"


def test_team_price_lists_agree_with_the_table(bb2020):
    """Every price a team's own list gives is the price the table gives that team."""
    teams = json.loads((DATA_DIR / "teams.json").read_text(encoding="utf-8"))["teams"]
    checked = 0
    for team in teams:
        roster = bb2020.rosters[team["name"]]
        for entry in team["inducements"]:
            if entry["name"] not in bb2020.inducements:
                continue
            inducement = bb2020.inducements[entry["name"]]
            if inducement.price is None or not roster.may_induce(inducement):
                continue
            assert roster.inducement_price(inducement) == entry["cost"], (team["name"], entry)
            checked += 1
    assert checked > 300


def test_an_undocumented_team_list_gap_fails(data_copy):
    def drop_kegs(data):
        human = next(t for t in data["teams"] if t["name"] == "Human")
        human["inducements"] = [i for i in human["inducements"] if i["name"] != "Bloodweiser Kegs"]

    with pytest.raises(RulesetDataError, match="Human: bloodweiser-kegs is missing"):
        load_bb2020(data_copy("teams.json", drop_kegs), tables_loader=no_tables)


def test_a_team_list_price_that_disagrees_fails(data_copy):
    def overprice(data):
        human = next(t for t in data["teams"] if t["name"] == "Human")
        next(i for i in human["inducements"] if i["name"] == "Bribe")["cost"] = 50_000

    with pytest.raises(RulesetDataError, match="Human: Bribes costs 50000 in its list, 100000"):
        load_bb2020(data_copy("teams.json", overprice), tables_loader=no_tables)


def test_a_stale_documented_discrepancy_fails(data_copy):
    def fix_the_list(data):
        data["team_list_discrepancies"]["missing"].append(
            {"roster": "Human", "inducement": "bloodweiser-kegs"}
        )

    with pytest.raises(RulesetDataError, match="bloodweiser-kegs is documented missing but is not"):
        load_bb2020(data_copy("inducements.json", fix_the_list), tables_loader=no_tables)
