"""The interchange pages: the Export download, the import form, and the links to them."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from teams.models import Team
from tests.factories import UserFactory
from tests.teams.interchange.helpers import developed_team, file_text

pytestmark = pytest.mark.django_db


def _upload(text: str, name: str = "team.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode(), "application/octet-stream")


def test_the_team_sheet_links_its_export_dice_and_calendar(client):
    team = developed_team()
    page = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    for url in (f"/teams/{team.pk}/export.json", f"/teams/{team.pk}/dice/",
                f"/teams/{team.pk}/calendar.ics"):  # fmt: skip
        assert f'href="{url}"' in page, url


def test_the_export_downloads_as_a_dugout_team_file(client):
    team = developed_team()
    response = client.get(reverse("team-export", args=[team.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="team-{team.pk}.dugout.json"'
    assert json.loads(response.content)["team"]["name"] == "Reikland Reavers"
    assert client.get(reverse("team-export", args=[999999])).status_code == 404


def test_my_teams_offers_the_import_which_asks_to_sign_in(client):
    coach = UserFactory()
    client.force_login(coach)
    assert reverse("team-import") in client.get(reverse("team-mine")).content.decode()
    client.logout()
    assert client.get(reverse("team-import")).status_code == 302


def test_a_fumbbl_file_imported_on_the_page_opens_its_sheet(client):
    coach = UserFactory()
    client.force_login(coach)
    response = client.post(
        reverse("team-import"),
        {"file": _upload(file_text("fumbbl_team.json")), "source_format": "fumbbl",
         "ruleset": "bb2020", "name": ""},
    )  # fmt: skip
    team = Team.objects.get(name="Altdorf Marauders")
    assert team.coach == coach
    assert response.status_code == 302 and response["Location"] == f"/teams/{team.pk}/"


def test_unknown_names_are_a_form_error_beside_the_file_and_nothing_is_written(client):
    client.force_login(UserFactory())
    data = json.loads(file_text("fumbbl_team.json"))
    data["players"][2]["position"] = "Wardancer"
    before = Team.objects.count()
    response = client.post(
        reverse("team-import"),
        {"file": _upload(json.dumps(data)), "source_format": "fumbbl", "ruleset": "bb2020"},
    )
    assert response.status_code == 400
    errors = response.context["form"].errors["file"]
    assert errors == [
        "Human (Blood Bowl 2020) has no position 'Wardancer' (#5 Hans Vogt). Correct these "
        "names in the file (or choose the ruleset the team plays)."
    ]
    assert "Wardancer" in response.content.decode()
    assert Team.objects.count() == before
