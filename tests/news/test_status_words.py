"""A match report refused before the result is confirmed names the match's status as a
sentence writes it, in the reader's language, not a page label lower-cased."""

from __future__ import annotations

import pytest
from django.utils import translation

from matches.models import Match
from news import services
from news.errors import NewsError


@pytest.mark.parametrize(
    ("language", "said"),
    [("en-gb", "this match is awaiting confirmation."), ("fr", "ce match est ")],
)
def test_the_refusal_names_the_status_in_a_sentence(world, language, said):
    Match.objects.filter(pk=world.match.pk).update(status=Match.Status.CONFIRMING)
    match = Match.objects.get(pk=world.match.pk)
    with translation.override(language), pytest.raises(NewsError) as refused:
        services.write_match_report(world.home_coach, match, world.home, body="We won.")
    assert said in str(refused.value)
