"""A team's TV, CTV and Treasury per match, and a player's SPP over his career, charted
on the pages that list them from the figures each match stored: four
matches whose post-game figures are set by hand (the third still waiting for its
post-game), a scorer whose SPP per match is set by hand."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.charts import thousands
from matches.models import Report
from matches.services import correct_report
from tests.charts.worlds import team_history
from tests.factories import UserFactory, drafted_team
from tests.teams.history_helpers import copies, played_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def history():
    return team_history()


def figures(html: str, slug: str) -> list[list[str]]:
    body = html.split(f'id="{slug}-figures"', 1)[1].split("</tbody>", 1)[0]
    rows = body.split("<tbody>", 1)[1].split("</tr>")[:-1]
    return [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in rows]


def polylines(html: str, slug: str) -> list[list[str]]:
    svg = html.split(f'id="chart-{slug}"', 1)[1].split("</svg>", 1)[0]
    return [
        re.findall(r'<polyline points="([^"]*)"', group)
        for group in svg.split('<g class="series ')[1:]
    ]


def test_the_team_page_charts_tv_ctv_and_treasury_after_each_match(client, history):
    played, matches, _ = history
    away = played.setup.away.name
    html = client.get(reverse("team-matches", args=[played.setup.home.pk])).content.decode()

    rows = figures(html, "team-value")
    assert [row[1:] for row in rows] == [
        ["1,000k", "950k"],
        ["1,040k", "1,040k"],
        ["—", "—"],
        ["1,090k", "1,010k"],
    ]
    assert rows[0][0].startswith(f"1. v {away}")
    # TV and CTV: axis 950k..1,100k in 50k steps over y 190..12 (178 units for
    # 150k); x 50, 162.7, 275.3, 388. TV 1,000k -> 190 - 50/150*178 = 130.7;
    # 1,040k -> 83.2; 1,090k -> 23.9. CTV 950k -> 190; 1,010k -> 118.8.
    # The waiting third match is a gap: two segments each.
    assert polylines(html, "team-value") == [
        ["50,130.7 162.7,83.2", "388,23.9"],
        ["50,190 162.7,83.2", "388,118.8"],
    ]
    assert ">950k</text>" in html and ">1,100k</text>" in html
    # Treasury from the ledger (not the 60k, 110k, 20k the post-games stored): 490k,
    # 530k, (waiting), 550k; axis from zero 0..600k in 200k steps: 490k -> 190 -
    # 490/600*178 = 44.6, 530k -> 32.8, 550k -> 26.8.
    assert [row[1:] for row in figures(html, "team-treasury")] == [
        ["490k"],
        ["530k"],
        ["—"],
        ["550k"],
    ]
    assert polylines(html, "team-treasury") == [["50,44.6 162.7,32.8", "388,26.8"]]
    # Accessible: the svg is an image named by its title, described by its description.
    assert (
        'role="img" aria-labelledby="team-value-title" aria-describedby="team-value-desc"' in html
    )
    assert "style=" not in html.split('id="chart-team-value"', 1)[1].split("</figure>", 1)[0]


def test_the_player_page_charts_his_spp_match_by_match(client, history):
    _, _, scorer_id = history
    html = client.get(reverse("player-detail", args=[scorer_id])).content.decode()
    # SPP in all: 8, 10, 10, 15; in the match: 8, 2, 0, 5.
    assert [row[1:] for row in figures(html, "career-spp")] == [
        ["8", "8"],
        ["10", "2"],
        ["10", "0"],
        ["15", "5"],
    ]
    # Axis 0..15 in steps of 5 (178 units for 15): 8 -> 95.1, 10 -> 71.3, 15 -> 12;
    # 2 -> 166.3, 0 -> 190, 5 -> 130.7.
    [in_all, per_match] = polylines(html, "career-spp")
    assert in_all == ["50,95.1 162.7,71.3 275.3,71.3 388,12"]
    assert per_match == ["50,95.1 162.7,166.3 275.3,190 388,130.7"]
    assert "SPP in all: <strong>15</strong>" in html


def test_a_team_without_matches_has_no_chart(client):
    team = drafted_team(UserFactory(), name="No Chart")
    html = client.get(reverse("team-matches", args=[team.pk])).content.decode()
    assert "chart-team-value" not in html


def test_the_charts_cost_no_query_more_for_a_longer_history(
    client, history, django_assert_max_num_queries
):
    played, _, scorer_id = history
    pages = [
        reverse("team-matches", args=[played.setup.home.pk]),
        reverse("player-detail", args=[scorer_id]),
    ]
    counts = []
    for url in pages:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        counts.append(len(captured))
    copies(played, 30)
    for url, most, slug in zip(pages, counts, ["team-value", "career-spp"], strict=True):
        with django_assert_max_num_queries(most):
            html = client.get(url).content.decode()
        assert len(figures(html, slug)) == 34


def test_a_correction_redraws_the_match_from_its_new_figures(client):
    """A commissioner's correction (the post-game reverted and applied again on the
    corrected report) moves the match's Treasury point: it is read from the ledger."""
    played = played_match(tag="Corrected")
    home = played.setup.home
    url = reverse("team-matches", args=[home.pk])
    [[_, before]] = figures(client.get(url).content.decode(), "team-treasury")
    correct_report(
        played.setup.commissioner,
        played.first,
        home_touchdowns=0,
        away_touchdowns=0,
        events=[],
        note="Nobody scored",
    )
    home.refresh_from_db()
    assert Report.objects.get(match=played.first, is_current=True).version == 2
    # A draw earns 20k less than the 2-1 win: the ledger took the difference back
    # (a correction entry), and the chart shows the Treasury the team has now.
    [[_, shown]] = figures(client.get(url).content.decode(), "team-treasury")
    assert (before, shown) == (thousands(home.treasury + 20_000), thousands(home.treasury))
