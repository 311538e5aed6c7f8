"""Recording a 16-team division season through the services: matches/s and queries/match

A league with one division of 16 teams drafted through teams.services, its
double round robin (240 fixtures) drawn up by leagues.services, then each match
run through matches.services as most leagues record one: open, pre-game on seeded
dice with every decision answered, kick-off, then the report with all its events at
once (touchdowns, a pass, a casualty with its injury), the opponent's confirmation,
both coaches' hiring step (journeymen hired when offered), the post-game applied (the
worker's task), close. The events tapped one by one instead cost a request each
(``tests/matches/test_query_budget.py`` pins both ways).

In a database made for the bench and dropped after (``fresh_database``: a temporary
SQLite file, or a database of its own on the PostgreSQL server of DATABASE_URL), each
match in a transaction of its own, committed: one long transaction made PostgreSQL
slower with every match (1.5 s to 9.6 s per match). What the commit would run next
(the notifications, a queued post-game the bench already applied) is a worker's, and
dropped. Prints matches per second, wall and process CPU milliseconds per match (the
CPU figure is the one to compare on this shared machine: wall time moves with the
other work on its two cores) and queries per match, also without each service's own
SAVEPOINT and RELEASE (its BEGIN and COMMIT on the site).

Bounded to stay under two minutes: when the first rounds show the whole season
would take longer than BUDGET_S, only as many rounds as fit are played and the
season figure is extrapolated from them (and says so).

The earlier passes of issue 15 (first to fourth: what each changed, its figures and
profiles) are in bench/HISTORY.md.

Issue 15, fifth pass (the code with this pass's commits reverted, "before", and as
committed, "after", the rules engine the same in both; run back to back, alternating,
three pairs on SQLite and two on PostgreSQL, load average 1-1.6 from another session's
work: compare the CPU figure):

    SQLite      before 79 queries/match (59 without SAVEPOINT/RELEASE), 33-36 ms
                CPU/match, the season 8.3-9.0 s
                after  77 queries/match (57), 28-29 ms CPU/match, the season 7.0-7.3 s
                (the statements' own time, one match timed statement by statement:
                8.6 ms before, 4.5 ms after)
    PostgreSQL  before 78 queries/match, 76-91 ms/match, 37-46 ms CPU, the season
                18.2-21.9 s
                after  76 queries/match, 77-87 ms/match, 36-41 ms CPU, the season
                18.5-21.0 s (about 40 ms a match are the 76 round trips and the commit)

The goal (< 10 s) is met on SQLite by 27-30 %, about twice this machine's spread.

What changed: SQLite compiled a statement again on every run when a bound value met a
partial index's column (a report's ``is_current``, a player's ``status``, a fixture's
``kind``): the compiled reads (``leagues.prepared.inline_constants``), the standings
upsert and the team-state read now write their constants in (the report read 180 ->
50 us, the standings upsert 440 -> 80 us, the read of the teams' other open matches 166
-> 21 us); the report saved with only the fields its service changed (RUN_FIELDS,
BEGIN_FIELDS), not whole four times; both teams locked by a compiled statement
(``lock_teams``: 0.85 -> 0.15 ms) and read as the engine's states in one statement, not
two (2 statements fewer a match); the post-game's inputs (both teams' states with the
figures, the engine's report) made once per service call for its runs with the same
figures (``postgame.Inputs``), not per run; after kick-off the kick-off snapshot read as
its stored text and its states found by that text (``KICK_OFF_TEXT``: 8 kB of JSON not
decoded then encoded again, four times a match); the ratings' read made into rows
without ``RawQuerySet`` (``leagues.prepared.raw_rows``); the match rules made once per
ruleset.

Not done, and why: the "so far" probe kept with the report across requests (one
post-game run and its summary a match, about 0.5 ms now that the engine is faster):
its inputs would have to be stored beside it and checked (figures, events, payload,
seed, kept answers, the engine's code), a change of the stored result for 2 % of the
match. On PostgreSQL the goal is not met, by about 2x: the round trips (a lock and its
report read stay two statements: one that waited for the lock reads the other rows as
they stood before it); what would close it is fewer statements in the application (21:
its writes by table could go in data-modifying CTEs on PostgreSQL) or pipelining them.

Sixth pass, PostgreSQL only (SQLite unchanged), the season bench run three times each,
alternating, on the code before (9f1c6d2) and after: before 20.4-28.6 s (median 27.4 s,
85-119 ms/match), after 15.9-19.4 s (median 18.1 s, 66-81 ms/match); whole process wall
0.72x pair by pair (median). Two causes, found by timing each statement:
    - the server planned every statement afresh: the match's lock (its fixture, teams,
      season and league joined) took 2.4 ms to plan and 0.27 ms to run, ten times a
      match. The parameters are now bound by the server and a statement run five times on
      a connection is prepared (psycopg's ``prepare_threshold``; settings.py,
      DUGOUT_PG_PREPARE_THRESHOLD): the lock 2.0 -> 0.55 ms a run;
    - psycopg converts the placeholders of any statement of more than 50 parameters on
      every run: the match's 22 stats rows (264 parameters) cost 5 ms of CPU. The bulk
      inserts (``leagues.saving.insert_rows``) now send one array a column (``INSERT ...
      SELECT * FROM UNNEST``, as Django's bulk_create does there): 8 -> 1.4 ms.
Still not met on PostgreSQL, by about 1.8x: 76 statements a match at 0.3-0.9 ms each.

Profile top lines (40 matches of ``play`` under cProfile, SQLite, cumulative seconds):

before: 79 queries/match, 51 ms CPU/match under cProfile; of 2.04 s:
    apply_post_game 0.72 s (40) | apply_results 0.37 s | Prepared.rows 0.36 s (800) |
    submit_post_game_choices 0.35 s (80) | SQLite execute 0.30 s (3200) | run_post_game
    0.27 s (120) | insert_rows 0.26 s (560) | post_game_for 0.25 s (280) |
    lock_with_report 0.23 s (200) | confirm_report 0.22 s
after: 77 queries/match, 44 ms CPU/match under cProfile; of 1.76 s:
    apply_post_game 0.58 s (40) | apply_results 0.32 s | Prepared.rows 0.29 s (840) |
    submit_post_game_choices 0.28 s (80) | insert_rows 0.26 s (560) | run_post_game
    0.25 s (120) | SQLite execute 0.21 s (3120) | post_game_for 0.21 s (280) |
    confirm_report 0.19 s | apply_final 0.18 s
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import override_settings

TEAMS = 16
GOAL_S = 10.0  # issue 15: the 240-match season
BUDGET_S = 75.0  # for the matches themselves; set-up and roll-back come on top
SEED = 16_240


def _answer(choice: dict[str, Any]) -> Any:
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return (choice["options"].get("positions") or [None])[0]
    return {}


def play(fixture: Any, seed: int) -> None:
    """One fixture from opening its match to closing it, recorded as most leagues do:
    the pre-game, kick-off, then the report with all its events at once, the
    opponent's confirmation, both coaches' hiring step and the post-game applied."""
    from matches import services

    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = services.open_match(coaches["home"], fixture)
    match = services.start_pre_game(coaches["home"], match, seed=seed)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=_answer(choice)
        )
    match = services.start_match(coaches["away"], match)
    # Who played, as the match sheet lists them (by number): the kick-off snapshot.
    played = {
        side: [
            p
            for p in match.match_teams[side]["players"]
            if not (p["miss_next_game"] or p["temporarily_retired"])
        ]
        for side in ("home", "away")
    }
    home, away = ([p["id"] for p in played[side]] for side in ("home", "away"))
    score = (seed % 3, (seed // 3) % 3)
    events: list[Mapping[str, Any]] = [
        {"kind": "touchdown", "player": home[-1 - n]} for n in range(score[0])
    ]
    events += [{"kind": "touchdown", "player": away[-1 - n]} for n in range(score[1])]
    events += [
        {"kind": "completion", "player": home[0]},
        {"kind": "casualty", "player": home[1], "victim": away[0]},
        {"kind": "injury", "player": away[0], "injury": "badly_hurt"},
    ]
    coach = coaches["home"]
    report = services.submit_report(
        coach,
        match,
        home_touchdowns=score[0],
        away_touchdowns=score[1],
        events=events,
        seed=seed + 1,
    ).report
    report = services.confirm_report(coaches["away"], match)  # the opponent confirms
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        hire = [p["id"] for p in played[side] if p["journeyman"]]
        report = services.submit_post_game_choices(
            coaches[side], match, side=side, hire_journeymen=hire
        )
    services.apply_post_game(match.pk, report.pk)  # the worker's task
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
    """Play the season (or the rounds that fit ``budget_s``), each match in a
    transaction of its own, committed, as the site records them."""
    from leagues.models import Fixture

    season = build()
    fixtures = list(
        Fixture.objects.filter(season=season)
        .select_related("home__coach", "away__coach", "season__league", "round")
        .order_by("round__number", "id")
    )
    total = len(fixtures)
    per_round = TEAMS // 2
    played = 0
    counter = _Counter()
    started, cpu = time.perf_counter(), time.process_time()
    for number, fixture in enumerate(fixtures):
        if max_matches is not None and played >= max_matches:
            break
        elapsed = time.perf_counter() - started
        # At each round's start: does another round fit the budget?
        next_round_late = elapsed / max(played, 1) * (played + per_round) > budget_s
        if played and played % per_round == 0 and next_round_late:
            break
        with connection.execute_wrapper(counter), transaction.atomic():
            play(fixture, SEED + 7 * number)
            # What the commit would run next is a worker's (the notifications' e-mails
            # and webhooks; the post-game's task, which ``play`` ran itself): not the
            # recording's, so not timed.
            connection.run_on_commit.clear()
        played += 1
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    standings = sum(r.played for t in _standings(season) for r in t.rows)
    return {
        "fixtures": total,
        "played": played,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "queries": counter.queries,
        "control": counter.control,
        "standings_games": standings,
    }


class _Counter:
    """Counts the statements sent (an execute wrapper: Django's query capture would
    switch on its debug cursor, which formats every statement with its parameters - on
    SQLite by one more query to quote them - and is not what the site runs)."""

    def __init__(self) -> None:
        self.queries = self.control = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.queries += 1
        self.control += _is_control(sql)
        return execute(sql, params, many, context)


def _is_control(sql: str) -> bool:
    """A service's own transaction statement (SAVEPOINT and RELEASE inside the match's
    transaction, BEGIN and COMMIT when each step is a request of its own)."""
    return sql.startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))


@contextmanager
def fresh_database() -> Iterator[str]:
    """A database of the configured kind made for the bench (migrated) and dropped
    after, so the matches commit without touching anyone's rows: SQLite in a
    temporary file, PostgreSQL a database of its own on the same server."""
    settings = connection.settings_dict
    name = f"dugout_bench_{os.getpid()}"
    # create_test_db returns the new database's name: keep the configured one (and
    # its TEST block) to put back, so the benches after this one use the site's.
    old_name, old_test = settings["NAME"], dict(settings.get("TEST") or {})
    with tempfile.TemporaryDirectory() as folder:
        if connection.vendor == "sqlite":
            name = os.path.join(folder, f"{name}.sqlite3")
        settings.setdefault("TEST", {})["NAME"] = name
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            yield connection.vendor
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
            settings["TEST"] = old_test


def _standings(season: Any) -> Any:
    from leagues.selectors import season_standings

    return season_standings(season)


def main() -> None:
    from config.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True  # nothing goes to Redis; see measure()
    try:
        # As deployed: with DEBUG on, Django logs every statement, and on SQLite quotes
        # each one's parameters by one more query (bench_http and bench_standings run
        # with DEBUG off too).
        with override_settings(DEBUG=False), fresh_database():
            result = measure()
    finally:
        app.conf.task_always_eager = eager
    played, total, seconds = result["played"], result["fixtures"], result["seconds"]
    per_second = played / seconds
    per_match = result["queries"] / played
    control = result["control"] / played
    print(f"   database: {connection.vendor}; {TEAMS} teams, {total} fixtures (double round robin)")
    print(
        f"   played {played} matches in full in {seconds:.1f} s: {per_second:.2f} matches/s, "
        f"{seconds / played * 1000:.0f} ms/match ({result['cpu_seconds'] / played * 1000:.0f} ms "
        f"of this process's CPU), {per_match:.0f} queries/match "
        f"({per_match - control:.0f} without each step's SAVEPOINT/RELEASE)"
    )
    assert result["standings_games"] == 2 * played, "every match closed reached the standings"
    season = total / per_second
    if played < total:
        print(
            f"   EXTRAPOLATED (only {played}/{total} matches fit the {BUDGET_S:.0f} s budget): "
            f"the full season would take about {season:.0f} s"
        )
    else:
        print(f"   the full season: {seconds:.1f} s")
    verdict = "met" if season < GOAL_S else f"NOT met, {season / GOAL_S:.2f}x the goal"
    print(f"   goal < {GOAL_S:.0f} s: ratio {season / GOAL_S:.2f} ({verdict})")
