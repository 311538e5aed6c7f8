"""The request's one read of a match (``selectors.match_state``): what each viewer may
do at each step, and how many queries a page and a report step cost with it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches import selectors, services
from matches.models import Match
from tests.factories import UserFactory
from tests.matches.factories import POST_GAME_SEED, kick_off, league_match
from tests.matches.test_pages_flow import logged_in

pytestmark = pytest.mark.django_db

# A match page (in play, the home coach) and a report step (the opponent confirms
# through the page), each whole request.
MATCH_PAGE_QUERIES = 9
CONFIRM_STEP_QUERIES = 16
# The state itself: the match with its fixture, teams and league; the current report;
# the league's commissioners.
STATE_QUERIES = 3


def _may(state: selectors.MatchState) -> dict[str, bool]:
    return {
        "play": state.can_play,
        "report": state.can_report,
        "confirm": state.can_confirm,
        "dispute": state.can_dispute,
        "send_back": state.can_send_back,
        "correct": state.can_correct,
    }


NOTHING = dict.fromkeys(("play", "report", "confirm", "dispute", "send_back", "correct"), False)


@pytest.fixture
def submitted():
    """A league match whose report the home coach submitted: waiting for the away coach."""
    s = league_match()
    kick_off(s)
    services.submit_report(
        s.home_coach, s.match, home_touchdowns=0, away_touchdowns=0, seed=POST_GAME_SEED
    )
    return s


def test_the_state_reads_the_match_its_teams_league_and_report(submitted):
    s = submitted
    with CaptureQueriesContext(connection) as queries:
        state = selectors.match_state(s.match.pk, s.commissioner)
    assert len(queries) <= STATE_QUERIES
    assert state.match.pk == s.match.pk and state.fixture.pk == s.fixture.pk
    assert (state.home, state.away) == (s.home, s.away)
    assert state.season == s.season and state.league == s.season.league
    assert state.ruleset is not None
    assert state.report is not None and state.report.submitted_by_id == s.home_coach.pk
    assert state.step == Match.Status.CONFIRMING
    assert state.team_names == {"home": s.home.name, "away": s.away.name}


def test_the_home_coach_who_submitted_waits(submitted):
    state = selectors.match_state(submitted.match.pk, submitted.home_coach)
    assert state.coached == ("home",) and not state.commissioner
    assert _may(state) == {**NOTHING, "play": True}
    assert not state.is_opponent
    assert state.answerable == ("home",)


def test_the_away_coach_confirms_or_disputes(submitted):
    state = selectors.match_state(submitted.match.pk, submitted.away_coach)
    assert state.coached == ("away",) and state.is_opponent
    assert _may(state) == {**NOTHING, "play": True, "confirm": True, "dispute": True}
    assert state.may_answer_for("away") and not state.may_answer_for("home")


def test_the_commissioner_sends_back_and_later_corrects(submitted):
    s = submitted
    state = selectors.match_state(s.match.pk, s.commissioner)
    assert state.coached == () and state.commissioner
    # Before the deadline and without a dispute, the opponent confirms, not him.
    assert _may(state) == {**NOTHING, "play": True, "send_back": True}
    assert state.answerable == ("home", "away")
    services.confirm_report(s.away_coach, s.match)
    state = selectors.match_state(s.match.pk, s.commissioner)
    assert state.step == Match.Status.REPORT_SUBMITTED
    assert _may(state) == {**NOTHING, "play": True, "correct": True}
    assert state.waiting_on == ("home", "away") == state.your_turn


@pytest.mark.parametrize("who", ["visitor", "another coach"])
def test_a_visitor_or_another_coach_may_do_nothing(submitted, who):
    user = AnonymousUser() if who == "visitor" else UserFactory()
    state = selectors.match_state(submitted.match.pk, user)
    assert _may(state) == NOTHING
    assert state.coached == () and state.answerable == () and not state.commissioner
    assert state.perms == selectors.MatchPermissions(play=False, correct=False, sides=())


def test_in_play_the_coaches_report():
    s = league_match()
    kick_off(s)
    home = selectors.match_state(s.match.pk, s.home_coach)
    assert home.step == Match.Status.IN_PLAY and home.report is None
    assert _may(home) == {**NOTHING, "play": True, "report": True}
    assert home.waiting_on == ()


def test_the_pre_game_waits_on_the_sides_whose_decision_it_is():
    s = league_match()
    services.start_pre_game(s.home_coach, s.match)
    match = Match.objects.get(pk=s.match.pk)
    pending = dict.fromkeys(c["side"] for c in match.pre_game_result["pending"])
    away = selectors.match_state(match.pk, s.away_coach)
    assert away.waiting_on == tuple(pending)
    assert away.your_turn == tuple(side for side in pending if side == "away")


def test_a_match_page_is_one_read_of_its_state(django_assert_max_num_queries):
    s = league_match()
    kick_off(s)
    services.add_event(s.home_coach, s.match, kind="touchdown", player=s.players("home")[0])
    client = logged_in(s.home_coach)
    with django_assert_max_num_queries(MATCH_PAGE_QUERIES):
        assert client.get(reverse("match-detail", args=[s.match.pk])).status_code == 200


def test_a_report_step_through_the_page(submitted, django_assert_max_num_queries):
    client = logged_in(submitted.away_coach)
    url = reverse("match-confirm", args=[submitted.match.pk])
    with django_assert_max_num_queries(CONFIRM_STEP_QUERIES):
        assert client.post(url).status_code == 302
    assert Match.objects.get(pk=submitted.match.pk).status == Match.Status.REPORT_SUBMITTED
