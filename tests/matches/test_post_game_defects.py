"""Issue 12's post-game defects, each reproduced: Expensive Mistakes rolled on a stale
Treasury, a post-game that could never be applied once the Treasury dropped, and
post-game step 4 skipped when nobody had a decision to make."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from matches import services
from matches.errors import MatchError
from matches.models import DiceRoll, Match, PostGameApplication
from rules_engine.bb2020 import expensive_mistake
from teams.errors import TeamError
from teams.models import Player
from teams.selectors import value_breakdown
from teams.services import correct_treasury, hire_player
from teams.templatetags.dugout import gp
from tests.factories import assert_treasury_is_ledger
from tests.leagues.factories import FixtureFactory
from tests.matches.factories import (
    POST_GAME_SEED,
    Setup,
    all_done,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = pytest.mark.django_db


def _report(s: Setup, capture, home: int = 1, away: int = 0, *, seed: int = POST_GAME_SEED):
    scorer = s.players("home")[0]
    with capture(execute=True):
        return submit_and_confirm(
            s.home_coach,
            s.match,
            home_touchdowns=home,
            away_touchdowns=away,
            events=[event("touchdown", scorer)] * home,
            seed=seed,
        ).report


def test_step_4_waits_for_both_coaches_before_expensive_mistakes(
    django_capture_on_commit_callbacks,
):
    s = league_match()
    kick_off(s)
    report = _report(s, django_capture_on_commit_callbacks)
    s.refresh()
    assert s.match.status == Match.Status.REPORT_SUBMITTED
    assert {(c["side"], c["kind"]) for c in report.post_game_result["pending"]} == {
        ("home", "hiring"),
        ("away", "hiring"),
    }
    # The results are on the teams already (winnings, fans, SPP); nothing after step 4.
    assert PostGameApplication.objects.filter(report=report, phase="results").count() == 1
    assert not PostGameApplication.objects.filter(report=report, phase="final").exists()
    assert s.home.ledger_entries.filter(reason="winnings").exists()
    assert not DiceRoll.objects.filter(report=report, step="expensive_mistakes").exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_post_game_choices(s.home_coach, s.match)
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_post_game_choices(s.away_coach, s.match)
    s.refresh()
    assert s.match.status == Match.Status.POST_GAME
    assert PostGameApplication.objects.filter(report=report, phase="final").count() == 1
    assert DiceRoll.objects.filter(report=report, step="expensive_mistakes").exists()


def test_expensive_mistakes_roll_on_the_treasury_after_what_the_coach_bought(
    django_capture_on_commit_callbacks,
):
    """The reported case: 450k + winnings in the Treasury, an Ogre hired (-140k) while
    the post-game waited; Expensive Mistakes must read what is left, and the match
    page must say what the team sheet says."""
    s = league_match()
    kick_off(s)
    _report(s, django_capture_on_commit_callbacks)
    s.refresh()
    hire_player(s.home_coach, s.home, "human-ogre", name="Grumbold")
    s.refresh()
    left = s.home.treasury
    with django_capture_on_commit_callbacks(execute=True):
        all_done(s)
    report = s.match.reports.get(is_current=True)
    mistake = report.post_game_result["teams"]["home"]["expensive_mistake"]
    assert mistake["treasury_before"] == left
    roll = DiceRoll.objects.get(report=report, purpose="Expensive Mistakes: home")
    assert mistake["outcome"] == expensive_mistake(left, roll.result)
    s.refresh()
    assert s.home.treasury == left - mistake["gold_lost"]
    assert_treasury_is_ledger(s.home)
    shown = report.post_game_result["teams"]["home"]
    value = value_breakdown(s.home)
    assert (shown["treasury"], shown["team_value"], shown["current_team_value"]) == (
        s.home.treasury,
        value.team_value,
        value.current_team_value,
    )
    page = Client().get(f"/matches/{s.match.pk}/").content.decode()
    sheet = Client().get(f"/teams/{s.home.pk}/").content.decode()
    treasury = gp(s.home.treasury)
    assert f'Treasury</th><td class="num">{treasury}' in page and treasury in sheet


def test_a_team_buys_nothing_while_its_match_is_in_play(django_capture_on_commit_callbacks):
    """Eleven linemen, kicked off: spending the Treasury while the match is in play is
    refused with the reason; the report then applies, whatever the commissioner did to
    the Treasury meanwhile."""
    s = league_match(home_players={"human-lineman": 11})
    kick_off(s)
    with pytest.raises(TeamError, match="is playing Match"):
        hire_player(s.home_coach, s.home, "human-lineman", name="Too Soon")
    s.refresh()
    correct_treasury(s.commissioner, s.home, -s.home.treasury, "Fined to nothing")
    _report(s, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        all_done(s)
    s.refresh()
    assert s.match.status == Match.Status.POST_GAME
    assert s.match.applications.filter(reverted_at=None).count() == 2
    assert_treasury_is_ledger(s.home)
    services.close_match(s.home_coach, s.match)


def test_two_open_matches_of_one_team_both_apply(django_capture_on_commit_callbacks):
    """A team with two matches in play (begun before a team could have only one open
    match): the first's post-game takes gold (Expensive Mistakes) the second's pre-game
    saw; the second still applies, on what is left."""
    s = league_match(home_options={"rerolls": 0})
    kick_off(s)
    fixture = FixtureFactory(division=s.fixture.division, home=s.home, away=s.away)
    other = Setup(
        services.open_match(s.commissioner, fixture),
        fixture,
        s.season,
        s.home,
        s.away,
        s.home_coach,
        s.away_coach,
        s.commissioner,
    )
    with pytest.raises(MatchError, match="one match at a time"):
        kick_off(other)
    # As a database of before that rule holds them: the first match set aside while
    # the second begins, then both in play.
    Match.objects.filter(pk=s.match.pk).update(status=Match.Status.SCHEDULED)
    kick_off(other)
    Match.objects.filter(pk=s.match.pk).update(status=Match.Status.IN_PLAY)
    _report(s, django_capture_on_commit_callbacks, 3, 0)
    with django_capture_on_commit_callbacks(execute=True):
        all_done(s)
    _report(other, django_capture_on_commit_callbacks, 2, 0, seed=POST_GAME_SEED + 7)
    with django_capture_on_commit_callbacks(execute=True):
        all_done(other)
    for match in (s.match, other.match):
        assert match.applications.filter(phase="final", reverted_at=None).count() == 1
    assert_treasury_is_ledger(s.home)
    assert_treasury_is_ledger(s.away)


def test_a_pre_game_waits_for_the_teams_earlier_post_game(django_capture_on_commit_callbacks):
    s = league_match()
    kick_off(s)
    _report(s, django_capture_on_commit_callbacks)
    fixture = FixtureFactory(division=s.fixture.division, home=s.away, away=s.home)
    match = services.open_match(s.commissioner, fixture)
    with pytest.raises(MatchError, match="must finish the post-game of"):
        services.start_pre_game(s.away_coach, match)
    with django_capture_on_commit_callbacks(execute=True):
        all_done(s)
    assert services.start_pre_game(s.away_coach, match).status == Match.Status.PRE_GAME


def test_the_commissioner_ends_the_waiting_only_after_the_deadline(
    django_capture_on_commit_callbacks,
):
    s = league_match()
    kick_off(s)
    report = _report(s, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_post_game_choices(s.home_coach, s.match)
    with pytest.raises(MatchError, match="have until"):
        services.end_hiring_step(s.commissioner, s.match)
    with pytest.raises(Exception, match="commissioner"):
        services.end_hiring_step(s.home_coach, s.match)
    report.refresh_from_db()
    report.hiring_deadline = timezone.now() - timedelta(minutes=1)
    report.save(update_fields=["hiring_deadline"])
    with django_capture_on_commit_callbacks(execute=True):
        services.end_hiring_step(s.commissioner, s.match)
    s.refresh()
    assert s.match.status == Match.Status.POST_GAME
    assert s.match.applications.filter(phase="final").count() == 1
    assert Player.objects.filter(team=s.away, journeyman=True, status="active").count() == 0
