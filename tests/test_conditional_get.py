"""Public pages answer ETag, Last-Modified and 304, and are served from the page cache
to visitors not signed in, never stale after a write (issue 15; config/conditional.py,
config/pages/stamps.py).

Every kind of write a league makes (a result, its correction, a forfeit, a points
adjustment, a team renamed even by a bare queryset update, a player hired) changes the
ETag of every page that shows it, and the page then shows the change; signing in
changes it too and makes the answer private."""

from __future__ import annotations

import datetime
import re
import time

import pytest
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.urls import reverse
from django.utils.http import http_date

from config.pages.models import PageStamp
from config.pages.stamps import written_group
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


def _renamed(commissioner, season):  # a bare queryset update, past every service
    Team.objects.filter(pk=_fixture(season).home_id).update(name="Renamed Raiders")


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
    PageStamp.objects.update(changed_ms=int(time.time() * 1000) - 60_000)  # settled
    signed_in = client.get(url)
    assert signed_in["ETag"] != anonymous["ETag"]
    assert "private" in signed_in["Cache-Control"]
    assert client.get(url, HTTP_IF_NONE_MATCH=anonymous["ETag"]).status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=signed_in["ETag"]).status_code == 304
    assert "Last-Modified" not in signed_in  # a date cannot say who asked
    client.logout()
    assert client.get(url, HTTP_IF_NONE_MATCH=signed_in["ETag"]).status_code == 200


def test_a_visitor_s_page_carries_no_csrf_token_and_sets_no_cookie(
    season, django_assert_num_queries
):
    """A visitor not signed in posts nothing, so his pages hold no CSRF token: no token
    to mask, to look for in the cached copy or to swap, no cookie set, and every visitor
    is served the same bytes. A coach signed in gets the token htmx sends."""
    url = _pages(season)["standings"]
    first = Client().get(url)
    visitor = Client()
    with django_assert_num_queries(0):  # the stamp's read aside: no query, no rendering
        second = visitor.get(url)
    assert second.status_code == 200 and second["ETag"] == first["ETag"]
    assert "csrftoken" not in second.cookies and "X-CSRFToken" not in second.content.decode()
    assert second.content == first.content
    coach = Client()
    coach.force_login(UserFactory())
    signed_in = coach.get(url).content.decode()
    token = signed_in.split('"X-CSRFToken": "')[1][:64]
    assert _unmask_cipher_token(token) == coach.cookies["csrftoken"].value


@pytest.mark.urls("tests.conditional_form_urls")
def test_a_second_visitor_gets_a_cached_form_with_his_own_csrf_token(
    season, django_assert_num_queries
):
    """A public page that does render a token (a form): the cached copy is served to the
    next visitor with his own token in its place."""
    first = Client().get("/form/")
    visitor = Client()
    with django_assert_num_queries(0):
        second = visitor.get("/form/")
    assert second.status_code == 200 and second["ETag"] == first["ETag"]
    secret = second.cookies["csrftoken"].value
    token = re.search(r'value="(\w{64})"', second.content.decode()).group(1)
    assert _unmask_cipher_token(token) == secret
    theirs = re.search(r'value="(\w{64})"', first.content.decode()).group(1)
    assert _unmask_cipher_token(theirs) != secret
    assert second.content.replace(token.encode(), b"") == first.content.replace(
        theirs.encode(), b""
    )


# Committed writes: inside a transaction that has written, a page's stamp also carries
# when its own uncommitted writes were, so it is never settled (config/pages/stamps.py).
@pytest.mark.django_db(transaction=True)
def test_last_modified_answers_if_modified_since_once_settled(client, commissioner, season):
    url = _pages(season)["standings"]
    client.get(url)
    client.get(url)
    long_ago = int(time.time() * 1000) - 60_000
    PageStamp.objects.update(changed_ms=long_ago)
    response = client.get(url)
    assert response["Last-Modified"] == http_date(long_ago // 1000)
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=response["Last-Modified"]).status_code == 304
    _result(commissioner, season)
    after = client.get(url, HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert after.status_code == 200 and "Last-Modified" not in after  # not yet settled


@pytest.mark.parametrize(
    ("sql", "group"),
    [
        ('SELECT "leagues_fixture"."id" FROM "leagues_fixture"', None),
        ('SELECT 1 FROM "teams_team" FOR UPDATE', None),
        ("(SELECT 1) UNION (SELECT 2)", None),
        ("WITH earned AS (SELECT 1) SELECT * FROM earned", None),
        ('SAVEPOINT "s1_x1"', None),
        ('INSERT INTO "leagues_fixture" ("id") VALUES (1)', "leagues"),
        ('INSERT OR IGNORE INTO "matches_match" ("id") VALUES (1)', "matches"),
        ('UPDATE "teams_player" SET "spp_earned" = 3', "teams"),
        ('DELETE FROM "leagues_league_commissioners" WHERE 1', "leagues"),
        ('UPDATE "auth_user" SET "last_login" = NULL', "auth"),
        ('UPDATE "django_session" SET "session_data" = \'\'', None),  # shown on no page
        ('INSERT INTO "axes_accessattempt" ("id") VALUES (1)', None),
        ("WITH gone AS (DELETE FROM x RETURNING id) SELECT 1", "*"),
        ('ALTER TABLE "teams_team" ADD COLUMN "x" integer', "*"),  # what it does is unknown
    ],
)
def test_which_statements_change_which_stamp(sql, group):
    assert written_group(sql) == group


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


def test_a_cached_page_carries_the_visitors_own_csp_nonce(season, settings):
    settings.DEBUG = True  # django-htmx's debug script is given the CSP nonce
    url = _pages(season)["standings"]
    first, second = Client().get(url), Client().get(url)
    for response in (first, second):
        nonces = re.findall(r'nonce="([^"]+)"', response.content.decode())
        policy = response["Content-Security-Policy"]
        assert nonces and all(f"'nonce-{nonce}'" in policy for nonce in nonces)
    assert re.findall(r'nonce="([^"]+)"', first.content.decode()) != re.findall(
        r'nonce="([^"]+)"', second.content.decode()
    )
