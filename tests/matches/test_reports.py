"""The report: entered one event at a time, checked as a whole (every reason at
once, nothing saved), submitted exactly once; and the lifecycle's refusals."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.core.exceptions import PermissionDenied

from matches import selectors, services
from matches.errors import MatchError, ReportConflict, ReportError
from matches.models import Match, MatchEvent, Report
from rules_engine.errors import RulesError
from teams.services import record_injury
from tests.factories import PlayerFactory, UserFactory
from tests.matches.factories import (
    POST_GAME_SEED,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = pytest.mark.django_db


def counts() -> dict[str, int]:
    return {m._meta.label: m.objects.count() for m in apps.get_models()}


@pytest.fixture
def in_play():
    s = league_match()
    kick_off(s)
    return s


def test_a_report_that_does_not_add_up_is_refused_with_every_reason(in_play):
    s = in_play
    h, a = s.players("home"), s.players("away")
    stranger = PlayerFactory()
    services.add_event(s.home_coach, s.match, kind="touchdown", player=h[0])
    before = counts()
    bad = [
        event("touchdown", h[1]),
        event("touchdown", stranger),
        event("casualty", h[2], victim=h[3].pk),
        event("injury", a[0], injury="lasting_injury"),
        event("injury", a[1], injury="dead"),
        event("injury", a[1], injury="badly_hurt"),
        event("completion", None),
        {"kind": "dance", "player": h[0].pk},
    ]
    with pytest.raises(ReportError) as error:
        services.submit_report(
            s.home_coach, s.match, home_touchdowns=3, away_touchdowns=-1, events=bad
        )
    messages = error.value.messages
    expected = [
        "The away touchdowns must be a whole number, 0 or more",
        f"Event 2 (touchdown): {stranger.name} (player) plays for neither",
        f"Event 3 (casualty caused): the victim {h[3].name} must play for the away team",
        "Event 4 (injury suffered): a Lasting Injury reduces one of MA, ST, AG, PA, AV; say which",
        "Event 7 (completion): say which player",
        "Event 8 (dance): not a kind of event",
        f"{s.home.name} 3, but 1 touchdown event names a scorer",
        f"{a[1].name} suffers 2 injuries",
    ]
    for text in expected:
        assert any(text in m for m in messages), (text, messages)
    assert counts() == before
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.IN_PLAY
    assert MatchEvent.objects.filter(match=s.match, report=None).count() == 1


def test_players_who_did_not_play_cannot_be_in_the_report():
    s = league_match()
    h = s.players("home")
    record_injury(s.home_coach, h[0], "miss_next_game", source="earlier")
    kick_off(s)
    late = PlayerFactory(team=s.home)
    with pytest.raises(ReportError) as error:
        services.submit_report(
            s.home_coach,
            s.match,
            home_touchdowns=2,
            away_touchdowns=0,
            events=[event("touchdown", h[0]), event("touchdown", late)],
        )
    assert any("was missing this game" in m for m in error.value.messages)
    assert any("joined" in m and "after kick-off" in m for m in error.value.messages)


def test_draft_events_one_tap_at_a_time(in_play):
    s = in_play
    h, a = s.players("home"), s.players("away")
    first = services.add_event(s.away_coach, s.match, kind="touchdown", player=h[0])
    assert first.side == "home"  # from the player's team, whoever taps
    services.add_event(s.home_coach, s.match, kind="injury", player=a[0], injury="seriously_hurt")
    with pytest.raises(ReportError, match="already has an injury"):
        services.add_event(s.home_coach, s.match, kind="injury", player=a[0], injury="dead")
    with pytest.raises(ReportError, match="say which team"):
        services.add_event(s.home_coach, s.match, kind="bribe")
    services.add_event(s.home_coach, s.match, kind="bribe", side="away", detail="Ref looked away")
    services.remove_event(s.home_coach, s.match, first)
    with pytest.raises(MatchError, match="no event"):
        services.remove_event(s.home_coach, s.match, first.pk)
    with pytest.raises(PermissionDenied):
        services.add_event(UserFactory(), s.match, kind="touchdown", player=h[0])
    assert MatchEvent.objects.filter(match=s.match, report=None).count() == 2


def test_the_same_report_twice_is_one_report(in_play, django_capture_on_commit_callbacks):
    s = in_play
    h = s.players("home")
    body = {"home_touchdowns": 1, "away_touchdowns": 0, "events": [event("touchdown", h[0])]}
    with django_capture_on_commit_callbacks(execute=True):
        first = services.submit_report(s.home_coach, s.match, idempotency_key="tap-1", **body)
    ledger = s.home.ledger_entries.count()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = services.submit_report(s.away_coach, s.match, idempotency_key="tap-1", **body)
    assert (first.created, again.created) == (True, False)
    assert again.report == first.report
    assert callbacks == []  # nothing queued a second time
    assert Report.objects.filter(match=s.match).count() == 1
    assert s.home.ledger_entries.count() == ledger
    with pytest.raises(ReportConflict, match="correct"):
        services.submit_report(s.home_coach, s.match, idempotency_key="tap-2", **body)
    with pytest.raises(ReportConflict, match="correct"):
        services.submit_report(s.home_coach, s.match, **body)
    changed = {**body, "away_touchdowns": 1}
    with pytest.raises(ReportConflict, match="different report"):
        services.submit_report(s.home_coach, s.match, idempotency_key="tap-1", **changed)
    assert Report.objects.filter(match=s.match).count() == 1


def test_the_draft_becomes_the_report(in_play):
    s = in_play
    h = s.players("home")
    services.add_event(s.home_coach, s.match, kind="touchdown", player=h[0])
    services.add_event(s.home_coach, s.match, kind="weather_change", detail="Blizzard")
    submission = services.submit_report(
        s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0, seed=POST_GAME_SEED
    )
    assert [e.kind for e in submission.report.events.order_by("id")] == [
        "touchdown",
        "weather_change",
    ]
    assert not MatchEvent.objects.filter(match=s.match, report=None).exists()
    assert [e.detail for e in selectors.kick_off_events(submission.report)] == ["Blizzard"]


def test_the_lifecycle_refuses_steps_out_of_order():
    s = league_match()
    with pytest.raises(MatchError, match="has not kicked off"):
        services.submit_report(s.home_coach, s.match, home_touchdowns=0, away_touchdowns=0)
    with pytest.raises(MatchError, match="only when it is pre-game"):
        services.start_match(s.home_coach, s.match)
    match = services.start_pre_game(s.home_coach, s.match, seed=1)
    with pytest.raises(MatchError, match="only when it is scheduled"):
        services.start_pre_game(s.home_coach, match)
    if match.pre_game_result["pending"]:
        with pytest.raises(MatchError, match="not finished"):
            services.start_match(s.home_coach, match)
    with pytest.raises(MatchError, match="No 'inducements' decision"):
        services.submit_pre_game_choice(s.home_coach, match, kind="inducements", answer={})
    with pytest.raises(MatchError, match="only when it is post-game"):
        services.close_match(s.home_coach, match)


def test_only_the_coach_of_the_deciding_side_answers():
    s = league_match(home_options={"rerolls": 3})
    match = services.start_pre_game(s.home_coach, s.match, seed=5)
    pending = match.pre_game_result["pending"]
    assert [(c["side"], c["kind"]) for c in pending] == [("home", "inducements")]
    with pytest.raises(PermissionDenied, match="other coach"):
        services.submit_pre_game_choice(s.away_coach, match, kind="inducements", answer={})
    with pytest.raises(PermissionDenied):
        services.start_pre_game(UserFactory(), match)
    bad = {"bribes": 9}
    with pytest.raises(RulesError, match="at most 3 Bribes"):
        services.submit_pre_game_choice(s.home_coach, match, kind="inducements", answer=bad)
    match.refresh_from_db()
    assert match.pre_game_choices == {}
    match = services.submit_pre_game_choice(
        s.commissioner, match, kind="inducements", answer={}, side="home"
    )
    assert match.pre_game_choices == {"inducements": {"home": {}}}


def test_a_settled_fixture_cannot_be_opened():
    s = league_match()
    s.fixture.status = "unplayed_double_loss"
    s.fixture.save()
    s.fixture.match.delete()
    with pytest.raises(MatchError, match="already settled"):
        services.open_match(s.commissioner, s.fixture)
    with pytest.raises(PermissionDenied):
        services.open_match(UserFactory(), s.fixture)


def test_a_fixture_recorded_without_a_match_is_played_to_agree_with_its_result(
    django_capture_on_commit_callbacks,
):
    from leagues.services import record_result

    s = league_match()
    record_result(
        s.commissioner,
        s.fixture,
        home_touchdowns=1,
        away_touchdowns=0,
        home_casualties=0,
        away_casualties=0,
    )
    kick_off(s)
    h = s.players("home")
    with pytest.raises(ReportError, match="The league has recorded .* 1-0"):
        services.submit_report(s.home_coach, s.match, home_touchdowns=0, away_touchdowns=0)
    with django_capture_on_commit_callbacks(execute=True):
        submit_and_confirm(
            s.home_coach,
            s.match,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[event("touchdown", h[0])],
            seed=POST_GAME_SEED,
        )
    s.fixture.refresh_from_db()
    assert (s.fixture.home_touchdowns, s.fixture.away_touchdowns) == (1, 0)
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED  # step 4
