"""BB2025 post-game step 4 as the team pages meet it (bb2025-league-facts.md section 8,
step 4): new players are hired before any is fired, so a team that fired hires again
only after its next game (May 2026 FAQ, "hire before fire"); and firing never leaves
fewer than 11 players eligible for the next game. BB2020's facts (section 4, step 4)
set neither rule, and its teams keep firing and hiring freely."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches.models import Match
from teams.errors import TeamError
from teams.models import Player, PlayerSkill, PlayerStatus, Team
from teams.services import fire_player, hire_player
from tests.leagues.factories import FixtureFactory
from tests.matches.bb2025 import edition_match
from tests.matches.test_bb2025_pages import action, eligible, logged_in, nominate, reported

pytestmark = pytest.mark.django_db


def in_step_4(capture: Any, *, journeyman: bool = False):
    """A BB2025 match reported and both MVP nominations in: step 4 is open."""
    s, _ = reported(capture, journeyman=journeyman)
    for side, coach in (("home", s.home_coach), ("away", s.away_coach)):
        nominate(logged_in(coach), s, side, capture, eligible(s, side)[:6])
    s.match.refresh_from_db()
    assert s.match.status == Match.Status.REPORT_SUBMITTED
    return s


def not_captain(team: Team) -> Player:
    """One of the team's players who is not its Team Captain (he may not be fired)."""
    captains = PlayerSkill.objects.filter(
        player__team=team, source=PlayerSkill.Source.OTHER, skill="Pro"
    ).values_list("player_id", flat=True)
    return (
        Player.objects.filter(team=team, status=PlayerStatus.ACTIVE, journeyman=False)
        .exclude(pk__in=list(captains))
        .order_by("-number")
        .first()
    )


def lineman(team: Team) -> str:
    return f"{team.roster_slug}-lineman"


def test_a_firing_that_leaves_fewer_than_11_eligible_players_is_refused(
    django_capture_on_commit_callbacks,
):
    s = in_step_4(django_capture_on_commit_callbacks)
    victim = not_captain(s.home)
    with pytest.raises(TeamError, match="fewer than 11 players eligible for the next game"):
        fire_player(s.home_coach, victim)
    victim.refresh_from_db()
    assert victim.status == PlayerStatus.ACTIVE


def test_the_team_page_shows_why_the_firing_is_refused(django_capture_on_commit_callbacks):
    s = in_step_4(django_capture_on_commit_callbacks)
    victim = not_captain(s.home)
    client = Client()
    client.force_login(s.home_coach)
    response = client.post(reverse("player-fire", args=[victim.pk]), follow=True)
    assert "fewer than 11 players eligible for the next game" in response.content.decode()
    victim.refresh_from_db()
    assert victim.status == PlayerStatus.ACTIVE


def test_hiring_first_then_firing_is_allowed_but_not_hiring_again(
    django_capture_on_commit_callbacks,
):
    s = in_step_4(django_capture_on_commit_callbacks)
    s.home.refresh_from_db()
    hire_player(s.home_coach, s.home, lineman(s.home))
    fire_player(s.home_coach, not_captain(s.home))
    s.home.refresh_from_db()
    treasury = s.home.treasury
    with pytest.raises(TeamError, match="hires before it fires"):
        hire_player(s.home_coach, s.home, lineman(s.home))
    s.home.refresh_from_db()
    assert s.home.treasury == treasury
    assert Player.objects.filter(team=s.home, status=PlayerStatus.ACTIVE).count() == 11
    # The other team, which fired nobody, still hires.
    hire_player(s.away_coach, s.away, lineman(s.away))


def test_the_fired_positional_is_replaced_after_the_next_game_only(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    s = in_step_4(capture)
    hire_player(s.home_coach, s.home, lineman(s.home))
    fire_player(s.home_coach, not_captain(s.home))
    for side, coach in (("home", s.home_coach), ("away", s.away_coach)):
        with capture(execute=True):
            assert logged_in(coach).post(action(s, side)).status_code == 302
    s.match.refresh_from_db()
    assert s.match.status in (Match.Status.POST_GAME, Match.Status.CLOSED)
    # Step 4 is over, but the next game has not been played: still no hiring.
    with pytest.raises(TeamError, match="after the next game"):
        hire_player(s.home_coach, s.home, lineman(s.home))
    # The next game played (kicked off after the firing), a new player is hired.
    fixture = FixtureFactory(division=s.fixture.division, home=s.home, away=s.away)
    Match.objects.create(fixture=fixture, status=Match.Status.CLOSED, kicked_off_at=timezone.now())
    s.home.refresh_from_db()
    hire_player(s.home_coach, s.home, lineman(s.home))


def test_a_player_who_sat_this_game_out_counts_for_the_next(django_capture_on_commit_callbacks):
    """The away team's Human missed this game (MNG before it): he is back for the next
    one, so after hiring one player the away team may fire one and keep 11."""
    s = in_step_4(django_capture_on_commit_callbacks, journeyman=True)
    sat_out = Player.objects.filter(team=s.away, miss_next_game=True, journeyman=False)
    assert sat_out.count() == 1
    hire_player(s.away_coach, s.away, lineman(s.away))
    fired = fire_player(s.away_coach, not_captain(s.away))
    assert fired.status == PlayerStatus.FIRED


def test_bb2025_never_fires_below_11_outside_the_post_game_either():
    s = edition_match("bb2025", "orc", "human")
    with pytest.raises(TeamError, match="fewer than 11 players eligible"):
        fire_player(s.home_coach, not_captain(s.home))


def test_bb2020_fires_and_hires_as_before():
    """BB2020 facts (section 4, step 4) set no floor and no order: unchanged."""
    s = edition_match("bb2020", "orc", "human")
    count = Player.objects.filter(team=s.home, status=PlayerStatus.ACTIVE).count()
    fire_player(s.home_coach, not_captain(s.home))
    s.home.refresh_from_db()
    hire_player(s.home_coach, s.home, lineman(s.home))
    assert Player.objects.filter(team=s.home, status=PlayerStatus.ACTIVE).count() == count


def test_the_editions_say_which_rules_apply():
    """Facts section 8, step 4: 11 players; the post-game engine reads the same number."""
    from rules_engine.bb2025.postgame import Bb2025PostGameRules
    from rules_engine.draft import DRAFT_RULES

    assert DRAFT_RULES["bb2025"].fire_floor == 11 == Bb2025PostGameRules.fire_floor
    assert DRAFT_RULES["bb2025"].hires_before_fires
    assert DRAFT_RULES["bb2020"].fire_floor is None
    assert not DRAFT_RULES["bb2020"].hires_before_fires


def test_the_api_refuses_both_with_the_reason(django_capture_on_commit_callbacks):
    from tests.matches.bb2025 import client_for

    s = in_step_4(django_capture_on_commit_callbacks)
    api = client_for(s.home_coach)
    victim = not_captain(s.home)
    refused = api.post(f"/api/v1/players/{victim.pk}/fire/")
    assert refused.status_code == 400
    assert "fewer than 11 players eligible" in str(refused.json())
    hired = api.post(f"/api/v1/teams/{s.home.pk}/players/", {"position": lineman(s.home)})
    assert hired.status_code == 201, hired.json()
    assert api.post(f"/api/v1/players/{victim.pk}/fire/").status_code == 200
    again = api.post(f"/api/v1/teams/{s.home.pk}/players/", {"position": lineman(s.home)})
    assert again.status_code == 400
    assert "hires before it fires" in str(again.json())
