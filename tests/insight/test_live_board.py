"""The live board of a league (tests/league_world.py's world: a match played and
closed, one in play with a home touchdown, one in its pre-game): the matches in play
now with the score so far, updated by a poll that answers 304 while nothing changed,
and read in a fixed number of queries."""

from __future__ import annotations

import pytest
from django.urls import reverse

from insight.live_board import live_board
from matches import services as match_services
from matches.selectors import players_who_played
from tests.league_world import build_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return build_world("Live")


def _board(world):
    return {
        m.match_id: (m.state, m.home_score, m.away_score, m.disputed)
        for m in live_board(world.league)
    }


def _touchdown(world, side):
    match = world.in_play
    coach = match.fixture.home.coach
    scorer = list(players_who_played(match, side))[-1]
    match_services.add_event(coach, match, kind="touchdown", player=scorer)


def test_the_board_shows_the_matches_in_play_and_their_score(world):
    assert _board(world) == {
        world.in_play.pk: ("in_play", 1, 0, False),
        world.pre_game.pk: ("pre_game", None, None, False),
    }  # the closed match is off the board; the other league's never on it
    _touchdown(world, "away")
    assert _board(world)[world.in_play.pk] == ("in_play", 1, 1, False)
    match = world.in_play
    match_services.submit_report(
        match.fixture.home.coach,
        match,
        home_touchdowns=1,
        away_touchdowns=1,
        idempotency_key="live-board",
        seed=5,
    )
    assert _board(world)[match.pk] == ("confirming", 1, 1, False)
    match_services.dispute_report(match.fixture.away.coach, match, note="It was 1-2.")
    assert _board(world)[match.pk] == ("confirming", 1, 1, True)
    board = live_board(world.league)
    assert [m.state_label for m in board] == ["Awaiting confirmation", "Pre-game"]
    assert live_board(world.other_league) == []


def test_the_page_polls_the_board_and_a_poll_is_304_until_it_changes(
    world, client, django_assert_max_num_queries
):
    page = client.get(reverse("league-live", args=[world.league.pk]))
    text = page.content.decode()
    poll_url = reverse("league-live-board", args=[world.league.pk])
    assert page.status_code == 200 and "Live board: Live League" in text
    assert f'hx-get="{poll_url}"' in text and 'hx-trigger="every 3s"' in text
    assert f'{world.teams["home"].name}</a>\n          <span class="score">1–0</span>' in text
    with django_assert_max_num_queries(2):  # the league, the board
        first = client.get(poll_url)
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    etag = first["ETag"]
    again = client.get(poll_url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    _touchdown(world, "away")
    moved = client.get(poll_url, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved["ETag"] != etag
    assert '<span class="score">1–1</span>' in moved.content.decode()
    assert 'id="live-board"' in moved.content.decode()  # swapped whole, still polling


def test_the_api(world, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        rows = client.get(f"/api/v1/leagues/{world.league.pk}/live/").json()
    assert [(r["match_id"], r["state"], r["home_score"], r["away_score"]) for r in rows] == [
        (world.in_play.pk, "in_play", 1, 0),
        (world.pre_game.pk, "pre_game", None, None),
    ]
    assert rows[0]["home"] == world.teams["home"].name
    assert client.get("/api/v1/leagues/999999/live/").status_code == 404
