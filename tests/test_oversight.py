"""A commissioner's oversight page (dashboard/oversight.py): what waits on whom across
the leagues he runs, each line naming who is waited on and linking to where to act, in
a number of queries that does not grow with the lines. The world is
tests/league_world.py's: a match closed, one in play (home v third), one in its
pre-game (fourth v home), an open fixture (away v third)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from dashboard.oversight import IDLE_AFTER, oversight_for
from leagues.models import Fixture, Season, TeamEntry
from matches import services as match_services
from matches.models import Match, MatchEvent, Report
from tests.league_world import build_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(eager_celery):
    return build_world("Watch")


def _lines(user, kind=None):
    return [
        (w.kind, w.text, w.waits_on, w.url, w.overdue)
        for w in oversight_for(user).lines
        if kind is None or w.kind == kind
    ]


def _submit(world):
    match = world.in_play
    match_services.submit_report(
        world.home_coach, match, home_touchdowns=1, away_touchdowns=0, idempotency_key="w", seed=3
    )
    return Report.objects.get(match=match, is_current=True)


def test_a_report_waits_on_the_opponent_then_on_you_once_disputed(world):
    report = _submit(world)
    url = reverse("match-detail", args=[world.in_play.pk])
    [line] = _lines(world.commissioner, "confirmation")
    assert line == (
        "confirmation",
        "Watch Reavers v Watch Tigers: the report waits for the opponent's confirmation.",
        ("watch-third",),
        url,
        False,
    )
    Report.objects.filter(pk=report.pk).update(
        confirm_deadline=timezone.now() - datetime.timedelta(hours=1)
    )
    [line] = _lines(world.commissioner, "confirmation")
    assert line[4] is True and "past its deadline; you may confirm it" in line[1]
    match_services.dispute_report(world.third_coach, world.in_play, note="It was 0-0.")
    assert _lines(world.commissioner, "confirmation") == []
    assert _lines(world.commissioner, "dispute") == [
        (
            "dispute",
            "Watch Reavers v Watch Tigers: the report is disputed (It was 0-0.); "
            "confirm it or send it back.",
            ("you",),
            url,
            False,
        )
    ]


def test_a_post_game_waits_on_the_coaches_who_still_choose(world):
    _submit(world)
    match_services.confirm_report(world.third_coach, world.in_play)
    report = Report.objects.get(match=world.in_play, is_current=True)
    pending = report.post_game_result.get("pending", [])
    assert pending, "BB2020's step 4 waits for both coaches"
    [line] = _lines(world.commissioner, "post_game")
    assert line[2] == ("watch-home", "watch-third")
    assert f"({pending[0]['prompt']})" in line[1] and line[4] is False
    match_services.submit_post_game_choices(world.home_coach, world.in_play, side="home")
    [line] = _lines(world.commissioner, "post_game")
    assert line[2] == ("watch-third",)
    Report.objects.filter(pk=report.pk).update(
        hiring_deadline=timezone.now() - datetime.timedelta(days=1)
    )
    [line] = _lines(world.commissioner, "post_game")
    assert line[4] is True and "you may end the waiting" in line[1]


def test_a_fixture_past_its_deadline_waits_on_you(world):
    assert _lines(world.commissioner, "deadline") == []
    Fixture.objects.filter(pk=world.open_fixture.pk).update(deadline_passed_at=timezone.now())
    [line] = _lines(world.commissioner, "deadline")
    assert line[0:2] == (
        "deadline",
        f"Watch Marauders v Watch Tigers (round {world.open_fixture.round.number}): its "
        "deadline has passed; decide the fixture (reschedule it or award it).",
    )
    assert line[2:] == (("you",), reverse("fixture-detail", args=[world.open_fixture.pk]), True)
    # Decided (rescheduled: no longer held): nothing waits.
    Fixture.objects.filter(pk=world.open_fixture.pk).update(deadline_passed_at=None)
    assert _lines(world.commissioner, "deadline") == []


def test_a_match_left_without_activity_waits_on_both_coaches(world):
    assert _lines(world.commissioner, "idle") == []
    old = timezone.now() - IDLE_AFTER - datetime.timedelta(hours=1)
    Match.objects.filter(pk__in=[world.pre_game.pk, world.in_play.pk]).update(updated_at=old)
    # The match in play had a touchdown just now: only the pre-game is idle.
    [line] = _lines(world.commissioner, "idle")
    assert line[2] == ("watch-third", "watch-home") and "pre-game" in line[1]
    MatchEvent.objects.filter(match=world.in_play).update(created_at=old)
    assert len(_lines(world.commissioner, "idle")) == 2


def test_a_season_in_sign_up_counts_the_teams_re_drafted(world):
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.FINISHED)
    second = Season.objects.create(league=world.league, number=2, status=Season.Status.SIGN_UP)
    [line] = _lines(world.commissioner, "sign_up")
    assert line[1] == "Season 2: 0 of 4 teams re-drafted."
    assert line[2] == ("watch-away", "watch-home", "watch-third")
    assert line[3] == reverse("season-manage", args=[second.pk])
    for key in ("home", "away"):
        TeamEntry.objects.create(season=second, team=world.teams[key])
    [line] = _lines(world.commissioner, "sign_up")
    assert line[1] == (
        "Season 2: 2 of 4 teams re-drafted. 2 entered wait to be admitted to a division."
    )
    assert line[2] == ("watch-third", "you")
    # A first season: the teams waiting for a division, on its commissioner.
    TeamEntry.objects.create(season=world.other_season, team=world.teams["outsider"])
    assert _lines(world.other_commissioner) == [
        (
            "sign_up",
            "Season 1: 1 of 1 teams entered wait to be admitted to a division.",
            ("you",),
            reverse("season-manage", args=[world.other_season.pk]),
            False,
        )
    ]


def test_the_page_names_who_and_links_and_its_queries_do_not_grow(world, client):
    client.force_login(world.commissioner)
    url = reverse("league-oversight")
    page = client.get(url)
    assert page.status_code == 200 and "Nothing waits" in page.content.decode()

    _submit(world)
    Fixture.objects.filter(pk=world.open_fixture.pk).update(deadline_passed_at=timezone.now())
    old = timezone.now() - IDLE_AFTER - datetime.timedelta(hours=1)
    Match.objects.filter(pk=world.pre_game.pk).update(updated_at=old)
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.FINISHED)
    second = Season.objects.create(league=world.league, number=2, status=Season.Status.SIGN_UP)
    with CaptureQueriesContext(connection) as busy:
        page = client.get(url)
    text = page.content.decode()
    assert len(busy) <= 12
    assert "Waiting on watch-third" in text and "Waiting on you" in text
    assert "Waiting on watch-away, watch-home, watch-third" in text
    assert reverse("fixture-detail", args=[world.open_fixture.pk]) in text
    assert reverse("match-detail", args=[world.in_play.pk]) in text
    assert "Season 2: 0 of 4 teams re-drafted." in text

    # More of every kind: the same queries.
    waiting = Fixture.objects.filter(
        season=world.season, status=Fixture.Status.SCHEDULED, match__isnull=True
    )
    waiting.update(deadline_passed_at=timezone.now())
    TeamEntry.objects.create(season=second, team=world.teams["home"])
    world.other_league.commissioners.add(world.commissioner)
    TeamEntry.objects.create(season=world.other_season, team=world.teams["outsider"])
    with CaptureQueriesContext(connection) as busier:
        page = client.get(url)
    assert len(busier) == len(busy)
    assert page.content.decode().count("its deadline has passed") == waiting.count() > 1

    client.force_login(world.other_commissioner)
    other = client.get(url).content.decode()
    assert "Watch Reavers v" not in other and "Season 1: 1 of 1 teams entered" in other


def test_it_is_linked_from_home_and_the_league_and_needs_a_login(world, client):
    assert client.get(reverse("league-oversight")).status_code == 302
    client.force_login(world.commissioner)
    home = client.get(reverse("home")).content.decode()
    assert reverse("league-oversight") in home
    league = client.get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert reverse("league-oversight") in league
