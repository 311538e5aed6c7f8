"""The draft builder pages: choosing a roster, the form, the live htmx budget,
errors as form errors, and the team created through the draft service."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

import rules_engine
from teams.forms import POSITION_PREFIX
from teams.models import Player, Team, TreasuryEntry
from tests.factories import UserFactory
from tests.teams.test_api_draft import legal_draft

RULESET = rules_engine.get_ruleset("bb2020")


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


@pytest.mark.django_db
def test_choose_a_roster(client, coach):
    page = client.get(reverse("team-draft-start"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>Draft a team</h1>" in html
    assert 'value="bb2020/wood-elf"' in html
    response = client.get(reverse("team-draft-start"), {"roster": "bb2020/wood-elf"})
    assert response.url == reverse("team-draft", args=["bb2020", "wood-elf"])
    wrong = client.get(reverse("team-draft-start"), {"roster": "bb2020/space-marines"})
    assert "Choose one of the rosters listed." in wrong.content.decode()


@pytest.mark.django_db
def test_signed_out_coach_is_sent_to_log_in(client):
    response = client.get(reverse("team-draft", args=["bb2020", "human"]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.django_db
def test_draft_form_offers_what_the_roster_allows(client, coach):
    human = client.get(reverse("team-draft", args=["bb2020", "human"])).content.decode()
    assert "<h1>Draft a Human team</h1>" in human
    assert 'name="position_human-blitzer"' in human
    assert 'max="4"' in human
    assert 'name="apothecary"' in human
    assert 'name="special_rule_choice"' not in human
    assert 'hx-post="/teams/draft/bb2020/human/preview/"' in human
    assert 'id="draft-budget"' in human

    undead = client.get(reverse("team-draft", args=["bb2020", "shambling-undead"]))
    assert 'name="apothecary"' not in undead.content.decode()
    assert "may not hire an apothecary" in undead.content.decode()

    chosen = client.get(reverse("team-draft", args=["bb2020", "chaos-chosen"])).content.decode()
    assert 'name="special_rule_choice"' in chosen
    assert "Favoured of Khorne" in chosen

    assert client.get(reverse("team-draft", args=["bb2020", "atlantis"])).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    "roster_slug", ["human", "shambling-undead", "chaos-chosen", "ogre", "halfling"]
)
def test_draft_a_team_through_the_page(client, coach, roster_slug):
    players = legal_draft(roster_slug)
    choices = RULESET.roster(roster_slug).special_rule_choices
    chosen = {"special_rule_choice": choices[0]} if choices else {}
    response = client.post(
        reverse("team-draft", args=["bb2020", roster_slug]),
        form_data(f"Page {roster_slug}", players, rerolls=1, **chosen),
    )
    team = Team.objects.get(name=f"Page {roster_slug}")
    assert response.status_code == 302
    assert response.url == reverse("team-detail", args=[team.pk])
    assert team.coach == coach
    assert team.rerolls == 1
    assert team.players.count() == sum(players.values())
    sheet = client.get(response.url).content.decode()
    assert f"{team.name} is drafted." in sheet


@pytest.mark.django_db
def test_special_rule_and_staff_from_the_page(client, coach):
    client.post(
        reverse("team-draft", args=["bb2020", "chaos-chosen"]),
        form_data(
            "Tzeentch's Chosen",
            legal_draft("chaos-chosen"),
            special_rule_choice="Favoured of Tzeentch",
            apothecary="on",
            cheerleaders=2,
            dedicated_fans=2,
        ),
    )
    team = Team.objects.get(name="Tzeentch's Chosen")
    assert team.special_rule_choice == "Favoured of Tzeentch"
    assert team.apothecary and team.cheerleaders == 2 and team.dedicated_fans == 2


@pytest.mark.django_db
def test_a_chaos_team_must_choose_its_favoured_of_when_drafted(client, coach):
    response = client.post(
        reverse("team-draft", args=["bb2020", "chaos-chosen"]),
        form_data("Undecided", legal_draft("chaos-chosen")),
    )
    assert response.status_code == 200
    assert "Chaos Chosen teams choose one of Favoured of Chaos Undivided" in (
        response.content.decode()
    )
    assert not Team.objects.filter(name="Undecided").exists()


@pytest.mark.django_db
def test_refused_draft_shows_every_reason_and_saves_nothing(client, coach):
    before = (Team.objects.count(), Player.objects.count(), TreasuryEntry.objects.count())
    response = client.post(
        reverse("team-draft", args=["bb2020", "human"]),
        form_data("", {"human-blitzer": 5, "human-lineman": 11}, rerolls=3),
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Give the team a name." in html
    assert "Human teams may have at most 4 Blitzers; this draft has 5" in html
    assert "over the 1,000,000 gp budget" in html
    assert 'value="5"' in html  # the coach's numbers stay in the form
    assert (Team.objects.count(), Player.objects.count(), TreasuryEntry.objects.count()) == before


def _error_lists(html: str) -> list[list[str]]:
    """Every list of reasons on the page (the refusal above the form, the budget's)."""
    lists = re.findall(r"<ul[^>]*>((?:\s*<li>.*?</li>)+)\s*</ul>", html, re.S)
    return [re.findall(r"<li>(.*?)</li>", items, re.S) for items in lists]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("key", "slug", "players", "extra", "reason"),
    [
        # Refused by the service: its reasons are on the form and in the budget.
        ("bb2020", "human", {"human-lineman": 11}, {"dedicated_fans": 9}, "at most 6"),
        ("classic", "human", {"human-lineman": 11, "human-blitzer": 5}, {}, "at most 4"),
        # A choice left empty: its field says so, and the budget says it once.
        ("bb2025", "human", {"human-lineman": 11}, {}, "Team Captain"),
        ("bb2025", "chaos-dwarf", {"chaos-dwarf-hobgoblin-lineman": 11}, {}, "Chaos Clash"),
    ],
)
def test_a_refused_draft_gives_each_reason_once(client, coach, key, slug, players, extra, reason):
    response = client.post(
        reverse("team-draft", args=[key, slug]), form_data("Once Only", players, **extra)
    )
    html = response.content.decode()
    lists = _error_lists(html)
    assert lists, html
    for reasons in lists:
        assert len(reasons) == len(set(reasons)), reasons
    budget = lists[-1]
    assert sum(reason in line for line in budget) == 1, budget
    assert not Team.objects.filter(name="Once Only").exists()


@pytest.mark.django_db
def test_service_refusal_is_a_form_error(client, coach):
    url = reverse("team-draft", args=["bb2020", "orc"])
    client.post(url, form_data("Orc Taken", legal_draft("orc")))
    response = client.post(url, form_data("orc taken", legal_draft("orc")))
    assert response.status_code == 200
    html = response.content.decode()
    assert "The team was not drafted." in html
    assert "already exists; choose another name" in html
    assert Team.objects.count() == 1


@pytest.mark.django_db
def test_htmx_preview_updates_the_budget(client, coach):
    url = reverse("team-draft-preview", args=["bb2020", "human"])
    response = client.post(
        url, form_data("", {"human-blitzer": 2, "human-lineman": 9}), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<h1>" not in html
    assert html.strip().startswith('<section id="draft-budget"')
    assert '<td class="num" id="draft-total">620k</td>' in html
    assert '<td class="num" id="draft-remaining">380k</td>' in html
    assert "This draft keeps every draft rule." in html

    over = client.post(
        url,
        form_data("", {"human-blitzer": 5, "human-lineman": 11}, rerolls="lots", cheerleaders=4),
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'class="total over"' in over
    assert "Human teams may have at most 4 Blitzers; this draft has 5" in over
    assert "Enter the number of team re-rolls as a whole number." in over
    assert "over the 1,000,000 gp budget" in over
    assert Team.objects.count() == 0
