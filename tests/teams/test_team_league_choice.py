"""A BB2025 team drafted before the draft asked for its Team League (or Favoured of ...)
chooses it once from its sheet or the API (shared/rules/bb2025-league-facts.md section 2:
"a roster with two leagues picks exactly one"; Chaos Chosen and Chaos Renegades pick a
Favoured of ...; section 13.6: the choice never changes). Until then the engine reads
the team as in every league, which the rules never allow."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from teams.models import Team
from teams.services import draft_team
from tests.factories import UserFactory
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db

API = "/api/v1/teams"


def old_team(coach: Any, roster: str) -> Team:
    """A BB2025 team of ``roster`` as drafted before the choice existed: none stored."""
    team = draft_team(
        coach,
        name=f"Old {roster}",
        ruleset_key="bb2025",
        roster_slug=roster,
        **minimal_draft(roster),
    )
    Team.objects.filter(pk=team.pk).update(special_rule_choice="")
    return Team.objects.get(pk=team.pk)


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def choose(user: Any, team: Team, value: Any) -> Any:
    return api(user).post(
        f"{API}/{team.pk}/special-rule-choice/", {"special_rule_choice": value}, format="json"
    )


def test_the_coach_chooses_once_through_the_api() -> None:
    coach = UserFactory()
    team = old_team(coach, "norse")
    response = choose(coach, team, "Chaos Clash")
    assert response.status_code == 200, response.json()
    assert Team.objects.get(pk=team.pk).special_rule_choice == "Chaos Clash"
    # Section 13.6: it never changes once chosen.
    again = choose(coach, team, "Old World Classic")
    assert again.status_code == 400
    message = " ".join(again.json()["fields"]["special_rule_choice"])
    assert "already chosen its Team League: Chaos Clash" in message
    assert "never changes" in message
    assert Team.objects.get(pk=team.pk).special_rule_choice == "Chaos Clash"


@pytest.mark.parametrize("value", ["Woodland League", "", "chaos clash", 7])
def test_an_option_the_roster_lacks_is_refused(value: Any) -> None:
    coach = UserFactory()
    team = old_team(coach, "norse")
    response = choose(coach, team, value)
    assert response.status_code == 400
    assert Team.objects.get(pk=team.pk).special_rule_choice == ""


def test_a_roster_with_nothing_to_choose_is_refused() -> None:
    coach = UserFactory()
    team = old_team(coach, "human")
    response = choose(coach, team, "Old World Classic")
    assert response.status_code == 400
    assert "no Team League or Favoured of" in " ".join(response.json()["errors"])


def test_another_coach_may_not_choose() -> None:
    team = old_team(UserFactory(), "goblin")
    assert choose(UserFactory(), team, "Badlands Brawl").status_code == 403
    assert Team.objects.get(pk=team.pk).special_rule_choice == ""


def test_the_sheet_offers_the_choice_until_it_is_made(client) -> None:
    coach = UserFactory()
    team = old_team(coach, "norse")
    client.force_login(coach)
    url = reverse("team-detail", args=[team.pk])
    page = client.get(url).content.decode()
    assert "Choose your Team League" in page
    assert '<option value="Chaos Clash">Chaos Clash (also Favoured of Khorne)</option>' in page
    assert '<option value="Old World Classic">Old World Classic</option>' in page
    # A wrong value is a form error on the page; nothing changes.
    post = reverse("team-special-rule-choice", args=[team.pk])
    refused = client.post(post, {"special_rule_choice": "Woodland League"})
    assert refused.status_code == 200
    assert "Choose one of the Team League options listed." in refused.content.decode()
    assert Team.objects.get(pk=team.pk).special_rule_choice == ""
    done = client.post(post, {"special_rule_choice": "Old World Classic"}, follow=True)
    assert Team.objects.get(pk=team.pk).special_rule_choice == "Old World Classic"
    page = done.content.decode()
    assert "Team League: Old World Classic" in page
    assert "Choose your Team League" not in page
    # Posting again (an old tab) says why, and changes nothing.
    again = client.post(post, {"special_rule_choice": "Chaos Clash"}, follow=True)
    assert "It never changes once chosen." in again.content.decode()
    assert Team.objects.get(pk=team.pk).special_rule_choice == "Old World Classic"


def test_chaos_chosen_choose_whom_they_are_favoured_of(client) -> None:
    coach = UserFactory()
    team = old_team(coach, "chaos-chosen")
    client.force_login(coach)
    page = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert "Choose your Favoured of" in page
    assert '<option value="Favoured of Khorne">Khorne</option>' in page
    assert choose(coach, team, "Favoured of Khorne").status_code == 200
    assert Team.objects.get(pk=team.pk).special_rule_choice == "Favoured of Khorne"


def test_others_and_a_team_that_chose_see_no_choice(client) -> None:
    coach = UserFactory()
    team = old_team(coach, "norse")
    client.force_login(UserFactory())
    assert (
        "Choose your Team League"
        not in client.get(reverse("team-detail", args=[team.pk])).content.decode()
    )
    chosen = draft_team(
        coach, name="New norse", ruleset_key="bb2025", roster_slug="norse", **minimal_draft("norse")
    )
    client.force_login(coach)
    page = client.get(reverse("team-detail", args=[chosen.pk])).content.decode()
    assert "Choose your Team League" not in page
