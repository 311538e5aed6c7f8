"""Teams imported from FUMBBL's team JSON and from the NAFLM/OBBLM team import XML,
on files written by hand from those formats' published shapes (files/)."""

from __future__ import annotations

import json

import pytest

from teams.interchange import ImportRequest, InterchangeError, import_team
from teams.models import InjuryRecord, LedgerReason, PlayerStatus, Team
from tests.factories import UserFactory, assert_treasury_is_ledger
from tests.teams.interchange.helpers import file_text

pytestmark = pytest.mark.django_db


def _fumbbl(change=None, ruleset="bb2020"):
    data = json.loads(file_text("fumbbl_team.json"))
    if change:
        change(data)
    return import_team(UserFactory(), ImportRequest("fumbbl", json.dumps(data), ruleset))


def test_a_fumbbl_team_comes_in_with_its_staff_players_skills_injuries_and_spp():
    team = _fumbbl()
    assert (team.name, team.roster_slug, team.ruleset) == ("Altdorf Marauders", "human", "bb2020")
    assert (team.rerolls, team.assistant_coaches, team.cheerleaders) == (3, 1, 2)
    assert team.apothecary and team.dedicated_fans == 3
    karl, otto, hans, wilhelm = team.players.order_by("number")
    assert (karl.number, karl.position_slug, karl.spp_earned, karl.spp_spent) == (
        1,
        "human-blitzer",
        14,
        6,
    )
    assert list(karl.skills.values_list("skill", flat=True)) == ["Mighty Blow (+1)"]
    assert otto.spp_earned == 6  # 5 and 1 extra
    assert (otto.av, otto.niggling_injuries) == (8, 1)  # a Thrower's AV 9, less one
    assert sorted(otto.injuries.values_list("kind", flat=True)) == ["lasting", "niggling"]
    assert hans.miss_next_game and hans.position_slug == "human-lineman"
    assert wilhelm.ma == 9 and wilhelm.advancements == 1  # a Catcher's MA 8, +MA
    assert all(p.current_value > 0 for p in (karl, otto, hans, wilhelm))


def test_fumbbl_skills_and_improvements_are_valued_as_chosen_advancements():
    karl, otto, _, wilhelm = _fumbbl().players.order_by("number")
    # Mighty Blow is a Strength skill, primary for a Blitzer: +20,000 (BB2020 value
    # increases); +MA +20,000; nothing gained, nothing added.
    assert (karl.value_increases, wilhelm.value_increases, otto.value_increases) == (
        20_000,
        20_000,
        0,
    )
    assert karl.current_value == 85_000 + 20_000


def test_a_fumbbl_import_is_the_teams_first_ledger_entry():
    team = _fumbbl()
    (entry,) = team.ledger_entries.all()
    assert (entry.reason, entry.amount) == (LedgerReason.IMPORT, 65_000)
    assert entry.note == "Imported from FUMBBL team 1040321"
    assert team.treasury == 65_000
    assert_treasury_is_ledger(team)


def test_every_unknown_fumbbl_name_is_listed_in_one_error_and_nothing_is_written():
    def break_names(data):
        data["players"][0]["position"] = "Witch Hunter"
        data["players"][1]["skills"] = ["Frenzy", "Shadowwalk"]
        data["players"][3]["skills"] = ["Wrestle"]

    before = Team.objects.count()
    with pytest.raises(InterchangeError) as refused:
        _fumbbl(break_names)
    (message,) = refused.value.messages
    assert "position 'Witch Hunter' (#1 Karl Brandt)" in message
    assert "skill 'Shadowwalk' (#2 Otto Kessler)" in message
    assert "Frenzy" not in message and "Wrestle" not in message
    assert Team.objects.count() == before


def test_an_unknown_roster_names_the_rosters_there_are():
    with pytest.raises(InterchangeError, match="no roster 'Slann'.*Human"):
        _fumbbl(lambda d: d["roster"].update(name="Slann"))


def test_a_fumbbl_injury_letter_it_does_not_write_is_refused():
    with pytest.raises(InterchangeError, match="injury FUMBBL does not write: 'x'"):
        _fumbbl(lambda d: d["players"][0].update(injuries="n, x"))


def test_the_fumbbl_team_needs_a_ruleset():
    with pytest.raises(InterchangeError, match="Choose the ruleset"):
        _fumbbl(ruleset="")


def _naflm(content=None):
    text = content or file_text("naflm_team.xml")
    return import_team(UserFactory(), ImportRequest("naflm", text, "bb2020"))


def test_a_naflm_team_comes_in_with_race_treasury_in_thousands_and_spp_from_achievements():
    team = _naflm()
    assert (team.name, team.roster_slug) == ("Grimdark Greenskins", "orc")
    assert (team.rerolls, team.dedicated_fans, team.cheerleaders, team.apothecary) == (
        2,
        4,
        1,
        True,
    )
    (entry,) = team.ledger_entries.all()
    assert (entry.amount, entry.note) == (40_000, "Imported from a NAFLM team import")
    ugrak, gorbag = team.players.order_by("number")
    # 2 TD x3 + 2 casualties x2 + MVP 4 (BB2020's SPP table)
    assert ugrak.spp_earned == 14
    assert ugrak.av == 9 and ugrak.niggling_injuries == 1  # Orc Blitzer AV 10, -1
    assert sorted(ugrak.skills.values_list("skill", flat=True)) == ["Mighty Blow (+1)", "Tackle"]
    assert ugrak.value_increases == 40_000  # two primary skills of an Orc Blitzer
    assert gorbag.miss_next_game and gorbag.spp_earned == 1
    assert gorbag.injuries.get().kind == InjuryRecord.Kind.MISS_NEXT_GAME
    assert {p.status for p in (ugrak, gorbag)} == {PlayerStatus.ACTIVE}


def test_a_naflm_position_given_only_by_its_number_is_refused_with_what_to_do():
    content = file_text("naflm_team.xml").replace("<position>Blitzer</position>", "")
    with pytest.raises(InterchangeError, match=r"only by NAFLM's number \(122\).*<position>"):
        _naflm(content)


def test_xml_with_entities_is_refused_unparsed():
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><teams><team><name>&b;</name></team></teams>'
    )
    with pytest.raises(InterchangeError, match="entities or a DTD"):
        _naflm(bomb)


def test_a_file_over_the_size_limit_is_refused():
    with pytest.raises(InterchangeError, match="at most 1,000,000 bytes"):
        _naflm("<teams>" + " " * 1_000_001 + "</teams>")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(treasury=10**30), "The treasury must be a whole number from 0"),
        (lambda d: d.update(fanFactor=40_000), "Dedicated Fans .* at most 99"),
        (lambda d: d["players"].extend([d["players"][2]] * 200), "at most 200 players"),
    ],
)
def test_numbers_beyond_any_team_are_refused_not_stored(change, problem):
    with pytest.raises(InterchangeError, match=problem):
        _fumbbl(change)


def test_a_naflm_injury_count_beyond_any_player_is_refused_without_building_it():
    content = file_text("naflm_team.xml").replace("<ni>1</ni>", "<ni>999999999</ni>")
    with pytest.raises(InterchangeError, match="ni must be a whole number from 0 to 30"):
        _naflm(content)
