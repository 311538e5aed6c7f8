"""Team and player history: the team's matches page lists every match with
its opponent, result, winnings, TV before and after and the Treasury after; the player
page his matches, SPP gained and spent, injuries and the title his edition gives him;
both read in as many queries for 40 matches as for 5."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core import versions
from matches.history import team_matches, tv_at_kick_off
from matches.models import PlayerMatchStats
from rules_engine import edition_for
from rules_engine.bb2020.state import PlayerState
from teams.models import Player
from teams.selectors import value_breakdown
from teams.templatetags.dugout import gp
from tests.factories import UserFactory, drafted_team
from tests.teams.history_helpers import copies, played_match

pytestmark = pytest.mark.django_db


def html_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def rows_of(html: str, table_id: str) -> list[str]:
    body = html.split(f'id="{table_id}"', 1)[1].split("</tbody>", 1)[0]
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in body.split("<tr>")[2:]
    ]


def test_the_matches_page_shows_the_match_as_the_post_game_left_the_team(client):
    played = played_match(tag="Page")
    home, away = played.setup.home, played.setup.away
    home.refresh_from_db()
    report = played.first.reports.get(is_current=True)
    after = report.post_game_result["teams"]["home"]

    html = html_of(client.get(reverse("team-matches", args=[home.pk])))

    [row] = rows_of(html, "team-matches")
    assert row.startswith(f"v {away.name} Won 2–1 {gp(after['winnings'])}")
    assert f'href="/teams/{away.pk}/"' in html
    drafted_tv = tv_at_kick_off(home.ruleset, played.first.match_teams["home"])
    # Nothing was bought between the draft and kick-off: TV before is the drafted TV.
    assert drafted_tv == sum(p.current_value for p in home.players.filter(journeyman=False)) + (
        value_breakdown(home).team_value - value_breakdown(home).players
    )
    assert f"{gp(drafted_tv)} {gp(value_breakdown(home).team_value)} {gp(home.treasury)}" in row
    # The away side reads the same match from its side.
    [row] = rows_of(html_of(client.get(reverse("team-matches", args=[away.pk]))), "team-matches")
    assert row.startswith(f"@ {home.name} Lost 1–2")
    # The team sheet links to it.
    assert reverse("team-matches", args=[home.pk]) in html_of(
        client.get(reverse("team-detail", args=[home.pk]))
    )


def test_a_team_that_has_not_played_says_so(client):
    team = drafted_team(UserFactory(), name="Fresh Faces")
    html = html_of(client.get(reverse("team-matches", args=[team.pk])))
    assert "Fresh Faces has not played a match yet." in html


def test_an_unknown_team_is_a_404(client):
    assert client.get(reverse("team-matches", args=[999_999])).status_code == 404


def test_the_player_page_shows_his_matches_spp_injuries_and_title(client):
    played = played_match(tag="Career")
    away = played.setup.away
    scorer = Player.objects.get(
        pk=PlayerMatchStats.objects.get(match=played.first, touchdowns=2).player_id
    )
    html = html_of(client.get(reverse("player-detail", args=[scorer.pk])))
    [row] = rows_of(html, "career")
    stats = PlayerMatchStats.objects.get(player=scorer)
    assert row.startswith(f"v {away.name} 2 0 0 0 0")
    assert f"+{stats.spp}" in row
    assert f'id="spp-earned">{scorer.spp_earned}<' in html
    assert 'id="spp-spent">0<' in html

    victim = Player.objects.get(team=away, injuries__match=played.first)
    html = html_of(client.get(reverse("player-detail", args=[victim.pk])))
    assert f'href="/matches/{played.first.pk}/"' in html.split("<h2>Injuries</h2>", 1)[1]

    # Two advancements make a BB2020 player a Veteran.
    Player.objects.filter(pk=scorer.pk).update(advancements=2)
    versions.bump(teams=[scorer.team_id])  # as every change of a team does
    html = html_of(client.get(reverse("player-detail", args=[scorer.pk])))
    assert 'id="player-title">Veteran<' in html


def player(**career: int) -> PlayerState:
    return PlayerState(id=1, name="A", position_slug="x", number=1, **career)


def test_titles_are_the_editions_own():
    # BB2020 facts §4 step 3: "Titles after the 1st–6th advancement: Experienced,
    # Veteran, Emerging Star, Star, Super Star, Legend".
    bb2020 = edition_for("bb2020")
    titles = [
        bb2020.player_title(
            PlayerState(id=1, name="A", position_slug="x", number=1, advancements=n)
        )
        for n in range(7)
    ]
    assert titles == [
        None,
        "Experienced",
        "Veteran",
        "Emerging Star",
        "Star",
        "Super Star",
        "Legend",
    ]
    # Classic STAR PLAYER POINTS: "0 – 5 Rookie", "6 – 15 Experienced".
    classic = edition_for("classic")
    assert (
        classic.player_title(PlayerState(id=1, name="A", position_slug="x", number=1, spp=5))
        == "Rookie"
    )
    assert (
        classic.player_title(PlayerState(id=1, name="A", position_slug="x", number=1, spp=6))
        == "Experienced"
    )
    assert (
        edition_for("blitz_bowl").player_title(
            PlayerState(id=1, name="A", position_slug="x", number=1, spp=60, advancements=3)
        )
        is None
    )


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_history_pages_read_in_as_many_queries_for_40_matches_as_for_5(
    client, django_assert_max_num_queries
):
    played = played_match(tag="Count")
    team = played.setup.home
    scorer_id = PlayerMatchStats.objects.get(match=played.first, touchdowns=2).player_id
    pages = [reverse("team-matches", args=[team.pk]), reverse("player-detail", args=[scorer_id])]
    copies(played, 4)
    at_five = [_queries(client, url) for url in pages]
    assert len(team_matches(team)) == 5
    copies(played, 35)
    assert len(team_matches(team)) == 40
    for url, most in zip(pages, at_five, strict=True):
        with django_assert_max_num_queries(most):
            html = html_of(client.get(url))
        assert html.count('href="/matches/') >= 40
