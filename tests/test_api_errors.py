"""The API's shared answers to bad requests: bounded id filters (400, never a
database overflow), one pagination with a capped page, JSON-only bodies (415),
JSON 404/500 under /api/ for paths no URL routes, and a schema that documents
each of them."""

from __future__ import annotations

import jsonschema
import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient

from core.api import MAX_LIMIT, server_error
from core.filters import MAX_ID
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SCHEMA = "/api/v1/schema/"
TOO_BIG = str(10**23)


@pytest.fixture
def schema(client):
    return client.get(SCHEMA, HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


@pytest.mark.parametrize(
    ("path", "name", "value"),
    [
        ("/api/v1/teams/", "coach", "1e30"),
        ("/api/v1/teams/", "coach", TOO_BIG),
        ("/api/v1/leagues/seasons/", "league", "1e30"),
        ("/api/v1/leagues/fixtures/", "team", "1e30"),
        ("/api/v1/leagues/fixtures/", "round", TOO_BIG),
        ("/api/v1/matches/", "team", "1e30"),
        ("/api/v1/matches/", "team", "x"),
        ("/api/v1/matches/", "season", str(MAX_ID + 1)),
        ("/api/v1/leagues/divisions/", "season", TOO_BIG),
    ],
)
def test_an_id_filter_the_database_cannot_take_is_a_400_by_filter(path, name, value):
    response = APIClient().get(path, {name: value})
    assert response.status_code == 400
    assert list(response.json()) == [name]
    assert isinstance(response.json()[name][0], str)


def test_an_id_no_row_has_filters_to_an_empty_list():
    for value in ("0", str(MAX_ID)):
        response = APIClient().get("/api/v1/matches/", {"team": value})
        assert response.status_code == 200 and response.json()["results"] == []


def test_the_leaderboards_refuse_a_season_id_out_of_range():
    response = APIClient().get("/api/v1/leaderboards/", {"season": TOO_BIG})
    assert response.status_code == 400
    assert "season" in response.json()["fields"]


@pytest.mark.parametrize("path", ["/api/v1/matches/", "/api/v1/teams/", "/api/v1/leagues/"])
def test_a_huge_limit_is_a_page_of_the_cap_and_a_huge_offset_an_empty_page(path):
    UserFactory()
    response = APIClient().get(path, {"limit": str(10**29)})
    assert response.status_code == 200
    response = APIClient().get(path, {"limit": "5", "offset": str(10**29)})
    assert response.status_code == 200 and response.json()["results"] == []
    response = APIClient().get(path, {"limit": "9" * 5000, "offset": "-3"})
    assert response.status_code == 200


def test_every_list_has_the_one_pagination(schema):
    limits = {
        path: next(p for p in item["get"]["parameters"] if p["name"] == "limit")["schema"]
        for path, item in schema["paths"].items()
        if "get" in item and any(p["name"] == "limit" for p in item["get"].get("parameters", []))
    }
    assert "/api/v1/matches/" in limits and "/api/v1/teams/" in limits
    paged = {p: s for p, s in limits.items() if p != "/api/v1/leaderboards/"}
    assert all(s == {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT} for s in paged.values())


def test_a_body_that_is_not_json_is_a_415():
    api = APIClient()
    api.force_authenticate(UserFactory())
    response = api.post("/api/v1/leagues/", {"name": "X", "ruleset": "bb2020"}, format="multipart")
    assert response.status_code == 415
    assert "detail" in response.json()


def test_a_path_no_url_routes_under_the_api_is_a_json_404(client):
    for path in ("/api/v1/teams/abc/", "/api/v1/nothing-here/", "/api/"):
        response = client.get(path)
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"detail": "Not found."}


def test_a_path_no_url_routes_elsewhere_is_the_sites_404_page(client):
    response = client.get("/no-such-page/here/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "<h1>Page not found</h1>" in page and 'class="site-header"' in page


def test_a_server_error_under_the_api_is_json_and_elsewhere_a_page():
    api = server_error(RequestFactory().get("/api/v1/teams/"))
    assert api.status_code == 500 and api["Content-Type"] == "application/json"
    page = server_error(RequestFactory().get("/leagues/"))
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


def test_the_schema_documents_the_shared_answers(schema):
    paths = schema["paths"]
    for path in (
        "/api/v1/teams/",
        "/api/v1/matches/",
        "/api/v1/leagues/seasons/",
        "/api/v1/leagues/fixtures/",
        "/api/v1/leagues/divisions/",
    ):
        assert "400" in paths[path]["get"]["responses"], path
    rulesets = [p for p in paths if p.startswith("/api/v1/rulesets/{key}/")]
    assert len(rulesets) == 6
    assert all("404" in paths[p]["get"]["responses"] for p in rulesets)
    writes = [
        op for item in paths.values() for method, op in item.items() if method in {"post", "put"}
    ]
    with_body = [op for op in writes if "requestBody" in op]
    assert with_body and all("415" in op["responses"] for op in with_body)
    # JSON only, but for a team import, a team's logo and a league restored from a backup,
    # which also take the file itself (multipart).
    uploads = {"teams_import_create", "teams_logo_update", "leagues_restore_create"}
    assert all(
        set(op["requestBody"]["content"]) == {"application/json"}
        for op in with_body
        if op["operationId"] not in uploads
    )
    for op in (op for op in with_body if op["operationId"] in uploads):
        assert set(op["requestBody"]["content"]) == {"application/json", "multipart/form-data"}
    coach = next(p for p in paths["/api/v1/teams/"]["get"]["parameters"] if p["name"] == "coach")
    assert coach["schema"]["maximum"] == MAX_ID and coach["description"]


def test_a_blank_choice_matches_exactly_one_option_of_its_schema(schema):
    event = schema["components"]["schemas"]["MatchEvent"]["properties"]
    for name in ("side", "injury", "characteristic"):
        field = {"components": schema["components"], **event[name]}
        jsonschema.validate("", field)  # oneOf: exactly one option matches
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate("nonsense", field)


@pytest.mark.django_db
def test_a_number_where_the_schema_says_string_is_refused(client):
    from tests.factories import drafted_team

    team = drafted_team()
    player = team.players.first()
    client.force_login(team.coach)
    response = client.post(
        f"/api/v1/players/{player.pk}/rename/", {"name": 365}, content_type="application/json"
    )
    assert response.status_code == 400
    player.refresh_from_db()
    assert player.name != "365"
