"""The database unreachable: a 503 with Retry-After (the site's page, or JSON under
/api/), never a 500 or a traceback; the next request after it returns is served."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client


@pytest.fixture
def database_down(monkeypatch):
    """Every new cursor fails as PostgreSQL does while it restarts."""

    def refuse(self, *args, **kwargs):
        raise OperationalError("connection refused: the database system is shutting down")

    def down() -> None:
        monkeypatch.setattr(BaseDatabaseWrapper, "cursor", refuse)

    return down


def assert_clean_503_page(response) -> None:
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) > 0
    html = response.content.decode()
    assert "<h1>Back in a moment</h1>" in html
    assert 'class="site-header"' in html  # the site's layout
    assert "Traceback" not in html and "OperationalError" not in html


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/leagues/", "/teams/"])
def test_pages_answer_503_in_the_site_layout(client, database_down, path):
    database_down()
    assert_clean_503_page(client.get(path))


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/v1/leagues/", "/api/v1/teams/", "/api/v1/matches/"])
def test_api_answers_503_json_with_retry_after(client, database_down, path):
    database_down()
    response = client.get(path)
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) > 0
    assert response.headers["Content-Type"] == "application/json"
    assert "unavailable" in response.json()["detail"]


@pytest.mark.django_db
def test_an_interface_error_is_the_same_503(client, monkeypatch):
    def closed(self, *args, **kwargs):
        raise InterfaceError("connection already closed")

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", closed)
    assert client.get("/api/v1/leagues/").status_code == 503
    assert_clean_503_page(client.get("/leagues/"))


@pytest.mark.django_db
def test_an_outage_outside_the_view_is_a_503_too(monkeypatch):
    """A middleware failing (here the session middleware) reaches handler500, which
    answers the same 503."""
    from django.contrib.sessions.middleware import SessionMiddleware

    def broken(self, request, response):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(SessionMiddleware, "process_response", broken)
    client = Client(raise_request_exception=False)
    assert_clean_503_page(client.get("/"))
    api = client.get("/api/v1/rulesets/")
    assert api.status_code == 503 and "detail" in api.json()


@pytest.mark.django_db
def test_other_errors_are_still_500(monkeypatch):
    def bug(self, *args, **kwargs):
        raise ValueError("a bug, not an outage")

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", bug)
    client = Client(raise_request_exception=False)
    assert client.get("/leagues/").status_code == 500
    assert client.get("/api/v1/leagues/").status_code == 500


@pytest.mark.django_db
def test_the_app_recovers_once_the_database_returns(client, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise OperationalError("connection refused")

    with monkeypatch.context() as patch:
        patch.setattr(BaseDatabaseWrapper, "cursor", refuse)
        assert client.get("/leagues/").status_code == 503
    assert client.get("/leagues/").status_code == 200
    assert client.get("/api/v1/leagues/").status_code == 200


def test_connections_are_health_checked(settings):
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
