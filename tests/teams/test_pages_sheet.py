"""Team sheet, player, ledger, printable and list pages, and the coach's actions
on them (errors as form errors, others refused)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rules_engine.dice import ScriptedDice
from teams.models import InjuryRecord, Player, Team
from teams.services import buy_reroll, take_journeyman
from tests.factories import (
    AdvancementFactory,
    InjuryRecordFactory,
    PlayerSkillFactory,
    UserFactory,
    drafted_team,
)

# Session and user, the sheet (team, players, skills, injuries, advancements)
# the latest ledger entries, the latest audit entries (teams/audit.py) and the
# versions the page is validated and its fragments cached by (core/versions.py), and
# the coaches' reports of the team's matches (news/templatetags/news.py).
SHEET_PAGE_QUERIES = 11


@pytest.fixture
def coach(client):
    user = UserFactory(username="lothar")
    client.force_login(user)
    return user


@pytest.fixture
def team(coach):
    return drafted_team(
        coach,
        name="Altdorf Griffons",
        roster_slug="human",
        players={"human-blitzer": 2, "human-lineman": 9},
        rerolls=2,
    )


def html_of(response) -> str:
    return response.content.decode()


@pytest.mark.django_db
def test_team_sheet_shows_players_values_and_treasury(client, coach, team):
    blitzer = team.players.get(number=1)
    PlayerSkillFactory(player=blitzer, skill="Dodge")
    Player.objects.filter(pk=blitzer.pk).update(miss_next_game=True, niggling_injuries=1)
    html = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert "<h1>Altdorf Griffons</h1>" in html
    # The position's Block, then the gained Dodge in bold; each opens its summary on tap.
    assert re.search(
        r"<summary>Block</summary>.*?</details>, <details[^>]*><summary><strong>Dodge</strong>",
        html,
    )
    assert 'title="Misses the next game">MNG</span>' in html
    assert "1 niggling" in html
    assert '<td class="num">3+</td>' in html  # AG as a target number
    assert '<td class="num" id="team-value">720k</td>' in html
    assert '<td class="num" id="current-team-value">635k</td>' in html
    assert '<td class="num" id="treasury">280k</td>' in html
    assert "Draft: 11 players, 2 team re-rolls (720,000 gp)" in html
    assert reverse("team-ledger", args=[team.pk]) in html
    assert reverse("team-print", args=[team.pk]) in html
    assert reverse("team-pdf", args=[team.pk]) in html
    assert "Coach's actions" in html
    assert f'action="/teams/{team.pk}/hire/"' in html


@pytest.mark.django_db
def test_visitors_see_the_sheet_without_actions(client, team):
    client.logout()
    html = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert "<h1>Altdorf Griffons</h1>" in html
    assert "Coach's actions" not in html
    assert "Spend SPP" not in html
    client.force_login(UserFactory())
    assert "Coach's actions" not in html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert client.get(reverse("team-detail", args=[999])).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("players", [11, 16])
def test_team_sheet_page_takes_the_same_queries_whatever_the_size(
    client, coach, django_assert_num_queries, players
):
    team = drafted_team(coach, players={"human-lineman": players})
    for player in team.players.all():
        PlayerSkillFactory(player=player, skill="Block")
        InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.NIGGLING)
        Player.objects.filter(pk=player.pk).update(spp_earned=6)
    with django_assert_num_queries(SHEET_PAGE_QUERIES):
        response = client.get(reverse("team-detail", args=[team.pk]))
    # Each row offers it twice: among the wide screen's links and in the phone's "Manage".
    assert html_of(response).count("Spend SPP") == 2 * players


@pytest.mark.django_db
def test_hire_a_player_from_the_sheet(client, coach, team):
    url = reverse("team-hire-player", args=[team.pk])
    response = client.post(url, {"position": "human-ogre", "name": "Bigmouth", "number": 40})
    assert response.status_code == 302
    assert "Hired #40 Bigmouth." in html_of(client.get(response.url))
    again = client.post(url, {"position": "human-ogre"})
    assert again.status_code == 200
    assert "Human teams may have at most 1 Ogre" in html_of(again)
    bad = client.post(url, {"position": "human-lineman", "number": 120})
    assert "Choose a shirt number from 1 to 99." in html_of(bad)
    assert team.players.count() == 12


@pytest.mark.django_db
def test_rerolls_and_staff_from_the_sheet(client, coach):
    team = drafted_team(coach, players={"human-lineman": 11}, rerolls=7, cheerleaders=2)
    refused = client.post(reverse("team-buy-reroll", args=[team.pk]))
    assert refused.status_code == 200
    assert "Not enough gold in the treasury" in html_of(refused)
    staff = reverse("team-staff", args=[team.pk])
    response = client.post(staff, {"kind": "cheerleader", "action": "fire"})
    assert response.status_code == 302
    response = client.post(staff, {"kind": "apothecary", "action": "hire"})
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.apothecary and team.cheerleaders == 1 and team.treasury == 30_000 - 50_000 + 50_000
    again = client.post(staff, {"kind": "apothecary", "action": "hire"})
    assert "already has an apothecary" in html_of(again)
    nonsense = client.post(staff, {"kind": "mascot", "action": "hire"})
    assert "Choose an assistant coach, cheerleader or apothecary." in html_of(nonsense)


@pytest.mark.django_db
def test_another_coach_may_not_act_and_nothing_changes(client, team):
    client.force_login(UserFactory())
    player = team.players.first()
    before = (team.treasury, team.players.count(), player.name)
    for url, data in (
        (reverse("team-hire-player", args=[team.pk]), {"position": "human-blitzer"}),
        (reverse("team-buy-reroll", args=[team.pk]), {}),
        (reverse("team-staff", args=[team.pk]), {"kind": "apothecary", "action": "hire"}),
        (reverse("player-rename", args=[player.pk]), {"name": "Stolen"}),
        (reverse("player-fire", args=[player.pk]), {}),
        (reverse("player-advance", args=[player.pk]), {"kind": "random_primary"}),
    ):
        assert client.post(url, data).status_code == 403, url
    team.refresh_from_db()
    player.refresh_from_db()
    assert (team.treasury, team.players.count(), player.name) == before
    client.logout()
    response = client.post(reverse("team-buy-reroll", args=[team.pk]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.django_db
def test_player_page_shows_history(client, coach, team):
    player = team.players.get(number=3)
    advancement = AdvancementFactory(player=player, result="Sure Hands")
    PlayerSkillFactory(
        player=player, skill="Sure Hands", source="chosen_primary", advancement=advancement
    )
    InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.LASTING, characteristic="ma")
    html = html_of(client.get(reverse("player-detail", args=[player.pk])))
    assert f"<h1>#3 {player.name}</h1>" in html
    assert "Chosen primary (advancement 1)" in html
    assert "Comes with the position" not in html  # a Lineman has no skills of his own
    assert "Lasting injury (−MA)" in html
    assert "Retire" in html and "Rename or renumber" in html
    blitzer = team.players.get(number=1)
    assert "Comes with the position" in html_of(
        client.get(reverse("player-detail", args=[blitzer.pk]))
    )


@pytest.mark.django_db
def test_rename_fire_retire_and_hire_journeyman_from_pages(client, coach, team):
    player = team.players.get(number=5)
    url = reverse("player-rename", args=[player.pk])
    taken = client.post(url, {"name": "", "number": 1})
    assert "Number 1 is taken" in html_of(taken)
    empty = client.post(url, {"name": "", "number": ""})
    assert "Give a new name, a new number, or both." in html_of(empty)
    assert client.post(url, {"name": "Hans", "number": 55}).status_code == 302
    player.refresh_from_db()
    assert (player.name, player.number) == ("Hans", 55)

    confirm = client.get(reverse("player-fire", args=[player.pk]))
    assert "<h1>Fire Hans?</h1>" in html_of(confirm)
    fired = client.post(reverse("player-fire", args=[player.pk]))
    assert fired.url == reverse("team-detail", args=[team.pk])
    player.refresh_from_db()
    assert player.status == "fired"

    Player.objects.filter(team=team, number__in=[6, 7]).update(miss_next_game=True)
    journeyman = take_journeyman(coach, team)
    assert "Hire permanently" in html_of(client.get(reverse("player-detail", args=[journeyman.pk])))
    client.post(reverse("player-hire-permanently", args=[journeyman.pk]))
    journeyman.refresh_from_db()
    assert not journeyman.journeyman

    hurt = team.players.get(number=8)
    refused = client.post(reverse("player-retire", args=[hurt.pk]))
    assert "Only a player who suffered a Lasting Injury" in html_of(refused)


@pytest.mark.django_db
def test_spend_spp_through_the_pages(client, coach, team, monkeypatch):
    player = team.players.get(number=4)
    Player.objects.filter(pk=player.pk).update(spp_earned=6)
    url = reverse("player-advance", args=[player.pk])
    page = html_of(client.get(url))
    assert f"<h1>{player.name}: spend SPP</h1>" in page
    assert "Random primary skill" in page and "3 SPP" in page
    asked = html_of(client.post(url, {"kind": "random_primary"}))
    assert "Choose the primary category" in asked
    assert 'name="category" value="General"' in asked
    monkeypatch.setattr("teams.services.advancement._new_dice", lambda: ScriptedDice([(1, 1)]))
    done = client.post(url, {"kind": "random_primary", "category": "General"})
    assert done.status_code == 302
    player.refresh_from_db()
    assert player.advancements == 1 and player.spp == 3
    broke = client.post(url, {"kind": "chosen_secondary", "skill": "Guard"})
    assert "SPP" in html_of(broke) and "costs" in html_of(broke)


@pytest.mark.django_db
def test_characteristic_improvement_roll_stands_until_chosen(client, coach, team, monkeypatch):
    player = team.players.get(number=3)  # a Lineman: Block is his to learn
    Player.objects.filter(pk=player.pk).update(spp_earned=20)
    monkeypatch.setattr("teams.services.advancement._new_dice", lambda: ScriptedDice([16]))
    url = reverse("player-advance", args=[player.pk])
    asked = html_of(client.post(url, {"kind": "random_characteristic"}))
    assert "rolled 16" in asked
    assert "Improve MA" in asked and "Improve AV" in asked
    assert "Or take a skill instead" in asked and "<option>Block</option>" in asked
    waiting = html_of(client.get(url))
    assert "A roll is waiting for your choice" in waiting
    assert "A roll is waiting" in html_of(client.get(reverse("player-detail", args=[player.pk])))
    done = client.post(url, {"kind": "random_characteristic", "characteristic_choice": "ma"})
    assert done.status_code == 302
    player.refresh_from_db()
    assert (player.ma, player.pending_advancement) == (6 + 1, {})
    history = html_of(client.get(reverse("player-detail", args=[player.pk])))
    assert "Random characteristic improvement" in history and "+1 MA" in history


@pytest.mark.django_db
def test_ledger_page(client, team):
    for _ in range(2):
        buy_reroll(team.coach, team)
    client.logout()
    html = html_of(client.get(reverse("team-ledger", args=[team.pk])))
    assert "<h1>Altdorf Griffons: ledger</h1>" in html
    assert "Draft budget" in html and "Bought team re-roll 4" in html
    # Negative gold prints with the minus sign (U+2212) like the sheet's other "−" figures;
    # this used to pin the hyphen-minus of the old "-100k".
    assert "+1,000k" in html and "\u2212100k" in html


@pytest.mark.django_db
def test_printable_sheet(client, team):
    client.logout()
    html = html_of(client.get(reverse("team-print", args=[team.pk])))
    assert "<h1>Altdorf Griffons</h1>" in html
    assert "dugout/print.css" in html and "dugout/print.js" in html
    assert "data-print" in html and "onclick" not in html
    assert "Human Lineman" in html and "Team value (TV)" in html
    assert "Actions" not in html
    assert 'style="' not in html


@pytest.mark.django_db
def test_team_lists(client, coach, team):
    drafted_team(UserFactory(), roster_slug="orc", name="Orcland Raiders")
    mine = html_of(client.get(reverse("team-mine")))
    assert "<h1>My teams</h1>" in mine
    assert "Altdorf Griffons" in mine and "Orcland Raiders" not in mine
    everyone = html_of(client.get(reverse("team-list")))
    assert "<h1>All teams</h1>" in everyone
    assert "Altdorf Griffons" in everyone and "Orcland Raiders" in everyone
    orcs = html_of(client.get(reverse("team-list"), {"roster": "orc"}))
    assert "Orcland Raiders" in orcs and "Altdorf Griffons" not in orcs
    nav = html_of(client.get(reverse("home")))
    assert reverse("team-mine") in nav and reverse("team-draft-start") in nav
    client.logout()
    assert client.get(reverse("team-mine")).status_code == 302
    assert Team.objects.count() == 2
