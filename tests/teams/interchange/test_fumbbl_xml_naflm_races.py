"""A FUMBBL team as XML (read through the JSON importer's code, so the two agree), and
NAFLM's race table, on files written by hand from the formats' published shapes."""

from __future__ import annotations

import json

import pytest

from rules_engine import get_ruleset
from rules_engine.loaders.bb2025 import load_bb2025
from teams.interchange import ImportRequest, InterchangeError, export_team, import_team
from teams.interchange.fumbbl_xml import fumbbl_xml_data
from teams.interchange.mapping import find_roster
from teams.interchange.naflm import RACE_IDS
from teams.models import Team
from tests.factories import UserFactory
from tests.teams.interchange.helpers import comparable, file_text

pytestmark = pytest.mark.django_db


def _import(kind: str, content: str, name: str = "") -> Team:
    return import_team(UserFactory(), ImportRequest(kind, content, "bb2020", name))


def _players(team: Team) -> list:
    return comparable(export_team(team.pk))["players"]


def test_the_fumbbl_xml_team_is_the_same_team_as_its_json():
    from_json = _import("fumbbl", file_text("fumbbl_team.json"))
    from_xml = _import("fumbbl", file_text("fumbbl_team.xml"), name="Altdorf Marauders II")
    assert _players(from_xml) == _players(from_json)
    fields = ("roster_slug", "rerolls", "assistant_coaches", "cheerleaders", "apothecary")
    assert [getattr(from_xml, f) for f in fields] == [getattr(from_json, f) for f in fields]
    assert (from_xml.dedicated_fans, from_xml.treasury) == (3, 65_000)
    (entry,) = from_xml.ledger_entries.all()
    assert entry.note == "Imported from FUMBBL team 1040321"


def test_the_xml_reads_values_as_attributes_or_elements_and_skills_as_text():
    content = (
        "<team><name>Attribute Boys</name><race>Orc</race><treasury>0</treasury>"
        "<players><player><number>3</number><name>Ugrak</name>"
        "<position><name>Blitzer</name></position><skills>Tackle, Block</skills>"
        "<spp>6</spp><spent_spp>6</spent_spp></player></players></team>"
    )
    data = fumbbl_xml_data(content)
    assert data["roster"] == {"name": "Orc"}
    assert data["players"][0]["skills"] == ["Tackle", "Block"]
    assert data["players"][0]["position"] == "Blitzer"
    team = _import("fumbbl", content)
    (ugrak,) = team.players.all()
    assert (ugrak.number, ugrak.position_slug, ugrak.spp_earned, ugrak.spp_spent) == (
        3,
        "orc-blitzer",
        6,
        6,
    )


def test_every_unknown_name_of_the_xml_is_listed_in_one_error_and_nothing_is_written():
    content = (
        file_text("fumbbl_team.xml")
        .replace("Blitzer</position>", "Witch Hunter</position>")
        .replace("<skill>+MA</skill>", "<skill>Shadowwalk</skill>")
    )
    before = Team.objects.count()
    with pytest.raises(InterchangeError) as refused:
        _import("fumbbl", content)
    (message,) = refused.value.messages
    assert "position 'Witch Hunter' (#1 Karl Brandt)" in message
    assert "skill 'Shadowwalk' (#7 Wilhelm Roth)" in message
    assert Team.objects.count() == before


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("<team><name>x</name></team>", "no <players>"),
        ("<teams><team/><team/></teams>", "exactly one <team>"),
        ("<team><players>", "not well-formed XML"),
        (
            '<!DOCTYPE t [<!ENTITY a "a">]><team><name>&a;</name><players/></team>',
            "entities or a DTD",
        ),
    ],
)
def test_a_fumbbl_xml_file_it_cannot_read_is_refused_with_why(content, problem):
    with pytest.raises(InterchangeError, match=problem):
        _import("fumbbl", content)


def test_json_is_still_read_as_json_with_a_byte_order_mark_or_spaces_before_xml():
    data = json.loads(file_text("fumbbl_team.json"))
    assert _import("fumbbl", json.dumps(data)).players.count() == 4
    xml = "\ufeff\n  " + file_text("fumbbl_team.xml").split("-->", 1)[1]
    assert _import("fumbbl", xml, name="Spaced").players.count() == 4


def test_naflm_race_numbers_name_rosters_of_the_rulesets():
    """NAFLM's race numbers (lib/game_data_bb2020.php): each names a roster of BB2020
    or, for the races BB2020 has not (Slann), of BB2025's data. Slann is outside the
    rulebook, so only a BB2025 ruleset loaded with what lies outside it has him
    (bb2025-league-facts.md section 13.14)."""
    bb2020, bb2025 = get_ruleset("bb2020"), load_bb2025(outside_rulebook=True)
    assert find_roster(get_ruleset("bb2025"), "Slann") is None
    for race_id, name in RACE_IDS.items():
        roster = find_roster(bb2020, name) or find_roster(bb2025, name)
        assert roster is not None, (race_id, name)
        assert roster.name == name
    assert RACE_IDS[9] == "Human" and RACE_IDS[12] == "Orc" and RACE_IDS[17] == "Shambling Undead"


@pytest.mark.parametrize(
    ("race_id", "roster"), [("9", "human"), ("12", "orc"), ("3", "dark-elf"), ("8", "high-elf")]
)
def test_a_naflm_team_by_race_number_comes_in_as_that_roster(race_id, roster):
    content = file_text("naflm_team.xml").replace(
        "<race_id>12</race_id>", f"<race_id>{race_id}</race_id>"
    )
    content = content.replace("<position>Blitzer</position>", "<position>Lineman</position>")
    content = content.replace("<position>Orc Lineman</position>", "<position>Lineman</position>")
    content = content.replace("<skills>Tackle, Mighty Blow (+1)</skills>", "")
    team = import_team(UserFactory(), ImportRequest("naflm", content, "bb2020"))
    assert team.roster_slug == roster


def test_a_naflm_race_number_it_does_not_know_is_refused():
    content = file_text("naflm_team.xml").replace("<race_id>12</race_id>", "<race_id>31</race_id>")
    with pytest.raises(InterchangeError, match="race_id '31' is not a NAFLM race"):
        import_team(UserFactory(), ImportRequest("naflm", content, "bb2020"))
