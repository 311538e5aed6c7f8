"""A team's logo and description (teams/logos.py, teams/services/profile.py): an
upload is opened as an image by Pillow whatever its name says, refused beyond 2 MiB,
resized to fit 256×256 and re-encoded as a PNG without its EXIF; served by the app;
the description is Markdown shown sanitised. Through the API and the team's page."""

from __future__ import annotations

import base64
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image
from rest_framework.test import APIClient

from teams.audit import team_entries
from teams.logos import MAX_BYTES, MAX_SIDE
from teams.models import Team
from tests.factories import TeamFactory, UserFactory


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def team(db) -> Team:
    return TeamFactory(name="Altdorf Archers", coach=UserFactory(username="logo-coach"))


def image_bytes(size=(64, 64), fmt="PNG", exif: Image.Exif | None = None) -> bytes:
    out = io.BytesIO()
    image = Image.new("RGB", size, (200, 30, 30))
    image.paste((20, 20, 200), (0, 0, size[0] // 2, size[1]))  # left half blue
    kwargs = {"exif": exif} if exif is not None else {}
    image.save(out, format=fmt, **kwargs)
    return out.getvalue()


def upload(data: bytes, name: str = "logo.png", content_type: str = "image/png"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def put_logo(client: APIClient, team: Team, data: bytes, name: str = "logo.png"):
    return client.put(
        f"/api/v1/teams/{team.pk}/logo/", {"logo": upload(data, name)}, format="multipart"
    )


def stored(team: Team, media) -> Image.Image:
    team.refresh_from_db()
    return Image.open(media / team.logo.name)


def test_a_logo_is_stored_as_a_png_and_served_by_the_app(team, media, client):
    response = put_logo(api(team.coach), team, image_bytes(fmt="JPEG"), "crest.jpg")
    assert response.status_code == 200, response.json()
    url = response.json()["logo_url"]
    assert url.startswith(reverse("team-logo", args=[team.pk]))
    logo = stored(team, media)
    assert logo.format == "PNG" and logo.size == (64, 64)
    assert team.logo.name.startswith("team-logos/team-")
    served = client.get(url)
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    assert "max-age" in served["Cache-Control"]
    assert Image.open(io.BytesIO(b"".join(served.streaming_content))).size == (64, 64)
    assert team_entries(team).filter(action="team.change_logo").exists()


def test_a_large_image_is_resized_to_fit(team, media):
    response = put_logo(api(team.coach), team, image_bytes(size=(1024, 512)))
    assert response.status_code == 200
    assert stored(team, media).size == (MAX_SIDE, MAX_SIDE // 2)


def test_exif_is_dropped_and_the_photo_turned_upright(team, media):
    exif = Image.Exif()
    exif[0x010F] = "SpyCam"  # Make
    exif[0x0112] = 6  # Orientation: rotate 90° clockwise to show
    data = image_bytes(size=(80, 40), fmt="JPEG", exif=exif)
    assert b"SpyCam" in data
    response = put_logo(api(team.coach), team, data, "photo.jpg")
    assert response.status_code == 200
    logo = stored(team, media)
    assert logo.size == (40, 80)  # upright
    assert not logo.getexif() and "exif" not in logo.info
    assert b"SpyCam" not in (media / team.logo.name).read_bytes()


@pytest.mark.parametrize(
    ("data", "name", "message"),
    [
        (b"<?php system($_GET['c']); ?>", "shell.png", "not an image"),
        (b"%PDF-1.4 not really", "logo.png", "not an image"),
        (image_bytes()[:60], "cut.png", "damaged"),
        (image_bytes(fmt="BMP"), "logo.png", "that file is BMP"),
    ],
)
def test_a_file_that_is_not_an_accepted_image_is_refused(team, media, data, name, message):
    response = put_logo(api(team.coach), team, data, name)
    assert response.status_code == 400
    assert message in response.json()["fields"]["logo"][0]
    team.refresh_from_db()
    assert not team.logo
    assert not (media / "team-logos").exists() or not any((media / "team-logos").iterdir())


def test_a_file_over_two_mib_is_refused(team, media):
    data = image_bytes() + b"\0" * MAX_BYTES
    response = put_logo(api(team.coach), team, data)
    assert response.status_code == 400
    assert "at most 2 MiB" in response.json()["fields"]["logo"][0]
    team.refresh_from_db()
    assert not team.logo


def test_a_new_logo_replaces_the_file_and_another_coach_may_not(
    team, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        put_logo(api(team.coach), team, image_bytes())
    team.refresh_from_db()
    first = team.logo.name
    with django_capture_on_commit_callbacks(execute=True):
        assert put_logo(api(team.coach), team, image_bytes(size=(30, 30))).status_code == 200
    assert stored(team, media).size == (30, 30)
    assert not (media / first).exists()  # the old file goes once the change commits
    assert len(list((media / "team-logos").iterdir())) == 1
    refused = put_logo(api(UserFactory()), team, image_bytes())
    assert refused.status_code == 403 and "Only the coach" in refused.json()["detail"]
    with django_capture_on_commit_callbacks(execute=True):
        removed = api(team.coach).delete(f"/api/v1/teams/{team.pk}/logo/")
    assert removed.status_code == 200 and removed.json()["logo_url"] is None
    assert not list((media / "team-logos").iterdir())


def test_the_description_is_markdown_shown_sanitised(team, client):
    response = api(team.coach).put(
        f"/api/v1/teams/{team.pk}/description/",
        {"description": "Founded in **2490**. <script>alert(1)</script> [x](javascript:alert(1))"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    page = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert "Founded in <strong>2490</strong>." in page
    assert "<script>alert(1)</script>" not in page and "javascript:" not in page
    too_long = api(team.coach).put(
        f"/api/v1/teams/{team.pk}/description/", {"description": "x" * 5001}, format="json"
    )
    assert too_long.status_code == 400 and "description" in too_long.json()["fields"]
    team.refresh_from_db()
    assert team.description.startswith("Founded in")


def test_the_team_page_form_uploads_a_logo_and_a_description(team, media, client):
    sheet = reverse("team-detail", args=[team.pk])
    url = reverse("team-profile", args=[team.pk])
    assert url not in client.get(sheet).content.decode()  # a visitor gets no form
    client.force_login(team.coach)
    on_sheet = client.get(sheet).content.decode()
    assert f'action="{url}" enctype="multipart/form-data"' in on_sheet
    assert 'enctype="multipart/form-data"' in client.get(url).content.decode()
    refused = client.post(
        url, {"description": "Kept?", "logo": upload(b"GIF89a but not", "logo.gif")}
    )
    assert refused.status_code == 400 and "not an image" in refused.content.decode()
    team.refresh_from_db()
    assert (team.description, team.logo.name) == ("", "")  # nothing of the form was kept
    saved = client.post(url, {"description": "The *Archers*.", "logo": upload(image_bytes())})
    assert saved.status_code == 302
    page = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert reverse("team-logo", args=[team.pk]) in page and "The <em>Archers</em>." in page
    other = UserFactory()
    client.force_login(other)
    assert client.get(url).status_code == 403


def test_the_api_takes_a_logo_as_base64_json_too(team, media):
    client = api(team.coach)
    url = f"/api/v1/teams/{team.pk}/logo/"
    data = base64.b64encode(image_bytes(size=(300, 300))).decode()
    response = client.put(url, {"logo_base64": data}, format="json")
    assert response.status_code == 200, response.json()
    assert stored(team, media).size == (MAX_SIDE, MAX_SIDE)
    refused = client.put(url, {"logo_base64": "not base64!"}, format="json")
    assert refused.status_code == 400 and "not base64" in refused.json()["fields"]["logo"][0]
    not_image = base64.b64encode(b"just text").decode()
    refused = client.put(url, {"logo_base64": not_image}, format="json")
    assert refused.status_code == 400 and "not an image" in refused.json()["fields"]["logo"][0]
    missing = client.put(url, {}, format="json")
    assert missing.status_code == 400 and "logo_base64" in missing.json()["fields"]


def test_an_oversized_upload_is_refused_before_it_is_read(team):
    client = api(team.coach)
    url = f"/api/v1/teams/{team.pk}/logo/"
    huge = image_bytes() + b"\0" * (3 * MAX_BYTES // 2)
    response = put_logo(client, team, huge)
    assert response.status_code == 400
    assert "at most 2 MiB" in response.json()["fields"]["logo"][0]
    # JSON bodies are bounded (1 MiB): a larger logo goes as multipart, and is told so.
    big = base64.b64encode(image_bytes() + b"\0" * (900 * 1024)).decode()
    response = client.put(url, {"logo_base64": big}, format="json")
    assert response.status_code == 400 and "larger than" in response.json()["detail"]
    team.refresh_from_db()
    assert not team.logo


def test_the_logo_is_revalidated_by_its_etag(team, client):
    assert client.get(reverse("team-logo", args=[team.pk])).status_code == 404
    put_logo(api(team.coach), team, image_bytes())
    served = client.get(reverse("team-logo", args=[team.pk]))
    assert served.status_code == 200 and served["ETag"]
    again = client.get(reverse("team-logo", args=[team.pk]), HTTP_IF_NONE_MATCH=served["ETag"])
    assert again.status_code == 304
    put_logo(api(team.coach), team, image_bytes(size=(20, 20)))
    changed = client.get(reverse("team-logo", args=[team.pk]), HTTP_IF_NONE_MATCH=served["ETag"])
    assert changed.status_code == 200
