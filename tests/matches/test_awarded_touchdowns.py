"""BB2025 conceding (bb2025-league-facts.md section 9; league_play.md "Touchdown"): the
opponent of a team that conceded wins 2-0 (or X-0) and its coach gives the SPP of each
awarded touchdown to one of his players who played, on the post-game page or through
the API; the engine refuses a player who did not play and a wrong count."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches.models import Match, Report
from teams.models import Player
from tests.matches.bb2025 import MATCHES, edition_match, kick_off_by_api, played
from tests.matches.test_bb2025_pages import html, logged_in

pytestmark = pytest.mark.django_db


def conceded_by_away(capture: Any, *, home: str = "human", set_up: int | None = None):
    """A BB2025 match of ``home`` v Orc the Orcs (away) conceded at 0-0, reported and
    confirmed."""
    s = edition_match("bb2025", home, "orc")
    coaches = kick_off_by_api(s)
    url = f"{MATCHES}/{s.match.pk}"
    body: dict[str, Any] = {
        "home_touchdowns": 0,
        "away_touchdowns": 0,
        "conceded_by": "away",
    }
    if set_up is not None:
        body["conceded_at_setup_players"] = set_up
    with capture(execute=True):
        response = coaches["home"].post(f"{url}/report/", body, format="json")
        assert response.status_code == 201, response.json()
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    s.match.refresh_from_db()
    return s, coaches


def waiting(s, kind: str) -> list[dict[str, Any]]:
    report = Report.objects.get(match=s.match, is_current=True)
    return [c for c in report.post_game_result.get("pending", []) if c["kind"] == kind]


def answer(s, coaches, capture, **body: Any):
    nominees = waiting(s, "mvp_nominees")
    if nominees:
        (choice,) = nominees
        body.setdefault(
            "mvp_nominees", choice["options"]["players"][: choice["options"]["nominees"]]
        )
    with capture(execute=True):
        return coaches["home"].post(
            f"{MATCHES}/{s.match.pk}/post-game-choices/",
            {"side": "home", **body},
            format="json",
        )


def test_the_winner_gives_each_awarded_touchdown_its_3_spp(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    s, coaches = conceded_by_away(capture)
    (choice,) = waiting(s, "awarded_touchdowns")
    assert choice["side"] == "home"
    assert choice["options"]["touchdowns"] == 2 and choice["options"]["spp_each"] == 3
    assert sorted(choice["options"]["players"]) == sorted(p.pk for p in played(s, "home"))
    star = played(s, "home")[0]
    before = Player.objects.get(pk=star.pk).spp
    response = answer(s, coaches, capture, awarded_touchdowns=[star.pk, star.pk])
    assert response.status_code == 200, response.json()
    assert not waiting(s, "awarded_touchdowns")
    assert Player.objects.get(pk=star.pk).spp >= before + 6


def test_without_penalty_the_winner_gives_them_too(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    s, _ = conceded_by_away(capture, set_up=2)
    (choice,) = waiting(s, "awarded_touchdowns")
    assert choice["options"]["touchdowns"] == 2


def test_a_brawlin_brutes_winner_gives_2_spp_each(django_capture_on_commit_callbacks):
    s, _ = conceded_by_away(django_capture_on_commit_callbacks, home="orc")
    (choice,) = waiting(s, "awarded_touchdowns")
    assert choice["options"]["spp_each"] == 2


@pytest.mark.parametrize(
    ("pick", "message"),
    [
        ("opponent", "may not be given one"),
        ("one", "name one player for each of the 2 awarded touchdowns (1 given)"),
    ],
)
def test_the_api_refuses_a_wrong_answer_and_changes_nothing(
    django_capture_on_commit_callbacks, pick, message
):
    capture = django_capture_on_commit_callbacks
    s, coaches = conceded_by_away(capture)
    home, away = played(s, "home")[0], played(s, "away")[0]
    given = [home.pk, away.pk] if pick == "opponent" else [home.pk]
    response = answer(s, coaches, capture, awarded_touchdowns=given)
    assert response.status_code == 400
    assert message in str(response.json())
    assert waiting(s, "awarded_touchdowns")
    s.match.refresh_from_db()
    assert s.match.status == Match.Status.REPORT_SUBMITTED


def test_the_page_offers_a_player_per_awarded_touchdown(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    s, _ = conceded_by_away(capture)
    client = logged_in(s.home_coach)
    page = html(client.get(reverse("match-detail", args=[s.match.pk])))
    assert "Awarded touchdown 1 of 2: its 3 SPP go to" in page
    assert "Awarded touchdown 2 of 2: its 3 SPP go to" in page
    (nominate,) = waiting(s, "mvp_nominees")
    players = nominate["options"]["players"]
    chosen = played(s, "home")[1]
    form = {
        "home-mvp_nominees": players[: nominate["options"]["nominees"]],
        "home-awarded_touchdowns_1": chosen.pk,
        "home-awarded_touchdowns_2": chosen.pk,
    }
    with capture(execute=True):
        response = client.post(reverse("match-post-game-choices", args=[s.match.pk, "home"]), form)
    assert response.status_code == 302, html(response)
    report = Report.objects.get(match=s.match, is_current=True)
    assert report.post_game_choices["awarded_touchdowns"]["home"] == [chosen.pk, chosen.pk]


def test_past_the_deadline_the_first_players_in_team_sheet_order_get_them(
    django_capture_on_commit_callbacks,
):
    from django.utils import timezone

    capture = django_capture_on_commit_callbacks
    s, _ = conceded_by_away(capture)
    (choice,) = waiting(s, "awarded_touchdowns")
    first = choice["options"]["players"][:2]
    Report.objects.filter(match=s.match, is_current=True).update(hiring_deadline=timezone.now())
    with capture(execute=True):
        response = logged_in(s.commissioner).post(reverse("match-end-post-game", args=[s.match.pk]))
    assert response.status_code == 302
    report = Report.objects.get(match=s.match, is_current=True)
    assert report.post_game_choices["awarded_touchdowns"]["home"] == first
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.POST_GAME
