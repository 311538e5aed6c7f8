"""Reads: leaderboards summed by the database, the coach's next match, what a
page may offer, who may be named in an event, the dice log; admin pages."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import selectors, services
from matches.errors import ReportError
from matches.models import EventKind, PlayerMatchStats, Report
from teams.services import record_injury
from tests.factories import UserFactory
from tests.leagues.factories import FixtureFactory, SeasonFactory
from tests.matches.factories import (
    POST_GAME_SEED,
    Setup,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = pytest.mark.django_db


def play(s, events, score, capture) -> None:
    kick_off(s)
    with capture(execute=True):
        report = submit_and_confirm(
            s.home_coach,
            s.match,
            home_touchdowns=score[0],
            away_touchdowns=score[1],
            events=events,
            seed=POST_GAME_SEED,
        ).report
        for side in dict.fromkeys(c["side"] for c in report.post_game_result["pending"]):
            services.submit_post_game_choices(s.commissioner, s.match, side=side)


def test_leaderboards_sum_in_the_database_per_season(django_capture_on_commit_callbacks):
    s = league_match()
    h, a = s.players("home"), s.players("away")
    events = [event("touchdown", h[0]), event("touchdown", h[0]), event("touchdown", a[0])]
    play(s, events, (2, 1), django_capture_on_commit_callbacks)
    # A second match of the same teams in another season.
    other = SeasonFactory(league=s.season.league)
    fixture = FixtureFactory(division__season=other, home=s.away, away=s.home)
    match = services.open_match(s.commissioner, fixture)
    swapped = Setup(
        match, fixture, other, s.away, s.home, s.away_coach, s.home_coach, s.commissioner
    )
    events = [event("touchdown", a[0]), event("touchdown", a[0]), event("touchdown", a[0])]
    play(swapped, events, (3, 0), django_capture_on_commit_callbacks)

    with CaptureQueriesContext(connection) as queries:
        board = selectors.leaderboards(stat="touchdowns")
    assert len(queries) == 1
    assert [(r["player_id"], r["total"], r["games"]) for r in board] == [
        (a[0].pk, 4, 2),
        (h[0].pk, 2, 2),
    ]
    assert board[0]["team_name"] == s.away.name and board[0]["player_name"] == a[0].name
    season = selectors.leaderboards(s.season, "touchdowns")
    assert [(r["player_id"], r["total"]) for r in season] == [(h[0].pk, 2), (a[0].pk, 1)]
    assert len(selectors.leaderboards(stat="touchdowns", limit=1)) == 1
    mvps = selectors.leaderboards(stat="mvp")
    assert sum(r["total"] for r in mvps) == PlayerMatchStats.objects.filter(mvp=True).count() == 4
    spp = selectors.leaderboards(stat="spp")[0]
    assert spp["total"] >= 12
    with pytest.raises(ValueError, match="leaderboard is one of"):
        selectors.leaderboards(stat="goals")
    assert [m.player_id for m in selectors.player_match_stats(a[0])][:1] == [a[0].pk]


def test_next_match_prefers_a_match_in_progress():
    s = league_match(opened=False)
    later = FixtureFactory(division=s.fixture.division, home=s.away, away=s.home)
    assert selectors.next_match_for(s.home_coach).fixture == s.fixture
    match = services.open_match(s.home_coach, later)
    services.start_pre_game(s.home_coach, match, seed=1)
    found = selectors.next_match_for(s.away_coach)
    assert (found.fixture, found.match) == (later, match)
    assert selectors.next_match_for(UserFactory()) is None


def test_what_a_page_may_offer_and_who_may_be_named():
    s = league_match()
    out = s.players("home")[0]
    record_injury(s.home_coach, out, "miss_next_game", source="earlier")
    assert selectors.permissions(s.home_coach, s.match) == selectors.MatchPermissions(
        play=True, correct=False, sides=("home",)
    )
    assert selectors.permissions(s.commissioner, s.match).correct
    assert not selectors.permissions(UserFactory(), s.match).play
    assert not selectors.players_who_played(s.match, "home").exists()  # before kick-off
    kick_off(s)
    named = list(selectors.players_who_played(s.match, "home"))
    assert out not in named and any(p.journeyman for p in named) and len(named) == 11
    assert selectors.match_for_fixture(s.fixture) == s.match
    assert list(selectors.match_list(team=s.home, status="in_play")) == [s.match]
    assert list(selectors.match_list(season=s.season.pk + 1000)) == []


def test_the_dice_log_lists_each_report_versions_post_game(django_capture_on_commit_callbacks):
    s = league_match()
    h = s.players("home")
    play(s, [event("touchdown", h[0])], (1, 0), django_capture_on_commit_callbacks)
    services.correct_report(
        s.commissioner,
        s.match,
        home_touchdowns=1,
        away_touchdowns=0,
        events=[event("touchdown", h[1])],
        note="Other scorer",
    )
    log = list(selectors.dice_log(s.match))
    versions = [r.report.version if r.report else 0 for r in log]
    assert versions == sorted(versions) and set(versions) == {0, 1, 2}
    state = selectors.post_game_state(s.match, s.home_coach)
    assert state.applied and state.report.version == 2
    assert all(r.report_id == state.report.pk for r in state.rolls)


@pytest.fixture
def in_play():
    s = league_match()
    kick_off(s)
    return s


TAPS = st.lists(
    st.tuples(
        st.sampled_from(["touchdown", "completion", "casualty", "injury", "sent_off"]),
        st.sampled_from(["home", "away"]),
        st.integers(0, 3),
        st.integers(0, 3),
    ),
    max_size=6,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(score=st.tuples(st.integers(0, 3), st.integers(0, 3)), taps=TAPS)
def test_a_report_is_saved_whole_and_adding_up_or_not_at_all(in_play, score, taps):
    from django.db import transaction

    s = in_play
    players = {"home": s.players("home"), "away": s.players("away")}
    events = []
    for kind, side, who, victim in taps:
        other = "away" if side == "home" else "home"
        extra = {"victim": players[other][victim].pk} if kind == "casualty" else {}
        if kind == "injury":
            extra = {"injury": "badly_hurt"}
        events.append(event(kind, players[side][who], **extra))
    with transaction.atomic():
        try:
            submission = submit_and_confirm(
                s.home_coach,
                s.match,
                home_touchdowns=score[0],
                away_touchdowns=score[1],
                events=events,
                seed=POST_GAME_SEED,
            )
        except ReportError:
            assert not Report.objects.exists()
        else:
            saved = submission.report.events.filter(kind=EventKind.TOUCHDOWN)
            assert (saved.filter(side="home").count(), saved.filter(side="away").count()) == score
            assert Report.objects.count() == 1
        transaction.set_rollback(True)


def test_admin_pages_render(admin_client, django_capture_on_commit_callbacks):
    s = league_match()
    play(s, [], (0, 0), django_capture_on_commit_callbacks)
    for model in ("match", "report", "diceroll", "postgameapplication", "playermatchstats"):
        assert admin_client.get(f"/admin/matches/{model}/").status_code == 200
    assert admin_client.get(f"/admin/matches/match/{s.match.pk}/change/").status_code == 200
