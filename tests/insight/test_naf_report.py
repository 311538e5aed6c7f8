"""The NAF tournament report (insight/naf.py, docs/interchange.md), pinned to a
small hand-built league: four BB2020 teams (tests/insight/league.py), of which

    Reavers 1-0 Marauders   played through the matches services (R2 kills M1), kicked
                            off 2026-03-03 19:30 UTC; Fan Factors 2 and 4 (the seeded
                            pre-game), so each side's winnings are 6 x 10,000 / 2 plus
                            10,000 a touchdown: 40,000 and 30,000;
    Tigers 2-1 Ironjaws     recorded by the commissioner (casualties 1-0) on
                            2026-03-10 20:05 UTC: no match, so no winnings and the
                            teams' values now;
    Reavers v Tigers        conceded for real-life reasons (a forfeit): not a game;
    the rest                still to play.

Every team was drafted for 550,000 (eleven linemen-class players of the minimal
draft); the Reavers bought a re-roll after their match (value now 600,000), which the
report must not show: it reports the value at kick-off.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from lxml import etree

from insight.naf import naf_races, naf_report
from insight.naf_xml import report_xml, schema
from leagues import services as league_services
from leagues.models import Fixture
from matches.models import Match
from rules_engine import get_ruleset, list_rulesets
from teams.interchange.naflm import RACE_IDS
from teams.models import CoachProfile
from teams.services.treasury import buy_reroll
from tests.insight.league import SEED, SmallLeague, build_small_league, fixture_of, play

pytestmark = pytest.mark.django_db
UTC = datetime.UTC

EXPECTED = """<?xml version='1.0' encoding='UTF-8'?>
<nafReport xmlns="http://www.bloodbowl.net">
  <!-- Written by Dugout. Number 0: no NAF number on the coach's Dugout profile (naf-t, naf-i). -->
  <organiser>naf-commissioner</organiser>
  <coaches>
    <coach>
      <name>naf-r</name>
      <number>1234</number>
      <team>Human</team>
    </coach>
    <coach>
      <name>naf-m</name>
      <number>98765</number>
      <team>Orc</team>
    </coach>
    <coach>
      <name>naf-t</name>
      <number>0</number>
      <team>Human</team>
    </coach>
    <coach>
      <name>naf-i</name>
      <number>0</number>
      <team>Orc</team>
    </coach>
  </coaches>
  <game>
    <timeStamp>2026-03-03 19:30</timeStamp>
    <playerRecord>
      <name>naf-r</name>
      <number>1234</number>
      <team>Human</team>
      <teamRating>550</teamRating>
      <touchDowns>1</touchDowns>
      <badlyHurt>1</badlyHurt>
      <winnings>40000</winnings>
    </playerRecord>
    <playerRecord>
      <name>naf-m</name>
      <number>98765</number>
      <team>Orc</team>
      <teamRating>550</teamRating>
      <touchDowns>0</touchDowns>
      <badlyHurt>0</badlyHurt>
      <winnings>30000</winnings>
    </playerRecord>
  </game>
  <game>
    <timeStamp>2026-03-10 20:05</timeStamp>
    <playerRecord>
      <name>naf-t</name>
      <number>0</number>
      <team>Human</team>
      <teamRating>550</teamRating>
      <touchDowns>2</touchDowns>
      <badlyHurt>1</badlyHurt>
    </playerRecord>
    <playerRecord>
      <name>naf-i</name>
      <number>0</number>
      <team>Orc</team>
      <teamRating>550</teamRating>
      <touchDowns>1</touchDowns>
      <badlyHurt>0</badlyHurt>
    </playerRecord>
  </game>
</nafReport>
"""


def _build() -> SmallLeague:
    world = build_small_league("Naf")
    t = world.teams
    events = [("touchdown", "R", 0, None, ""), ("casualty", "R", 2, 1, "dead")]
    match = play(world, "R", "M", events, SEED)
    Match.objects.filter(pk=match.pk).update(
        kicked_off_at=datetime.datetime(2026, 3, 3, 19, 30, tzinfo=UTC)
    )
    buy_reroll(t["R"].coach, t["R"])
    fixture = fixture_of(world.season, t["T"], t["I"])
    home = fixture.home_id == t["T"].pk
    league_services.record_result(
        world.commissioner,
        fixture,
        home_touchdowns=2 if home else 1,
        away_touchdowns=1 if home else 2,
        home_casualties=1 if home else 0,
        away_casualties=0 if home else 1,
    )
    Fixture.objects.filter(pk=fixture.pk).update(
        played_at=datetime.datetime(2026, 3, 10, 20, 5, tzinfo=UTC)
    )
    assert home, "the expected text has the Tigers at home, as the schedule puts them"
    league_services.award_forfeit(
        world.commissioner,
        fixture_of(world.season, t["R"], t["T"]),
        kind="concession",
        conceded_by=t["T"],
    )
    CoachProfile.objects.create(user=t["R"].coach, naf_number=1234)
    CoachProfile.objects.create(user=t["M"].coach, naf_number=98765)
    CoachProfile.objects.create(user=t["T"].coach, naf_number=None)
    return world


@pytest.fixture
def world() -> SmallLeague:
    return _build()


def _season_report(world: SmallLeague) -> bytes:
    fixtures = Fixture.objects.filter(season=world.season)
    return report_xml(naf_report(fixtures, organiser=world.commissioner.get_username()))


def test_the_report_of_the_hand_built_season_is_exactly_the_expected_xml(world):
    assert _season_report(world).decode() == EXPECTED


def test_the_report_validates_against_the_schema(world):
    document = etree.fromstring(_season_report(world))
    assert schema().validate(document), schema().error_log


@pytest.mark.parametrize(
    "broken",
    [
        ("<timeStamp>2026-03-03 19:30</timeStamp>", "<timeStamp>2026-03-03T19:30:00</timeStamp>"),
        ("<touchDowns>2</touchDowns>", "<touchDowns>-2</touchDowns>"),
        ("<teamRating>550</teamRating>", ""),
        (
            "<number>98765</number>\n      <team>Orc</team>\n    </coach>",
            "<team>Orc</team></coach>",
        ),
    ],
    ids=["seconds-in-time-stamp", "negative-touchdowns", "no-team-rating", "coach-without-number"],
)
def test_the_schema_refuses_a_report_that_breaks_the_shape(broken):
    old, new = broken
    assert old in EXPECTED
    document = etree.fromstring(EXPECTED.replace(old, new, 1).encode())
    assert not schema().validate(document)


def test_the_schema_refuses_a_game_with_one_side_and_a_coach_listed_twice():
    first = EXPECTED.index("    <playerRecord>")
    second = EXPECTED.index("    <playerRecord>", first + 1)
    one_side = EXPECTED[:first] + EXPECTED[second:]
    assert not schema().validate(etree.fromstring(one_side.encode()))
    m_entry = "<name>naf-m</name>\n      <number>98765"
    twice = EXPECTED.replace(m_entry, m_entry.replace("naf-m", "naf-r"), 1)
    assert not schema().validate(etree.fromstring(twice.encode()))


def test_a_league_report_spans_its_seasons_and_the_query_count_is_fixed(
    world, django_assert_max_num_queries
):
    fixtures = Fixture.objects.filter(season__league=world.league)
    with django_assert_max_num_queries(5):
        report = naf_report(fixtures, organiser="x")
    assert len(report.games) == 2
    c, s, t = world.commissioner, world.season, world.teams
    for first, second in (("R", "I"), ("M", "I")):
        fixture = fixture_of(s, t[first], t[second])
        league_services.record_result(
            c, fixture, home_touchdowns=1, away_touchdowns=0, home_casualties=0, away_casualties=0
        )
    with django_assert_max_num_queries(5):
        report = naf_report(fixtures, organiser="x")
    assert len(report.games) == 4


def test_every_roster_of_every_ruleset_has_a_naf_race_and_naflm_agrees():
    races = naf_races()
    for key in list_rulesets():
        for slug in get_ruleset(key).rosters:
            assert slug in races, f"{key} roster {slug} has no NAF race name"
    # NAFLM, the NAF's league manager, names its races as we do (its race numbers).
    assert set(RACE_IDS.values()) <= set(races.values())


def _get(client, user, name, pk):
    if user is not None:
        client.force_login(user)
    return client.get(reverse(name, args=[pk]))


def test_only_a_commissioner_downloads_the_report(world, client):
    season, league = world.season, world.league
    page = _get(client, None, "season-naf-report", season.pk)
    assert page.status_code == 302 and "/login" in page["Location"]
    coach = world.teams["R"].coach
    assert _get(client, coach, "season-naf-report", season.pk).status_code == 403
    assert _get(client, coach, "api-season-naf-report", season.pk).status_code == 403
    client.logout()
    assert _get(client, None, "api-league-naf-report", league.pk).status_code in (401, 403)
    response = _get(client, world.commissioner, "season-naf-report", season.pk)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="naf-report-naf-league-season-1.xml"'
    )
    assert response.content.decode() == EXPECTED
    api = _get(client, world.commissioner, "api-league-naf-report", league.pk)
    assert api.status_code == 200 and api.content.decode() == EXPECTED
    assert api["Content-Disposition"] == 'attachment; filename="naf-report-naf-league.xml"'


def test_a_refusal_asked_for_as_xml_is_an_xml_error(world, client):
    client.force_login(world.teams["R"].coach)
    url = reverse("api-season-naf-report", args=[world.season.pk])
    refused = client.get(url, HTTP_ACCEPT="application/xml")
    assert refused.status_code == 403
    assert refused["Content-Type"].startswith("application/xml")
    assert etree.fromstring(refused.content).tag == "error"


def test_the_league_page_offers_the_download_to_its_commissioner_only(world, client):
    url = reverse("season-naf-report", args=[world.season.pk])
    client.force_login(world.teams["R"].coach)
    assert url not in client.get(reverse("league-home", args=[world.league.pk])).content.decode()
    client.force_login(world.commissioner)
    page = client.get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert url in page
    # One season: no whole-league report beside it (it would be the same file).
    assert reverse("league-naf-report", args=[world.league.pk]) not in page
