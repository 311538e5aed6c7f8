"""Public pages answer ETag, Last-Modified and 304 (Django's ``condition``, from the
versions of the leagues and teams they show: core/conditional.py, core/versions.py),
never stale after a write.

Every kind of write a league makes (a result, its correction, a forfeit, a points
adjustment, a team renamed, a player hired) bumps the versions in its transaction,
so it changes the ETag of every page that shows it, and the page then shows the
change; signing in changes it too and makes the answer private."""

from __future__ import annotations

import datetime
import re

import pytest
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.http import http_date

from core import versions
from core.models import Version
from leagues import services
from leagues.models import Fixture, Season
from rules_engine.dice import SeededDice
from teams import services as team_services
from teams.models import Team
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def commissioner(db):
    return UserFactory()


@pytest.fixture
def season(commissioner) -> Season:
    league = LeagueFactory(commissioners=[commissioner])
    season = services.open_season(commissioner, league, divisions=["North"])
    division = season.divisions.get()
    for n in range(4):
        team = drafted_team(UserFactory(), name=f"Conditional {n}")
        services.admit_team(commissioner, season, team, division)
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    season.refresh_from_db()
    return season


def _pages(season: Season) -> dict[str, str]:
    team = season.entries.order_by("team__name").first().team
    return {
        "standings": reverse("season-standings", args=[season.pk]),
        "league home": reverse("league-home", args=[season.league_id]),
        "fixtures": reverse("season-fixtures", args=[season.pk]),
        "leaderboards": reverse("leaderboards-season", args=[season.pk]),
        "team sheet": reverse("team-detail", args=[team.pk]),
    }


def _fixture(season: Season) -> Fixture:
    return season.fixtures.filter(kind=Fixture.Kind.LEAGUE).order_by("id").first()


def _etags(client: Client, season: Season) -> dict[str, str]:
    client.get(_pages(season)["standings"])  # a first visit is given its CSRF cookie
    tags = {}
    for name, url in _pages(season).items():
        response = client.get(url)
        assert response.status_code == 200, name
        tags[name] = response["ETag"]
    return tags


def test_each_page_answers_304_to_its_etag_until_something_changes(client, season):
    client.get(_pages(season)["standings"])  # a first visit is given its CSRF cookie
    for name, url in _pages(season).items():
        first = client.get(url)
        assert first.status_code == 200
        assert "no-cache" in first["Cache-Control"] and "private" not in first["Cache-Control"]
        assert "Cookie" in first["Vary"]
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304, name
        assert again["ETag"] == first["ETag"] and not again.content


def _result(commissioner, season):
    services.record_result(
        commissioner,
        _fixture(season),
        home_touchdowns=2,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
    )


def _correction(commissioner, season):
    _result(commissioner, season)
    services.record_result(
        commissioner,
        _fixture(season),
        home_touchdowns=0,
        away_touchdowns=0,
        home_casualties=1,
        away_casualties=0,
    )


def _forfeit(commissioner, season):
    fixture = _fixture(season)
    services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away_id, dice=SeededDice(1)
    )


def _adjustment(commissioner, season):
    team = _fixture(season).home
    services.dock_points(commissioner, season, team, reason="Late report", points=2)


def _renamed(commissioner, season):
    # A write past the services (as in a command or a shell) bumps the versions itself.
    team_id = _fixture(season).home_id
    Team.objects.filter(pk=team_id).update(name="Renamed Raiders")
    versions.bump(leagues=[season.league_id], teams=[team_id])


def _hired(commissioner, season):
    team = season.entries.order_by("team__name").first().team
    team_services.hire_player(team.coach, team, "human-lineman", name="New Hire", number=16)


WRITES = {
    "result": (_result, "standings", "2</td>"),
    "correction": (_correction, "standings", "1</td>"),
    "forfeit": (_forfeit, "fixtures", "Conceded"),
    "adjustment": (_adjustment, "standings", "Late report"),
    "team renamed": (_renamed, "standings", "Renamed Raiders"),
    "player hired": (_hired, "team sheet", "New Hire"),
}


@pytest.mark.parametrize("write", WRITES)
def test_every_kind_of_write_changes_the_etag_and_the_page_shows_it(
    client, commissioner, season, write
):
    change, page, shown = WRITES[write]
    before = _etags(client, season)
    cached = client.get(_pages(season)[page]).content.decode()
    change(commissioner, season)
    after = _etags(client, season)
    unchanged = [name for name in before if before[name] == after[name]]
    # The standings don't show a hired player (their stamp leaves the players' team
    # sheets aside only when nothing of the leagues', teams' or users' tables moved).
    assert unchanged == [], f"{write} left {unchanged} with the ETag of before"
    url = _pages(season)[page]
    assert client.get(url, HTTP_IF_NONE_MATCH=before[page]).status_code == 200
    fresh = client.get(url).content.decode()
    assert shown.lower() in fresh.lower() and fresh != cached


def test_signing_in_changes_the_etag_and_makes_the_answer_private(client, season):
    url = _pages(season)["standings"]
    client.get(url)
    anonymous = client.get(url)
    client.force_login(UserFactory())
    client.get(url)
    Version.objects.update(changed_at=timezone.now() - datetime.timedelta(minutes=1))  # settled
    signed_in = client.get(url)
    assert signed_in["ETag"] != anonymous["ETag"]
    assert "private" in signed_in["Cache-Control"]
    assert client.get(url, HTTP_IF_NONE_MATCH=anonymous["ETag"]).status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=signed_in["ETag"]).status_code == 304
    assert "Last-Modified" not in signed_in  # a date cannot say who asked
    client.logout()
    assert client.get(url, HTTP_IF_NONE_MATCH=signed_in["ETag"]).status_code == 200


def test_a_visitor_s_page_carries_no_csrf_token_and_sets_no_cookie(season):
    """A visitor not signed in posts nothing, so his pages hold no CSRF token: no cookie
    set, and every visitor is served the same bytes. A coach signed in gets the token
    htmx sends."""
    url = _pages(season)["standings"]
    first = Client().get(url)
    second = Client().get(url)
    assert second.status_code == 200 and second["ETag"] == first["ETag"]
    assert "csrftoken" not in second.cookies and "X-CSRFToken" not in second.content.decode()
    assert second.content == first.content
    coach = Client()
    coach.force_login(UserFactory())
    signed_in = coach.get(url).content.decode()
    token = signed_in.split('"X-CSRFToken": "')[1][:64]
    assert _unmask_cipher_token(token) == coach.cookies["csrftoken"].value


@pytest.mark.urls("tests.conditional_form_urls")
def test_each_visitor_of_a_page_with_a_form_gets_his_own_csrf_token(season):
    """A public page that does render a token (a form): each visitor's page carries a
    token of his own cookie, and his ETag names that cookie."""
    first = Client().get("/form/")
    visitor = Client()
    second = visitor.get("/form/")
    assert second.status_code == 200
    secret = second.cookies["csrftoken"].value
    token = re.search(r'value="(\w{64})"', second.content.decode()).group(1)
    assert _unmask_cipher_token(token) == secret
    theirs = re.search(r'value="(\w{64})"', first.content.decode()).group(1)
    assert _unmask_cipher_token(theirs) != secret
    assert second.content.replace(token.encode(), b"") == first.content.replace(
        theirs.encode(), b""
    )
    again = visitor.get("/form/")
    assert visitor.get("/form/", HTTP_IF_NONE_MATCH=again["ETag"]).status_code == 304
    assert again["ETag"] != second["ETag"], "the ETag names the cookie the form is masked with"


@pytest.mark.django_db(transaction=True)
def test_last_modified_answers_if_modified_since_once_settled(client, commissioner, season):
    url = _pages(season)["standings"]
    client.get(url)
    client.get(url)
    long_ago = timezone.now() - datetime.timedelta(minutes=1)
    Version.objects.update(changed_at=long_ago)
    response = client.get(url)
    assert response["Last-Modified"] == http_date(long_ago.timestamp())
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=response["Last-Modified"]).status_code == 304
    _result(commissioner, season)
    after = client.get(url, HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert after.status_code == 200 and "Last-Modified" not in after  # not yet settled


def test_the_team_sheet_api_answers_304_until_the_team_changes(client, commissioner, season):
    team = season.entries.order_by("team__name").first().team
    url = f"/api/v1/teams/{team.pk}/"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    _hired(commissioner, season)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert "New Hire" in [p["name"] for p in after.json()["players"]]


def test_pages_carry_no_nonce_and_are_the_same_bytes_for_every_visitor(season, settings):
    settings.DEBUG = True  # django-htmx's debug script is a static file too
    url = _pages(season)["standings"]
    first, second = Client().get(url), Client().get(url)
    for response in (first, second):
        assert "nonce" not in response.content.decode()
        assert "nonce" not in response["Content-Security-Policy"]
    assert first.content == second.content
