"""Who sees which forms on the match page and who may post them; the page's
queries do not grow with the report's events."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches import services
from matches.models import MatchEvent, Report
from tests.factories import UserFactory
from tests.matches.factories import POST_GAME_SEED, kick_off, league_match, submit_and_confirm
from tests.matches.test_pages_flow import HTMX, html, logged_in

pytestmark = pytest.mark.django_db

MATCH_PAGE_QUERIES = 16
REPORTED_PAGE_QUERIES = 20


@pytest.fixture
def in_play():
    s = league_match()
    kick_off(s)
    home_td = services.add_event(
        s.home_coach, s.match, kind="touchdown", player=s.players("home")[0]
    )
    return s, home_td


def test_a_coach_of_another_team_sees_no_forms_and_is_refused(in_play):
    s, home_td = in_play
    outsider = logged_in(UserFactory())
    url = reverse("match-detail", args=[s.match.pk])
    page = html(outsider.get(url))
    assert f"<h1>{s.home.name} v {s.away.name}" in page
    assert 'id="picker"' not in page and 'name="idempotency_key"' not in page
    assert "Remove" not in page and "what happened?" not in page
    h = s.players("home")
    posts = [
        (reverse("match-add-event", args=[s.match.pk]), {"kind": "touchdown", "player": h[1].pk}),
        (reverse("match-remove-event", args=[s.match.pk, home_td.pk]), {}),
        (reverse("match-report", args=[s.match.pk]), {"home_touchdowns": 1, "away_touchdowns": 0}),
        (reverse("match-close", args=[s.match.pk]), {}),
        (reverse("match-correct", args=[s.match.pk]), {}),
    ]
    for action, data in posts:
        assert outsider.post(action, data, **HTMX).status_code == 403, action
    picker = reverse("match-event-picker", args=[s.match.pk])
    assert outsider.get(picker, {"side": "home", "kind": "touchdown"}, **HTMX).status_code == 403
    anonymous = Client()
    assert "what happened?" not in html(anonymous.get(url))
    response = anonymous.post(posts[0][0], posts[0][1])
    assert response.status_code == 302 and reverse("login") in response.url
    assert MatchEvent.objects.filter(match=s.match).count() == 1
    assert not Report.objects.exists()


def test_the_other_coach_records_only_his_own_team(in_play):
    s, home_td = in_play
    away = logged_in(s.away_coach)
    url = reverse("match-detail", args=[s.match.pk])
    page = html(away.get(url))
    assert f"{s.away.name}: what happened?" in page
    assert f"{s.home.name}: what happened?" not in page
    remove_home = reverse("match-remove-event", args=[s.match.pk, home_td.pk])
    assert f'action="{remove_home}"' not in page
    players = html(
        away.get(
            reverse("match-event-picker", args=[s.match.pk]),
            {"side": "home", "kind": "touchdown"},
            **HTMX,
        )
    )
    assert f'value="{s.players("home")[1].pk}"' not in players
    events = reverse("match-add-event", args=[s.match.pk])
    h, a = s.players("home"), s.players("away")
    assert away.post(events, {"kind": "touchdown", "player": h[1].pk}, **HTMX).status_code == 403
    assert away.post(events, {"kind": "bribe", "side": "home", "detail": "x"}).status_code == 403
    assert away.post(remove_home, **HTMX).status_code == 403
    assert MatchEvent.objects.filter(match=s.match).count() == 1
    # His own players, and a casualty on one of theirs, are his to record.
    mine = away.post(events, {"kind": "casualty", "player": a[0].pk, "victim": h[3].pk}, **HTMX)
    assert mine.status_code == 200 and "Casualty caused" in html(mine)
    # A commissioner records for both teams.
    commissioner = html(logged_in(s.commissioner).get(url))
    assert f"{s.home.name}: what happened?" in commissioner
    assert f"{s.away.name}: what happened?" in commissioner


def test_a_refused_tap_comes_back_as_errors_in_the_partial(in_play):
    s, _ = in_play
    home = logged_in(s.home_coach)
    events = reverse("match-add-event", args=[s.match.pk])
    player = s.players("home")[2]
    injury = {"kind": "injury", "side": "home", "player": player.pk, "outcome": "badly_hurt"}
    assert home.post(events, injury, **HTMX).status_code == 200
    again = home.post(events, injury, **HTMX)
    assert again.status_code == 200  # htmx swaps it: the reasons show where the coach tapped
    assert 'role="alert"' in html(again) and "already has an injury" in html(again)
    assert "<html" not in html(again)
    nonsense = home.post(events, {"kind": "goal", "player": player.pk})
    assert nonsense.status_code == 400
    assert "Choose what happened from the list." in html(nonsense)
    kick_off_event = home.post(events, {"kind": "kick_off", "side": "", "detail": ""}, **HTMX)
    assert "say which team" in html(kick_off_event)
    assert MatchEvent.objects.filter(match=s.match).count() == 2


def _page_queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_match_page_makes_as_many_queries_for_2_events_as_for_12(
    in_play, django_assert_max_num_queries
):
    s, _ = in_play
    home = logged_in(s.home_coach)
    url = reverse("match-detail", args=[s.match.pk])
    h, a = s.players("home"), s.players("away")
    services.add_event(s.home_coach, s.match, kind="completion", player=h[1])
    two = _page_queries(home, url)
    for player in h[2:7]:
        services.add_event(s.home_coach, s.match, kind="completion", player=player)
    for player in a[:5]:
        services.add_event(s.away_coach, s.match, kind="deflection", player=player)
    assert MatchEvent.objects.filter(match=s.match, report=None).count() == 12
    assert _page_queries(home, url) == two
    with django_assert_max_num_queries(MATCH_PAGE_QUERIES):
        home.get(url)
    # The live partial after a tap is bounded the same way.
    with django_assert_max_num_queries(MATCH_PAGE_QUERIES):
        home.post(
            reverse("match-add-event", args=[s.match.pk]),
            {"kind": "completion", "player": h[7].pk},
            **HTMX,
        )


def test_a_reported_match_page_is_bounded_too(in_play, django_capture_on_commit_callbacks):
    s, _ = in_play
    h = s.players("home")
    for player in h[1:11]:
        services.add_event(s.home_coach, s.match, kind="completion", player=player)
    with django_capture_on_commit_callbacks(execute=True):
        submit_and_confirm(
            s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0, seed=POST_GAME_SEED
        )
    url = reverse("match-detail", args=[s.match.pk])
    client = logged_in(s.commissioner)
    few = _page_queries(client, url)
    assert few <= REPORTED_PAGE_QUERIES
    page = html(client.get(url))
    assert "Correct the report" in page and "Version 1" in page
