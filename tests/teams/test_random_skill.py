"""BB2025's random skill, end to end (facts section 7: two skills rolled on the
category's D12 table, the coach keeps one): the coach asks for a random primary skill,
sees the two skills rolled with their dice, keeps one; asking again (a reload) shows
the same two, never a new roll; a skill not among them, or another category, is a 400
(API) or a form error (page) and the roll still stands."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from rules_engine.bb2025.advancement import advancement_cost, value_increase
from rules_engine.dice import Dice
from teams.models import Advancement, Player, PlayerSkill
from teams.services import draft_team
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

# General's D12 table: (1, 1) is Block, (1, 2) Dauntless; (2, 1) is another skill.
BLOCK_AND_DAUNTLESS = [(1, 1), (1, 2)]
PURPOSE = "Random skill: General"


@pytest.fixture
def lineman():
    """A BB2025 Human Lineman (no skill of his own; General primary) with 10 SPP to
    spend; #1 is the captain."""
    team = draft_team(
        UserFactory(),
        name="Altdorf Rollers",
        ruleset_key="bb2025",
        roster_slug="human",
        players={"human-lineman": 9, "human-blitzer": 2},
        team_captain="human-lineman",
    )
    player = team.players.get(number=2)
    Player.objects.filter(pk=player.pk).update(spp_earned=10)
    player.refresh_from_db()
    return player


class SharedDice(Dice):
    """Fresh dice each time the service asks, drawing from one script: the first two
    rolls give Block and Dauntless; a re-roll would draw what follows."""

    def __init__(self, script: list) -> None:
        super().__init__()
        self.script = script

    def _draw(self, die: str, purpose: str):
        return self.script.pop(0)


@pytest.fixture
def dice(monkeypatch):
    script = [*BLOCK_AND_DAUNTLESS, (6, 6), (6, 5), (5, 6), (5, 5)]
    monkeypatch.setattr("teams.services.advancement._new_dice", lambda: SharedDice(script))
    return script


def api(player: Player) -> tuple[APIClient, str]:
    client = APIClient()
    client.force_authenticate(player.team.coach)
    return client, f"/api/v1/players/{player.pk}/advancements/"


def nothing_taken(player: Player) -> None:
    player.refresh_from_db()
    assert (player.spp_spent, player.advancements) == (0, 0)
    assert not Advancement.objects.filter(player=player).exists()
    assert not PlayerSkill.objects.filter(player=player).exists()


def test_the_api_rolls_two_skills_once_and_the_coach_keeps_one(lineman, dice):
    client, url = api(lineman)
    asked = client.post(url, {"kind": "random_primary"}, format="json").json()
    assert asked["choice"] == "advancement_category"
    assert asked["options"]["categories"] == ["General"]

    rolled = client.post(url, {"kind": "random_primary", "category": "General"}, format="json")
    assert rolled.status_code == 200
    body = rolled.json()
    assert body["choice"] == "random_skill"
    assert body["options"]["skills"] == ["Block", "Dauntless"]
    assert body["rolls"] == [
        {"purpose": PURPOSE, "die": "2d6", "result": [1, 1]},
        {"purpose": PURPOSE, "die": "2d6", "result": [1, 2]},
    ]
    player = client.get(f"/api/v1/players/{lineman.pk}/").json()
    assert player["pending_advancement"]["category"] == "General"

    again = client.post(url, {"kind": "random_primary", "category": "General"}, format="json")
    assert again.json()["options"]["skills"] == ["Block", "Dauntless"]  # not rolled again
    same_without_category = client.post(url, {"kind": "random_primary"}, format="json").json()
    assert same_without_category["options"]["skills"] == ["Block", "Dauntless"]

    taken = client.post(
        url, {"kind": "random_primary", "category": "General", "skill": "Dauntless"}, format="json"
    )
    assert taken.status_code == 201, taken.content
    advancement = taken.json()
    assert (advancement["result"], advancement["kind"]) == ("Dauntless", "random_primary")
    assert advancement["spp_cost"] == advancement_cost("random_primary", 0)
    assert advancement["value_increase"] == value_increase("random_primary")
    assert [r["result"] for r in advancement["rolls"]] == [[1, 1], [1, 2]]
    lineman.refresh_from_db()
    assert lineman.pending_advancement == {}
    assert lineman.spp == 10 - advancement_cost("random_primary", 0)
    skill = lineman.skills.get()
    assert (skill.skill, skill.source) == ("Dauntless", PlayerSkill.Source.RANDOM_PRIMARY)


def test_a_skill_not_rolled_or_another_category_is_a_400_and_the_roll_stands(lineman, dice):
    client, url = api(lineman)
    client.post(url, {"kind": "random_primary", "category": "General"}, format="json")
    wrong = client.post(
        url, {"kind": "random_primary", "category": "General", "skill": "Dodge"}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["fields"]["skill"] == [
        f"{lineman.name} rolled Block and Dauntless; 'Dodge' is not one of them"
    ]
    other = client.post(
        url, {"kind": "random_primary", "category": "Strength", "skill": "Guard"}, format="json"
    )
    assert other.status_code == 400
    assert "rolled on the General table" in other.json()["fields"]["category"][0]
    nothing_taken(lineman)
    assert lineman.pending_advancement["category"] == "General"
    kept = client.post(
        url, {"kind": "random_primary", "category": "General", "skill": "Block"}, format="json"
    )
    assert kept.status_code == 201 and kept.json()["result"] == "Block"


def test_naming_a_skill_before_the_roll_does_not_buy_a_re_roll(lineman, dice):
    """A coach who sends a skill with the category before seeing the roll: the two skills
    rolled stand even when his skill is not one of them."""
    client, url = api(lineman)
    guess = {"kind": "random_primary", "category": "General", "skill": "Sure Hands"}
    refused = client.post(url, guess, format="json")
    assert refused.status_code == 400 and "Sure Hands" in refused.json()["fields"]["skill"][0]
    nothing_taken(lineman)
    again = client.post(url, guess, format="json")  # fresh dice would roll other skills
    assert "rolled Block and Dauntless" in again.json()["fields"]["skill"][0]
    asked = client.post(url, {"kind": "random_primary"}, format="json").json()
    assert asked["options"]["skills"] == ["Block", "Dauntless"]


def test_the_advance_page_rolls_two_skills_and_the_coach_keeps_one(lineman, dice):
    client = Client()
    client.force_login(lineman.team.coach)
    url = f"/players/{lineman.pk}/advance/"
    assert "Random primary skill" in client.get(url).content.decode()

    categories = client.post(url, {"kind": "random_primary"}).content.decode()
    assert 'name="category" value="General"' in categories

    rolled = client.post(url, {"kind": "random_primary", "category": "General"})
    html = rolled.content.decode()
    assert rolled.status_code == 200
    assert "Keep Block" in html and "Keep Dauntless" in html
    assert f"{PURPOSE} 2d6 = 1+1" in html and f"{PURPOSE} 2d6 = 1+2" in html

    reload = client.get(url).content.decode()
    assert "Keep Block" in reload and "Keep Dauntless" in reload  # the roll stands

    wrong = client.post(url, {"kind": "random_primary", "category": "General", "skill": "Dodge"})
    assert wrong.status_code == 400
    assert "&#x27;Dodge&#x27; is not one of them" in wrong.content.decode()
    assert "Keep Block" in wrong.content.decode()
    nothing_taken(lineman)

    kept = client.post(url, {"kind": "random_primary", "category": "General", "skill": "Block"})
    assert kept.status_code == 302
    assert list(lineman.skills.values_list("skill", flat=True)) == ["Block"]
