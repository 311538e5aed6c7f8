"""The team sheet the API answers is built from four shaped queries into plain values,
and must stay the very JSON ``TeamSheetSerializer`` made from
``team_sheet``: byte for byte, for every edition and every kind of row a sheet holds
(gained skills, injuries, advancements, journeymen, players who died or left, staff,
the League Trophy, a position the roster no longer has)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from leagues.models import League
from teams.models import Characteristic, InjuryRecord, Player, PlayerSkill, PlayerStatus, Team
from teams.selectors import team_sheet
from teams.selectors.plain import plain_sheet
from teams.serializers_sheet import TeamSheetSerializer
from teams.services import buy_reroll, draft_team
from teams.sheet_json import team_sheet_json
from tests.factories import (
    AdvancementFactory,
    InjuryRecordFactory,
    PlayerFactory,
    PlayerSkillFactory,
    UserFactory,
    minimal_draft,
)

pytestmark = pytest.mark.django_db

EDITIONS = [
    ("bb2020", "human", {"apothecary": True, "assistant_coaches": 2, "cheerleaders": 1}),
    ("bb2025", "human", {"apothecary": True, "cheerleaders": 2, "team_captain": "human-lineman"}),
    ("classic", "human", {"apothecary": True, "cheerleaders": 1}),
    ("blitz_bowl", "skaven", {}),
]


def rendered(data) -> bytes:
    return JSONRenderer().render(data)


def served_before(team_id: int) -> bytes:
    """The sheet as the API answered it before it was built from plain values."""
    return rendered(TeamSheetSerializer(team_sheet(team_id)).data)


def worn_team(ruleset: str, roster: str, staff: dict) -> Team:
    """A team whose sheet has every kind of row: a player with gained skills (one from
    an advancement), injuries of each kind, one missing the next game, one temporarily
    retired, a journeyman, one dead and one fired (off the sheet), a position the roster
    does not know, and the League Trophy held."""
    coach = UserFactory()
    team = draft_team(
        coach,
        name=f"Worn {ruleset}",
        ruleset_key=ruleset,
        roster_slug=roster,
        players=minimal_draft(roster, ruleset),
        rerolls=1 if ruleset != "blitz_bowl" else 0,
        **staff,
    )
    for _ in range(8 - team.players.count()):  # Blitz Bowl's six: two more for every row
        PlayerFactory(team=team)
    first, second, third, fourth, fifth, sixth, *_ = team.players.order_by("number")
    advancement = AdvancementFactory(player=first, result="Dodge")
    PlayerSkillFactory(player=first, skill="Dodge", advancement=advancement,
                       source=PlayerSkill.Source.CHOSEN_PRIMARY)  # fmt: skip
    PlayerSkillFactory(player=first, skill="Sure Hands")
    InjuryRecordFactory(player=first, kind=InjuryRecord.Kind.NIGGLING, note="knee")
    InjuryRecordFactory(player=first, kind=InjuryRecord.Kind.LASTING,
                        characteristic=Characteristic.AV, source="Match #3")  # fmt: skip
    Player.objects.filter(pk=first.pk).update(
        spp_earned=12, spp_spent=6, advancements=1, value_increases=20_000,
        current_value=first.current_value + 20_000, niggling_injuries=1, av=(first.av or 9) + 1,
    )  # fmt: skip
    InjuryRecordFactory(player=second, kind=InjuryRecord.Kind.MISS_NEXT_GAME)
    Player.objects.filter(pk=second.pk).update(miss_next_game=True)
    Player.objects.filter(pk=third.pk).update(temporarily_retired=True)
    Player.objects.filter(pk=fourth.pk).update(journeyman=True)
    Player.objects.filter(pk=fifth.pk).update(status=PlayerStatus.DEAD)
    InjuryRecordFactory(player=fifth, kind=InjuryRecord.Kind.DEAD)
    Player.objects.filter(pk=sixth.pk).update(status=PlayerStatus.FIRED, number=60)
    PlayerSkillFactory(player=sixth, skill="Block")
    last = team.players.filter(status=PlayerStatus.ACTIVE).order_by("-number").first()
    Player.objects.filter(pk=last.pk).update(position_slug="retired-position", pa=None)
    League.objects.create(name=f"Trophy league {ruleset}", ruleset=ruleset, trophy_holder=team)
    return team


@pytest.mark.parametrize(("ruleset", "roster", "staff"), EDITIONS)
def test_the_plain_sheet_is_the_serializers_json_byte_for_byte(ruleset, roster, staff):
    team = worn_team(ruleset, roster, staff)
    before = served_before(team.pk)
    assert rendered(team_sheet_json(team.pk)) == before
    body = team_sheet_json(team.pk)
    numbers = [p["number"] for p in body["players"]]
    assert 60 not in numbers and len(numbers) == len(set(numbers))  # the dead, the fired: off
    assert body["value"]["league_trophy"] > 0 or ruleset == "blitz_bowl"
    first = body["players"][0]
    assert first["gained_skills"][-2:] == ["Dodge", "Sure Hands"]
    assert [i["kind"] for i in first["injuries"]] == ["niggling", "lasting"]
    assert body["players"][-1]["position"] == "retired-position"
    League.objects.create(name=f"Second league {ruleset}", ruleset=ruleset, trophy_holder=team)
    assert rendered(team_sheet_json(team.pk)) == served_before(team.pk)  # two trophies held


def test_a_plain_drafted_team_and_a_bare_one_read_the_same():
    bare = Team.objects.create(name="No players", coach=UserFactory(), roster_slug="orc")
    assert rendered(team_sheet_json(bare.pk)) == served_before(bare.pk)
    assert team_sheet_json(bare.pk)["players"] == []


def test_the_sheet_takes_four_queries_whatever_the_team():
    small, large = worn_team("bb2020", "human", {}), None
    large = draft_team(
        UserFactory(), name="Sixteen", ruleset_key="bb2020", roster_slug="human",
        players={"human-lineman": 16},
    )  # fmt: skip
    for team in (small, large, small):
        with CaptureQueriesContext(connection) as captured:
            plain_sheet(team.pk)
        assert len(captured.captured_queries) == 4


def test_an_unknown_team_is_not_found():
    with pytest.raises(Team.DoesNotExist):
        plain_sheet(987_654)
    assert APIClient().get("/api/v1/teams/987654/").status_code == 404


def test_the_api_shows_a_write_at_once():
    team = worn_team("bb2020", "human", {})
    api = APIClient()
    before = api.get(f"/api/v1/teams/{team.pk}/").json()
    buy_reroll(team.coach, team)
    after = api.get(f"/api/v1/teams/{team.pk}/").json()
    assert after["rerolls"] == before["rerolls"] + 1
    assert after["value"]["rerolls"] == before["value"]["rerolls"] + after["reroll_cost"]
    assert after["treasury"] == before["treasury"] - 2 * after["reroll_cost"]
