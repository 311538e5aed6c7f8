"""Cached page fragments (config/fragments.py): a league table is rendered once per
distinct content and kept in the shared cache, never shown stale after a write, and
rendered directly when the cache is down."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.test import override_settings

from config.fragments import cached_fragment
from leagues import services
from leagues.models import Fixture
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


class Renders:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> str:
        self.count += 1
        return f"<p>render {self.count}</p>"


def test_a_fragment_is_rendered_once_per_distinct_content():
    cache.clear()
    render = Renders()
    first = cached_fragment("t", ("row", 1), render)
    again = cached_fragment("t", ("row", 1), render)
    changed = cached_fragment("t", ("row", 2), render)
    assert (first, again, changed) == ("<p>render 1</p>", "<p>render 1</p>", "<p>render 2</p>")
    assert render.count == 2


@override_settings(
    CACHES={
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            # Nothing listens there: every cache call fails as with Redis down.
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
)
def test_with_the_cache_down_the_fragment_is_rendered_all_the_same():
    render = Renders()
    assert cached_fragment("t", ("row", 1), render) == "<p>render 1</p>"
    assert cached_fragment("t", ("row", 1), render) == "<p>render 2</p>"


def test_the_standings_page_is_never_stale_after_a_result_or_a_rename(client):
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner])
    season = services.open_season(commissioner, league)
    teams = [TeamFactory(name=f"Fragment team {n}") for n in range(4)]
    for team in teams:
        services.admit_team(commissioner, season, team)
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    url = f"/leagues/seasons/{season.pk}/standings/"
    before = client.get(url).content.decode()
    assert before.count('<td class="num rank"><strong>0</strong></td>') == 4

    fixture = Fixture.objects.filter(season=season).order_by("pk").first()
    services.record_result(
        commissioner,
        fixture,
        home_touchdowns=2,
        away_touchdowns=0,
        home_casualties=1,
        away_casualties=0,
    )
    after = client.get(url).content.decode()
    points = league.points_for_win
    assert f'<td class="num rank"><strong>{points}</strong></td>' in after

    winner = fixture.home
    winner.name = "Renamed Reavers"
    winner.save(update_fields=["name"])
    assert "Renamed Reavers" in client.get(url).content.decode()
