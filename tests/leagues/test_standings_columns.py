"""Each ruleset's league table shows its own columns, with headers explained on the
page: a Blitz Bowl table (ranked by wins, then points scored) shows the points scored
and conceded and no league points, bonus, adjustment or casualties; a table ranked by
league points shows those and no points scored."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.leagues.factories import division_with_teams, played, teams_of

pytestmark = pytest.mark.django_db


def headers(html: str) -> list[str]:
    head = html.split('<table class="league-table">', 1)[1].split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", head)]


def standings(client, ruleset: str) -> str:
    division = division_with_teams(2)
    division.season.league.ruleset = ruleset
    division.season.league.save()
    division.season.ruleset = ruleset
    division.season.save()
    a, b = teams_of(division)
    played(a, b, (2, 1), division=division)
    return client.get(reverse("season-standings", args=[division.season_id])).content.decode()


def test_a_blitz_bowl_table_shows_points_scored_and_conceded_only(client):
    html = standings(client, "blitz_bowl")
    assert headers(html) == [
        "#", "Team", "P", "W", "D", "L", "TD+", "TD−", "TD±", "Conc", "Pts−", "Pts+"
    ]  # fmt: skip
    assert "LP" not in headers(html)
    assert "Pts+ points scored in games" in re.sub(r"\s+", " ", html)
    assert "ranked by wins, then points scored" in html
    assert "Win 3, draw 1, loss 0" not in html


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025", "classic"])
def test_a_table_ranked_by_league_points_shows_them(client, ruleset):
    html = standings(client, ruleset)
    assert headers(html) == [
        "#", "Team", "P", "W", "D", "L", "TD+", "TD−", "TD±", "Cas+", "Cas−", "Cas±",
        "Bon", "Adj", "Conc", "Pts",
    ]  # fmt: skip
    text = re.sub(r"\s+", " ", html)
    assert "Pts league points" in text and "Cas+ casualties caused" in text
    assert "Win 3, draw 1, loss 0." in text
