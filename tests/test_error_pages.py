"""Error pages in the site's layout, with a way back: 403, 404, 405 and 500. The
API keeps its JSON errors."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.urls import reverse

from core.api import server_error
from tests.factories import UserFactory
from tests.leagues.factories import SeasonFactory

pytestmark = pytest.mark.django_db


def test_a_coach_managing_another_league_gets_the_403_page_with_the_reason(client):
    season = SeasonFactory()
    client.force_login(UserFactory())
    response = client.get(reverse("season-manage", args=[season.pk]))
    html = response.content.decode()
    assert response.status_code == 403
    assert 'class="site-header"' in html and "<h1>Not allowed</h1>" in html
    assert f"Only a commissioner of {season.league.name} may manage it." in html
    assert f'href="{reverse("home")}"' in html


def test_an_anonymous_403_offers_to_log_in(client):
    season = SeasonFactory()
    response = client.get(reverse("season-manage", args=[season.pk]))
    assert response.status_code == 403
    assert f"{reverse('login')}?next=" in response.content.decode()


def test_opening_a_forms_post_only_address_shows_a_page_not_a_blank_405(client):
    season = SeasonFactory()
    client.force_login(season.league.commissioners.first())
    url = reverse("season-manage-action", args=[season.pk, "schedule"])
    response = client.get(url, HTTP_REFERER="http://testserver" + reverse("home"))
    html = response.content.decode()
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert 'class="site-header"' in html and "Nothing to show here" in html
    assert "It takes POST only." in html
    assert "Back to the page you came from" in html


def test_a_405_never_links_back_to_another_site(client):
    season = SeasonFactory()
    client.force_login(season.league.commissioners.first())
    url = reverse("season-manage-action", args=[season.pk, "schedule"])
    html = client.get(url, HTTP_REFERER="https://evil.example/").content.decode()
    assert "evil.example" not in html


def test_the_api_keeps_its_json_405(client):
    client.force_login(UserFactory())
    response = client.get(reverse("api-schema").replace("schema/", "teams/draft-preview/"))
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")


def test_the_500_page_uses_the_layout_and_says_nothing_half_done_was_kept():
    request = RequestFactory().get("/teams/1/")
    response = server_error(request)
    html = response.content.decode()
    assert response.status_code == 500
    assert 'class="site-header"' in html and "Something went wrong" in html
    assert "Back to the home page" in html
