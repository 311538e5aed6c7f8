"""The two-app-server set-up, each part in a temporary directory of its own and in its
own process group, stopped in the reverse order whatever happens:

- the PostgreSQL primary: the local cluster of DATABASE_URL (a database on it);
- a streaming replica of it: ``pg_basebackup -R`` into the temporary directory, run as
  the postgres user on a port of its own (``standby.signal``, ``hot_standby``);
- a Redis server of its own (cache, sessions' neighbours, throttles, Celery broker);
- two gunicorn app servers on two ports, the same settings (one secret key, one
  DJANGO_MEDIA_ROOT shared by both, DATABASE_REPLICA_URL to the replica);
- nginx in front, round-robin over the two, on a port of its own (its config in the
  temporary directory); each answer names the server that gave it (``X-Upstream``);
- one Celery worker with beat inside it.

What a second host needs and this set-up gives both servers on one machine: the same
DJANGO_SECRET_KEY, the same DATABASE_URL/DATABASE_REPLICA_URL/REDIS_URL, and the same
uploads (DJANGO_MEDIA_ROOT on a shared volume, or DJANGO_MEDIA_STORAGE).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from bench.processes import HOST, NGINX, free_port, nginx_conf, port_open, tail, wait_until

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
VENV_BIN = Path(PYTHON).parent
DEFAULT_URL = "postgres://dugout:dugout@127.0.0.1:5432/dugout"
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


# What a hot standby must set at least as high as its primary does.
HOT_STANDBY_MINIMUMS = (
    "max_connections",
    "max_worker_processes",
    "max_wal_senders",
    "max_prepared_transactions",
    "max_locks_per_transaction",
)


def postgres_bin() -> Path | None:
    """The newest PostgreSQL server binaries (Debian's layout), or None."""
    base = Path("/usr/lib/postgresql")
    versions = sorted(
        (p for p in base.glob("*/bin") if (p / "pg_ctl").exists()),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    return versions[-1] if versions else None


def missing_binaries() -> list[str]:
    """What this machine lacks to start the set-up (empty: nothing)."""
    missing = [name for name in (NGINX, REDIS_SERVER) if not os.access(name, os.X_OK)]
    pg = postgres_bin()
    if pg is None or not (pg / "pg_basebackup").exists():
        missing.append("PostgreSQL server binaries (pg_ctl, pg_basebackup)")
    for tool in ("gunicorn", "celery"):
        if not (VENV_BIN / tool).exists():
            missing.append(str(VENV_BIN / tool))
    return missing


@dataclass
class Primary:
    """Where the primary is, read from a postgres:// URL."""

    url: str
    host: str = ""
    port: int = 5432
    user: str = ""
    password: str = ""
    name: str = ""

    def __post_init__(self) -> None:
        parts = urlsplit(self.url)
        self.host = parts.hostname or HOST
        self.port = parts.port or 5432
        self.user = unquote(parts.username or "")
        self.password = unquote(parts.password or "")
        self.name = parts.path.lstrip("/")

    def url_of(self, name: str, port: int | None = None) -> str:
        return f"postgres://{self.user}:{self.password}@{self.host}:{port or self.port}/{name}"

    def psql(self, sql: str, *, database: str | None = None, port: int | None = None) -> str:
        result = subprocess.run(
            ["psql", self.url_of(database or self.name, port), "-XAtqc", sql],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if result.returncode != 0:
            raise RuntimeError(f"psql {sql!r}: {result.stderr.strip()}")
        return result.stdout.strip()


@dataclass
class Cluster:
    """Start with ``start()`` (or as a context manager); ``stop()`` stops everything.

    ``database``: the database on the primary the servers use; ``migrate``: run
    ``manage.py migrate`` on it first (created when missing). ``env``: more settings
    for the app servers and the worker (e.g. a low DJANGO_API_RATE_ANON)."""

    primary_url: str = DEFAULT_URL
    database: str = "dugout_servers"
    migrate: bool = True
    workers: int = 2
    env: dict[str, str] = field(default_factory=dict)
    keep_logs: bool = False

    folder: Path = field(init=False)
    primary: Primary = field(init=False)
    replica_port: int = field(init=False, default=0)
    redis_port: int = field(init=False, default=0)
    app_ports: list[int] = field(init=False, default_factory=list)
    proxy_port: int = field(init=False, default=0)
    media_root: Path = field(init=False)
    _children: list[tuple[str, subprocess.Popen[bytes]]] = field(init=False, default_factory=list)
    _replica_started: bool = field(init=False, default=False)
    # Seconds each part took to start (and "stop": to stop everything).
    timings: dict[str, float] = field(init=False, default_factory=dict)

    # -- addresses -----------------------------------------------------------------

    @property
    def proxy(self) -> str:
        return f"http://{HOST}:{self.proxy_port}"

    @property
    def redis_url(self) -> str:
        return f"redis://{HOST}:{self.redis_port}/0"

    @property
    def replica_url(self) -> str:
        return self.primary.url_of(self.database, self.replica_port)

    @property
    def database_url(self) -> str:
        return self.primary.url_of(self.database)

    # -- life ----------------------------------------------------------------------

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        missing = missing_binaries()
        if missing:
            raise RuntimeError("cannot start the servers: missing " + ", ".join(missing))
        self.folder = Path(tempfile.mkdtemp(prefix="dugout-servers-"))
        os.chmod(self.folder, 0o755)
        self.primary = Primary(self.primary_url)
        self.media_root = self.folder / "media"
        self.media_root.mkdir()
        try:
            for part in (
                self._prepare_database if self.migrate else None,
                self._start_replica,
                self._start_redis,
                self._start_app_servers,
                self._start_proxy,
                self._start_worker,
            ):
                if part is not None:
                    started = time.monotonic()
                    part()
                    self.timings[part.__name__.strip("_")] = time.monotonic() - started
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Everything this cluster started, stopped: children by process group (SIGTERM,
        then SIGKILL), the replica by pg_ctl; the temporary directory removed."""
        started = time.monotonic()
        for _name, process in reversed(self._children):
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
        for name, process in reversed(self._children):
            try:
                process.wait(timeout=15)
                self.timings[f"stop {name}"] = time.monotonic() - started
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        self._children.clear()
        if self._replica_started:
            self.timings["stop children"] = time.monotonic() - started
            self._as_postgres(
                [str(self._pg("pg_ctl")), "-D", str(self._replica_dir), "-m", "fast", "-w", "stop"],
                check=False,
            )
            self._replica_started = False
        folder = getattr(self, "folder", None)
        if folder is not None and folder.exists() and not self.keep_logs:
            shutil.rmtree(folder, ignore_errors=True)
        self.timings["stop"] = time.monotonic() - started

    def pids(self) -> list[int]:
        """The processes started (the replica's postmaster included)."""
        found = [process.pid for _name, process in self._children]
        pid_file = getattr(self, "_replica_dir", None)
        if pid_file is not None and (pid_file / "postmaster.pid").exists():
            found.append(int((pid_file / "postmaster.pid").read_text().split()[0]))
        return found

    def ports(self) -> list[int]:
        return [self.replica_port, self.redis_port, *self.app_ports, self.proxy_port]

    # -- parts ---------------------------------------------------------------------

    def _spawn(
        self, name: str, command: list[str], env: dict[str, str] | None = None
    ) -> subprocess.Popen[bytes]:
        log = self.folder / f"{name}.log"
        with open(log, "ab") as out:
            process = subprocess.Popen(
                command,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                cwd=ROOT,
                env=env,
            )
        self._children.append((name, process))
        return process

    def _alive(self, name: str) -> None:
        for child, process in self._children:
            if child == name and process.poll() is not None:
                raise RuntimeError(
                    f"{name} exited ({process.returncode}):\n{tail(self.folder / f'{name}.log')}"
                )

    def app_env(self) -> dict[str, str]:
        """The settings every app server and the worker share."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DUGOUT_"))}
        env.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            DATABASE_URL=self.database_url,
            DATABASE_REPLICA_URL=self.replica_url,
            REDIS_URL=self.redis_url,
            DJANGO_SECRET_KEY=self._secret_key,
            DJANGO_MEDIA_ROOT=str(self.media_root),
            PYTHONUNBUFFERED="1",
            PYTHONPATH=str(ROOT),
        )
        for key in ("PYTEST_XDIST_WORKER", "DATABASE_POOLER", "CI"):
            env.pop(key, None)
        env.update(self.env)
        return env

    @property
    def _secret_key(self) -> str:
        if not hasattr(self, "_key"):
            self._key = secrets.token_urlsafe(50)
        return self._key

    def _prepare_database(self) -> None:
        exists = self.primary.psql(f"SELECT 1 FROM pg_database WHERE datname = '{self.database}'")
        if exists != "1":
            self.primary.psql(f'CREATE DATABASE "{self.database}"')
        result = subprocess.run(
            [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env={**self.app_env(), "DATABASE_REPLICA_URL": ""},
        )
        if result.returncode != 0:
            raise RuntimeError(f"migrating {self.database} failed")

    @property
    def _replica_dir(self) -> Path:
        return self.folder / "replica"

    def _pg(self, tool: str) -> Path:
        found = postgres_bin()
        assert found is not None
        return found / tool

    def _as_postgres(self, command: list[str], *, check: bool = True, **kw: Any) -> None:
        """A PostgreSQL server command, as the postgres user when run as root (the
        server refuses to run as root)."""
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=300, **kw)
        if check and result.returncode != 0:
            raise RuntimeError(
                f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}".strip()
            )

    def _start_replica(self) -> None:
        """pg_basebackup of the primary (-R: standby.signal and primary_conninfo), then a
        postgres on its own port and socket directory, hot standby."""
        data, sockets = self._replica_dir, self.folder / "sockets"
        data.mkdir(mode=0o700)
        sockets.mkdir()
        if os.geteuid() == 0:
            postgres = pwd.getpwnam("postgres")
            for path in (data, sockets):
                os.chown(path, postgres.pw_uid, postgres.pw_gid)
        self.replica_port = free_port()
        conninfo = (
            f"host={self.primary.host} port={self.primary.port} user={self.primary.user} "
            f"password={self.primary.password}"
        )
        # -c fast: checkpoint at once rather than spread over minutes; a copy thrown
        # away at the end needs neither fsync nor a manifest.
        self._as_postgres(
            [str(self._pg("pg_basebackup")), "-d", conninfo, "-D", str(data),
             "-R", "-X", "stream", "-c", "fast", "--no-sync", "--no-manifest"],
        )  # fmt: skip
        # A Debian cluster keeps its configuration under /etc: the copy gets its own. A
        # hot standby needs these at least as high as on its primary.
        at_least = {
            setting: self.primary.psql(f"SHOW {setting}") for setting in HOT_STANDBY_MINIMUMS
        }
        (data / "postgresql.conf").write_text(
            f"listen_addresses = '{HOST}'\n"
            f"port = {self.replica_port}\n"
            f"unix_socket_directories = '{sockets}'\n"
            "hot_standby = on\n"
            "shared_buffers = 32MB\n"
            "fsync = off\n"
            + "".join(f"{setting} = {value}\n" for setting, value in at_least.items())
        )
        (data / "pg_hba.conf").write_text(
            f"local all all trust\nhost all all {HOST}/32 scram-sha-256\n"
        )
        (data / "pg_ident.conf").write_text("")
        if os.geteuid() == 0:
            postgres = pwd.getpwnam("postgres")
            for path in data.iterdir():
                if path.suffix == ".conf":
                    os.chown(path, postgres.pw_uid, postgres.pw_gid)
        log = self.folder / "replica.log"
        log.touch()
        if os.geteuid() == 0:
            os.chown(log, pwd.getpwnam("postgres").pw_uid, -1)
        self._as_postgres(
            [str(self._pg("pg_ctl")), "-D", str(data), "-l", str(log), "-w", "-t", "60", "start"]
        )
        self._replica_started = True
        in_recovery = wait_until(
            lambda: self._replica_answers(), 60, "the replica to accept connections"
        )
        if in_recovery != "t":
            raise RuntimeError("the replica is not in recovery: it is no standby")

    def _replica_answers(self) -> str:
        try:
            return self.primary.psql(
                "SELECT pg_is_in_recovery()", database=self.database, port=self.replica_port
            )
        except RuntimeError:
            return ""

    def replica_psql(self, sql: str) -> str:
        return self.primary.psql(sql, database=self.database, port=self.replica_port)

    def _start_redis(self) -> None:
        self.redis_port = free_port()
        self._spawn(
            "redis",
            [REDIS_SERVER, "--bind", HOST, "--port", str(self.redis_port), "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
        )  # fmt: skip
        wait_until(lambda: port_open(self.redis_port), 20, "Redis")

    def _start_app_servers(self) -> None:
        env = self.app_env()
        for index in range(2):
            port = free_port()
            self.app_ports.append(port)
            self._spawn(
                f"app{index + 1}",
                [str(VENV_BIN / "gunicorn"), "config.wsgi", "--bind", f"{HOST}:{port}",
                 "--workers", str(self.workers), "--timeout", "60",
                 "--access-logfile", "-", "--error-logfile", "-"],
                env=env,
            )  # fmt: skip
        for index, port in enumerate(self.app_ports):
            name = f"app{index + 1}"
            wait_until(lambda p=port, n=name: self._alive(n) or port_open(p), 90, name)

    def _start_proxy(self) -> None:
        self.proxy_port = free_port()
        nginx = self.folder / "nginx"
        nginx_conf(nginx, self.proxy_port, self.app_ports)
        self._spawn(
            "nginx", [NGINX, "-p", str(nginx), "-c", str(nginx / "nginx.conf"), "-g", "daemon off;"]
        )
        wait_until(lambda: self._alive("nginx") or port_open(self.proxy_port), 20, "nginx")

    def _start_worker(self) -> None:
        self._spawn(
            "celery",
            [str(VENV_BIN / "celery"), "-A", "config", "worker", "--loglevel=info",
             "--concurrency", "1", "--prefetch-multiplier=1",
             "-B", "-s", str(self.folder / "celerybeat-schedule")],
            env=self.app_env(),
        )  # fmt: skip
