"""The interchange API: GET /api/v1/teams/{id}/export/ and POST /api/v1/teams/import/."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from teams.models import Team
from tests.factories import UserFactory
from tests.teams.interchange.helpers import developed_team, file_text

pytestmark = pytest.mark.django_db


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_anyone_reads_a_teams_export(django_assert_max_num_queries):
    team = developed_team()
    with django_assert_max_num_queries(6):
        response = _client().get(f"/api/v1/teams/{team.pk}/export/")
    assert response.status_code == 200
    body = response.json()
    assert (body["format"], body["version"], body["team"]["name"]) == (
        "dugout-team",
        1,
        "Reikland Reavers",
    )
    assert _client().get("/api/v1/teams/999999/export/").status_code == 404


def test_an_export_posted_back_is_a_new_team_of_the_importer():
    team = developed_team()
    exported = _client().get(f"/api/v1/teams/{team.pk}/export/").json()
    importer = UserFactory()
    response = _client(importer).post(
        "/api/v1/teams/import/",
        {"source_format": "dugout", "content": json.dumps(exported), "name": "Reavers Again"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    new = Team.objects.get(pk=response.json()["id"])
    assert (new.name, new.coach, new.treasury) == ("Reavers Again", importer, team.treasury)


def test_a_naflm_file_uploaded_as_multipart_is_imported():
    upload = SimpleUploadedFile("team.xml", file_text("naflm_team.xml").encode(), "text/xml")
    response = _client(UserFactory()).post(
        "/api/v1/teams/import/",
        {"source_format": "naflm", "ruleset": "bb2020", "file": upload},
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == "Grimdark Greenskins"


def test_unknown_names_are_a_400_with_field_messages_and_nothing_is_written():
    data = json.loads(file_text("fumbbl_team.json"))
    data["players"][0]["skills"] = ["Sneaky Git", "Blodge"]
    before = Team.objects.count()
    response = _client(UserFactory()).post(
        "/api/v1/teams/import/",
        {"source_format": "fumbbl", "ruleset": "bb2020", "content": json.dumps(data)},
        format="json",
    )
    assert response.status_code == 400
    (message,) = response.json()["fields"]["content"]
    assert "skill 'Blodge' (#1 Karl Brandt)" in message and "Sneaky Git" not in message
    assert Team.objects.count() == before


def test_an_import_needs_a_signed_in_coach_and_a_file():
    assert _client().post("/api/v1/teams/import/", {}, format="json").status_code in (401, 403)
    response = _client(UserFactory()).post(
        "/api/v1/teams/import/", {"source_format": "fumbbl"}, format="json"
    )
    assert response.status_code == 400
    assert "content" in response.json()["fields"]
