"""A BB2025 league plays a single round robin by default: "each team plays every other
team of its division once" (shared/rules/bb2025-league-facts.md section 10); BB2020
keeps its double one. The commissioner may still pick either."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from leagues import services
from leagues.models import SeasonFormat
from leagues.scheduling import default_season_format, round_robin
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


def test_the_default_format_follows_the_edition() -> None:
    assert default_season_format("bb2025") == SeasonFormat.SINGLE_ROUND_ROBIN
    assert default_season_format("bb2020") == SeasonFormat.DOUBLE_ROUND_ROBIN
    # Each pair once: four teams, three rounds, six fixtures.
    rounds = round_robin(["A", "B", "C", "D"], double=False)
    pairs = {frozenset((p.home, p.away)) for r in rounds for p in r}
    assert len(rounds) == 3 and len(pairs) == 6


def test_open_season_defaults_by_edition(commissioner) -> None:
    bb2025 = LeagueFactory(name="Third Season Cup", commissioners=[commissioner], ruleset="bb2025")
    bb2020 = LeagueFactory(name="Second Season Cup", commissioners=[commissioner])
    assert services.open_season(commissioner, bb2025).format == SeasonFormat.SINGLE_ROUND_ROBIN
    assert services.open_season(commissioner, bb2020).format == SeasonFormat.DOUBLE_ROUND_ROBIN


def test_the_commissioner_may_still_pick_double(commissioner) -> None:
    league = LeagueFactory(name="Third Season Cup", commissioners=[commissioner], ruleset="bb2025")
    season = services.open_season(commissioner, league, format=SeasonFormat.DOUBLE_ROUND_ROBIN)
    assert season.format == SeasonFormat.DOUBLE_ROUND_ROBIN


def test_the_api_and_the_page_offer_the_editions_format(commissioner) -> None:
    league = LeagueFactory(name="Third Season Cup", commissioners=[commissioner], ruleset="bb2025")
    client = APIClient()
    client.force_authenticate(commissioner)
    made = client.post(f"/api/v1/leagues/{league.pk}/open-season/", {}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["format"] == SeasonFormat.SINGLE_ROUND_ROBIN
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/open-season/")
    assert page.status_code == 200
    assert '<option value="single" selected>' in page.content.decode()
