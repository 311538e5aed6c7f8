"""Cached page fragments (Django's ``{% cache %}`` keyed on a league's or team's
version, core/versions.py): rendered once per version and kept in the shared cache,
never shown stale after a change, and rendered directly when the cache is down
(core/cache.py)."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import caches
from django.template import engines
from django.test import Client, override_settings

from core import versions
from leagues import services
from leagues.models import Fixture
from news.services import post_news
from teams.audit import bump_teams
from teams.services import rename_player
from tests.factories import TeamFactory, UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db

FRAGMENT = engines["django"].from_string(
    '{% load cache %}{% cache 60 "tests/fragment" version %}<p>render {{ n }}</p>{% endcache %}'
)


def test_a_fragment_is_rendered_once_per_version():
    caches["template_fragments"].clear()
    first = FRAGMENT.render({"version": "a", "n": 1})
    again = FRAGMENT.render({"version": "a", "n": 2})
    changed = FRAGMENT.render({"version": "b", "n": 3})
    assert (first, again, changed) == ("<p>render 1</p>", "<p>render 1</p>", "<p>render 3</p>")


@override_settings(
    CACHES={
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "template_fragments": {
            "BACKEND": "core.cache.ForgivingRedisCache",
            # Nothing listens there: every cache call fails as with Redis down.
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        },
    }
)
def test_with_the_cache_down_the_fragment_is_rendered_all_the_same():
    assert FRAGMENT.render({"version": "a", "n": 1}) == "<p>render 1</p>"
    assert FRAGMENT.render({"version": "a", "n": 2}) == "<p>render 2</p>"


def test_a_bump_changes_the_version_and_a_rolled_back_counter_never_meets_its_old_token():
    league = LeagueFactory()
    before = versions.league_version(league)
    versions.bump(leagues=[league])
    after = versions.league_version(league)
    assert after != before
    versions.bump(leagues=[league.pk, None])
    assert versions.league_version(league) not in (before, after)


def scheduled_season():
    """A league's season of four teams with its schedule drawn: (commissioner, season)."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner])
    season = services.open_season(commissioner, league)
    for n in range(4):
        services.admit_team(commissioner, season, TeamFactory(name=f"Fragment team {n}"))
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    return commissioner, season


def signed_in(user) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


def first_result(commissioner, season, home: int, away: int) -> Fixture:
    """The season's first fixture, its result recorded by the commissioner."""
    fixture = Fixture.objects.filter(season=season).order_by("pk").first()
    services.record_result(
        commissioner,
        fixture,
        home_touchdowns=home,
        away_touchdowns=away,
        home_casualties=0,
        away_casualties=0,
    )
    return fixture


def test_the_standings_page_is_never_stale_after_a_result_or_a_rename(client):
    commissioner, season = scheduled_season()
    league = season.league
    url = f"/leagues/seasons/{season.pk}/standings/"
    before = client.get(url).content.decode()
    assert before.count('<td class="num rank"><strong>0</strong></td>') == 4

    fixture = first_result(commissioner, season, 2, 0)
    after = client.get(url).content.decode()
    points = league.points_for_win
    assert f'<td class="num rank"><strong>{points}</strong></td>' in after

    winner = fixture.home
    winner.name = "Renamed Reavers"
    winner.save(update_fields=["name"])
    bump_teams([winner])  # a write past the services bumps the versions itself
    assert "Renamed Reavers" in client.get(url).content.decode()


def test_the_league_home_is_never_stale_and_offers_news_posting_only_to_who_may(client):
    commissioner, season = scheduled_season()
    league = season.league
    url = f"/leagues/{league.pk}/"
    boss = signed_in(commissioner)
    assert "Post news" in boss.get(url).content.decode()
    before = client.get(url).content.decode()
    assert "Post news" not in before
    assert "No news yet." in before

    first_result(commissioner, season, 3, 1)
    post_news(commissioner, league, title="Round one is in", body="Three touchdowns.")
    after = client.get(url).content.decode()
    assert "Round one is in" in after
    assert "3–1" in after.split("Latest results", 1)[1]
    assert "Post news" not in after
    assert "Post news" in boss.get(url).content.decode()


def test_a_player_page_is_never_stale_and_shows_actions_only_to_his_coach(client):
    coach = UserFactory()
    team = drafted_team(coach, name="Sheet Keepers")
    player = team.players.order_by("number").first()
    url = f"/players/{player.pk}/"
    own = signed_in(coach)
    assert "Rename or renumber" in own.get(url).content.decode()
    page = client.get(url).content.decode()
    assert "Rename or renumber" not in page
    assert f"#{player.number} {player.name}</h1>" in page

    rename_player(coach, player, name="Grim Keeper")
    page = client.get(url).content.decode()
    assert f"#{player.number} Grim Keeper</h1>" in page
    assert "Rename or renumber" not in page
    assert "Rename or renumber" in own.get(url).content.decode()
