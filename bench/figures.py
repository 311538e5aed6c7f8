"""The figures users feel: pages, the standings API, recording and correcting a match

Each figure is a median over repeated runs through Django's whole request path - the
test ``Client`` into the WSGI handler, every middleware, the URL resolver, the view,
the templates or DRF - with DEBUG off as deployed (DEBUG on logs every statement and,
on SQLite, quotes each one's parameters by one more query). There is no server and no
network: what gunicorn and the loopback add is the same for any page.

The database is one made for the bench and dropped after (``bench.site.fresh_database``:
SQLite in a temporary file, or a database of its own on the PostgreSQL server of
DATABASE_URL). It holds two seasons, 8 teams / 56 played and 200 teams / 4,000 played,
each with one drafted 15-player team among them whose coach is signed in for the
"coach" figures, and a league of drafted teams whose matches are recorded:

- standings page, team page: visitor and the team's coach signed in; the same page
  read again and again, as most reads are (nothing written in between);
- standings API: a visitor's GET of the season's standings;
- recording a whole match: every call both coaches make through the API, one after
  the other - open, pre-game and each decision, kick-off, the report with its events,
  the opponent's confirmation (the post-game runs in it: Celery runs eagerly here),
  the post-game's decisions and state, close - summed, the median over matches;
- correcting one match: a commissioner's correction of a round-1 match after rounds 2
  and 3 were played (the correction re-derives both teams' later post-games): one
  touchdown more, then back again, each round-1 match in turn.

Prints each figure, its goal, figure/goal and whether it is met; wall time is the
figure (CPU time beside it: on a shared machine the wall time moves with other work).
"""

from __future__ import annotations

import logging
import os
import statistics
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from bench import site

# (teams, played results, divisions): the incumbent's two league sizes.
SIZES = ((8, 56, 1), (200, 4_000, 4))
STANDINGS_GOAL_MS = {8: 3.0, 200: 4.5}
TEAM_PAGE_GOAL_MS = 6.5
STANDINGS_API_GOAL_MS = 4.0
RECORD_GOAL_MS = 140.0
CORRECT_GOAL_MS = 250.0

REPEATS = 40  # reads of each page, after WARM_UP reads
WARM_UP = 3
LEAGUE_TEAMS = 8
MATCHES = 12  # recorded over HTTP: the league's first three rounds
CORRECTIONS = 8  # of round-1 matches, each in turn
MATCHES_API = "/api/v1/matches"


@dataclass(frozen=True)
class Figure:
    name: str
    median_ms: float
    cpu_ms: float
    goal_ms: float
    samples: int

    @property
    def ratio(self) -> float:
        return self.median_ms / self.goal_ms

    @property
    def met(self) -> bool:
        return self.median_ms <= self.goal_ms


class Timer:
    """Wall and process CPU seconds of the calls made under ``timed()``, summed."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0

    @contextmanager
    def timed(self) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.wall += time.perf_counter() - wall
            self.cpu += time.process_time() - cpu


def figure(name: str, timers: list[Timer], goal_ms: float) -> Figure:
    return Figure(
        name,
        statistics.median(t.wall for t in timers) * 1000,
        statistics.median(t.cpu for t in timers) * 1000,
        goal_ms,
        len(timers),
    )


def checked(response: Any, *codes: int) -> Any:
    """The response, after checking its status (200 or 201 unless told)."""
    if response.status_code not in (codes or (200, 201)):
        body = response.content[:300]
        raise RuntimeError(
            f"{response.request['PATH_INFO']} answered {response.status_code}: {body!r}"
        )
    return response


# --- pages ----------------------------------------------------------------------


def read_page(client: Client, path: str, repeats: int) -> list[Timer]:
    """``path`` read ``repeats`` times (after a warm-up), each timed on its own."""
    for _ in range(WARM_UP):
        checked(client.get(path, secure=True), 200)
    timers = []
    for _ in range(repeats):
        timer = Timer()
        with timer.timed():
            response = client.get(path, secure=True)
        checked(response, 200)
        timers.append(timer)
    return timers


def page_figures(built: site.SeasonSite, repeats: int) -> list[Figure]:
    """The standings page, the team page and the standings API of one season."""
    visitor, coach = Client(), Client()
    coach.force_login(built.coach)
    size = f"{built.teams} teams / {built.played:,} played"
    standings = reverse("season-standings", args=[built.season.pk])
    team = reverse("team-detail", args=[built.team.pk])
    api = f"/api/v1/leagues/seasons/{built.season.pk}/standings/"
    standings_goal = STANDINGS_GOAL_MS.get(built.teams, STANDINGS_GOAL_MS[8])
    return [
        figure(
            f"standings page, visitor, {size}",
            read_page(visitor, standings, repeats),
            standings_goal,
        ),
        figure(
            f"standings page, coach, {size}", read_page(coach, standings, repeats), standings_goal
        ),
        figure(f"team page, visitor, {size}", read_page(visitor, team, repeats), TEAM_PAGE_GOAL_MS),
        figure(f"team page, coach, {size}", read_page(coach, team, repeats), TEAM_PAGE_GOAL_MS),
        figure(
            f"standings API, visitor, {size}",
            read_page(visitor, api, repeats),
            STANDINGS_API_GOAL_MS,
        ),
    ]


# --- recording and correcting matches -------------------------------------------


def api_clients(tokens: list[str]) -> dict[str, Client]:
    """One API client per token, signed in by it, for the whole run. A test client
    loads every middleware on its first request (WhiteNoise lists the static files),
    as a server process does once when it starts: that first request is made here,
    untimed."""
    clients = {}
    for token in tokens:
        client = Client(headers={"authorization": f"Token {token}"})
        checked(client.get(reverse("healthz"), secure=True), 200)
        clients[token] = client
    return clients


class Coach:
    """A coach's (or commissioner's) calls, timed by ``timer``."""

    def __init__(self, client: Client, timer: Timer) -> None:
        self.client = client
        self.timer = timer

    def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        with self.timer.timed():
            response = self.client.post(
                path, body or {}, content_type="application/json", secure=True
            )
        return checked(response).json()

    def get(self, path: str) -> dict[str, Any]:
        with self.timer.timed():
            response = self.client.get(path, secure=True)
        return checked(response, 200).json()


def report_body(match_id: int, seed: int) -> dict[str, Any]:
    """A report as most leagues write one: the touchdowns, a pass, a casualty with
    its injury, by players who played (the kick-off's sheets, read untimed)."""
    from matches.models import Match
    from matches.selectors import players_who_played

    match = Match.objects.get(pk=match_id)
    home, away = ([p.pk for p in players_who_played(match, side)] for side in ("home", "away"))
    score = (seed % 3, (seed // 3) % 3)
    events = [{"kind": "touchdown", "player": home[-1 - n]} for n in range(score[0])]
    events += [{"kind": "touchdown", "player": away[-1 - n]} for n in range(score[1])]
    events += [
        {"kind": "completion", "player": home[0]},
        {"kind": "casualty", "player": home[1], "victim": away[0]},
        {"kind": "injury", "player": away[0], "injury": "badly_hurt"},
    ]
    return {"home_touchdowns": score[0], "away_touchdowns": score[1], "events": events}


def record(
    league: site.League, clients: dict[str, Client], fixture: Any, seed: int
) -> tuple[Timer, int, dict[str, Any]]:
    """Every call both coaches make to record ``fixture``'s match, timed; the match
    and its report."""
    timer = Timer()
    home = Coach(clients[league.tokens[fixture.home.coach_id]], timer)
    away = Coach(clients[league.tokens[fixture.away.coach_id]], timer)
    by_side = {"home": home, "away": away}
    match_id = home.post(f"{MATCHES_API}/", {"fixture": fixture.pk})["id"]
    url = f"{MATCHES_API}/{match_id}"
    state = away.post(f"{url}/start-pre-game/")
    while state["pending"]:
        choice = state["pending"][0]
        body = {"kind": choice["kind"], "answer": site.answer(choice)}
        state = by_side[choice["side"]].post(f"{url}/pre-game-choices/", body)
    home.post(f"{url}/start/")
    report = report_body(match_id, seed)  # untimed: the coach's app knows its players
    home.post(f"{url}/report/", report)
    away.post(f"{url}/confirm/")  # the opponent confirms: the post-game runs
    post_game = home.get(f"{url}/post-game/")
    while post_game["pending"]:
        side = post_game["pending"][0]["side"]
        post_game = by_side[side].post(f"{url}/post-game-choices/", {"side": side})
    if not post_game["applied"]:
        raise RuntimeError(f"match {match_id}: the post-game was not applied")
    away.post(f"{url}/close/")
    return timer, match_id, report


def correct(
    league: site.League,
    clients: dict[str, Client],
    match_id: int,
    report: dict[str, Any],
    undo: bool,
) -> Timer:
    """The commissioner's correction of a match: one more home touchdown, or back to
    the report as it was."""
    timer = Timer()
    body = dict(report, note="Bench: a touchdown the report missed")
    if not undo:
        # A home player who played: the one who threw the pass.
        scorer = next(e["player"] for e in report["events"] if e["kind"] == "completion")
        body["home_touchdowns"] = report["home_touchdowns"] + 1
        body["events"] = [{"kind": "touchdown", "player": scorer}, *report["events"]]
    commissioner = Coach(clients[league.commissioner_token], timer)
    commissioner.post(f"{MATCHES_API}/{match_id}/correct/", body)
    return timer


def match_figures(teams: int, matches: int, corrections: int) -> list[Figure]:
    """Record the league's first ``matches`` matches over HTTP, then correct its
    round-1 matches in turn ``corrections`` times."""
    from config.celery import app

    league = site.build_league(teams)
    clients = api_clients([*league.tokens.values(), league.commissioner_token])
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True  # the post-game in the request, nothing queued
    try:
        recorded = [
            record(league, clients, fixture, 16_240 + 7 * n)
            for n, fixture in enumerate(league.fixtures[:matches])
        ]
        first_round = recorded[: teams // 2]
        fixes = []
        for n in range(corrections):
            _, match_id, report = first_round[n % len(first_round)]
            undo = (n // len(first_round)) % 2 == 1  # the second time round, back again
            fixes.append(correct(league, clients, match_id, report, undo))
    finally:
        app.conf.task_always_eager = eager
    return [
        figure(
            "recording a whole match over HTTP, both coaches",
            [t for t, _, _ in recorded],
            RECORD_GOAL_MS,
        ),
        figure("correcting one match", fixes, CORRECT_GOAL_MS),
    ]


# --- the run --------------------------------------------------------------------


def measure(
    sizes: tuple[tuple[int, int, int], ...] = SIZES,
    repeats: int = REPEATS,
    teams: int = LEAGUE_TEAMS,
    matches: int = MATCHES,
    corrections: int = CORRECTIONS,
) -> list[Figure]:
    """Build the data in the current database and take every figure."""
    with override_settings(DEBUG=False):
        figures = []
        for size in sizes:
            figures += page_figures(site.build_season(*size), repeats)
        return figures + match_figures(teams, matches, corrections)


def table(figures: list[Figure]) -> str:
    width = max(len(f.name) for f in figures)
    lines = [
        f"   {'figure':<{width}}  {'median':>9}  {'CPU':>9}  {'goal':>8}  {'ratio':>5}  verdict",
    ]
    for f in figures:
        verdict = "met" if f.met else f"NOT met, {f.median_ms - f.goal_ms:.1f} ms over"
        lines.append(
            f"   {f.name:<{width}}  {f.median_ms:6.1f} ms  {f.cpu_ms:6.1f} ms  "
            f"{f.goal_ms:5.1f} ms  {f.ratio:5.2f}  {verdict}"
        )
    met = sum(f.met for f in figures)
    lines.append(f"   {met} of {len(figures)} figures met")
    return "\n".join(lines)


@contextmanager
def logs_discarded() -> Iterator[None]:
    """Each request's and task's log line written as usual, to the null device: the
    cost stays in the figures, the lines stay out of the bench's output."""
    handlers = [h for h in logging.getLogger().handlers if isinstance(h, logging.StreamHandler)]
    with open(os.devnull, "w") as null:
        streams = [h.setStream(null) for h in handlers]
        try:
            yield
        finally:
            for handler, stream in zip(handlers, streams, strict=True):
                handler.setStream(stream)


def code_version() -> str:
    """The commit the bench ran on (and whether the work tree had changes), for
    bench/HISTORY.md."""
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=root,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return f"{commit or 'unknown'}{' with uncommitted changes' if dirty else ''}"


def main() -> None:
    with site.fresh_database() as vendor, logs_discarded():
        figures = measure()
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    print(
        f"   code {code_version()}; database: {vendor}; medians of {REPEATS} reads a page, "
        f"{MATCHES} matches, {CORRECTIONS} corrections; load average {load}"
    )
    print(table(figures))
