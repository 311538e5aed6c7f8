"""Recording a match costs a bounded number of queries, whatever the roster size and
the number of events. Two ways a match is recorded:

- **As one report** (how most leagues record a match): after kick-off, the report with
  all its events submitted at once, the opponent's confirmation, both coaches' answers
  to the post-game's hiring step, and the post-game applied (the worker's task).
  Counted as a request per step sends them: every statement but each service's own
  transaction (its SAVEPOINT and RELEASE here, inside the test's transaction; BEGIN and
  COMMIT on the site, which Django does not send as statements on PostgreSQL). A
  savepoint nested inside a service counts. At most ``REPORT_QUERY_BUDGET``.
- **Tap by tap**, the whole match: open it, the pre-game with every decision answered,
  kick-off, the events one tap at a time, the report, the confirmation, the hiring
  step, its application, closing it: 16 service calls, each a request that must at
  least lock the match and write, so it cannot fit the report's budget. Every
  statement counts, each call's SAVEPOINT and RELEASE included: ``MATCH_QUERY_BUDGET``.

Neither count grows with the roster (11 or 16 players); the report's count does not
grow with its events (each tap is one request of its own, of a fixed cost).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues import selectors as league_selectors
from matches import services
from matches.models import Match, PlayerMatchStats
from tests.matches.factories import POST_GAME_SEED, PRE_GAME_SEED, Setup, league_match

pytestmark = pytest.mark.django_db

# Every statement of one match tap by tap (16 service calls, 6 events). 32 of them are
# the SAVEPOINT and RELEASE around each service call; each service locks the match row
# alone and reads its fixture, teams and league (or its report with them) in the next
# statement (a statement that waited for a lock reads the other rows as they stood
# before it); 7 are the league's recording of the result (season and fixture locked,
# the fixture, its standings rows in one upsert, the ratings: league locked, one read,
# one insert), 2 the leaderboards' totals and one statement a service for the league's and
# teams' versions, bumped with its audit row. The pre-game's start and the kick-off each
# lock both teams (one statement) and read the teams' other matches in the way (one
# statement; one match per team at a time); the pre-game's start also reads the league
# with its house rules, which the match keeps (one statement).
MATCH_QUERY_BUDGET = 133
# Recording a match as one report (report, confirmation, hiring step, application),
# without each service's own transaction statements: the report 7 (the match locked,
# its fixture read with its top version and draft events, the report and its events
# inserted, the match saved, the audit row, the versions), the confirmation 7, each
# hiring answer 4, the application 23 (its two phases' rows created one by one).
REPORT_QUERY_BUDGET = 45


def _answer(choice: dict[str, Any]) -> Any:
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return (choice["options"].get("positions") or [None])[0]
    return {}


def kick_off(s: Setup) -> Match:
    """The match opened, its pre-game played with every decision answered, kicked off."""
    coach = {"home": s.home_coach, "away": s.away_coach}
    match = services.open_match(s.home_coach, s.fixture)
    match = services.start_pre_game(s.home_coach, match, seed=PRE_GAME_SEED)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = services.submit_pre_game_choice(
            coach[choice["side"]], match, kind=choice["kind"], answer=_answer(choice)
        )
    return services.start_match(s.away_coach, match)


def events_of_the_match(s: Setup, more: bool = False) -> list[Mapping[str, Any]]:
    """A 1-1 draw's events (six; twelve with ``more``)."""
    home, away = s.players("home"), s.players("away")
    events: list[Mapping[str, Any]] = [
        {"kind": "touchdown", "player": home[-1]},
        {"kind": "touchdown", "player": away[-1]},
        {"kind": "completion", "player": home[0]},
        {"kind": "casualty", "player": home[1], "victim": away[0]},
        {"kind": "injury", "player": away[0], "injury": "badly_hurt"},
        {"kind": "interception", "player": away[1]},
    ]
    if more:
        events += [
            {"kind": "completion", "player": home[2]},
            {"kind": "completion", "player": home[3]},
            {"kind": "deflection", "player": away[2]},
            {"kind": "deflection", "player": away[3]},
            {"kind": "completion", "player": away[4]},
            {"kind": "interception", "player": home[4]},
        ]
    return events


def play(s: Setup) -> Match:
    """One fixture from opening its match to closing it, the events tapped one by one."""
    coach = {"home": s.home_coach, "away": s.away_coach}
    match = kick_off(s)
    for event in events_of_the_match(s):
        services.add_event(s.home_coach, match, **event)
    report = services.submit_report(
        s.home_coach, match, home_touchdowns=1, away_touchdowns=1, seed=POST_GAME_SEED
    ).report
    report = services.confirm_report(s.away_coach, match)
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        report = services.submit_post_game_choices(coach[side], match, side=side)
    services.apply_post_game(match.pk, report.pk)
    return services.close_match(s.home_coach, match)


def _own_statements(call: Callable[[], Any], counts: list[int]) -> Any:
    """Run one service call; count its statements but its own SAVEPOINT and RELEASE."""
    with CaptureQueriesContext(connection) as captured:
        result = call()
    sql = [q["sql"] for q in captured.captured_queries]
    if sql and sql[0].startswith("SAVEPOINT") and sql[-1].startswith("RELEASE SAVEPOINT"):
        sql = sql[1:-1]
    counts.append(len(sql))
    return result


def record_as_one_report(s: Setup, match: Match, *, more: bool = False) -> list[int]:
    """The report with its events at once, confirmed, the hiring step answered by both
    coaches, the post-game applied: each call's own statements."""
    coach = {"home": s.home_coach, "away": s.away_coach}
    events = events_of_the_match(s, more)
    counts: list[int] = []
    report = _own_statements(
        lambda: (
            services.submit_report(
                s.home_coach,
                match,
                home_touchdowns=1,
                away_touchdowns=1,
                events=events,
                seed=POST_GAME_SEED,
            ).report
        ),
        counts,
    )
    report = _own_statements(lambda: services.confirm_report(s.away_coach, match), counts)
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        report = _own_statements(
            lambda side=side: services.submit_post_game_choices(coach[side], match, side=side),
            counts,
        )
    _own_statements(lambda: services.apply_post_game(match.pk, report.pk), counts)
    return counts


def _setup(players: int) -> Setup:
    return league_match(
        opened=False,
        home_players={"human-lineman": players},
        away_players={"human-lineman": players},
    )


def _recorded(s: Setup, match: Match) -> None:
    """What the coaches see afterwards: a 1-1 draw in the standings, every line."""
    rows = {r.team_id: r for r in league_selectors.overall_standings(s.season)}
    assert (rows[s.home.pk].drawn, rows[s.away.pk].drawn) == (1, 1)
    players = len(s.players("home")) + len(s.players("away"))
    assert PlayerMatchStats.objects.filter(match=match).count() == players


@pytest.mark.parametrize("players", [11, 16])
def test_a_whole_match_tap_by_tap_stays_within_its_query_budget(
    players, django_assert_max_num_queries
):
    s = _setup(players)
    with django_assert_max_num_queries(MATCH_QUERY_BUDGET):
        match = play(s)
    assert match.status == Match.Status.CLOSED
    _recorded(s, match)


def test_a_whole_match_tap_by_tap_costs_the_same_for_11_or_16_players():
    counts = []
    for players in (11, 16):
        s = _setup(players)
        with CaptureQueriesContext(connection) as captured:
            play(s)
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("players", [11, 16])
def test_recording_a_match_as_one_report_stays_within_its_query_budget(players):
    s = _setup(players)
    match = kick_off(s)
    counts = record_as_one_report(s, match)
    assert sum(counts) <= REPORT_QUERY_BUDGET, counts
    match.refresh_from_db()
    assert match.status == Match.Status.POST_GAME
    _recorded(s, match)


def test_a_report_costs_the_same_whatever_the_roster_and_its_events():
    counts = {}
    for players, more in ((11, False), (16, False), (11, True)):
        s = _setup(players)
        counts[players, more] = sum(record_as_one_report(s, kick_off(s), more=more))
    assert counts[11, False] == counts[16, False] == counts[11, True], counts
