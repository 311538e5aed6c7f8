"""The problems a commissioner reads when a restore is refused are in his language: they
are worded when they are found (shown at once, never stored), so a French commissioner
reads the ones the French catalogue holds in French, and the English ones stay as the
tests elsewhere pin them."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import translation

from backups.checks import backup_problems
from backups.sections import FORMAT, READS, SECTIONS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _document(**league: Any) -> dict[str, Any]:
    """A backup whose league row has only what ``league`` gives."""
    return {"format": FORMAT, "version": max(READS), "league": {"id": 1, **league}}


def _problems(document: Any, language: str) -> list[str]:
    with translation.override(language):
        return backup_problems(document, SECTIONS, FORMAT, READS)


def test_the_problems_read_in_the_commissioner_s_language():
    assert _problems([], "fr") == ["Ceci n'est pas une sauvegarde de ligue Dugout."]
    assert _problems([], "en-gb") == ["This is not a Dugout league backup."]
    french = _problems(_document(name=""), "fr")
    assert "La ligue n'a pas de nom." in french
    english = _problems(_document(name=""), "en-gb")
    assert "The league has no name." in english
    assert "The backup has no list of users." in english
    assert "The backup has no list of teams." in english
    # Problems by row keep the same English, section names and ids as the file has them.
    assert len(french) == len(english)


def test_a_refused_restore_page_shows_the_problems_in_french(client):
    user = UserFactory(username="restorer")
    user.user_permissions.add(Permission.objects.get(codename="add_league"))
    client.force_login(user)
    upload = io.BytesIO(json.dumps({"format": "something else"}).encode())
    upload.name = "backup.json"
    response = client.post(reverse("league-restore"), {"file": upload}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code in (200, 400)
    page = response.content.decode()
    assert "sauvegarde de ligue Dugout" in page
    assert "This is not a Dugout league backup" not in page
