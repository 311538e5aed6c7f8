"""The ratings page and API, the fixture page's pre-match estimate, and the command
that rates a league from scratch."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues.models import RatingChange
from tests.insight.league import build_small_league, fixture_of, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def small():
    """Four teams, single round robin: Reavers beat Marauders 2-1 and drew Tigers
    1-1; four fixtures are still to play."""
    world = build_small_league("Rated")
    c, s, t = world.commissioner, world.season, world.teams
    record(c, s, t["R"], t["M"], (2, 1))
    record(c, s, t["R"], t["T"], (1, 1))
    return world


def test_the_page_ranks_teams_and_coaches(client, small):
    page = client.get(f"/leagues/{small.league.pk}/ratings/").content.decode()
    teams = page[page.index('id="team-ratings"') :]
    # Reavers beat a new team (1662) then drew a new one: still first; Tigers drew
    # with a winner, so gained; Marauders lost to a new team: 1338.
    order = [teams.index(f"Rated {name}") for name in ("Reavers", "Tigers", "Marauders")]
    assert order == sorted(order)
    assert "1-1-0" in teams and "0-0-1" in teams and "1338" in teams
    assert 'id="coach-ratings"' in page and "rated-r" in page


def test_the_api_gives_the_same_ratings(client, small):
    body = client.get(f"/api/v1/leagues/{small.league.pk}/ratings/").json()
    assert [t["name"] for t in body["teams"]] == [
        "Rated Reavers",
        "Rated Tigers",
        "Rated Marauders",
    ]
    marauders = body["teams"][2]
    assert round(marauders["rating"], 2) == 1337.69 and marauders["lost"] == 1
    assert body["games"] == 2 and len(body["coaches"]) == 3


def test_the_fixture_page_shows_the_estimate(client, small):
    t = small.teams
    open_fixture = fixture_of(small.season, t["R"], t["I"])
    page = client.get(f"/leagues/fixtures/{open_fixture.pk}/").content.decode()
    assert 'id="estimate"' in page and "ratings now" in page
    # Reavers (rated above 1500) are favoured over the new Ironjaws.
    home = page[page.index('id="estimate-home"') :].split(">")[1].split("%")[0]
    away = page[page.index('id="estimate-away"') :].split(">")[1].split("%")[0]
    reavers_home = open_fixture.home_id == t["R"].pk
    assert (int(home) > int(away)) == reavers_home
    played = fixture_of(small.season, t["R"], t["M"])
    page = client.get(f"/leagues/fixtures/{played.pk}/").content.decode()
    assert "before the match" in page and 'id="estimate-draw"' in page


def test_the_page_takes_as_many_queries_whatever_the_history(
    client, small, django_assert_max_num_queries
):
    url = f"/leagues/{small.league.pk}/ratings/"
    with django_assert_max_num_queries(8):
        client.get(url)
    c, s, t = small.commissioner, small.season, small.teams
    record(c, s, t["M"], t["T"], (0, 3))
    record(c, s, t["I"], t["R"], (2, 0))
    with django_assert_max_num_queries(8):
        client.get(url)


def test_rebuild_ratings_fills_what_is_missing(small):
    kept = list(RatingChange.objects.order_by("id").values("fixture_id", "rating_after"))
    RatingChange.objects.all().delete()
    out = io.StringIO()
    call_command("rebuild_ratings", str(small.league.pk), stdout=out)
    assert "2 rated match(es)" in out.getvalue()
    rebuilt = list(RatingChange.objects.order_by("id").values("fixture_id", "rating_after"))
    assert sorted(rebuilt, key=str) == sorted(kept, key=str)


def test_the_estimate_costs_the_fixture_page_the_same_queries_whatever_the_history(client, small):
    t = small.teams
    url = f"/leagues/fixtures/{fixture_of(small.season, t['M'], t['I']).pk}/"
    client.get(url)  # warm the caches the page keeps
    before = len(_queries(client, url))
    c, s = small.commissioner, small.season
    record(c, s, t["M"], t["T"], (0, 3))
    record(c, s, t["I"], t["R"], (2, 0))
    client.get(url)
    assert len(_queries(client, url)) == before


def _queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return captured.captured_queries
