"""One open match per team at a time: while a team's match is in its pre-game or in
play, none of its other matches starts a pre-game or kicks off, so a player killed in
round 1 never plays round 2. The service refuses with the other match named; the API
answers 400 and the page shows it as an error, and nothing changes. Two matches of
one team started at once: exactly one begins."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from leagues import services as league_services
from leagues.models import Season
from matches import services
from matches.errors import MatchError
from matches.models import Match
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import FixtureFactory
from tests.matches.factories import (
    POST_GAME_SEED,
    Setup,
    all_done,
    event,
    finish_pre_game,
    kick_off,
    league_match,
    submit_and_confirm,
)
from tests.test_concurrency import race

ROOT = Path(__file__).resolve().parent.parent.parent


def next_round(s: Setup, *, home: Any = None, away: Any = None, kind: str = "league") -> Setup:
    """Another fixture of the same season (the away side first at home by default),
    its match opened."""
    fixture = FixtureFactory(
        division=s.fixture.division, home=home or s.away, away=away or s.home, kind=kind
    )
    match = services.open_match(s.commissioner, fixture)
    return Setup(
        match, fixture, s.season, fixture.home, fixture.away,
        fixture.home.coach, fixture.away.coach, s.commissioner,
    )  # fmt: skip


def unchanged(match: Match, status: str) -> None:
    match.refresh_from_db()
    assert match.status == status
    if status == Match.Status.SCHEDULED:
        assert match.pre_game_seed is None and match.pre_game_started_at is None
    else:
        assert match.kicked_off_at is None


@pytest.mark.django_db
def test_round_2_cannot_begin_while_round_1_is_in_play(client):
    s = league_match()
    kick_off(s)
    later = next_round(s)
    with pytest.raises(MatchError) as refused:
        services.start_pre_game(later.home_coach, later.match)
    messages = refused.value.messages
    # Each team is told which match is in the way.
    assert {m.split(" is already")[0] for m in messages} == {s.home.name, s.away.name}
    assert all(f"{s.match.label} ({s.home.name} v {s.away.name}, in play)" in m for m in messages)
    unchanged(later.match, Match.Status.SCHEDULED)

    api = APIClient()
    api.force_authenticate(later.home_coach)
    response = api.post(f"/api/v1/matches/{later.match.pk}/start-pre-game/")
    assert response.status_code == 400
    assert f"is already playing {s.match.label}" in str(response.json())
    unchanged(later.match, Match.Status.SCHEDULED)

    client.force_login(later.home_coach)
    page = client.post(f"/matches/{later.match.pk}/start-pre-game/")
    assert page.status_code == 400
    assert f"is already playing {s.match.label}" in page.content.decode()
    unchanged(later.match, Match.Status.SCHEDULED)


@pytest.mark.django_db
def test_another_teams_match_is_not_in_the_way_but_a_pre_game_is():
    s = league_match()
    finish_pre_game(s)  # in its pre-game, not kicked off yet
    third_team = drafted_team(UserFactory(), name="Third Team")
    elsewhere = next_round(s, home=third_team, away=s.home)
    with pytest.raises(MatchError, match=rf"{s.home.name} is already playing .*in its pre-game"):
        services.start_pre_game(elsewhere.home_coach, elsewhere.match)
    # A match between two other teams begins as ever.
    fourth_team = drafted_team(UserFactory(), name="Fourth Team")
    others = next_round(s, home=third_team, away=fourth_team)
    assert services.start_pre_game(others.home_coach, others.match).status == Match.Status.PRE_GAME


def report_and_finish(s: Setup, capture: Any) -> None:
    scorer = s.players("home")[0]
    with capture(execute=True):
        submit_and_confirm(
            s.home_coach,
            s.match,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[event("touchdown", scorer)],
            seed=POST_GAME_SEED,
        )
    with capture(execute=True):
        all_done(s)
    services.close_match(s.home_coach, s.match)


@pytest.mark.django_db
def test_round_2_begins_once_round_1_is_finished(django_capture_on_commit_callbacks):
    s = league_match()
    kick_off(s)
    later = next_round(s)
    with pytest.raises(MatchError, match="already playing"):
        services.start_pre_game(later.home_coach, later.match)
    report_and_finish(s, django_capture_on_commit_callbacks)
    assert kick_off(later).status == Match.Status.IN_PLAY


@pytest.mark.django_db
def test_two_pre_games_begun_before_the_rule_kick_off_one_after_the_other(
    django_capture_on_commit_callbacks,
):
    """Two matches of one team both in pre-game (begun before this rule): the first
    begun kicks off; the second waits until it is finished."""
    s = league_match()
    finish_pre_game(s)
    later = next_round(s)
    # As a database of before the rule holds it: round 2's pre-game begun meanwhile.
    Match.objects.filter(pk=s.match.pk).update(status=Match.Status.SCHEDULED)
    finish_pre_game(later)
    Match.objects.filter(pk=s.match.pk).update(status=Match.Status.PRE_GAME)

    with pytest.raises(MatchError, match=rf"already playing {s.match.label} .*before kicking off"):
        services.start_match(later.home_coach, later.match)
    unchanged(later.match, Match.Status.PRE_GAME)
    s.match = services.start_match(s.home_coach, s.match)
    assert s.match.status == Match.Status.IN_PLAY
    with pytest.raises(MatchError, match=rf"already playing {s.match.label} .*in play"):
        services.start_match(later.home_coach, later.match)
    report_and_finish(s, django_capture_on_commit_callbacks)
    assert services.start_match(later.home_coach, later.match).status == Match.Status.IN_PLAY


@pytest.mark.django_db
def test_a_match_nothing_can_finish_is_not_in_the_way():
    """A match left in play whose fixture the commissioner settled as a forfeit takes
    no report: it does not hold its teams for ever."""
    s = league_match()
    kick_off(s)
    league_services.award_forfeit(s.commissioner, s.fixture, kind="unplayed")
    later = next_round(s)
    assert services.start_pre_game(later.home_coach, later.match).status == Match.Status.PRE_GAME


def two_matches_of_one_team() -> tuple[Setup, Setup]:
    s = league_match()
    third_team = drafted_team(UserFactory())
    return s, next_round(s, home=third_team, away=s.home)


def check_one_began(first: Setup, second: Setup, results: list[Any]) -> None:
    begun = [r for r in results if isinstance(r, Match)]
    refused = [r for r in results if not isinstance(r, Match)]
    assert len(begun) == 1 and len(refused) == 1, results
    assert isinstance(refused[0], MatchError), refused
    assert "is already playing" in str(refused[0])
    statuses = sorted(
        Match.objects.filter(pk__in=[first.match.pk, second.match.pk]).values_list(
            "status", flat=True
        )
    )
    assert statuses == sorted([Match.Status.PRE_GAME, Match.Status.SCHEDULED])


def pre_games_race() -> None:
    first, second = two_matches_of_one_team()
    results = race(
        [
            lambda: services.start_pre_game(first.home_coach, first.match),
            lambda: services.start_pre_game(second.home_coach, second.match),
        ]
    )
    check_one_began(first, second, results)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_pre_games_of_one_team_started_at_once_on_postgresql_one_begins():
    for _ in range(3):
        pre_games_race()


def _race_on_this_database() -> None:
    """Run in the child process (Django set up): migrate the file database, then race."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    for _ in range(3):
        pre_games_race()
    connection.close()
    print("race ok")


def test_two_pre_games_of_one_team_started_at_once_on_a_sqlite_file_one_begins(settings, tmp_path):
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("this run is on PostgreSQL: the test above covers it")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    code = (
        "import django; django.setup(); "
        "from tests.matches.test_one_open_match import _race_on_this_database; "
        "_race_on_this_database()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "race ok" in result.stdout


@pytest.mark.django_db
def test_a_season_past_its_regular_season_frees_a_stale_league_match():
    """A league match left in play when its season moved on can take no report (the
    season no longer plays league fixtures): it holds nobody."""
    s = league_match()
    kick_off(s)
    Season.objects.filter(pk=s.season.pk).update(status=Season.Status.PLAYOFFS)
    friendly = next_round(s, kind="friendly")
    assert (
        services.start_pre_game(friendly.home_coach, friendly.match).status == Match.Status.PRE_GAME
    )
