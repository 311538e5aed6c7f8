"""API fuzzing over real HTTP: schemathesis's own command line (``st run``) against a live
gunicorn on 127.0.0.1 (two workers, DEBUG off), signed in by API token as a coach and
as a commissioner, over the league of tests/league_world.py. tests/test_api_fuzz.py
runs every operation in-process with every conformance check; this one is about the
real server: its fuzzing phase and its stateful phase (sequences of calls that follow
the links schemathesis infers from the schema, e.g. a league it created, then that
league's seasons) must get no 5xx and no status the schema does not document
(core/schema.py documents the ones every operation may answer).

The count comes from the server itself: gunicorn runs with DUGOUT_METRICS on and a
PROMETHEUS_MULTIPROC_DIR of its own, and /metrics (summed over both workers) must show
the requests schemathesis sent and not one 5xx among them.

PostgreSQL only (gunicorn must see the rows this test commits): CI's second pass.
Bounded: MAX_EXAMPLES per operation, a fixed seed, deterministic generation, a time
budget per role and a hard timeout.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token

from matches.models import MatchEvent
from teams.models import Player
from tests.faults import harness
from tests.league_world import build_world

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

MAX_EXAMPLES = 5
SEED = 20260117
# Each role's run stops by itself well within this (schemathesis's own budget), and is
# killed past HARD_TIMEOUT.
MAX_SECONDS_PER_ROLE = 20
HARD_TIMEOUT = 90
SCHEMA = "/api/v1/schema/"


@pytest.fixture
def gunicorn_server(tmp_path, eager_celery):
    world = build_world("Live")
    tokens = {
        "coach": Token.objects.create(user=world.home_coach).key,
        "commissioner": Token.objects.create(user=world.commissioner).key,
    }
    metrics_dir = tmp_path / "prometheus"
    metrics_dir.mkdir()
    # No REDIS_URL: post-games run in the request (eager), as in the embedded mode, so
    # a fuzzed report's post-game is fuzzed too. Rate limits out of the way.
    rows = {
        "league": [world.league.pk, world.other_league.pk],
        "season": [world.season.pk, world.other_season.pk],
        "division": list(world.season.divisions.values_list("pk", flat=True)),
        "fixture": list(world.season.fixtures.values_list("pk", flat=True)),
        "team": [team.pk for team in world.teams.values()],
        "player": list(
            Player.objects.filter(team__in=world.teams.values()).values_list("pk", flat=True)
        ),
        "match": [world.played.pk, world.in_play.pk, world.pre_game.pk],
        "event": list(MatchEvent.objects.values_list("pk", flat=True)),
    }
    config = tmp_path / "schemathesis.toml"
    config.write_text(schemathesis_config(rows))
    env = harness.server_env("")
    env.update(
        DJANGO_API_RATE_ANON="100000/minute",
        DJANGO_API_RATE_USER="100000/minute",
        DUGOUT_METRICS="true",
        PROMETHEUS_MULTIPROC_DIR=str(metrics_dir),
    )
    harness.collect_static(env)
    server, port = harness.start_gunicorn(env, tmp_path / "gunicorn.log", workers=2)
    try:
        yield port, tokens, config
    finally:
        harness.stop(server)


# Path prefix -> the kind of row its {id} names: half the ids schemathesis draws there
# name a row that exists (the other half, anything: the 404s).
PATH_KINDS = [
    (r"^/api/v1/leagues/seasons/", "season"),
    (r"^/api/v1/leagues/divisions/", "division"),
    (r"^/api/v1/leagues/fixtures/", "fixture"),
    (r"^/api/v1/leagues/\\{id\\}", "league"),
    (r"^/api/v1/teams/\\{id\\}", "team"),
    (r"^/api/v1/players/", "player"),
    (r"^/api/v1/matches/\\{id\\}/events/\\{event_id\\}", "match+event"),
    (r"^/api/v1/matches/\\{id\\}", "match"),
]


def schemathesis_config(rows: dict[str, list[int]]) -> str:
    """schemathesis.toml: the rows that exist as dictionaries, bound to path ids."""
    lines = []
    for kind, values in rows.items():
        # As the schema types them: {id} a string of digits, {event_id} an integer.
        typed = sorted(values) if kind == "event" else [str(v) for v in sorted(values)]
        lines += [f"[dictionaries.{kind}]", f"values = {json.dumps(typed)}", ""]
    for regex, kind in PATH_KINDS:
        bindings = {"id": kind.split("+")[0]}
        if "+" in kind:
            bindings["event_id"] = kind.split("+")[1]
        binding = ", ".join(
            f'"path.{name}" = {{ dictionary = "{row}", probability = 0.5 }}'
            for name, row in bindings.items()
        )
        lines += [
            "[[operations]]",
            f'include-path-regex = "{regex}"',
            f"parameters = {{ {binding} }}",
            "",
        ]
    return "\n".join(lines)


def fuzz(port: int, token: str, config: Path) -> subprocess.CompletedProcess:
    st = Path(sys.executable).with_name("st")
    command = [
        str(st), "--config-file", str(config), "run", f"http://{harness.HOST}:{port}{SCHEMA}",
        "--header", f"Authorization: Token {token}",
        "--phases", "examples,fuzzing,stateful",
        "--checks", "not_a_server_error,status_code_conformance",
        "--max-examples", str(MAX_EXAMPLES),
        "--max-time", str(MAX_SECONDS_PER_ROLE),
        "--seed", str(SEED), "--generation-deterministic",
        "--request-timeout", "15",
        "--workers", "2",
        "--no-color",
    ]  # fmt: skip
    return subprocess.run(
        command, cwd=config.parent, capture_output=True, text=True, timeout=HARD_TIMEOUT
    )


def served(port: int) -> dict[str, float]:
    """Requests answered under /api/, by status, from every gunicorn worker."""
    text = harness.request(port, "GET", "/metrics").body.decode()
    by_status: dict[str, float] = {}
    pattern = r'^dugout_http_requests_total\{method="\w+",route="([^"]*)",status="(\d+)"\} (\S+)$'
    for route, status, value in re.findall(pattern, text, flags=re.MULTILINE):
        if route.startswith("api/"):
            by_status[status] = by_status.get(status, 0) + float(value)
    return by_status


def test_live_gunicorn_answers_no_5xx_to_a_coach_and_a_commissioner(gunicorn_server):
    port, tokens, config = gunicorn_server
    started = time.monotonic()
    outputs = {}
    for role, token in tokens.items():
        result = fuzz(port, token, config)
        outputs[role] = result.stdout[-3000:] + result.stderr[-2000:]
        assert "Server error" not in result.stdout, outputs[role]
        assert "Undocumented status code" not in result.stdout, outputs[role]
        assert result.returncode == 0, outputs[role]
        assert re.search(r"Stateful", result.stdout), outputs[role]  # the phase ran
    statuses = served(port)
    requests = sum(statuses.values())
    server_errors = {s: n for s, n in statuses.items() if s.startswith("5")}
    print(
        f"live fuzz: {requests:.0f} API requests in {time.monotonic() - started:.0f} s, "
        f"by status {dict(sorted(statuses.items()))}"
    )
    assert server_errors == {}, (server_errors, outputs)
    assert requests >= 200  # both roles fuzzed every operation, not just the schema
