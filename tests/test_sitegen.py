"""The generated site (``bench.sitegen``): two small leagues built on the test
database hold what played leagues hold, keep the invariants the tests use, and their
pages render for a visitor and for a signed-in coach."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from django.test import TestCase
from django.urls import reverse

from bench.site import answer
from bench.sitegen import checks
from bench.sitegen.build import Options, build
from leagues.models import Fixture, League, Season, StandingTotals
from matches import services
from matches.models import Match, PlayerMatchStats, PlayerSeasonTotals
from teams.models import InjuryRecord, Player, Team

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

OPTIONS = Options(leagues=2, teams=6, matches=24, seed=7, batch=1, password="sitegen-test-pass")


@pytest.fixture
def site():
    return build(OPTIONS, progress=lambda line: None)


def test_the_generated_leagues_hold_played_seasons_and_keep_the_invariants(site):
    assert [lg["name"] for lg in site["leagues"]] == ["Sitegen League 0", "Sitegen League 1"]
    assert checks.run_all() == []
    for entry in site["leagues"]:
        league = League.objects.get(pk=entry["id"])
        seasons = league.seasons.order_by("number")
        # 6 teams: a single round robin is 15 matches, so one closed season and 9 more
        assert [s.status for s in seasons] == [Season.Status.FINISHED, Season.Status.REGULAR_SEASON]
        played = Fixture.objects.filter(season__league=league, status=Fixture.Status.PLAYED)
        assert played.count() == 24
        assert Match.objects.filter(fixture__in=played, status=Match.Status.CLOSED).count() == 24
        assert StandingTotals.objects.filter(season__league=league).count() == 12
        assert PlayerSeasonTotals.objects.filter(season__league=league).exists()
        assert entry["to_play"], "the current round keeps fixtures to play"
        assert {f["home_coach"] for f in entry["to_play"]} <= {
            c["username"] for c in entry["coaches"]
        }
        assert league.commissioners.get().username == entry["commissioner"]
    assert InjuryRecord.objects.exists()
    spp = PlayerMatchStats.objects.aggregate(total=Sum("spp"))["total"]
    assert spp and spp == Player.objects.aggregate(total=Sum("spp_earned"))["total"]


def test_a_broken_treasury_or_standings_row_is_reported_by_the_checks(site):
    team = Team.objects.order_by("pk").first()
    Team.objects.filter(pk=team.pk).update(treasury=team.treasury + 5_000)
    StandingTotals.objects.filter(pk=StandingTotals.objects.order_by("pk")[0].pk).update(won=99)
    problems = checks.run_all()
    assert any(p.startswith("treasury = ledger: team") for p in problems)
    assert any(p.startswith("standings rows = aggregate") for p in problems)


def test_a_generated_league_s_pages_render(client, site):
    entry = site["leagues"][0]
    league = League.objects.get(pk=entry["id"])
    season = league.seasons.get(status=Season.Status.REGULAR_SEASON)
    team = Team.objects.get(pk=entry["coaches"][0]["team_id"])
    player = team.players.order_by("-spp_earned").first()
    match = Match.objects.filter(fixture__season=season).order_by("pk").first()
    pages = [
        reverse("league-home", args=[league.pk]),
        reverse("season-standings", args=[season.pk]),
        reverse("season-fixtures", args=[season.pk]),
        reverse("team-detail", args=[team.pk]),
        reverse("team-ledger", args=[team.pk]),
        reverse("player-detail", args=[player.pk]),
        reverse("match-detail", args=[match.pk]),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
    assert team.name in client.get(reverse("season-standings", args=[season.pk])).text
    coach = entry["coaches"][0]["username"]
    user = User.objects.get(username=coach)
    assert user.check_password(OPTIONS.password)
    client.force_login(user)
    for url in [reverse("home"), *pages[:4]]:
        assert client.get(url).status_code == 200, url
    assert team.name in client.get(reverse("home")).text  # the coach's dashboard
    commissioner = User.objects.get(username=entry["commissioner"])
    client.force_login(commissioner)
    assert client.get(reverse("league-oversight")).status_code == 200
    assert client.get(reverse("season-manage", args=[season.pk])).status_code == 200


def test_a_fixture_left_to_play_is_played_through_the_whole_flow_by_its_coaches(site):
    """What the load test does: the coaches of a fixture of the current round sign in
    and play it, pre-game to post-game; the books still balance after."""
    entry = site["leagues"][1]
    planned = entry["to_play"][0]
    fixture = Fixture.objects.get(pk=planned["fixture_id"])
    assert fixture.season_id == entry["current_season_id"]
    coaches = {
        side: User.objects.get(username=planned[f"{side}_coach"]) for side in ("home", "away")
    }
    assert (fixture.home.coach, fixture.away.coach) == (coaches["home"], coaches["away"])
    match = services.open_match(coaches["home"], fixture)
    match = services.start_pre_game(coaches["home"], match, seed=3)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=answer(choice)
        )
    match = services.start_match(coaches["away"], match)
    scorer = fixture.home.players.filter(status="active", miss_next_game=False).first()
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.submit_report(
            coaches["home"],
            match,
            seed=5,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[{"kind": "touchdown", "player": scorer.pk}],
        )
        match.refresh_from_db()
        services.confirm_report(coaches["away"], match)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.PLAYED
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (1, 0)
    assert checks.run_all() == []
