"""Error pages in the site's layout, with a way back: 400, 403, 404, 405 and 500, in
the embedded mode's defaults too (never Django's debug pages); the favicon. The API
keeps its JSON errors, Django's own included."""

from __future__ import annotations

import json

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from rest_framework.test import APIClient

from core.api import csrf_failure, server_error
from tests.factories import UserFactory
from tests.leagues.factories import SeasonFactory
from tests.test_foundation import run_manage

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


# --- the embedded mode's defaults: the site's pages, never Django's debug pages -------

EMBEDDED_PROBE = """
from django.test import Client
from django.test.utils import setup_test_environment
from django.conf import settings
setup_test_environment(debug=settings.DEBUG)
client = Client(raise_request_exception=False)
page = client.get("/no-such-page/")
api = client.get("/api/")
print("DEBUG", settings.DEBUG)
print("PAGE", page.status_code, page["Content-Type"])
print("API", api.status_code, api["Content-Type"], api.content.decode())
print(page.content.decode())
"""


def embedded_probe(**env: str) -> str:
    result = run_manage("shell", "-c", EMBEDDED_PROBE, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_embedded_mode_answers_an_unknown_address_with_the_sites_404_page():
    """Nothing set (`make run`): DEBUG off, the site's 404 page, no list of URL patterns;
    /api/ answers JSON."""
    out = embedded_probe()
    assert "DEBUG False" in out
    assert "PAGE 404 text/html" in out
    assert "<h1>Page not found</h1>" in out and 'class="site-header"' in out
    assert "URLconf" not in out and "api/v1/" not in out  # Django's debug page lists them
    assert 'API 404 application/json {"detail": "Not found."}' in out


def test_a_developer_still_gets_the_debug_pages_when_he_asks():
    out = embedded_probe(DJANGO_DEBUG="true")
    assert "DEBUG True" in out
    assert "URLconf" in out


def test_an_unknown_api_address_answers_json_404(client):
    for path in ("/api/", "/api/v1/", "/api/v1/no-such-thing/"):
        response = client.get(path)
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"detail": "Not found."}


def test_the_favicon_is_served_and_linked_from_every_page(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert b"".join(response.streaming_content)[:4] == b"\x00\x00\x01\x00"  # an icon file
    html = client.get(reverse("home")).content.decode()
    assert '<link rel="icon" href="/static/dugout/favicon.ico"' in html
    assert client.get("/static/dugout/favicon.ico").status_code == 200


def test_static_files_are_served_without_collectstatic(client):
    """Embedded mode: whitenoise serves the project's own files (the stylesheet every
    page links) with DEBUG off, from where they live."""
    response = client.get("/static/dugout/dugout.css")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/css")


def test_a_500_renders_the_sites_page_and_json_under_the_api(client, monkeypatch):
    client.raise_request_exception = False

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("core.pages.finders.find", broken)
    page = client.get("/favicon.ico")
    assert page.status_code == 500
    html = page.content.decode()
    assert "<h1>Something went wrong</h1>" in html and 'class="site-header"' in html
    assert "boom" not in html and "Traceback" not in html

    monkeypatch.setattr("rest_framework.views.APIView.initial", broken)
    api = client.get("/api/v1/rulesets/")
    assert api.status_code == 500
    assert api.json() == {"detail": "A server error occurred."}


def test_a_request_django_refuses_answers_json_under_the_api(client):
    """A host not served is Django's 400 (a SuspiciousOperation): JSON under /api/, the
    site's page elsewhere; never Django's bare HTML."""
    api = client.get("/api/v1/rulesets/", HTTP_HOST="evil.example")
    assert api.status_code == 400
    assert api["Content-Type"] == "application/json"
    assert api.json()["detail"] == "The request is malformed and was not read."
    page = client.get("/leagues/", HTTP_HOST="evil.example")
    assert page.status_code == 400
    assert "<h1>Bad request</h1>" in page.content.decode()


def test_more_query_fields_than_django_reads_is_a_json_400_under_the_api(client):
    client.raise_request_exception = False
    query = "&".join(f"f{n}=1" for n in range(1200))
    response = client.get(f"/api/v1/rulesets/?{query}")
    assert response.status_code == 400
    assert response.json() == {"detail": "The request is malformed and was not read."}


@pytest.mark.parametrize(
    "cookie",
    [
        "sessionid=abcdefgh\x00ijklmnop",
        'sessionid="\\"; csrftoken="x y"',
        "sessionid=" + "z" * 5000,
        "csrftoken=\x00; sessionid=;;;===",
    ],
)
def test_a_malformed_cookie_is_read_as_a_visitor_never_html_under_the_api(cookie):
    client = APIClient(enforce_csrf_checks=True, raise_request_exception=False)
    read = client.get("/api/v1/rulesets/", HTTP_COOKIE=cookie)
    assert read.status_code == 200
    assert read["Content-Type"] == "application/json"
    write = client.post("/api/v1/leagues/", {"name": "L"}, HTTP_COOKIE=cookie)
    assert write.status_code == 403
    assert write["Content-Type"] == "application/json"
    assert write.json()["detail"] == "Authentication credentials were not provided."


def test_a_refused_csrf_check_answers_the_sites_403_page_with_what_to_do():
    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory())
    response = client.post(reverse("league-create"), {"name": "Late"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "<h1>Not allowed</h1>" in html and 'class="site-header"' in html
    assert "reload the page and try again" in html


def test_a_refused_csrf_check_under_the_api_answers_json():
    request = RequestFactory().post("/api/v1/leagues/")
    response = csrf_failure(request, reason="CSRF token missing.")
    assert response.status_code == 403
    assert json.loads(response.content) == {"detail": "CSRF Failed: CSRF token missing."}


def test_a_browser_that_sends_no_cookie_back_is_told_to_allow_cookies(client):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "coach", "password": "x"})
    assert response.status_code == 403
    assert "allow cookies for this site" in response.content.decode()
