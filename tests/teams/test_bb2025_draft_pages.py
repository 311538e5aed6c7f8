"""A BB2025 team on its pages: the Team Captain marked on the sheet and named in its
JSON (league facts section 2, "Team Captain"), and the draft page's refusals shown
with their reasons, nothing saved."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

import rules_engine
from teams.forms import POSITION_PREFIX
from teams.models import Player, Team, TreasuryEntry
from teams.selectors.captain import team_captain_id
from teams.services import draft_team
from tests.factories import UserFactory
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db

BB2025 = rules_engine.get_ruleset("bb2025")
CAPTAIN_BADGE = '<span class="badge captain" role="img" aria-label="Team Captain"'


def drafted(slug: str, coach=None) -> Team:
    return draft_team(
        coach or UserFactory(),
        name=f"BB2025 {slug}",
        ruleset_key="bb2025",
        roster_slug=slug,
        **minimal_draft(slug),
    )


def form_data(name: str, players: dict[str, int], **extra) -> dict[str, object]:
    data: dict[str, object] = {"name": name, "dedicated_fans": 1}
    data.update({POSITION_PREFIX + slug: count for slug, count in players.items()})
    data.update(extra)
    return data


@pytest.fixture
def coach(client):
    user = UserFactory()
    client.force_login(user)
    return user


def saved() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), TreasuryEntry.objects.count()


def test_the_team_captain_is_marked_on_the_sheet_and_in_its_json(client):
    team = drafted("human")
    captain = team_captain_id(team.pk, team.ruleset, team.roster_slug)
    assert captain is not None
    html = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert html.count(CAPTAIN_BADGE) == 1
    row = html.split(f'href="{reverse("player-detail", args=[captain])}"')[1].split("</tr>")[0]
    assert CAPTAIN_BADGE in row
    sheet = APIClient().get(f"/api/v1/teams/{team.pk}/").json()
    assert sheet["team_captain"] == captain
    assert "Pro" in next(p for p in sheet["players"] if p["id"] == captain)["skills"]


def test_a_roster_without_the_rule_has_no_captain(client):
    team = drafted("dwarf")
    html = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert CAPTAIN_BADGE not in html
    assert APIClient().get(f"/api/v1/teams/{team.pk}/").json()["team_captain"] is None


def test_a_captain_left_unnamed_is_refused_on_the_draft_page(client, coach):
    before = saved()
    players = minimal_draft("human")["players"]
    response = client.post(
        reverse("team-draft", args=["bb2025", "human"]), form_data("No Captain", players)
    )
    assert response.status_code == 200
    assert "Name the position of the Human Team Captain." in response.content.decode()
    assert saved() == before


def test_a_big_guy_captain_is_refused_on_the_draft_page(client, coach):
    before = saved()
    roster = BB2025.roster("human")
    big = next(p for p in roster.positions.values() if p.big_guy)
    players = {**minimal_draft("human")["players"], big.slug: 1}
    response = client.post(
        reverse("team-draft", args=["bb2025", "human"]),
        form_data("Big Captain", players, team_captain=big.slug),
    )
    assert response.status_code == 200
    assert "Choose one of the positions listed." in response.content.decode()
    assert saved() == before


def test_bb2025_draft_limits_are_refused_with_their_reasons(client, coach):
    """Facts section 1: cheerleaders 0-6, Dedicated Fans at most 3 at the draft."""
    before = saved()
    draft = minimal_draft("human")
    response = client.post(
        reverse("team-draft", args=["bb2025", "human"]),
        form_data(
            "Too Many",
            draft["players"],
            team_captain=draft["team_captain"],
            cheerleaders=7,
            dedicated_fans=4,
        ),
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "The team was not drafted." in html
    assert "heerleaders" in html.split("The team was not drafted.")[1]
    assert saved() == before


@pytest.mark.parametrize(
    ("slug", "label", "option"),
    [
        ("goblin", "Team League", '<option value="Badlands Brawl">Badlands Brawl</option>'),
        (
            "norse",
            "Team League",
            '<option value="Chaos Clash">Chaos Clash (also Favoured of Khorne)</option>',
        ),
        ("chaos-chosen", "Favoured of", '<option value="Favoured of Hashut">Hashut</option>'),
        ("chaos-renegades", "Favoured of", '<option value="Favoured of Khorne">Khorne</option>'),
    ],
)
def test_the_one_choice_is_named_as_the_rulebook_names_it(client, coach, slug, label, option):
    """Facts section 2: a roster with two Team Leagues picks exactly one (a Chaos
    Clash Norse team is also Favoured of Khorne); Chaos Chosen and Chaos Renegades
    pick a Favoured of ..."""
    html = client.get(reverse("team-draft", args=["bb2025", slug])).content.decode()
    assert f'<label for="id_special_rule_choice">{label}:</label>' in html
    assert option in html
    assert '<select name="special_rule_choice" required' in html


def test_a_roster_with_no_choice_has_no_select(client, coach):
    html = client.get(reverse("team-draft", args=["bb2025", "human"])).content.decode()
    assert 'name="special_rule_choice"' not in html


@pytest.mark.parametrize(
    ("slug", "message"),
    [
        ("goblin", "Choose the Team League Goblin teams play in."),
        ("chaos-chosen", "Choose whom Chaos Chosen teams are Favoured of."),
    ],
)
def test_a_choice_left_out_is_refused_on_the_draft_page(client, coach, slug, message):
    before = saved()
    draft = minimal_draft(slug)
    response = client.post(
        reverse("team-draft", args=["bb2025", slug]), form_data("Undecided", draft["players"])
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert saved() == before
    both = client.post(
        reverse("team-draft", args=["bb2025", slug]),
        form_data("Both", draft["players"], special_rule_choice="Both leagues"),
    )
    assert "from the list." in both.content.decode()
    assert saved() == before


def test_the_sheet_names_the_chosen_league_and_what_it_brings(client, coach):
    draft = minimal_draft("norse")
    url = reverse("team-draft", args=["bb2025", "norse"])
    response = client.post(
        url, form_data("Raiders", draft["players"], special_rule_choice="Chaos Clash")
    )
    team = Team.objects.get(name="Raiders")
    assert response.status_code == 302 and team.special_rule_choice == "Chaos Clash"
    sheet = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert "Team League: Chaos Clash (also Favoured of Khorne)" in sheet
    chosen = drafted("chaos-chosen")
    sheet = client.get(reverse("team-detail", args=[chosen.pk])).content.decode()
    assert f'<span class="special-rule-choice">{chosen.special_rule_choice}</span>' in sheet
