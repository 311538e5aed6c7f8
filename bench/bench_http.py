"""HTTP load: requests/s and p95 for standings, team sheet

Serves Dugout with gunicorn (WORKERS sync workers, production settings:
DEBUG off, manifest static files) on 127.0.0.1 and a free port, against a
benchmark database: a fresh SQLite file under var/bench/ by default, the
configured DATABASE_URL when it is set (the rows the bench adds are deleted
afterwards). A child process migrates it and loads one league season with
bulk_create (DIVISIONS divisions of TEAMS_PER_DIVISION teams, each team with
about 14 played league fixtures; bench_standings.build) and one team of 15
players drafted through teams.services. Then each page
takes a bounded load - ``wrk`` when it is installed, else a small thread-pool
client over http.client, bounded by request count and time - and the bench
prints requests per second and the 50th/95th percentile latency.

Then report submission: REPORT_MATCHES matches kicked off through
matches.services (each between two teams of its own), and the Python client
POSTs each match's report once to /api/v1/matches/<id>/report/ with its home
coach's API token (201 each: the report, its post-game run to the end and
applied in-process, as Celery runs eagerly without REDIS_URL - the server
gets no REDIS_URL, so nothing is queued on a shared broker). Only 127.0.0.1 is
ever addressed; the whole run takes well under a minute.

Issue 15, the page stamps and the page cache (config.conditional): the bench's clients
send no cookie, so after the first GET each page is the stamp's read and a cache hit.
Before, on a quiet machine: standings p50 17.4 ms / p95 19.7 ms, team sheet 36.1 / 41.3
ms, report POST 55.9 / 85.9 ms. After, the machine loaded by other work (load average
~4 on 2 cores): standings 14.7 / 25.8 ms, team sheet 14.8 / 25.0 ms, report POST 156 /
204 ms. The report POST was compared with and without the stamps in the same minutes
(two servers, 20-report batches taken in turn): p50s 43-153 ms with, 85-158 ms without,
the same within the noise: a write adds one upsert of a few rows before its commit.
"""

from __future__ import annotations

import http.client
import json
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = ROOT / "var" / "bench"
HOST = "127.0.0.1"
WORKERS = 2
CONNECTIONS = 4  # twice the workers: each worker always has the next request waiting
SECONDS = 5  # of load per page
MAX_REQUESTS = 5_000  # per page, for the Python client
DIVISIONS = 4
TEAMS_PER_DIVISION = 8
STARTUP_TIMEOUT = 30
REPORT_MATCHES = 120  # reports submitted over HTTP, one per match

WRK_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("DUGOUT-WRK %d %d %d %d %d %d\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    summary.errors.status, summary.errors.connect + summary.errors.read
      + summary.errors.write + summary.errors.timeout))
end
"""


@dataclass(frozen=True)
class LoadResult:
    requests: int
    seconds: float
    p50_ms: float
    p95_ms: float
    errors: int  # non-2xx answers and failed requests
    tool: str

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def percentile(values: list[float], pct: float) -> float:
    """The nearest-rank percentile of ``values`` (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(pct / 100 * len(ordered))))
    return ordered[rank - 1]


# --- the benchmark database (run in a child process with its environment) ----


def server_env(database_url: str) -> dict[str, str]:
    """Production-like settings for the child processes and gunicorn."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "REDIS_URL"}
    env.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="bench-only-" + os.urandom(24).hex(),
        DJANGO_ALLOWED_HOSTS=HOST,
        # Plain HTTP on loopback: no redirect to https.
        DJANGO_SECURE_SSL_REDIRECT="false",
        PYTHONUNBUFFERED="1",
    )
    return env


def load_data() -> dict[str, object]:
    """Migrate, collect static files, and load the league and the team (child process)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db.models import Count

    from bench.bench_standings import build
    from teams.services import draft_team

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    teams = DIVISIONS * TEAMS_PER_DIVISION
    # As many results as a double round robin: about 14 games a team.
    fixtures = DIVISIONS * TEAMS_PER_DIVISION * (TEAMS_PER_DIVISION - 1)
    season = build(teams=teams, fixtures=fixtures, divisions=DIVISIONS)
    stamp = season.league.name.removeprefix("Bench league ")
    coach = get_user_model().objects.create_user(f"{stamp}-sheet-coach")
    team = draft_team(
        coach,
        name=f"Bench Reavers {stamp[-8:]}",
        ruleset_key="bb2020",
        roster_slug="human",
        players={"human-lineman": 11, "human-blitzer": 2, "human-catcher": 2},
        rerolls=2,
        apothecary=True,
    )
    played = season.fixtures.aggregate(n=Count("id"))["n"]
    reports = matches_in_play(stamp, REPORT_MATCHES)
    return {
        "reports": reports,
        "stamp": stamp,
        "league": season.league.name,
        "standings": f"/leagues/seasons/{season.pk}/standings/",
        "team_sheet": f"/teams/{team.pk}/",
        "team_name": team.name,
        "teams": teams,
        "fixtures": played,
    }


def matches_in_play(stamp: str, count: int) -> list[dict[str, Any]]:
    """``count`` matches kicked off through the services, each between two drafted
    teams of their own, in a season of their own league; their report paths and
    the home coaches' API tokens."""
    import datetime

    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from leagues import services as league_services
    from leagues.models import Fixture
    from matches import selectors as match_selectors
    from matches import services as match_services
    from teams.services import draft_team

    user_model = get_user_model()
    commissioner = user_model.objects.create_user(f"{stamp}-reports-commissioner")
    league = league_services.create_league(
        commissioner, name=f"Bench reports {stamp}", ruleset="bb2020"
    )
    season = league_services.open_season(commissioner, league)
    teams = []
    for n in range(2 * count):
        coach = user_model.objects.create_user(f"{stamp}-reports-coach-{n}")
        team = draft_team(
            coach,
            name=f"Bench reports {stamp[-8:]} {n}",
            ruleset_key="bb2020",
            roster_slug="human",
            players={"human-lineman": 11},
        )
        league_services.admit_team(commissioner, season, team)
        teams.append(team)
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    out = []
    for n in range(count):
        home, away = teams[2 * n], teams[2 * n + 1]
        fixture = Fixture.objects.filter(season=season, home=home, away=away).first()
        if fixture is None:
            fixture = Fixture.objects.filter(season=season, home=away, away=home).first()
            home, away = away, home
        coaches = {"home": home.coach, "away": away.coach}
        match = match_services.open_match(coaches["home"], fixture)
        match = match_services.start_pre_game(coaches["home"], match, seed=n)
        while match.pre_game_result["pending"]:
            choice = match.pre_game_result["pending"][0]
            answer = {"kick_or_receive": "receive", "inducements": {}}.get(
                choice["kind"], (choice["options"].get("positions") or [None])[0]
            )
            match = match_services.submit_pre_game_choice(
                coaches[choice["side"]], match, kind=choice["kind"], answer=answer
            )
        match = match_services.start_match(coaches["home"], match)
        scorer = match_selectors.players_who_played(match, "home").last()
        token = Token.objects.create(user=coaches["home"]).key
        report = {
            "home_touchdowns": 1,
            "away_touchdowns": 0,
            "events": [{"kind": "touchdown", "player": scorer.pk}],
        }
        out.append({"path": f"/api/v1/matches/{match.pk}/report/", "token": token, "body": report})
    return out


def delete_data(stamp: str) -> None:
    """Remove what ``load_data`` added (child process; for a shared database)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from leagues.models import Fixture, League, Season, TeamEntry
    from matches.models import (
        AppliedEffect,
        DiceRoll,
        Match,
        MatchEvent,
        PlayerMatchStats,
        PostGameApplication,
        Report,
    )
    from teams.models import Player, Team, TreasuryEntry

    with transaction.atomic():
        teams = Team.objects.filter(coach__username__startswith=f"{stamp}-")
        names = [f"Bench league {stamp}", f"Bench reports {stamp}"]
        seasons = Season.objects.filter(league__name__in=names)
        matches = Match.objects.filter(fixture__season__in=seasons)
        PlayerMatchStats.objects.filter(match__in=matches).delete()
        AppliedEffect.objects.filter(application__match__in=matches).delete()
        # The ledger protects the matches its entries name (a correction's too), and
        # the effects above protected the entries.
        TreasuryEntry.objects.filter(team__in=teams).delete()
        PostGameApplication.objects.filter(match__in=matches).delete()
        DiceRoll.objects.filter(match__in=matches).delete()
        MatchEvent.objects.filter(match__in=matches).delete()
        Report.objects.filter(match__in=matches).delete()
        matches.delete()
        Fixture.objects.filter(season__in=seasons).delete()
        TeamEntry.objects.filter(season__in=seasons).delete()
        Player.objects.filter(team__in=teams).delete()
        League.objects.filter(name__in=names).delete()
        teams.delete()
        get_user_model().objects.filter(username__startswith=f"{stamp}-").delete()


def run_child(action: str, env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "bench.bench_http", action, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if result.returncode != 0:
        raise RuntimeError(f"bench_http {action} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


# --- the server ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def get(port: int, path: str, timeout: float = 5) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def start_gunicorn(env: dict[str, str], port: int, log: Path) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--workers",
        str(WORKERS),
        "--bind",
        f"{HOST}:{port}",
        "--log-level",
        "warning",
        "--error-logfile",
        str(log),
    ]
    # The workers' request log lines (one per request) go to the log file, not the bench's output.
    with log.open("ab") as output:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, start_new_session=True, stdout=output, stderr=output
        )
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}: see {log}")
        try:
            get(port, "/healthz", timeout=1)  # any answer: the workers are up
            return process
        except OSError:
            time.sleep(0.2)
    stop_gunicorn(process)
    raise RuntimeError(f"gunicorn did not answer on {HOST}:{port} within {STARTUP_TIMEOUT} s")


def stop_gunicorn(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)  # graceful: the arbiter stops its workers
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


# --- the load -----------------------------------------------------------------


def wrk_load(url: str, seconds: int = SECONDS, connections: int = CONNECTIONS) -> LoadResult:
    """Load ``url`` with wrk for ``seconds`` (bounded by wrk's own duration)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT)
    try:
        result = subprocess.run(
            [
                "wrk",
                f"--threads={min(2, connections)}",
                f"--connections={connections}",
                f"--duration={seconds}s",
                "--timeout=10s",
                f"--script={script.name}",
                url,
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 30,
        )
    finally:
        os.unlink(script.name)
    line = next(
        (x for x in result.stdout.splitlines() if x.startswith("DUGOUT-WRK ")),
        None,
    )
    if result.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed:\n{result.stdout}{result.stderr}")
    requests, duration_us, p50_us, p95_us, bad_status, failed = map(int, line.split()[1:])
    return LoadResult(
        requests=requests,
        seconds=duration_us / 1e6,
        p50_ms=p50_us / 1000,
        p95_ms=p95_us / 1000,
        errors=bad_status + failed,
        tool="wrk",
    )


def python_load(
    port: int,
    path: str,
    *,
    seconds: float = SECONDS,
    max_requests: int = MAX_REQUESTS,
    connections: int = CONNECTIONS,
) -> LoadResult:
    """Load ``path`` from ``connections`` threads, each on one keep-alive
    connection, until ``max_requests`` are made or ``seconds`` pass."""
    lock = threading.Lock()
    issued = 0
    latencies: list[float] = []
    errors = 0
    deadline = time.monotonic() + seconds

    def take_ticket() -> bool:
        nonlocal issued
        with lock:
            if issued >= max_requests or time.monotonic() >= deadline:
                return False
            issued += 1
            return True

    def client() -> None:
        nonlocal errors
        connection = http.client.HTTPConnection(HOST, port, timeout=10)
        mine: list[float] = []
        failed = 0
        try:
            while take_ticket():
                started = time.perf_counter()
                try:
                    connection.request("GET", path)
                    response = connection.getresponse()
                    response.read()
                    if not 200 <= response.status < 300:
                        failed += 1
                except (OSError, http.client.HTTPException):
                    failed += 1
                    connection.close()
                    connection = http.client.HTTPConnection(HOST, port, timeout=10)
                    continue
                mine.append(time.perf_counter() - started)
        finally:
            connection.close()
            with lock:
                latencies.extend(mine)
                errors += failed

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=connections) as pool:
        for future in [pool.submit(client) for _ in range(connections)]:
            future.result()
    elapsed = time.perf_counter() - started
    return LoadResult(
        requests=len(latencies),
        seconds=elapsed,
        p50_ms=percentile(latencies, 50) * 1000,
        p95_ms=percentile(latencies, 95) * 1000,
        errors=errors,
        tool="python",
    )


def post_load(
    port: int,
    requests: list[dict[str, Any]],
    *,
    seconds: float = SECONDS * 4,
    connections: int = CONNECTIONS,
) -> LoadResult:
    """POST each request's body once to its path (with its token) from
    ``connections`` threads, until every one is sent or ``seconds`` pass."""
    lock = threading.Lock()
    pending = list(reversed(requests))
    latencies: list[float] = []
    errors = 0
    deadline = time.monotonic() + seconds

    def take() -> dict[str, Any] | None:
        with lock:
            if not pending or time.monotonic() >= deadline:
                return None
            return pending.pop()

    def client() -> None:
        nonlocal errors
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        mine: list[float] = []
        failed = 0
        try:
            while (request := take()) is not None:
                headers = {
                    "Content-Type": "application/json",
                    "Authorization": f"Token {request['token']}",
                }
                started = time.perf_counter()
                try:
                    body = json.dumps(request["body"]).encode()
                    connection.request("POST", request["path"], body=body, headers=headers)
                    response = connection.getresponse()
                    response.read()
                    if response.status != 201:
                        failed += 1
                except (OSError, http.client.HTTPException):
                    failed += 1
                    connection.close()
                    connection = http.client.HTTPConnection(HOST, port, timeout=30)
                    continue
                mine.append(time.perf_counter() - started)
        finally:
            connection.close()
            with lock:
                latencies.extend(mine)
                errors += failed

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=connections) as pool:
        for future in [pool.submit(client) for _ in range(connections)]:
            future.result()
    return LoadResult(
        requests=len(latencies),
        seconds=time.perf_counter() - started,
        p50_ms=percentile(latencies, 50) * 1000,
        p95_ms=percentile(latencies, 95) * 1000,
        errors=errors,
        tool="python",
    )


def load(port: int, path: str) -> LoadResult:
    if shutil.which("wrk"):
        return wrk_load(f"http://{HOST}:{port}{path}")
    return python_load(port, path)


# --- the run ------------------------------------------------------------------


def main() -> None:
    configured = os.environ.get("DATABASE_URL", "")
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    if configured:
        database_url = configured
    else:
        database = BENCH_DIR / "http.sqlite3"
        for stale in BENCH_DIR.glob("http.sqlite3*"):
            stale.unlink()
        database_url = f"sqlite:///{database}"
    env = server_env(database_url)
    data = json.loads(run_child("load", env).strip().splitlines()[-1])
    port = free_port()
    server = start_gunicorn(env, port, BENCH_DIR / "gunicorn.log")
    try:
        pages = [
            ("standings", data["standings"], f"{data['teams']} teams", data["league"]),
            ("team sheet", data["team_sheet"], "15 players", data["team_name"]),
        ]
        print(
            f"   gunicorn: {WORKERS} workers on {HOST}:{port}; database: "
            f"{'configured DATABASE_URL' if configured else database_url.removeprefix('sqlite:///')}"
        )
        print(
            f"   load: {CONNECTIONS} connections, {SECONDS} s per page "
            f"({'wrk' if shutil.which('wrk') else f'python client, at most {MAX_REQUESTS}'}); "
            f"season of {data['teams']} teams, {data['fixtures']} played fixtures"
        )
        for name, path, size, expected in pages:
            status, body = get(port, path)
            if status != 200 or expected.encode() not in body:
                raise RuntimeError(f"{name} ({path}) answered {status}, not the page")
            result = load(port, path)
            print(
                f"   {name:<11} ({size:>9}): {result.per_second:8.1f} requests/s, "
                f"p50 {result.p50_ms:6.1f} ms, p95 {result.p95_ms:6.1f} ms, "
                f"{result.requests} requests, {result.errors} errors"
            )
        result = post_load(port, data["reports"])
        print(
            f"   {'report POST':<11} ({len(data['reports']):>3} matches): "
            f"{result.per_second:8.1f} requests/s, "
            f"p50 {result.p50_ms:6.1f} ms, p95 {result.p95_ms:6.1f} ms, "
            f"{result.requests - result.errors} reports (201), {result.errors} errors"
        )
    finally:
        stop_gunicorn(server)
        if configured:
            run_child("delete", env, data["stamp"])


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if sys.argv[1:2] == ["load"]:
        print(json.dumps(load_data()))
    elif sys.argv[1:2] == ["delete"]:
        delete_data(sys.argv[2])
    else:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        main()
