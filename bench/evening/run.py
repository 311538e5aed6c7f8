"""The evening load test, one command: ``python -m bench.evening --leagues 10 --clients
8,16,32 --duration 60`` (``make evening LEAGUES=10``).

For each site size it builds (or reuses) the site's database on the local PostgreSQL,
``dugout_evening_<leagues>`` (S1's ``python -m bench.sitegen`` when it is there, else
bench/evening/site.py's small site), then starts, each in a temporary directory of its
own and in its own process group:

- a Redis server of its own (so the cache hit rate is this site's alone),
- PgBouncer in transaction mode in front of the PostgreSQL database (its own ini),
- gunicorn with ``--workers`` workers against PgBouncer (DATABASE_URL to PgBouncer's
  port, DATABASE_POOLER=transaction, no prepared statements: PgBouncer before 1.21
  cannot keep them),
- ``--celery-workers`` Celery workers (2, of ``--celery-concurrency`` processes each),
  beat inside the first only,

runs Locust headless (bench/evening/locustfile.py) at each client count for
``--duration`` seconds, and stops everything at the end, on failure and on Ctrl-C. Then
it prints the figures, each against its goal (``GOALS``) with its ratio, and "missed
by" where missed: requests per second; p50/p95/p99 per kind of request; failures; the
lag from a confirmation to its applied post-game (p95, from the database); the cache hit
rate (Redis INFO deltas); the database connections used (pg_stat_activity's peak, and
PgBouncer's SHOW POOLS); each gunicorn worker's peak memory (VmHWM); the load
generator's own CPU; and the capacity: the highest rate at which p95 <= 100 ms with no
failed request. ``--compare 10,1000`` runs both sizes and prints the ratios.

``--ci`` exits non-zero on any failed request or any confirmed report whose post-game
was never applied (``make evening-ci``).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime
import json
import os
import re
import resource
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench.processes import HOST, NGINX, free_port, nginx_conf, port_open, tail, wait_until

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
DEFAULT_URL = "postgres://dugout:dugout@127.0.0.1:5432/dugout"
ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b")

# The goals (this machine type; the load generator's CPU counted and reported).
GOALS = {
    "capacity_rps": 300.0,  # at least, at 1,000 leagues
    "p95_ms": 100.0,
    "p99_ms": 250.0,
    "failures": 0,
    "lag_p95_s": 2.0,
    "worker_mib": 160.0,
    "growth": 1.2,  # 1,000 leagues against 10, each figure
}


# --- child processes -------------------------------------------------------------


class Children:
    """The processes this run started, each in its own process group, stopped in the
    reverse order (SIGTERM, then SIGKILL) whatever happens."""

    def __init__(self) -> None:
        self.started: list[tuple[str, subprocess.Popen[bytes]]] = []

    def start(self, name: str, command: list[str], log: Path, **kw: Any) -> subprocess.Popen[bytes]:
        with open(log, "ab") as out:
            process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, **kw
            )
        self.started.append((name, process))
        return process

    def stop_all(self) -> None:
        for _name, process in reversed(self.started):
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
        for _name, process in reversed(self.started):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        self.started.clear()


def database_url(base: str, name: str, port: int | None = None) -> str:
    parts = urlsplit(base)
    netloc = parts.netloc if port is None else f"{parts.netloc.rsplit(':', 1)[0]}:{port}"
    return f"{parts.scheme}://{netloc}/{name}"


def psql(url: str, sql: str) -> str:
    """One statement by psql (PgBouncer's console speaks only the simple protocol)."""
    result = subprocess.run(
        ["psql", url, "-XAtqc", sql], capture_output=True, text=True, timeout=30
    )
    if result.returncode != 0:
        raise RuntimeError(f"psql {sql!r}: {result.stderr.strip()}")
    return result.stdout


def django_env(url: str, redis_url: str = "", **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=url,
        PYTHONUNBUFFERED="1",
        PYTHONPATH=str(ROOT),
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    else:
        env.pop("REDIS_URL", None)
    env.update(extra)
    return env


def run_site(url: str, *args: str) -> None:
    """bench/evening/site.py's subcommand ``args`` on the database of ``url``."""
    command = [PYTHON, "-m", "bench.evening.site", *args]
    result = subprocess.run(command, cwd=ROOT, env=django_env(url))
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed (exit {result.returncode})")


def has_sitegen() -> bool:
    return (ROOT / "bench" / "sitegen").is_dir()


# League fixtures still to play: a reused site whose earlier runs played them all has
# nothing left for the match clients, and a run without writes flatters every figure.
FIXTURES_LEFT = (
    "SELECT count(*) FROM leagues_fixture f WHERE f.status = 'scheduled' AND f.kind = 'league'"
    " AND NOT EXISTS (SELECT 1 FROM matches_match m WHERE m.fixture_id = f.id)"
)


def fixtures_needed(clients: list[int], seconds: int) -> int:
    """About how many fixtures the steps' match clients play (a match takes about a
    minute at the default tap)."""
    return sum(mix(n)[2] * max(1, seconds // 45) for n in clients)


def prepare_database(base: str, leagues: int, rebuild: bool, needed: int = 0) -> str:
    """The size's database, built unless it is there with its leagues and ``needed``
    fixtures left to play (reused)."""
    name = f"dugout_evening_{leagues}"
    url = database_url(base, name)
    exists = psql(base, f"SELECT 1 FROM pg_database WHERE datname = '{name}'").strip() == "1"
    if exists and not rebuild:
        try:
            count = int(psql(url, "SELECT count(*) FROM leagues_league").strip() or 0)
            left = int(psql(url, FIXTURES_LEFT).strip() or 0)
        except RuntimeError:
            count = left = 0
        if count >= leagues and left < needed:
            print(f"== {name} has {left} fixtures left to play, {needed} wanted", flush=True)
        elif count >= leagues:
            print(f"== reusing {name} ({count} leagues), migrated to this code", flush=True)
            migrated = subprocess.run(
                [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
                cwd=ROOT, env=django_env(url),
            )  # fmt: skip
            if migrated.returncode != 0:
                raise RuntimeError(f"migrating {name} failed; try --rebuild")
            return url
    print(f"== building {name}: {leagues} leagues", flush=True)
    started = time.monotonic()
    if has_sitegen():
        # S1's generator: played seasons (reports, post-games, ledgers, statistics,
        # injuries, dice), the current season's last rounds still to play.
        command = [PYTHON, "-m", "bench.sitegen", "--leagues", str(leagues),
                   "--database-url", url, "--fresh"]  # fmt: skip
        result = subprocess.run(command, cwd=ROOT, env=django_env(url))
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed (exit {result.returncode})")
    else:
        psql(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        psql(base, f'CREATE DATABASE "{name}"')
        run_site(url, "build", "--leagues", str(leagues))
    print(f"   built in {time.monotonic() - started:.0f} s", flush=True)
    return url


@dataclass
class Stack:
    """The servers of one site size."""

    folder: Path
    direct_url: str  # PostgreSQL itself (set-up, checks, pg_stat_activity)
    database: str
    children: Children = field(default_factory=Children)
    redis_url: str = ""
    pooled_url: str = ""
    admin_url: str = ""  # PgBouncer's console
    web_port: int = 0
    gunicorn: subprocess.Popen[bytes] | None = None
    warmed: set[str] = field(default_factory=set)  # the pages the warm-up has read
    log_offsets: dict[str, int] = field(default_factory=dict)

    def start(self, workers: int, nodes: int, concurrency: int) -> None:
        self.start_redis()
        self.start_pgbouncer()
        env = django_env(
            self.pooled_url,
            self.redis_url,
            DATABASE_POOLER="transaction",
            DUGOUT_PG_PREPARE_THRESHOLD="off",
            DJANGO_DEBUG="false",
            DJANGO_SECRET_KEY="evening-" + secrets.token_urlsafe(32),
            DJANGO_ALLOWED_HOSTS=HOST,
            DJANGO_SECURE_SSL_REDIRECT="false",
            DJANGO_CONN_MAX_AGE="60",
            DJANGO_LOG_LEVEL="WARNING",
        )
        collected = subprocess.run(
            [PYTHON, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        if collected.returncode != 0:
            raise RuntimeError(f"collectstatic failed: {collected.stderr[-2000:]}")
        self.start_celery(env, nodes, concurrency)
        self.start_gunicorn(env, workers)

    def start_redis(self) -> None:
        binary = shutil.which("redis-server")
        if not binary:
            raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
        port = free_port()
        self.children.start(
            "redis",
            [binary, "--bind", HOST, "--port", str(port), "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)],
            self.folder / "redis.log",
        )  # fmt: skip
        self.redis_url = f"redis://{HOST}:{port}/0"
        wait_until(lambda: self.redis_info() is not None, 15, "redis-server")

    def redis_info(self) -> dict[str, Any] | None:
        import redis

        try:
            return dict(redis.Redis.from_url(self.redis_url, socket_connect_timeout=1).info())
        except redis.exceptions.RedisError:
            return None

    def start_pgbouncer(self) -> None:
        binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
        if not os.path.exists(binary):
            raise RuntimeError("pgbouncer is not installed (apt-get install pgbouncer)")
        direct = urlsplit(self.direct_url)
        user, password = direct.username or "dugout", direct.password or ""
        port = free_port()
        (self.folder / "userlist.txt").write_text(f'"{user}" "{password}"\n')
        (self.folder / "pgbouncer.ini").write_text(
            "[databases]\n"
            f"{self.database} = host={direct.hostname} port={direct.port or 5432} "
            f"dbname={self.database} user={user} password={password}\n"
            "[pgbouncer]\n"
            f"listen_addr = {HOST}\nlisten_port = {port}\n"
            f"unix_socket_dir = {self.folder}\n"
            "auth_type = trust\n"  # loopback only, and this run's own instance
            f"auth_file = {self.folder / 'userlist.txt'}\n"
            f"admin_users = {user}\nstats_users = {user}\n"
            "pool_mode = transaction\n"
            "max_client_conn = 1000\n"
            "default_pool_size = 20\n"
            "reserve_pool_size = 5\n"
            "ignore_startup_parameters = extra_float_digits,options\n"
            f"logfile = {self.folder / 'pgbouncer.log'}\n"
        )
        command = [binary, str(self.folder / "pgbouncer.ini")]
        if os.geteuid() == 0:  # PgBouncer refuses to run as root
            shutil.chown(self.folder, "postgres")
            for name in ("userlist.txt", "pgbouncer.ini"):
                shutil.chown(self.folder / name, "postgres")
            command += ["-u", "postgres"]
        self.children.start("pgbouncer", command, self.folder / "pgbouncer.out")
        base = f"postgres://{user}:{password}@{HOST}:{port}"
        self.pooled_url = f"{base}/{self.database}"
        self.admin_url = f"{base}/pgbouncer"

        def up() -> bool:
            try:
                return psql(self.pooled_url, "SELECT 1").strip() == "1"
            except RuntimeError:
                return False

        wait_until(up, 20, f"PgBouncer ({tail(self.folder / 'pgbouncer.out')})")

    def start_celery(self, env: dict[str, str], nodes: int, concurrency: int) -> None:
        """``nodes`` Celery workers of ``concurrency`` processes each, beat inside the
        first only (run once, as deployed)."""
        for node in range(nodes):
            log = self.folder / f"celery-{node}.log"
            beat = ["--beat", "--schedule", str(self.folder / "celerybeat-schedule")]
            process = self.children.start(
                f"celery-{node}",
                [PYTHON, "-m", "celery", "-A", "config", "worker", "--loglevel", "info",
                 "--concurrency", str(concurrency), "--prefetch-multiplier", "1",
                 "--hostname", f"evening-{os.getpid()}-{node}@%h", "--without-gossip",
                 "--without-mingle", "--without-heartbeat", "--logfile", str(log),
                 *(beat if node == 0 else [])],
                self.folder / f"celery-{node}.out", cwd=ROOT, env=env,
            )  # fmt: skip

            def ready(process: subprocess.Popen[bytes] = process, log: Path = log) -> bool:
                if process.poll() is not None:
                    raise RuntimeError(f"a Celery worker exited:\n{tail(log.with_suffix('.out'))}")
                return " ready." in (log.read_text(errors="replace") if log.exists() else "")

            wait_until(ready, 90, f"Celery worker {node}")

    def start_gunicorn(self, env: dict[str, str], workers: int) -> None:
        app_port = free_port()
        log = self.folder / "gunicorn.log"
        self.gunicorn = self.children.start(
            "gunicorn",
            [PYTHON, "-m", "gunicorn", "config.wsgi", "--workers", str(workers),
             "--bind", f"{HOST}:{app_port}", "--timeout", "60",
             "--graceful-timeout", "5", "--log-level", "warning"],
            log, cwd=ROOT, env=env,
        )  # fmt: skip

        def up() -> bool:
            if self.gunicorn is not None and self.gunicorn.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{tail(log)}")
            return port_open(app_port)

        wait_until(up, 60, "gunicorn")
        self.start_nginx(app_port)

    def start_nginx(self, app_port: int) -> None:
        """nginx in front of gunicorn, as deployed: without it a sync worker waits on
        each slow client to read its answer and to close (measured: about half of a
        worker's time at 150 clients)."""
        if not os.access(NGINX, os.X_OK):
            raise RuntimeError("nginx is not installed (apt-get install nginx)")
        self.web_port = free_port()
        folder = self.folder / "nginx"
        conf = nginx_conf(folder, self.web_port, [app_port], access_log=False)
        process = self.children.start(
            "nginx",
            [NGINX, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"],
            self.folder / "nginx.out",
        )

        def up() -> bool:
            if process.poll() is not None:
                raise RuntimeError(f"nginx exited:\n{tail(self.folder / 'nginx.out')}")
            return port_open(self.web_port)

        wait_until(up, 20, "nginx")

    def new_errors(self) -> list[str]:
        """The errors gunicorn (Django's log, JSON lines) and the Celery worker logged
        since the last call: a task that fails is no failed request, but an error."""
        found = []
        for name in ["gunicorn.log", *sorted(p.name for p in self.folder.glob("celery-*.log"))]:
            with contextlib.suppress(OSError), open(self.folder / name, errors="replace") as log:
                log.seek(self.log_offsets.get(name, 0))
                text = log.read()
                self.log_offsets[name] = log.tell()
            found += [
                f"{name}: {line.strip()[:300]} ... {line.strip()[-400:]}"
                if len(line) > 700
                else f"{name}: {line.strip()}"
                for line in text.splitlines()
                if ERROR_LINE.search(line)
            ]
        return found

    def worker_pids(self) -> list[int]:
        if self.gunicorn is None:
            return []
        master = self.gunicorn.pid
        pids = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with contextlib.suppress(OSError):
                    stat = Path(f"/proc/{entry}/stat").read_text()
                    if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                        pids.append(int(entry))
        return pids


# --- sampling during a run -------------------------------------------------------


def status_kib(pid: int, key: str) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


class Sampler(threading.Thread):
    """Each second: PostgreSQL's connections to the site's database, PgBouncer's pools,
    and each gunicorn worker's peak resident memory."""

    def __init__(self, stack: Stack) -> None:
        super().__init__(daemon=True)
        self.stack = stack
        self.halt = threading.Event()
        self.pg_peak = 0
        self.pools_peak: dict[str, int] = {}
        self.worker_kib: dict[int, int] = {}

    def run(self) -> None:
        import psycopg

        sql = (
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
            "AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
        )
        with psycopg.connect(self.stack.direct_url, autocommit=True) as conn:
            while not self.halt.is_set():
                with contextlib.suppress(Exception):
                    row = conn.execute(sql, [self.stack.database]).fetchone()
                    self.pg_peak = max(self.pg_peak, int(row[0]) if row else 0)
                with contextlib.suppress(Exception):
                    self.sample_pools()
                for pid in self.stack.worker_pids():
                    self.worker_kib[pid] = max(
                        self.worker_kib.get(pid, 0), status_kib(pid, "VmHWM")
                    )
                self.halt.wait(1.0)

    def sample_pools(self) -> None:
        out = subprocess.run(
            ["psql", self.stack.admin_url, "-XAqF", "\t", "-c", "SHOW POOLS"],
            capture_output=True, text=True, timeout=10,
        ).stdout.splitlines()  # fmt: skip
        if len(out) < 2:
            return
        header = out[0].split("\t")
        for line in out[1:]:
            row = dict(zip(header, line.split("\t"), strict=False))
            if row.get("database") != self.stack.database:
                continue
            for key in ("cl_active", "cl_waiting", "sv_active", "sv_idle", "sv_used"):
                with contextlib.suppress(ValueError, KeyError):
                    self.pools_peak[key] = max(self.pools_peak.get(key, 0), int(row[key]))

    def stop(self) -> None:
        self.halt.set()
        self.join(timeout=10)


# --- one run of Locust --------------------------------------------------------------


@dataclass
class Kind:
    name: str
    count: int
    failures: int
    rps: float
    p50: float
    p95: float
    p99: float


@dataclass
class Step:
    leagues: int
    clients: int
    seconds: float
    kinds: list[Kind]
    total: Kind
    failures: list[str]
    lags: list[float]
    confirmed: int
    lost: list[int]
    hit_rate: float | None
    pg_peak: int
    pools: dict[str, int]
    worker_mib: float
    loadgen_cpu: float  # cores the load generator used on average
    server_errors: list[str] = field(default_factory=list)  # tracebacks in the logs

    @property
    def passes(self) -> bool:
        return self.total.failures == 0 and self.total.p95 <= GOALS["p95_ms"]


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def number(value: str) -> float:
    try:
        return float(value)
    except ValueError:
        return 0.0


def read_stats(prefix: Path) -> tuple[list[Kind], Kind, list[str]]:
    kinds, total = [], None
    with open(f"{prefix}_stats.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            kind = Kind(
                row["Name"],
                int(number(row["Request Count"])),
                int(number(row["Failure Count"])),
                number(row["Requests/s"]),
                number(row["50%"]),
                number(row["95%"]),
                number(row["99%"]),
            )
            if row["Name"] == "Aggregated":
                total = kind
            else:
                kinds.append(kind)
    failures = []
    with contextlib.suppress(OSError), open(f"{prefix}_failures.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            failures.append(f"{row['Occurrences']} x {row['Name']}: {row['Error']}")
    return kinds, total or Kind("Aggregated", 0, 0, 0.0, 0.0, 0.0, 0.0), failures


def mix(clients: int) -> tuple[int, int, int, int]:
    """Visitors, coaches, matches (each two coaches) and commissioners among
    ``clients`` Locust clients: one commissioner, a tenth playing (at least one), a
    fifth coaches signed in, the rest visitors (bench/evening/locustfile.py)."""
    matches = max(1, round(clients * 0.1))
    coaches = max(1, round(clients * 0.2))
    visitors = max(1, clients - 1 - matches - coaches)
    return visitors, coaches, matches, 1


def warm_up(stack: Stack, plan: Path, workers: int) -> None:
    """Every page the visitors read, read once (those an earlier step read are kept), so
    the steps measure an evening on a site that has been up all day, its cache holding
    what has not changed since, rather than a cold start; and every worker has loaded
    its code and templates before anything is timed. Prints the cold pages' rate."""
    from concurrent.futures import ThreadPoolExecutor
    from urllib.request import urlopen

    data = json.loads(plan.read_text())
    paths = [
        *(f"/leagues/seasons/{season}/standings/" for season in data["seasons"]),
        *(f"/leagues/seasons/{season}/fixtures/" for season in data["seasons"]),
        *(f"/leagues/{league}/" for league in data["leagues"]),
        *(f"/teams/{team}/" for team in data["teams"]),
        *(f"/players/{player}/" for player in data["players"]),
        *(["/"] * (3 * workers)),
    ]
    cold = [path for path in dict.fromkeys(paths) if path not in stack.warmed]

    def read(path: str) -> None:
        url = f"http://{HOST}:{stack.web_port}{path}"
        with contextlib.suppress(OSError), urlopen(url, timeout=60):
            pass

    started = time.monotonic()
    with ThreadPoolExecutor(workers * 2) as pool:
        list(pool.map(read, cold))
    stack.warmed.update(cold)
    seconds = time.monotonic() - started
    print(f"   warm-up: {len(cold)} pages read once in {seconds:.0f} s "
          f"({len(cold) / max(seconds, 0.001):.0f} pages/s, cold)", flush=True)  # fmt: skip


def run_step(stack: Stack, leagues: int, clients: int, seconds: int, options: Any) -> Step:
    folder = stack.folder / f"clients-{clients}"
    folder.mkdir()
    plan = folder / "plan.json"
    # Fixtures enough for every match client to play one every 20 s, and some over.
    matches = mix(clients)[2] * (seconds // 20 + 2) + 10
    run_site(stack.direct_url, "plan", "--out", str(plan), "--matches", str(matches))
    if not json.loads(plan.read_text())["matches"]:
        raise RuntimeError(f"{stack.database} has no fixture left to play: run with --rebuild")
    warm_up(stack, plan, options.workers)
    before = stack.redis_info() or {}
    since = datetime.datetime.now(datetime.UTC).isoformat()
    sampler = Sampler(stack)
    sampler.start()
    env = dict(os.environ, EVENING_PLAN=str(plan), EVENING_THINK=options.think,
               EVENING_TAP=str(options.tap), PYTHONPATH=str(ROOT),
               EVENING_USERS=",".join(str(n) for n in mix(clients)))  # fmt: skip
    command = [
        PYTHON, "-m", "locust", "-f", str(Path(__file__).with_name("locustfile.py")),
        "--headless", "--host", f"http://{HOST}:{stack.web_port}",
        "--users", str(clients), "--spawn-rate", str(max(1, clients // 2)),
        "--run-time", f"{seconds}s", "--reset-stats", "--only-summary",
        "--csv", str(folder / "locust"), "--loglevel", "WARNING",
        "--logfile", str(folder / "locust.log"),
    ]  # fmt: skip
    visitors, coaches, matches, _ = mix(clients)
    print(f"== {leagues} leagues, {clients} clients ({visitors} visitors, {coaches} coaches, "
          f"{matches} matches, 1 commissioner), {seconds} s", flush=True)  # fmt: skip
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    with open(folder / "locust.out", "w") as out:
        subprocess.run(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    wall = time.monotonic() - started
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    sampler.stop()
    after = stack.redis_info() or {}
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    checked = folder / "after.json"
    run_site(stack.direct_url, "after", "--since", since, "--out", str(checked),
             "--grace", str(options.grace))  # fmt: skip
    found = json.loads(checked.read_text())
    if not (folder / "locust_stats.csv").exists():
        raise RuntimeError(f"Locust wrote no figures:\n{tail(folder / 'locust.out')}")
    kinds, total, failures = read_stats(folder / "locust")
    hits = after.get("keyspace_hits", 0) - before.get("keyspace_hits", 0)
    misses = after.get("keyspace_misses", 0) - before.get("keyspace_misses", 0)
    return Step(
        leagues=leagues,
        clients=clients,
        seconds=seconds,
        kinds=kinds,
        total=total,
        failures=failures,
        lags=found["lags"],
        confirmed=found["confirmed"],
        lost=found["lost"],
        hit_rate=hits / (hits + misses) if hits + misses else None,
        pg_peak=sampler.pg_peak,
        pools=sampler.pools_peak,
        worker_mib=max(sampler.worker_kib.values(), default=0) / 1024,
        loadgen_cpu=cpu / wall if wall else 0.0,
        server_errors=stack.new_errors(),
    )


# --- the figures ---------------------------------------------------------------------


def verdict(value: float | None, goal: float, *, most: bool = True, unit: str = "") -> str:
    """``value`` against ``goal`` (``most``: the goal is an upper bound), its ratio, and
    by how much it missed."""
    if value is None:
        return f"goal {'<=' if most else '>='} {goal:g}{unit}: no figure"
    ratio = value / goal if goal else float("inf") if value else 0.0
    met = value <= goal if most else value >= goal
    by = value - goal if most else goal - value
    tail_ = "met" if met else f"missed by {by:.4g}{unit}"
    return f"goal {'<=' if most else '>='} {goal:g}{unit}, ratio {ratio:.2f}, {tail_}"


def capacity(steps: list[Step]) -> float:
    return max((s.total.rps for s in steps if s.passes), default=0.0)


def print_step(step: Step) -> None:
    t = step.total
    print(f"\n-- {step.leagues} leagues, {step.clients} clients, {step.seconds} s")
    width = max([len(k.name) for k in step.kinds] + [9])
    print(f"   {'kind':<{width}}  {'count':>6}  {'fail':>4}  {'req/s':>6}  "
          f"{'p50':>6}  {'p95':>6}  {'p99':>6}  (ms)")  # fmt: skip
    seen = sorted((k for k in step.kinds if k.count), key=lambda k: k.name)
    for k in [*seen, t]:
        print(f"   {k.name:<{width}}  {k.count:>6}  {k.failures:>4}  {k.rps:>6.1f}  "
              f"{k.p50:>6.0f}  {k.p95:>6.0f}  {k.p99:>6.0f}")  # fmt: skip
    lag = percentile(step.lags, 0.95)
    print(f"   requests/s: {t.rps:.1f}")
    print(f"   p95: {t.p95:.0f} ms ({verdict(t.p95, GOALS['p95_ms'], unit=' ms')})")
    print(f"   p99: {t.p99:.0f} ms ({verdict(t.p99, GOALS['p99_ms'], unit=' ms')})")
    print(f"   failed requests: {t.failures} ({verdict(t.failures, 0)})")
    for line in step.failures[:10]:
        print(f"     {line[:600]}")
    print(f"   errors logged by gunicorn and Celery: {len(step.server_errors)}")
    for line in step.server_errors[:10]:
        print(f"     {line}")
    print(
        f"   post-game lag p95: {'-' if lag is None else f'{lag:.2f} s'} over "
        f"{len(step.lags)} confirmed reports ({verdict(lag, GOALS['lag_p95_s'], unit=' s')}); "
        f"never applied: {len(step.lost)} {step.lost[:10] if step.lost else ''}"
    )
    rate = "-" if step.hit_rate is None else f"{step.hit_rate:.1%}"
    print(f"   cache hit rate (Redis keyspace hits / lookups): {rate}")
    pools = ", ".join(f"{k} {v}" for k, v in sorted(step.pools.items())) or "-"
    print(f"   database connections: PostgreSQL peak {step.pg_peak}; PgBouncer peaks {pools}")
    print(f"   peak memory per gunicorn worker: {step.worker_mib:.0f} MiB "
          f"({verdict(step.worker_mib, GOALS['worker_mib'], unit=' MiB')})")  # fmt: skip
    print(f"   load generator CPU: {step.loadgen_cpu:.2f} cores on average")


def print_size(leagues: int, steps: list[Step]) -> None:
    for step in steps:
        print_step(step)
    found = capacity(steps)
    print(f"\n== capacity at {leagues} leagues: {found:.1f} req/s at p95 <= "
          f"{GOALS['p95_ms']:g} ms with no failure "
          f"({verdict(found, GOALS['capacity_rps'], most=False, unit=' req/s')}; the goal is "
          f"for 1,000 leagues)")  # fmt: skip


def size_figures(steps: list[Step]) -> dict[str, float | None]:
    """The figures compared between sizes: at the highest client count, and capacity."""
    last = steps[-1]
    return {
        "capacity req/s": capacity(steps),
        "requests/s": last.total.rps,
        "p50 ms": last.total.p50,
        "p95 ms": last.total.p95,
        "p99 ms": last.total.p99,
        "post-game lag p95 s": percentile(last.lags, 0.95),
        "peak MiB per worker": last.worker_mib,
        "PostgreSQL connections": float(last.pg_peak),
    }


def print_compare(small: int, large: int, by_size: dict[int, list[Step]]) -> None:
    a, b = size_figures(by_size[small]), size_figures(by_size[large])
    print(f"\n== {large} leagues against {small} (goal: each within {GOALS['growth']}x)")
    higher_is_better = {"capacity req/s", "requests/s"}
    for name in a:
        x, y = a[name], b[name]
        if not x or y is None:
            print(f"   {name}: {x} / {y}: no ratio")
            continue
        ratio = (x / y if y else float("inf")) if name in higher_is_better else y / x
        state = "met" if ratio <= GOALS["growth"] else f"missed by {ratio - GOALS['growth']:.2f}x"
        print(f"   {name}: {x:.2f} / {y:.2f}, ratio {ratio:.2f} ({state})")


# --- the command -----------------------------------------------------------------------


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.evening", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--leagues", type=int, default=10, help="site size (default 10)")
    parser.add_argument(
        "--compare", type=numbers, help="two sizes, e.g. 10,1000: both runs and the ratios"
    )
    parser.add_argument(
        "--clients", type=numbers, default=[8, 16, 32], help="Locust clients per step"
    )
    parser.add_argument("--duration", type=int, default=60, help="seconds per step")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--celery-workers", type=int, default=2, help="Celery worker nodes")
    parser.add_argument("--celery-concurrency", type=int, default=1, help="processes a node")
    parser.add_argument("--think", default="0.5,2", help="a reader's pause between pages, s")
    parser.add_argument("--tap", type=float, default=3.0, help="seconds between a match's taps")
    parser.add_argument(
        "--grace", type=float, default=30.0, help="seconds to wait for owed post-games"
    )
    parser.add_argument("--rebuild", action="store_true", help="build the site afresh")
    parser.add_argument(
        "--ci", action="store_true", help="exit 1 on a failed request or a lost post-game"
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL") or DEFAULT_URL,
        help="the PostgreSQL server (its database is only used to create others)",
    )
    return parser.parse_args(argv)  # fmt: skip


@contextlib.contextmanager
def stack_for(direct_url: str, database: str, options: Any) -> Iterator[Stack]:
    with tempfile.TemporaryDirectory(prefix="dugout-evening-") as folder:
        os.chmod(folder, 0o755)
        stack = Stack(Path(folder), direct_url, database)
        try:
            stack.start(options.workers, options.celery_workers, options.celery_concurrency)
            yield stack
        except Exception:
            for name in ("gunicorn.log", "celery-0.out", "pgbouncer.log"):
                text = tail(Path(folder) / name)
                if text:
                    print(f"--- {name} (last lines)\n{text}", file=sys.stderr)
            raise
        finally:
            stack.children.stop_all()


def interrupted(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    options = parse(argv)
    sizes = options.compare or [options.leagues]
    if options.compare and len(options.compare) != 2:
        print("--compare takes two sizes, e.g. 10,1000", file=sys.stderr)
        return 2
    if min(options.clients, default=0) < 4:
        print("each client count is 4 or more (one client of each kind)", file=sys.stderr)
        return 2
    # SIGTERM (CI's timeout, a kill) stops the servers as Ctrl-C does.
    signal.signal(signal.SIGTERM, interrupted)
    by_size: dict[int, list[Step]] = {}
    try:
        for leagues in sizes:
            needed = fixtures_needed(options.clients, options.duration)
            url = prepare_database(options.database_url, leagues, options.rebuild, needed)
            name = urlsplit(url).path.lstrip("/")
            with stack_for(url, name, options) as stack:
                steps = [
                    run_step(stack, leagues, clients, options.duration, options)
                    for clients in options.clients
                ]
            by_size[leagues] = steps
            print_size(leagues, steps)
    except KeyboardInterrupt:
        print("\nstopped: every server this run started is stopped", file=sys.stderr)
        return 130
    if options.compare:
        print_compare(sizes[0], sizes[1], by_size)
    steps = [s for ss in by_size.values() for s in ss]
    failed = sum(s.total.failures for s in steps)
    errors = sum(len(s.server_errors) for s in steps)
    lost = sum(len(s.lost) for s in steps)
    confirmed = sum(s.confirmed for s in steps)
    print(f"\n== failed requests: {failed}; errors logged: {errors}; reports confirmed: "
          f"{confirmed}, of which post-game never applied: {lost}")  # fmt: skip
    if options.ci and (failed or lost or not confirmed):
        if not confirmed:
            print("no report was confirmed: the post-game check saw nothing", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
