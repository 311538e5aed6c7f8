"""Ratings beyond the league's page: the team's on its sheet (with a chart of
its rating after each match) and the coach's, one per league, on his profile; and the
NAF number a coach keeps on his profile for the NAF report (page and API).

Hand-computed as in test_ratings.py: a first win between new teams takes the winner
to 1662.31 (± 290.32) and the loser to 1337.69."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues import services as league_services
from leagues.insight.ratings_read import coach_ratings, team_ratings
from teams.models import CoachProfile
from tests.factories import UserFactory, drafted_team
from tests.insight.league import build_small_league, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def small():
    """Reavers beat Marauders 2-1; the Reavers' coach also coaches the Rovers in a
    second league, who lost their first match there."""
    world = build_small_league("Shown")
    c, s, t = world.commissioner, world.season, world.teams
    record(c, s, t["R"], t["M"], (2, 1))
    other = league_services.create_league(c, name="Another League", ruleset="bb2020")
    season = league_services.open_season(c, other, format="single")
    rovers = drafted_team(t["R"].coach, name="Shown Rovers")
    winners = drafted_team(UserFactory(username="shown-w"), name="Shown Winners")
    others = [drafted_team(UserFactory(), name=f"Shown Other {n}") for n in (1, 2)]
    for team in (rovers, winners, *others):
        league_services.admit_team(c, season, team)
    league_services.generate_schedule(c, season, start_date=datetime.date(2026, 3, 2))
    record(c, season, rovers, winners, (0, 1))
    world.rovers = rovers
    return world


def _rating_panel(client, team) -> str:
    """The rating the team sheet loads into its slot (htmx), as the sheet asks for it."""
    sheet = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    url = reverse("team-rating", args=[team.pk])
    assert f'hx-get="{url}"' in sheet
    return client.get(url, HTTP_HX_REQUEST="true").content.decode()


def test_the_team_sheet_shows_the_team_rating(client, small):
    panel = _rating_panel(client, small.teams["R"])
    assert 'id="team-rating"' in panel and "<html" not in panel
    assert "Shown League" in panel and "1662" in panel and "1-0-0" in panel and "+162" in panel
    assert "Another League" not in panel  # the Rovers played there, not the Reavers
    assert "chart-team-rating" not in panel  # one match: no line to draw yet


def test_without_scripts_the_rating_is_a_page_of_its_own(client, small):
    page = client.get(reverse("team-rating", args=[small.teams["R"].pk])).content.decode()
    assert "<h1>Shown Reavers: rating</h1>" in page and "1662" in page


def test_a_team_without_a_rated_match_shows_no_rating(client, small):
    assert 'id="team-rating"' not in _rating_panel(client, small.teams["I"])


def test_the_rating_chart_appears_after_a_second_match(client, small):
    c, s, t = small.commissioner, small.season, small.teams
    record(c, s, t["R"], t["T"], (1, 1))
    panel = _rating_panel(client, t["R"])
    assert f'id="chart-team-rating-{small.league.pk}"' in panel
    # Its figures: the rating after each match, the first the hand-computed 1662.
    figures = panel[panel.index(f'id="team-rating-{small.league.pk}-figures"') :]
    assert "1662" in figures.split("</table>")[0]


def test_the_coach_profile_lists_a_rating_per_league(client, small):
    coach = small.teams["R"].coach
    page = client.get(reverse("coach-profile", args=[coach.username])).content.decode()
    table = page[page.index('id="coach-ratings"') :].split("</table>")[0]
    assert table.index("Another League") < table.index("Shown League")  # by name
    assert "1338" in table and "1662" in table


def test_rating_reads_take_one_query_however_many_matches(small, django_assert_max_num_queries):
    c, s, t = small.commissioner, small.season, small.teams
    record(c, s, t["R"], t["T"], (1, 1))
    record(c, s, t["R"], t["I"], (0, 2))
    with django_assert_max_num_queries(1):
        assert [r.games for r in team_ratings(t["R"].pk)] == [3]
    with django_assert_max_num_queries(1):
        assert sorted(r.games for r in coach_ratings(t["R"].coach_id)) == [1, 3]


def _queries(client, url: str, **headers: str) -> int:
    client.get(url, **headers)  # warm the caches (fragments, sessions)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, **headers).status_code == 200
    return len(queries)


def test_the_query_counts_do_not_grow_with_the_matches(client, small):
    t = small.teams
    sheet = reverse("team-detail", args=[t["R"].pk])
    profile = reverse("coach-profile", args=[t["R"].coach.username])
    rating = reverse("team-rating", args=[t["R"].pk])

    def counts() -> tuple[int, int, int]:
        fragment = _queries(client, rating, HTTP_HX_REQUEST="true")
        return _queries(client, sheet), _queries(client, profile), fragment

    before = counts()
    record(small.commissioner, small.season, t["R"], t["T"], (1, 1))
    record(small.commissioner, small.season, t["R"], t["I"], (0, 2))
    assert counts() == before
    assert before[2] <= 2  # the team's name, its rating rows


def test_a_coach_sets_his_naf_number_on_his_profile_and_only_he_sees_it(client, small):
    coach = small.teams["R"].coach
    client.force_login(coach)
    response = client.post(reverse("my-profile"), {"naf_number": "24680"})
    assert response.status_code == 302
    assert CoachProfile.objects.get(user=coach).naf_number == 24680
    mine = client.get(reverse("coach-profile", args=[coach.username])).content.decode()
    assert 'value="24680"' in mine
    client.force_login(small.teams["M"].coach)
    theirs = client.get(reverse("coach-profile", args=[coach.username])).content.decode()
    assert "24680" not in theirs and "naf-number-form" not in theirs


def test_a_naf_number_already_taken_is_a_form_error_and_changes_nothing(client, small):
    CoachProfile.objects.create(user=small.teams["M"].coach, naf_number=555)
    client.force_login(small.teams["R"].coach)
    page = client.post(reverse("my-profile"), {"naf_number": "555"}).content.decode()
    assert "already on another coach" in page
    assert not CoachProfile.objects.filter(user=small.teams["R"].coach).exists()
    page = client.post(reverse("my-profile"), {"naf_number": "0"}).content.decode()
    assert "greater than or equal to 1" in page


def test_the_api_reads_sets_and_clears_the_naf_number(client, small):
    coach = small.teams["R"].coach
    url = reverse("api-naf-number")
    assert client.get(url).status_code in (401, 403)
    client.force_login(coach)
    assert client.get(url).json() == {"naf_number": None}
    response = client.post(url, {"naf_number": 777}, content_type="application/json")
    assert response.status_code == 200 and response.json() == {"naf_number": 777}
    CoachProfile.objects.create(user=small.teams["M"].coach, naf_number=888)
    taken = client.post(url, {"naf_number": 888}, content_type="application/json")
    assert taken.status_code == 400 and "naf_number" in taken.json()["fields"]
    assert CoachProfile.objects.get(user=coach).naf_number == 777
    cleared = client.post(url, {"naf_number": None}, content_type="application/json")
    assert cleared.json() == {"naf_number": None}
