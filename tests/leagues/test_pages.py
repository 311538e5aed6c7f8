"""League pages: everyone reads; commissioners manage; refusals show as form errors."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues import services
from leagues.models import Fixture, League, Season
from tests.factories import TeamFactory, UserFactory
from tests.leagues.conftest import START

pytestmark = pytest.mark.django_db


def html(response) -> str:
    return response.content.decode()


def test_nav_links_to_leagues(client):
    assert f'href="{reverse("league-list")}"' in html(client.get(reverse("home")))


def test_public_pages_render_with_a_heading(client, scheduled):
    fixture = scheduled.fixtures.select_related("home", "away").first()
    services.record_result(
        fixture.home.coach,
        fixture,
        home_touchdowns=2,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
    )
    pages = {
        reverse("league-list"): "<h1>Leagues</h1>",
        reverse("league-home", args=[scheduled.league_id]): "<h1>Old World Cup</h1>",
        reverse("season-fixtures", args=[scheduled.pk]): "season 1: fixtures</h1>",
        reverse("season-standings", args=[scheduled.pk]): "season 1: standings</h1>",
        reverse("season-bracket", args=[scheduled.pk]): "season 1: play-offs</h1>",
        reverse("fixture-detail", args=[fixture.pk]): f"<h1>{fixture.home.name} v ",
    }
    for url, heading in pages.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert heading in html(response), url
        if "bracket" not in url and url != reverse("league-list"):
            assert 'class="table-wrap"' in html(response), url
    home = html(client.get(reverse("league-home", args=[scheduled.league_id])))
    assert "Round 1" in home and "Latest results" in home and "2–1" in home


def test_create_league_page(client):
    user = UserFactory()
    assert client.get(reverse("league-create")).status_code == 302  # to the login page
    client.force_login(user)
    response = client.get(reverse("league-create"))
    assert "<h1>Create a league</h1>" in html(response)
    response = client.post(
        reverse("league-create"),
        {
            "name": "Chaos Cup",
            "ruleset": "bb2020",
            "points_for_win": 3,
            "points_for_draw": 1,
            "points_for_loss": 0,
            "tie_breaker_1": "head_to_head",
            "tie_breaker_2": "touchdowns_scored",
        },
    )
    league = League.objects.get(name="Chaos Cup")
    assert response.status_code == 302
    assert league.tie_breakers == ["head_to_head", "touchdowns_scored"]
    response = client.post(
        reverse("league-create"),
        {
            "name": "chaos cup",
            "ruleset": "bb2020",
            "points_for_win": 0,
            "points_for_draw": 1,
            "points_for_loss": 0,
        },
    )
    assert response.status_code == 200
    assert "already exists" in html(response) and "at least as many points" in html(response)


def test_open_season_and_manage_as_commissioner(client, league, commissioner):
    client.force_login(commissioner)
    response = client.post(
        reverse("season-open", args=[league.pk]),
        {"format": "double", "playoff_format": "top_four", "divisions": "North\nSouth"},
    )
    season = Season.objects.get(league=league)
    assert response.status_code == 302
    assert sorted(season.divisions.values_list("name", flat=True)) == ["North", "South"]
    manage = reverse("season-manage", args=[season.pk])
    assert "season 1: manage</h1>" in html(client.get(manage))
    north = season.divisions.get(name="North")
    for _ in range(4):
        team = TeamFactory()
        response = client.post(
            reverse("season-manage-action", args=[season.pk, "admit"]),
            {"team": team.pk, "division": north.pk},
        )
        assert response.status_code == 302
    # South is empty: the schedule is refused, and the page says why.
    response = client.post(
        reverse("season-manage-action", args=[season.pk, "schedule"]),
        {"start_date": START.isoformat(), "days_per_round": 7},
    )
    assert response.status_code == 400
    assert "South has 0 teams; a division needs at least 4." in html(response)
    assert 'role="alert"' in html(response)


def test_manage_is_for_commissioners_only(client, sign_up):
    url = reverse("season-manage", args=[sign_up.pk])
    assert client.get(url).status_code == 403
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    action = reverse("season-manage-action", args=[sign_up.pk, "division"])
    assert client.post(action, {"name": "East"}).status_code == 403
    assert sign_up.divisions.count() == 1


def test_dock_and_playoff_forms_show_refusals(client, scheduled, commissioner):
    client.force_login(commissioner)
    team = scheduled.entries.first().team
    response = client.post(
        reverse("season-manage-action", args=[scheduled.pk, "dock"]),
        {"team": team.pk, "points": 3, "reason": "Fielded a dead player"},
    )
    assert response.status_code == 302
    response = client.post(reverse("season-manage-action", args=[scheduled.pk, "playoffs"]))
    assert response.status_code == 400 and "30 league fixtures" in html(response)
    standings = html(client.get(reverse("season-standings", args=[scheduled.pk])))
    assert "Fielded a dead player" in standings


def test_coach_enters_a_team(client, sign_up):
    team = TeamFactory()
    client.force_login(team.coach)
    url = reverse("season-enter", args=[sign_up.pk])
    assert "enter your team</h1>" in html(client.get(url))
    assert client.post(url, {"team": team.pk}).status_code == 302
    assert sign_up.entries.get().team == team


def test_fixture_forms_for_the_commissioner(client, scheduled, commissioner):
    fixture = scheduled.fixtures.select_related("home").first()
    url = reverse("fixture-detail", args=[fixture.pk])
    assert "Award a forfeit" not in html(client.get(url))
    client.force_login(fixture.home.coach)
    forfeit = reverse("fixture-action", args=[fixture.pk, "forfeit"])
    assert client.post(forfeit, {"kind": "unplayed"}).status_code == 403
    client.force_login(commissioner)
    assert "Award a forfeit" in html(client.get(url))
    response = client.post(forfeit, {"kind": "concession"})
    assert response.status_code == 400 and "Say which team conceded." in html(response)
    response = client.post(forfeit, {"kind": "concession", "conceded_by": fixture.home_id})
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.FORFEIT
    response = client.post(reverse("fixture-action", args=[fixture.pk, "reschedule"]), {"round": 2})
    assert response.status_code == 400 and "already settled" in html(response)


def test_page_query_counts_do_not_grow_with_the_league(client, commissioner, league):
    """The league home and fixtures pages: same number of queries for 4 and 8 teams."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.leagues.conftest import admitted_season

    counts = []
    for size in (4, 8):
        season = admitted_season(commissioner, league, size, prefix=f"Size {size}")
        services.generate_schedule(commissioner, season, start_date=START)
        for fixture in season.fixtures.select_related("home")[:3]:
            services.record_result(
                commissioner,
                fixture,
                home_touchdowns=1,
                away_touchdowns=0,
                home_casualties=0,
                away_casualties=0,
            )
        page_counts = []
        for url in (
            reverse("league-home", args=[league.pk]),
            reverse("season-fixtures", args=[season.pk]),
            reverse("season-standings", args=[season.pk]),
        ):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            page_counts.append(len(queries))
        counts.append(page_counts)
        Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    assert counts[0] == counts[1]


def test_bracket_page_after_the_play_offs_start(client, commissioner, league):
    from tests.leagues.conftest import admitted_season

    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START)
    for fixture in season.fixtures.all():
        services.award_forfeit(commissioner, fixture, kind="unplayed")
    services.start_playoffs(commissioner, season)
    page = html(client.get(reverse("season-bracket", args=[season.pk])))
    assert 'class="table-wrap"' in page and "Semi-final 1" in page
    assert "Waits for both semi-finals." in page


def test_the_fixtures_are_rendered_once_per_change_of_the_season(client, scheduled, commissioner):
    """A long schedule is read and rendered once; the next visitor is served the kept
    fragment (no fixture rows read), until a result changes the season's version."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = reverse("season-fixtures", args=[scheduled.pk])
    with CaptureQueriesContext(connection) as first:
        page = html(client.get(url))
    assert "Round 1" in page
    with CaptureQueriesContext(connection) as again:
        assert html(client.get(url)) == page
    assert len(again) < len(first)
    assert not [q for q in again if 'FROM "leagues_fixture"' in q["sql"]]
    fixture = scheduled.fixtures.first()
    services.record_result(  # a commissioner's result (a coach's comes with his report)
        commissioner,
        fixture,
        home_touchdowns=3,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
    )
    assert "3–1" in html(client.get(url))
