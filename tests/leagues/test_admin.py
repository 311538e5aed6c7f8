"""The leagues admin pages render (read-only) for a superuser."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

pytestmark = pytest.mark.django_db


MODELS = ["league", "season", "teamentry", "round", "fixture", "pointsadjustment"]


def test_changelists_render(client):
    # One demo league for all six lists: loading it is what takes the time.
    call_command("load_demo", stdout=io.StringIO())
    admin = get_user_model().objects.create_superuser("root", "root@dugout.invalid", "pw-12345")
    client.force_login(admin)
    answers = {
        model: client.get(reverse(f"admin:leagues_{model}_changelist")).status_code
        for model in MODELS
    }
    assert answers == dict.fromkeys(MODELS, 200)
