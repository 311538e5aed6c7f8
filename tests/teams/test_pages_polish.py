"""Team and player pages for every ruleset: a classic player takes the Improvement roll
waiting on him, Blitz Bowl players neither spend SPP nor print "None", gold reads the
same everywhere, and the sheet offers only the staff and re-rolls a team can buy."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from leagues.templatetags import league_tables
from teams.audit import bump_teams
from teams.models import Advancement, Player, Team
from teams.pdf import team_sheet_pdf
from teams.selectors import team_sheet
from teams.services import draft_team
from teams.templatetags import dugout
from tests.factories import UserFactory, drafted_team

pytestmark = pytest.mark.django_db

# "+1 MA, +1 AV, or new skill" and, a double, "New skill from any skill category".
DOUBLE_FIVES = {"purpose": "Improvement (Lineman, Experienced)", "die": "2d6", "result": [5, 5]}
SKAVEN = {
    "skaven-lineman": 3,
    "skaven-blitzer": 1,
    "skaven-thrower": 1,
    "skaven-gutter-runner": 1,
}


def html_of(response) -> str:
    return response.content.decode()


@pytest.fixture
def coach(client):
    user = UserFactory(username="griff")
    client.force_login(user)
    return user


def classic_player(coach, rolls=(DOUBLE_FIVES,)) -> Player:
    """A classic Human Lineman whose 6 SPP made him Experienced: the post-match rolled
    his Improvement roll, which waits for the coach's choice."""
    team = draft_team(
        coach,
        name="Middenheim Marauders",
        ruleset_key="classic",
        roster_slug="human",
        players={"human-lineman": 11},
    )
    player = team.players.get(number=1)
    Player.objects.filter(pk=player.pk).update(
        spp_earned=6, pending_advancement={"kind": "improvement", "rolls": list(rolls)}
    )
    player.refresh_from_db()
    return player


def blitz_bowl_team(coach) -> Team:
    return draft_team(
        coach, name="Gutter Scamps", ruleset_key="blitz_bowl", roster_slug="skaven", players=SKAVEN
    )


def offered_staff(html: str) -> list[str]:
    """The staff kinds the sheet offers to hire, in order."""
    return re.findall(r'name="kind" value="(\w+)">\s*<input type="hidden" name="action" '
                      r'value="hire">', html)  # fmt: skip


# --- 1. classic Improvement rolls on the player pages ---------------------------------


def test_a_classic_player_takes_a_characteristic_from_his_improvement_roll(client, coach):
    player = classic_player(coach)
    detail = html_of(client.get(reverse("player-detail", args=[player.pk])))
    url = reverse("player-advance", args=[player.pk])
    assert "<h3>Improvement roll</h3>" in detail and f'href="{url}"' in detail
    sheet = html_of(client.get(reverse("team-detail", args=[player.team_id])))
    assert f'<a href="{url}">Improvement roll</a>' in sheet

    page = html_of(client.get(url))
    assert f"<h1>{player.name}: Improvement roll</h1>" in page
    assert "A roll is waiting for your choice." in page
    assert "is now Experienced: rolled 10" in page
    assert "+1 MA, +1 AV, or new skill" in page
    assert "Take +1 MA (+30k value)" in page and "Take +1 AV (+30k value)" in page
    # A new skill from his primary categories, or (the double) from any category.
    assert 'name="characteristic_choice" value="new_skill"' in page
    assert 'name="characteristic_choice" value="any_skill"' in page
    new_skill = page[page.index('value="new_skill"') : page.index('value="any_skill"')]
    any_skill = page[page.index('value="any_skill"') :]
    assert "<option>Block</option>" in new_skill and "Mighty Blow" not in new_skill
    assert '<optgroup label="Strength"><option>' in any_skill
    assert "<option>Mighty Blow (+1)</option>" in any_skill

    done = client.post(url, {"kind": "improvement", "characteristic_choice": "av"})
    assert done.status_code == 302 and done.url == reverse("player-detail", args=[player.pk])
    player.refresh_from_db()
    assert (player.av, player.advancements, player.spp_spent) == (10, 1, 0)
    assert player.value_increases == 30_000 and player.pending_advancement == {}
    taken = Advancement.objects.get(player=player)
    assert (taken.kind, taken.result, taken.spp_cost) == ("improvement", "AV 10+", 0)
    after = html_of(client.get(reverse("player-detail", args=[player.pk])))
    assert "Improvement roll (classic)" in after and "<h3>Improvement roll</h3>" not in after


def test_a_classic_player_takes_a_skill_and_a_wrong_one_is_refused_on_the_page(client, coach):
    player = classic_player(coach)
    url = reverse("player-advance", args=[player.pk])
    wrong = client.post(
        url, {"kind": "improvement", "characteristic_choice": "new_skill", "skill": "Mighty Blow"}
    )
    assert wrong.status_code == 400  # a refused choice: a form error
    refused = html_of(wrong)
    assert "cannot take Mighty Blow" in refused
    assert "Take +1 MA" in refused  # the roll still stands, with its options
    done = client.post(
        url, {"kind": "improvement", "characteristic_choice": "any_skill", "skill": "Mighty Blow"}
    )
    assert done.status_code == 302
    player.refresh_from_db()
    assert list(player.skills.values_list("skill", flat=True)) == ["Mighty Blow (+1)"]
    assert player.value_increases == 30_000 and player.pending_advancement == {}


def test_two_titles_in_one_match_leave_the_second_roll_waiting(client, coach):
    second = {**DOUBLE_FIVES, "purpose": "Improvement (Lineman, Veteran)", "result": [2, 3]}
    player = classic_player(coach)
    Player.objects.filter(pk=player.pk).update(
        spp_earned=16,
        pending_advancement={"kind": "improvement", "rolls": [DOUBLE_FIVES], "queued": [[second]]},
    )
    url = reverse("player-advance", args=[player.pk])
    client.post(url, {"kind": "improvement", "characteristic_choice": "ma"})
    page = html_of(client.get(url))
    assert "is now Veteran: rolled 5" in page and "Take +1 MA" not in page
    assert 'name="characteristic_choice" value="new_skill"' in page


def test_a_classic_player_without_a_roll_waiting_is_told_so(client, coach):
    player = classic_player(coach)
    Player.objects.filter(pk=player.pk).update(pending_advancement={})
    page = html_of(client.get(reverse("player-advance", args=[player.pk])))
    assert "has no Improvement roll waiting" in page and "needs more SPP" not in page
    detail = html_of(client.get(reverse("player-detail", args=[player.pk])))
    assert "<h3>Improvement roll</h3>" not in detail and "Spend SPP" not in detail


# --- 1. and 2. Blitz Bowl: no SPP to spend, no "None" ---------------------------------


def test_blitz_bowl_players_show_no_spp_to_spend_and_dashes_for_stats(client, coach):
    team = blitz_bowl_team(coach)
    player = team.players.order_by("number").first()
    sheet = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert "Spend SPP" not in sheet and "None" not in sheet
    assert '<th class="num">SPP</th>' not in sheet
    assert '<td class="num">—</td><td class="num">—</td>' in sheet  # MA and ST
    detail = html_of(client.get(reverse("player-detail", args=[player.pk])))
    assert "Spend SPP" not in detail and "SPP unspent" not in detail and ">None<" not in detail
    assert '<th class="num">SPP</th>' not in detail
    page = html_of(client.get(reverse("player-advance", args=[player.pk])))
    assert "Blitz Bowl players do not gain advancements" in page and "needs more SPP" not in page


def test_the_pdf_prints_a_dash_for_stats_a_blitz_bowl_team_card_does_not_give(coach):
    team = blitz_bowl_team(coach)
    pdf = team_sheet_pdf(team_sheet(team.pk), compress=False)
    assert b"Gutter Runner" in pdf
    assert b"(None)" not in pdf
    assert b"(\\227)" in pdf  # "—" in the standard fonts' encoding


def test_stat_filter():
    assert (dugout.stat(None), dugout.stat(0), dugout.stat(7)) == ("—", "0", "7")


# --- 3. gold ---------------------------------------------------------------------------


def test_gp_prints_zero_and_negative_amounts_consistently():
    gp, signed, less = dugout.gp, dugout.gp_signed, dugout.gp_less
    assert gp(0) == "0 gp" and gp(None) == "—"
    assert (gp(150_000), gp(-50_000), gp(-1_000_000)) == ("150k", "−50k", "−1,000k")
    assert (gp(2_500), gp(-2_500)) == ("2,500 gp", "−2,500 gp")
    assert (signed(50_000), signed(-50_000), signed(0)) == ("+50k", "−50k", "0 gp")
    assert (less(50_000), less(0)) == ("−50k", "0 gp")


def test_the_sheet_prints_no_zero_k(client, coach):
    team = drafted_team(coach, players={"human-lineman": 11})
    sheet = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert not re.search(r"[^0-9,]0k<", sheet)
    assert '<td class="num">0 gp</td>' in sheet  # assistant coaches, cheerleaders...
    assert "−0" not in sheet and "+0k" not in sheet


# --- 4. tie-breakers by name -----------------------------------------------------------


def test_tie_breaker_names():
    assert league_tables.tie_breaker_names(["touchdowns_scored", "casualties"]) == (
        "Touchdowns scored, Casualties caused"
    )
    names = league_tables.tie_breaker_names(["head_to_head", "made_up"])
    assert names == "Head-to-head points, Made up"
    assert league_tables.tie_breaker_names([]) == ""


# --- 5. only the staff and re-rolls a team can buy -------------------------------------


def test_the_sheet_offers_only_the_staff_the_team_can_hire(client, coach):
    team = drafted_team(
        coach, players={"human-lineman": 11}, apothecary=True, cheerleaders=2, assistant_coaches=1
    )
    sheet = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert offered_staff(sheet) == ["assistant_coach", "cheerleader"]
    assert "Apothecary: 1" in sheet and "A team may have only one." in sheet
    assert "Let the apothecary go" in sheet

    Team.objects.filter(pk=team.pk).update(cheerleaders=12, rerolls=8)
    bump_teams([team])  # a write past the services bumps the team's version itself
    full = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert offered_staff(full) == ["assistant_coach"]
    assert "12 is the most allowed." in full
    assert "Buy a re-roll" not in full and "has 8 team re-rolls, the most allowed" in full

    Team.objects.filter(pk=team.pk).update(treasury=5_000)
    bump_teams([team])
    poor = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert offered_staff(poor) == []
    assert "Costs 10k; the treasury holds 5k." in poor


def test_a_roster_without_an_apothecary_is_not_offered_one(client, coach):
    team = drafted_team(coach, roster_slug="shambling-undead")
    sheet = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert offered_staff(sheet) == ["assistant_coach", "cheerleader"]
    assert "Apothecary:" not in sheet


def test_a_blitz_bowl_team_is_offered_no_staff_and_no_re_rolls(client, coach):
    team = blitz_bowl_team(coach)
    sheet = html_of(client.get(reverse("team-detail", args=[team.pk])))
    assert "<h3>Hire a player</h3>" in sheet
    assert offered_staff(sheet) == [] and 'id="staff"' not in sheet
    assert 'id="reroll"' not in sheet
