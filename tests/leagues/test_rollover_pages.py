"""The commissioner's page: close the season and open the next."""

from __future__ import annotations

import pytest
from django.test import Client

from leagues.models import Season
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory
from tests.leagues.test_rollover import play_all, season_of

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def commissioner():
    return UserFactory(username="commish")


@pytest.fixture
def season(commissioner):
    league = LeagueFactory(commissioners=[commissioner], name="Reikland League")
    teams = [drafted_team(name=f"{c} Page Team", players={"human-lineman": 11}) for c in "ABCD"]
    return season_of(commissioner, league, teams, format="single")


def action(season: Season) -> str:
    return f"/leagues/seasons/{season.pk}/manage/rollover/"


def test_the_commissioner_closes_the_season_and_manages_the_next(commissioner, season):
    client = client_for(commissioner)
    page = client.get(f"/leagues/seasons/{season.pk}/manage/").content.decode()
    assert "Close the season and open the next" in page
    assert "each coach re-drafts his team" in page
    play_all(season, commissioner)

    response = client.post(action(season), {"without_playoffs": "on"})

    opened = Season.objects.get(league=season.league, number=2)
    assert response.status_code == 302
    assert response["Location"] == f"/leagues/seasons/{opened.pk}/manage/"
    page = client.get(response["Location"]).content.decode()
    assert "The season is closed and the next is open for sign-up." in page
    waiting = page[page.index('id="awaiting-redraft"') :].split("</section>")[0]
    assert "Waiting to re-draft" in waiting
    assert waiting.count("Page Team (") == 4


def test_a_season_still_under_way_shows_the_reason_and_nothing_opens(commissioner, season):
    response = client_for(commissioner).post(action(season), {"without_playoffs": "on"})
    assert response.status_code == 400
    assert "6 league fixtures of" in response.content.decode()
    assert Season.objects.filter(league=season.league).count() == 1


def test_a_coach_may_not_close_a_season(season, commissioner):
    play_all(season, commissioner)
    coach = season.entries.first().team.coach
    response = client_for(coach).post(action(season), {"without_playoffs": "on"})
    assert response.status_code == 403
    assert Season.objects.filter(league=season.league).count() == 1
