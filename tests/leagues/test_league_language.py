"""The league's language: chosen when the league is created (page and API), read back
by the API, changed by a commissioner only (page and API), an unknown one refused with
the league left as it was."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from leagues.models import League
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

API = "/api/v1/leagues"


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_league_is_created_in_a_language_and_the_api_reads_it(client):
    user = UserFactory()
    created = api(user).post(f"{API}/", {"name": "Ligue du Nord", "language": "fr"})
    assert created.status_code == 201, created.json()
    assert created.json()["language"] == "fr"
    assert api().get(f"{API}/{created.json()['id']}/").json()["language"] == "fr"
    client.force_login(user)
    response = client.post(
        reverse("league-create"),
        {
            "name": "Liga Sur",
            "ruleset": "bb2020",
            "points_for_win": 3,
            "points_for_draw": 1,
            "points_for_loss": 0,
            "language": "es",
        },
    )
    assert response.status_code == 302
    assert League.objects.get(name="Liga Sur").language == "es"
    # Left out: the site's language.
    assert api(user).post(f"{API}/", {"name": "Plain"}).json()["language"] == "en-gb"


def test_the_create_form_offers_the_sites_languages(client):
    client.force_login(UserFactory())
    page = client.get(reverse("league-create")).content.decode()
    assert 'name="language"' in page
    assert '<option value="de">Deutsch</option>' in page


def test_an_unknown_language_is_refused_on_create(client):
    response = api(UserFactory()).post(f"{API}/", {"name": "Klingon Cup", "language": "tlh"})
    assert response.status_code == 400
    assert "language" in response.json()["fields"]
    assert not League.objects.filter(name="Klingon Cup").exists()


def test_a_commissioner_changes_the_language_on_the_page_and_the_api(client):
    commissioner = UserFactory()
    league_id = api(commissioner).post(f"{API}/", {"name": "Altdorf"}).json()["id"]
    client.force_login(commissioner)
    url = reverse("league-language", args=[league_id])
    assert 'value="it"' in client.get(url).content.decode()
    response = client.post(url, {"language": "it"}, follow=True)
    assert "Altdorf&#x27;s language is now Italiano." in response.content.decode()
    assert League.objects.get(pk=league_id).language == "it"
    response = api(commissioner).put(f"{API}/{league_id}/language/", {"language": "de"})
    assert response.status_code == 200 and response.json() == {"language": "de"}
    assert League.objects.get(pk=league_id).language == "de"
    response = api(commissioner).put(f"{API}/{league_id}/language/", {"language": "xx"})
    assert response.status_code == 400
    assert League.objects.get(pk=league_id).language == "de"
    assert client.post(url, {"language": "xx"}).status_code == 400


def test_only_a_commissioner_changes_the_language(client):
    commissioner = UserFactory()
    league_id = api(commissioner).post(f"{API}/", {"name": "Middenheim"}).json()["id"]
    coach = UserFactory()
    assert api(coach).put(f"{API}/{league_id}/language/", {"language": "fr"}).status_code == 403
    client.force_login(coach)
    url = reverse("league-language", args=[league_id])
    assert client.post(url, {"language": "fr"}).status_code == 403
    assert api().put(f"{API}/{league_id}/language/", {"language": "fr"}).status_code in (401, 403)
    assert League.objects.get(pk=league_id).language == "en-gb"
