"""BB2025 rosters and stars as the rulebook has them: every row of the errata table in
shared/data/bb2025/README.md ("Errata and rulebook differences (2026)") checked on the
loaded ruleset, what the data holds outside the rulebook left out by default (facts
section 13.14), and the one choice a team makes at the draft, a Team League or a
Favoured of ..., with the stars it opens (facts sections 2, 5, 13.6, 13.12)."""

from __future__ import annotations

import pytest

from rules_engine import DraftProposal, get_ruleset
from rules_engine.bb2025.data import FAVOURED_OF, TEAM_LEAGUE, Bb2025Roster
from rules_engine.loaders.bb2025 import load_bb2025
from rules_engine.ruleset import Ruleset
from tests.rules_engine.bb2025.test_data import minimal_team
from tests.rules_engine.english import validate_draft


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def roster(ruleset: Ruleset, slug: str) -> Bb2025Roster:
    found = ruleset.roster(slug)
    assert isinstance(found, Bb2025Roster)
    return found


def star_names(ruleset: Ruleset, slug: str, choice: str | None = None) -> set[str]:
    return {star.name for star in ruleset.stars_for(slug, choice)}


# --- the README's errata table, row by row ------------------------------------------------


def test_chaos_renegades_ogre_loner_3_plus_erratum_p165(ruleset: Ruleset) -> None:
    skills = ruleset.roster("chaos-renegades").positions["Ogre"].skills
    assert "Loner (3+)" in skills and "Loner (4+)" not in skills
    assert "Mighty Blow" in skills


def test_dwarf_runner_secondary_a_s_erratum_p167(ruleset: Ruleset) -> None:
    runner = ruleset.roster("dwarf").positions["Dwarf Runner"]
    assert runner.secondary == ("Agility", "Strength")


def test_old_world_alliance_treeman_loner_4_plus_erratum_p180(ruleset: Ruleset) -> None:
    treeman = ruleset.roster("old-world-alliance").positions["Altern Forest Treeman"]
    assert "Loner (4+)" in treeman.skills


def test_orc_goblin_lineman_pa_4_erratum_p181(ruleset: Ruleset) -> None:
    assert ruleset.roster("orc").positions["Goblin Lineman"].pa == 4


def test_wood_elf_treeman_secondary_a_g_wood_elf_page(ruleset: Ruleset) -> None:
    treeman = ruleset.roster("wood-elf").positions["Loren Forest Treeman"]
    assert treeman.secondary == ("Agility", "General")


def test_halfling_treeman_secondary_a_d_g_p_halfling_page(ruleset: Ruleset) -> None:
    treeman = ruleset.roster("halfling").positions["Altern Forest Treeman"]
    assert treeman.secondary == ("Agility", "Devious", "General", "Passing")


def test_dwarf_tier_2_may_2026_tier_list(ruleset: Ruleset) -> None:
    assert ruleset.roster("dwarf").tier == 2


def test_temp_agency_cheerleaders_5000_for_every_team_inducements_page(ruleset: Ruleset) -> None:
    cheerleaders = ruleset.inducements["temp-agency-cheerleaders"]
    assert {r.inducement_price(cheerleaders) for r in ruleset.rosters.values()} == {5_000}


def test_eldril_sidewinder_220000_star_page(ruleset: Ruleset) -> None:
    assert ruleset.star_players["eldril-sidewinder"].cost == 220_000


def test_the_black_gobbo_has_no_stunty_star_page(ruleset: Ruleset) -> None:
    assert "Stunty" not in ruleset.star_players["the-black-gobbo"].skills


def test_dribl_has_quick_foul_star_page(ruleset: Ruleset) -> None:
    pair = ruleset.star_players["Dribl (+ Drull)"]
    dribl, drull = pair.profiles
    assert "Quick Foul" in dribl.skills and "Quick Foul" not in drull.skills


def test_karla_cindy_puggy_play_for_their_plays_for_star_pages(ruleset: Ruleset) -> None:
    # Karla: Lustrian Superleague, Old World Classic. Cindy, Puggy: Halfling Thimble
    # Cup, Old World Classic. Ogre (Badlands Brawl / Worlds Edge) gets none of them.
    for slug in ("dwarf", "ogre"):
        assert "Karla von Kill" not in star_names(ruleset, slug)
    assert "Karla von Kill" in star_names(ruleset, "bretonnian")
    for name in ("Cindy Piewhistle", "Puggy Baconbreath"):
        assert name not in star_names(ruleset, "ogre")
        assert name in star_names(ruleset, "halfling", "Halfling Thimble Cup")
        assert name not in star_names(ruleset, "halfling", "Woodland League")
    assert "Karla von Kill" not in star_names(ruleset, "halfling")


def test_kept_on_purpose_underworld_skaven_blitzer_and_high_elf(ruleset: Ruleset) -> None:
    """README: keep A D for the Underworld Skaven Blitzer (the book's A P breaks the
    other Underworld Skaven's pattern) and the pre-2026 High Elf roster (facts
    section 13.14-13.15)."""
    blitzer = ruleset.roster("underworld-denizens").positions["Skaven Blitzer"]
    assert blitzer.secondary == ("Agility", "Devious")
    high_elf = {p.name for p in ruleset.roster("high-elf").positions.values()}
    assert high_elf == {
        "High Elf Lineman",
        "High Elf Thrower",
        "High Elf Catcher",
        "High Elf Blitzer",
    }


# --- outside the rulebook (facts section 13.14) -------------------------------------------


def test_slann_bryce_and_frank_are_left_out_by_default(ruleset: Ruleset) -> None:
    assert "slann" not in ruleset.rosters
    for slug in ("bryce-the-slice-cambuel", "frank-n-stein"):
        assert slug not in ruleset.star_players
    assert not {"Bryce 'The Slice' Cambuel", "Frank N Stein"} & star_names(ruleset, "vampire")


def test_a_ruleset_may_be_loaded_with_them() -> None:
    everything = load_bb2025(outside_rulebook=True)
    slann = everything.roster("slann")
    assert isinstance(slann, Bb2025Roster) and slann.outside_rulebook
    assert "Frank N Stein" in star_names(everything, "vampire")


# --- the one choice at the draft (facts sections 2, 13.6) ---------------------------------

TWO_LEAGUES = {
    "chaos-dwarf": ("Badlands Brawl", "Chaos Clash"),
    "gnome": ("Halfling Thimble Cup", "Woodland League"),
    "goblin": ("Badlands Brawl", "Underworld Challenge"),
    "halfling": ("Halfling Thimble Cup", "Woodland League"),
    "norse": ("Chaos Clash", "Old World Classic"),
    "ogre": ("Badlands Brawl", "Worlds Edge Superleague"),
    "wood-elf": ("Elven Kingdoms League", "Woodland League"),
}


def test_what_each_roster_chooses(ruleset: Ruleset) -> None:
    kinds = {slug: roster(ruleset, slug).choice_kind for slug in ruleset.rosters}
    assert {s for s, kind in kinds.items() if kind == TEAM_LEAGUE} == set(TWO_LEAGUES)
    assert {s for s, kind in kinds.items() if kind == FAVOURED_OF} == {
        "chaos-chosen",
        "chaos-renegades",
    }
    for slug, leagues in TWO_LEAGUES.items():
        assert set(roster(ruleset, slug).special_rule_choices) == set(leagues)
    assert len(roster(ruleset, "chaos-chosen").special_rule_choices) == 6
    renegades = roster(ruleset, "chaos-renegades").special_rule_choices
    assert len(renegades) == 5 and "Favoured of Hashut" not in renegades


def test_a_league_choice_keeps_the_fixed_rules(ruleset: Ruleset) -> None:
    goblin = roster(ruleset, "goblin").special_rules_for("Underworld Challenge")
    assert goblin == {"Underworld Challenge", "Bribery and Corruption"}
    ogre = roster(ruleset, "ogre").special_rules_for("Worlds Edge Superleague")
    assert ogre == {"Worlds Edge Superleague", "Brawlin' Brutes", "Low Cost Linemen"}
    for league in ("Badlands Brawl", "Chaos Clash"):
        rules = roster(ruleset, "chaos-dwarf").special_rules_for(league)
        assert rules == {league, "Favoured of Hashut"}


def test_norse_chaos_clash_is_also_favoured_of_khorne(ruleset: Ruleset) -> None:
    norse = roster(ruleset, "norse")
    assert norse.special_rules_for("Chaos Clash") == {"Chaos Clash", "Favoured of Khorne"}
    assert norse.special_rules_for("Old World Classic") == {"Old World Classic"}


def test_a_favoured_of_choice(ruleset: Ruleset) -> None:
    chosen = roster(ruleset, "chaos-chosen")
    assert chosen.special_rules_for("Favoured of Tzeentch") == {
        "Chaos Clash",
        "Favoured of Tzeentch",
    }


@pytest.mark.parametrize("slug", sorted(TWO_LEAGUES))
def test_a_two_league_roster_must_choose_at_the_draft(ruleset: Ruleset, slug: str) -> None:
    chosen = roster(ruleset, slug)
    players = minimal_team(chosen)
    problems = validate_draft(ruleset, DraftProposal(chosen.slug, players=players))
    assert any("choose one of" in p for p in problems), problems
    league = chosen.special_rule_choices[0]
    ok = DraftProposal(chosen.slug, players=players, special_rule_choice=league)
    assert validate_draft(ruleset, ok) == []
    wrong = DraftProposal(chosen.slug, players=players, special_rule_choice="Chaos Clash")
    if "Chaos Clash" not in chosen.special_rule_choices:
        assert validate_draft(ruleset, wrong) != []


# --- stars by "Plays For" against the team's choice (facts section 13.12) -----------------


def test_chaos_clash_norse_gets_max_spleenripper(ruleset: Ruleset) -> None:
    stars = star_names(ruleset, "norse", "Chaos Clash")
    assert {"Max Spleenripper", "Scyla Anfingrimm"} <= stars
    assert "Karla von Kill" not in stars


def test_old_world_classic_norse_gets_karla_not_max(ruleset: Ruleset) -> None:
    stars = star_names(ruleset, "norse", "Old World Classic")
    assert "Karla von Kill" in stars
    assert not {"Max Spleenripper", "Scyla Anfingrimm"} & stars


def test_a_badlands_brawl_goblin_gets_no_underworld_only_star(ruleset: Ruleset) -> None:
    underworld_only = {
        s.name
        for s in ruleset.star_players.values()
        if set(s.plays_for) == {"Underworld Challenge"}
    }
    assert underworld_only  # e.g. Hakflem Skuttlespike, Skitter Stab-stab
    assert not underworld_only & star_names(ruleset, "goblin", "Badlands Brawl")
    assert underworld_only <= star_names(ruleset, "goblin", "Underworld Challenge")
    assert underworld_only <= star_names(ruleset, "goblin")  # a roster page: either league


def test_chaos_chosen_of_hashut_reaches_hthark_and_zzharg(ruleset: Ruleset) -> None:
    hashut = star_names(ruleset, "chaos-chosen", "Favoured of Hashut")
    assert {"H'thark the Unstoppable", "Zzharg Madeye"} <= hashut
    assert "Max Spleenripper" not in hashut
    assert "Max Spleenripper" in star_names(ruleset, "chaos-chosen", "Favoured of Khorne")


def test_ogre_no_longer_gets_karla(ruleset: Ruleset) -> None:
    for choice in (None, "Badlands Brawl", "Worlds Edge Superleague"):
        assert "Karla von Kill" not in star_names(ruleset, "ogre", choice)


def test_an_unknown_choice_is_refused(ruleset: Ruleset) -> None:
    with pytest.raises(Exception, match="choose one of"):
        ruleset.stars_for("norse", "Favoured of Nurgle")
