"""Recording a 16-team division season through the services: matches/s and queries/match

A league with one division of 16 teams drafted through teams.services, its
double round robin (240 fixtures) drawn up by leagues.services, then each match
run through matches.services as coaches would: open, pre-game on seeded dice
with every decision answered, kick-off, a few events (touchdowns, a pass, a
casualty with its injury), the report, the post-game (journeymen hired when
asked) applied, close. Everything runs in one transaction rolled back at the
end, in the configured database. Prints matches per second and the average
number of queries per match (CaptureQueriesContext).

Bounded to stay under two minutes: when the first rounds show the whole season
would take longer than BUDGET_S, only as many rounds as fit are played and the
season figure is extrapolated from them (and says so).

Profile top lines (issue 15), 24 matches of ``play`` under cProfile, SQLite, cumulative
seconds on a shared 2-core machine (the same load for both within a minute):

before (commit af523a2): 314.5 queries/match, 329-589 ms/match; of 24.6 s profiled:
    apply_post_game 9.24 s (24 calls) | events_of 5.46 s (288 calls: each event's Player
    loaded, the events read 3-5 times per post-game run) | post_game_for 5.00 s (216) |
    lock_match 3.38 s (335) | add_event 2.67 s (119) | team_state 1.76 s (96)
after: 163.5 queries/match, 166-263 ms/match; of 19.6 s profiled:
    apply_post_game 5.13 s (24) | lock_match 3.63 s (335: Django compiling the joined
    SELECT ... FOR UPDATE of the match row, one per service call) | add_event 2.90 s
    (119) | submit_post_game_choices 2.19 s (48) | run_post_game 1.74 s (96) |
    team_states 1.60 s (48: both teams read together)
The whole bench a few minutes apart (loaded machine): before 316 queries/match, the
season about 82 s (extrapolated from 216 matches); after 173 queries/match (about 20 of
them the league's standings and ratings), the season 64.6 s. Goal: 40 and 10 s.
"""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

TEAMS = 16
BUDGET_S = 75.0  # for the matches themselves; set-up and roll-back come on top
SEED = 16_240


def _answer(choice: dict[str, Any]) -> Any:
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return (choice["options"].get("positions") or [None])[0]
    return {}


def play(fixture: Any, seed: int) -> None:
    """One fixture from opening its match to closing it."""
    from matches import selectors, services

    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = services.open_match(coaches["home"], fixture)
    match = services.start_pre_game(coaches["home"], match, seed=seed)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=_answer(choice)
        )
    match = services.start_match(coaches["away"], match)
    home = list(selectors.players_who_played(match, "home"))
    away = list(selectors.players_who_played(match, "away"))
    score = (seed % 3, (seed // 3) % 3)
    coach = coaches["home"]
    for n in range(score[0]):
        services.add_event(coach, match, kind="touchdown", player=home[-1 - n])
    for n in range(score[1]):
        services.add_event(coach, match, kind="touchdown", player=away[-1 - n])
    services.add_event(coach, match, kind="completion", player=home[0])
    services.add_event(coach, match, kind="casualty", player=home[1], victim=away[0])
    services.add_event(coach, match, kind="injury", player=away[0], injury="badly_hurt")
    report = services.submit_report(
        coach, match, home_touchdowns=score[0], away_touchdowns=score[1], seed=seed + 1
    ).report
    services.confirm_report(coaches["away"], match)  # the opponent confirms
    report.refresh_from_db()
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        hire = [p.pk for p in selectors.players_who_played(match, side) if p.journeyman]
        services.submit_post_game_choices(coaches[side], match, side=side, hire_journeymen=hire)
    report.refresh_from_db()
    services.apply_post_game(match.pk, report.pk)
    services.close_match(coach, match)


def build() -> Any:
    """The league, its 16 drafted teams and the double round robin (rounds of 8)."""
    import datetime

    from leagues import services as league_services
    from teams.services import draft_team

    user_model = get_user_model()
    stamp = f"bench-season-{time.time_ns()}"
    commissioner = user_model.objects.create_user(f"{stamp}-commissioner")
    league = league_services.create_league(commissioner, name=f"{stamp} league", ruleset="bb2020")
    season = league_services.open_season(commissioner, league)
    rosters = ("human", "orc")
    players = {"human": {"human-lineman": 11}, "orc": {"orc-lineman": 11}}
    for n in range(TEAMS):
        coach = user_model.objects.create_user(f"{stamp}-coach-{n}")
        roster = rosters[n % 2]
        team = draft_team(
            coach,
            name=f"{stamp} team {n}",
            ruleset_key="bb2020",
            roster_slug=roster,
            players=players[roster],
        )
        league_services.admit_team(commissioner, season, team)
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    return season


def measure(budget_s: float = BUDGET_S, max_matches: int | None = None) -> dict[str, Any]:
    """Play the season (or the rounds that fit ``budget_s``); roll everything back."""
    from config.celery import app
    from leagues.models import Fixture

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True  # a post-game queued on commit runs here, not on Redis
    try:
        with transaction.atomic():
            season = build()
            fixtures = list(
                Fixture.objects.filter(season=season)
                .select_related("home__coach", "away__coach", "season__league", "round")
                .order_by("round__number", "id")
            )
            total = len(fixtures)
            per_round = TEAMS // 2
            played = queries = 0
            started = time.perf_counter()
            for number, fixture in enumerate(fixtures):
                if max_matches is not None and played >= max_matches:
                    break
                elapsed = time.perf_counter() - started
                # At each round's start: does another round fit the budget?
                next_round_late = elapsed / max(played, 1) * (played + per_round) > budget_s
                if played and played % per_round == 0 and next_round_late:
                    break
                # One capture per match: the query log keeps only its last 9,000.
                connection.queries_log.clear()
                with CaptureQueriesContext(connection) as captured, transaction.atomic():
                    play(fixture, SEED + 7 * number)
                queries += len(captured.captured_queries)
                played += 1
            elapsed = time.perf_counter() - started
            standings = sum(r.played for t in _standings(season) for r in t.rows)
            transaction.set_rollback(True)
    finally:
        app.conf.task_always_eager = eager
    return {
        "fixtures": total,
        "played": played,
        "seconds": elapsed,
        "queries": queries,
        "standings_games": standings,
    }


def _standings(season: Any) -> Any:
    from leagues.selectors import season_standings

    return season_standings(season)


def main() -> None:
    call_command("migrate", verbosity=0)  # the bench writes (then rolls back) real rows
    result = measure()
    played, total, seconds = result["played"], result["fixtures"], result["seconds"]
    per_second = played / seconds
    print(f"   database: {connection.vendor}; {TEAMS} teams, {total} fixtures (double round robin)")
    print(
        f"   played {played} matches in full in {seconds:.1f} s: {per_second:.2f} matches/s, "
        f"{result['queries'] / played:.0f} queries/match"
    )
    assert result["standings_games"] == 2 * played, "every match closed reached the standings"
    if played < total:
        print(
            f"   EXTRAPOLATED (only {played}/{total} matches fit the {BUDGET_S:.0f} s budget): "
            f"the full season would take about {total / per_second:.0f} s"
        )
    else:
        print(f"   the full season: {seconds:.1f} s")
