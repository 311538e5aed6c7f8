"""Sequential HTTP at two league sizes: median ms per page and write, peak RSS per worker

Issue 15 measured the incumbent league manager one request at a time on two league
sizes: 8 teams / 56 played fixtures and 200 teams / 4,000 played. Its medians:
standings and team pages 59-96 ms and 122-137 ms, recording a result 1.5 s,
correcting one 4-7 s and growing with the site. The goals here: standings and team
pages median <= 10 ms, recording a result <= 150 ms, a correction that costs the same
whatever the size of the site.

For each size, a child process builds a fresh SQLite database under var/bench/ (or
uses DATABASE_URL when set, deleting its rows afterwards): one season of that many
teams and played fixtures (bench_standings.build, maintained standings rows filled
once), a drafted 15-player team, and MATCHES matches kicked off through the services
in a league of their own (bench_http.matches_in_play). gunicorn serves it (WORKERS
sync workers, production settings); one client, one request at a time, on a
keep-alive connection:
- GET the standings and the team sheet REPEATS times each (after a warm-up);
- POST each match's report as the home coach (201), then its confirmation as the
  away coach (the post-game runs in the request: Celery is eager without REDIS_URL);
- POST a correction of the first CORRECTIONS matches as the league's commissioner.
It prints each median against its target, and the peak resident memory (VmHWM) of
each gunicorn worker once the run is over.

Measured on this 2-core machine (SQLite, other work running), medians of 40 GETs:
  before the page stamps: standings 11-12 ms, team sheet 20-26 ms (both sizes);
  after (issue 15: ETag and the page cache keyed by the page stamps, config.conditional;
  the bench's client sends no cookie, so it is a visitor not signed in and each GET
  after the warm-up is the stamp's read, one statement, and a cache hit):
    8 teams / 56 played:     standings 3.4-7.9 ms, team sheet 3.5-7.7 ms (targets 10 ms:
                             met in each of three runs)
    200 teams / 4,000 played: standings 3.3-7.5 ms, team sheet 3.2-3.9 ms (met)
  In-process (Django's WSGI handler, no server) the 200-team standings page (155 kB) is
  0.7 ms: the rest is gunicorn, the loopback and the client, and the machine's load.
  A GET that follows a write renders the page once (what "before" measured) and keeps
  it for the next visitors.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench.bench_http import (
    BENCH_DIR,
    HOST,
    ROOT,
    free_port,
    get,
    server_env,
    start_gunicorn,
    stop_gunicorn,
)

SIZES = ((8, 56, 1), (200, 4_000, 4))  # teams, played fixtures, divisions
REPEATS = 40
MATCHES = 12
CORRECTIONS = 6
PAGE_TARGET_MS = 10.0
RECORD_TARGET_MS = 150.0


def load_data(teams: int, fixtures: int, divisions: int) -> dict[str, Any]:
    """Migrate and load one size's league, team and matches (child process)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from bench.bench_http import matches_in_play
    from bench.bench_standings import build
    from leagues.services.standings_sync import refresh_season_totals
    from matches.models import Match
    from teams.services import draft_team

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    season = build(teams=teams, fixtures=fixtures, divisions=divisions)
    refresh_season_totals(season)
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
    reports = matches_in_play(stamp, MATCHES)
    commissioner = get_user_model().objects.get(username=f"{stamp}-reports-commissioner")
    for report in reports:
        match = Match.objects.select_related("fixture__home", "fixture__away").get(
            pk=int(report["path"].split("/")[-3])
        )
        home_token = Token.objects.get(key=report["token"])
        coaches = (match.fixture.home.coach_id, match.fixture.away.coach_id)
        opponent = next(c for c in coaches if c != home_token.user_id)
        report["confirm_path"] = f"/api/v1/matches/{match.pk}/confirm/"
        report["opponent_token"] = Token.objects.get_or_create(user_id=opponent)[0].key
        report["correct_path"] = f"/api/v1/matches/{match.pk}/correct/"
    return {
        "stamp": stamp,
        "standings": f"/leagues/seasons/{season.pk}/standings/",
        "team_sheet": f"/teams/{team.pk}/",
        "reports": reports,
        "commissioner_token": Token.objects.create(user=commissioner).key,
    }


def run_child(env: dict[str, str], *args: str) -> str:
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "bench.bench_sequential", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0:
        raise RuntimeError(f"bench_sequential {args} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


class Client:
    """One keep-alive connection, one request at a time."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)

    def timed(
        self, method: str, path: str, body: Any = None, token: str = ""
    ) -> tuple[int, float, bytes]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Token {token}"
        payload = json.dumps(body).encode() if body is not None else None
        started = time.perf_counter()
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        content = response.read()
        return response.status, (time.perf_counter() - started) * 1000, content

    def close(self) -> None:
        self.connection.close()


def _median(client: Client, path: str) -> float:
    client.timed("GET", path)  # warm-up: the worker's first request imports and compiles
    times = []
    for _ in range(REPEATS):
        status, ms, _ = client.timed("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path} answered {status}")
        times.append(ms)
    return statistics.median(times)


def _writes(client: Client, data: dict[str, Any]) -> dict[str, float]:
    record, confirm, correct = [], [], []
    for item in data["reports"]:
        status, ms, body = client.timed("POST", item["path"], item["body"], item["token"])
        if status != 201:
            raise RuntimeError(f"report POST answered {status}: {body[:300]!r}")
        record.append(ms)
        status, ms, body = client.timed("POST", item["confirm_path"], {}, item["opponent_token"])
        if status not in (200, 201):
            raise RuntimeError(f"confirmation answered {status}: {body[:300]!r}")
        confirm.append(ms)
    for item in data["reports"][:CORRECTIONS]:
        correction = {**item["body"], "home_touchdowns": 2, "note": "Bench: a missed touchdown"}
        correction["events"] = item["body"]["events"] * 2
        token = data["commissioner_token"]
        status, ms, body = client.timed("POST", item["correct_path"], correction, token)
        if status != 201:
            raise RuntimeError(f"correction answered {status}: {body[:300]!r}")
        correct.append(ms)
    return {
        "record": statistics.median(record),
        "confirm": statistics.median(confirm),
        "correct": statistics.median(correct),
    }


def peak_rss_mib(master_pid: int) -> list[float]:
    """VmHWM of each worker (the master's children), in MiB (Linux /proc)."""
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children")
    peaks = []
    for pid in children.read_text().split() if children.exists() else []:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) / 1024)
    return peaks


def _verdict(value: float, target: float) -> str:
    ratio = value / target
    return f"target {target:.0f} ms, ratio {ratio:.2f} {'(met)' if ratio <= 1 else '(NOT met)'}"


def run_size(teams: int, fixtures: int, divisions: int) -> dict[str, float]:
    configured = os.environ.get("DATABASE_URL", "")
    if configured:
        database_url = configured
    else:
        database = BENCH_DIR / f"sequential-{teams}.sqlite3"
        for stale in BENCH_DIR.glob(f"sequential-{teams}.sqlite3*"):
            stale.unlink()
        database_url = f"sqlite:///{database}"
    env = server_env(database_url)
    out = run_child(env, "load", str(teams), str(fixtures), str(divisions))
    data = json.loads(out.strip().splitlines()[-1])
    port = free_port()
    server = start_gunicorn(env, port, BENCH_DIR / "gunicorn-sequential.log")
    try:
        status, _ = get(port, data["standings"])
        if status != 200:
            raise RuntimeError(f"standings answered {status}")
        client = Client(port)
        try:
            figures = {
                "standings": _median(client, data["standings"]),
                "team sheet": _median(client, data["team_sheet"]),
                **_writes(client, data),
            }
        finally:
            client.close()
        peaks = peak_rss_mib(server.pid)
    finally:
        stop_gunicorn(server)
        if configured:
            run_child(env, "delete", data["stamp"])
    size = f"{teams} teams / {fixtures:,} played"
    print(f"   {size}:")
    for name in ("standings", "team sheet"):
        print(f"     {name:<22} median {figures[name]:7.1f} ms  {_verdict(figures[name], 10)}")
    print(
        f"     {'recording a result':<22} median {figures['record']:7.1f} ms  "
        f"{_verdict(figures['record'], RECORD_TARGET_MS)}"
    )
    print(f"     {'confirming (post-game)':<22} median {figures['confirm']:7.1f} ms")
    print(f"     {'correcting a result':<22} median {figures['correct']:7.1f} ms")
    print(f"     peak RSS per gunicorn worker: {', '.join(f'{p:.0f} MiB' for p in peaks)}")
    return figures


def main() -> None:
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    results = [run_size(*size) for size in SIZES]
    small, large = results
    ratio = large["correct"] / small["correct"]
    print(
        f"   correcting at {SIZES[1][0]} teams / at {SIZES[0][0]} teams: ratio {ratio:.2f} "
        f"(independent of the site's size when near 1; the incumbent grew 4 -> 7 s)"
    )


def delete_data(stamp: str) -> None:
    from bench.bench_http import delete_data as delete

    delete(stamp)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if sys.argv[1:2] == ["load"]:
        print(json.dumps(load_data(*map(int, sys.argv[2:5]))))
    elif sys.argv[1:2] == ["delete"]:
        delete_data(sys.argv[2])
    else:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        main()
