"""The interface's language: which one a request reads in, and how a coach or a
visitor changes it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from teams.models_coach import CoachProfile
from teams.profile import LanguageError, preferred_language, set_language_of
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_coach_has_no_preferred_language_until_he_chooses_one():
    coach = UserFactory()
    assert preferred_language(coach) is None
    assert preferred_language(AnonymousUser()) is None

    set_language_of(coach, "fr")
    assert preferred_language(coach) == "fr"

    set_language_of(coach, "EN_gb")  # spelt as a browser or a locale would
    assert preferred_language(coach) == "en-gb"

    set_language_of(coach, "")
    assert preferred_language(coach) is None


def test_an_unknown_language_is_refused_and_leaves_the_profile_as_it_was():
    coach = UserFactory()
    set_language_of(coach, "de")
    with pytest.raises(LanguageError) as refusal:
        set_language_of(coach, "klingon")
    assert refusal.value.messages == [
        "klingon is not one of Dugout's languages; choose one of en-gb, fr, de, es, it."
    ]
    assert refusal.value.field == "language"
    assert CoachProfile.objects.get(user=coach).language == "de"


def test_only_a_signed_in_coach_keeps_a_language():
    with pytest.raises(PermissionDenied):
        set_language_of(AnonymousUser(), "fr")
