"""A commissioner's correction with 50 and with 1,000 teams in the database: median ms

Issue 12: "The cost of a correction depends on the teams' history, never on the size
of the site." One 4-team league plays a single round robin (6 matches through the
services, post-games applied); its round-1 match is then corrected after rounds 2
and 3 were played, so the correction re-derives the later post-games of the teams
involved. Around it the site holds other teams, a quarter of them with a match
played, first 50 teams in all, then 1,000. Each correction runs REPEATS times in a
savepoint rolled back after it; the median and the 1,000/50 ratio are printed.
Everything runs in one transaction rolled back at the end, in the configured
database.
"""

from __future__ import annotations

import datetime
import statistics
import time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from bench.bench_season import play
from bench.statistics import refresh_statistics

SIZES = (50, 1_000)
REPEATS = 7
PLAYERS = {"human": {"human-lineman": 11}, "orc": {"orc-lineman": 11}}


def _league(stamp: str, teams: int) -> Any:
    """A league of ``teams`` drafted teams with its single round robin drawn up."""
    from leagues import services as league_services
    from leagues.models import SeasonFormat
    from teams.services import draft_team

    users = get_user_model()
    commissioner = users.objects.create_user(f"{stamp}-commissioner")
    league = league_services.create_league(commissioner, name=f"{stamp} league", ruleset="bb2020")
    season = league_services.open_season(
        commissioner, league, format=SeasonFormat.SINGLE_ROUND_ROBIN
    )
    for n in range(teams):
        roster = ("human", "orc")[n % 2]
        team = draft_team(
            users.objects.create_user(f"{stamp}-coach-{n}"),
            name=f"{stamp} team {n}",
            ruleset_key="bb2020",
            roster_slug=roster,
            players=PLAYERS[roster],
        )
        league_services.admit_team(commissioner, season, team)
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    return season


def _fixtures(season: Any) -> list[Any]:
    from leagues.models import Fixture

    return list(
        Fixture.objects.filter(season=season)
        .select_related("home__coach", "away__coach", "season__league", "round")
        .order_by("round__number", "id")
    )


def _site(stamp: str, teams: int, seed: int) -> None:
    """Other leagues of four teams each, one match played in each."""
    for n in range(teams // 4):
        fixture = _fixtures(_league(f"{stamp}-bg{n}", 4))[0]
        play(fixture, seed + 11 * n)
        if n % 25 == 0:  # as autovacuum keeps a live site's statistics
            refresh_statistics()
    refresh_statistics()


def _time_correction(season: Any) -> tuple[float, int]:
    from matches import services
    from matches.models import Match

    fixture = _fixtures(season)[0]
    match = Match.objects.get(fixture=fixture)
    commissioner = season.league.commissioners.first()
    times, queries = [], 0
    for _ in range(REPEATS):
        with transaction.atomic():
            sid = transaction.savepoint()
            started = time.perf_counter()
            with CaptureQueriesContext(connection) as captured:
                services.correct_report(
                    commissioner,
                    match,
                    home_touchdowns=0,
                    away_touchdowns=0,
                    events=[],
                    note="The touchdowns were scored after the final whistle",
                )
            times.append(time.perf_counter() - started)
            queries = len(captured.captured_queries)
            transaction.savepoint_rollback(sid)
    return statistics.median(times) * 1000, queries


def measure(size: int) -> dict[str, Any]:
    from config.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with transaction.atomic():
            stamp = f"bench-correction-{size}-{time.time_ns()}"
            season = _league(stamp, 4)
            for number, fixture in enumerate(_fixtures(season)):
                play(fixture, 4_100 + 7 * number)
            _site(stamp, size - 4, 9_000)
            connection.queries_log.clear()
            median_ms, queries = _time_correction(season)
            transaction.set_rollback(True)
    finally:
        app.conf.task_always_eager = eager
    return {"teams": size, "median_ms": median_ms, "queries": queries}


def main() -> None:
    call_command("migrate", verbosity=0)
    results = [measure(size) for size in SIZES]
    print(f"   database: {connection.vendor}; a round-1 correction after rounds 2-3 were played")
    for result in results:
        print(
            f"   {result['teams']:>5} teams in the database: median {result['median_ms']:.1f} ms "
            f"over {REPEATS} corrections, {result['queries']} queries"
        )
    small, large = results[0], results[-1]
    print(
        f"   ratio {large['teams']}/{small['teams']} teams: "
        f"{large['median_ms'] / small['median_ms']:.2f}x time, "
        f"{large['queries'] / max(small['queries'], 1):.2f}x queries"
    )
