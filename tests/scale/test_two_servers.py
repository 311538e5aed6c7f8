"""Two app servers behind one proxy, a streaming replica for reads (bench/servers):
nothing a coach notices depends on which server answers.

The set-up (bench.servers.cluster.Cluster) runs on this run's PostgreSQL: the primary
is this test's database (committed rows: a transactional test), the replica a
pg_basebackup of the whole cluster on a port of its own; a Redis server, two gunicorn
servers, nginx round-robin and a Celery worker with beat of its own. Every request goes
through nginx; each answer names the server that gave it (X-Upstream), and each check
insists on answers from both servers. Everything is stopped at the end.
"""

from __future__ import annotations

import base64
import http.cookiejar
import io
import json
import os
import re
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

import pytest
import redis
from django.db import connection
from PIL import Image

from bench.servers.cluster import Cluster, missing_binaries, port_open
from tests.conftest import IN_CI
from tests.factories import TeamFactory, UserFactory

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

PASSWORD = "a long password of the coach's"
ANON_RATE = 8  # per minute, for the servers this test starts


@pytest.fixture
def cluster() -> Any:
    missing = missing_binaries()
    if missing:
        if IN_CI:
            pytest.fail(f"CI=true but {', '.join(missing)} missing: .ci/run must install them")
        pytest.skip(f"missing {', '.join(missing)}")
    settings = connection.settings_dict
    primary = (
        f"postgres://{settings['USER']}:{settings['PASSWORD']}@"
        f"{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"
    )
    servers = Cluster(
        primary_url=primary,
        database=settings["NAME"],
        migrate=False,  # the test database is migrated
        workers=1,
        env={"DJANGO_API_RATE_ANON": f"{ANON_RATE}/minute"},
    )
    # The servers open their own connections to this database: none of ours may hold
    # a lock they would wait for.
    connection.close()
    with servers:
        yield servers
    print("seconds:", {part: round(took, 1) for part, took in servers.timings.items()})
    # Stopped: no process left, no port still answering, nothing left on disk.
    for pid in servers.pids():
        assert not os.path.exists(f"/proc/{pid}") or _zombie(pid), f"process {pid} still runs"
    assert not any(port_open(port) for port in servers.ports())
    assert not servers.folder.exists()


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1].startswith("Z")
    except OSError:
        return True


@dataclass
class Answer:
    status: int
    headers: Any
    body: bytes

    @property
    def server(self) -> str:
        return str(self.headers.get("X-Upstream", ""))

    def json(self) -> Any:
        return json.loads(self.body)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Browser:
    """One client with its cookies, talking to the proxy."""

    def __init__(self, base: str, forwarded_for: str = "") -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirects()
        )
        self.forwarded_for = forwarded_for

    def cookie(self, name: str) -> str:
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def send(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> Answer:
        request = urllib.request.Request(self.base + path, data=body, method=method)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if self.forwarded_for:
            request.add_header("X-Forwarded-For", self.forwarded_for)
        if method not in ("GET", "HEAD"):
            request.add_header("X-CSRFToken", self.cookie("csrftoken"))
            request.add_header("Referer", self.base + "/")
        try:
            with self.opener.open(request, timeout=30) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read())

    def get(self, path: str) -> Answer:
        return self.send("GET", path)

    def put_json(self, path: str, data: dict) -> Answer:
        body = json.dumps(data).encode()
        return self.send("PUT", path, body, {"Content-Type": "application/json"})

    def log_in(self, username: str, password: str) -> Answer:
        page = self.get("/accounts/login/")
        assert page.status == 200
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
        assert token, "the login page has its CSRF token"
        form = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": token.group(1).decode(), "username": username,
             "password": password}
        ).encode()  # fmt: skip
        return self.send(
            "POST", "/accounts/login/", form, {"Content-Type": "application/x-www-form-urlencoded"}
        )


def from_both(ask: Any, check: Any, servers: Cluster, tries: int = 12) -> set[str]:
    """Ask until both app servers answered, each answer passing ``check``."""
    seen: set[str] = set()
    for _ in range(tries):
        answer = ask()
        check(answer)
        seen.add(answer.server)
        if len(seen) == 2:
            break
    assert seen == servers_of(servers)
    return seen


def servers_of(cluster: Cluster) -> set[str]:
    return {f"127.0.0.1:{port}" for port in cluster.app_ports}


def description_is(text: str) -> Any:
    def check(answer: Answer) -> None:
        assert answer.status == 200, answer.status
        assert answer.json()["description"] == text, f"{answer.server}: {answer.body[:200]!r}"

    return check


def caught_up(cluster: Cluster) -> None:
    """Wait until the replica has replayed everything the primary wrote so far."""
    target = cluster.primary.psql("SELECT pg_current_wal_lsn()", database=cluster.database)
    deadline = time.monotonic() + 10
    while cluster.replica_psql(f"SELECT pg_last_wal_replay_lsn() >= '{target}'") != "t":
        assert time.monotonic() < deadline, "the replica is not catching up"
        time.sleep(0.1)


def _png() -> str:
    out = io.BytesIO()
    Image.new("RGB", (32, 32), (200, 30, 30)).save(out, format="PNG")
    return base64.b64encode(out.getvalue()).decode()


def test_two_app_servers_behind_one_proxy_and_a_replica(cluster, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    coach = UserFactory(username="twoservers", password=PASSWORD)
    team = TeamFactory(coach=coach, description="Before.")
    assert cluster.replica_psql("SELECT pg_is_in_recovery()") == "t"

    # A coach logs in through one server and stays logged in on the other.
    browser = Browser(cluster.proxy)
    login = browser.log_in("twoservers", PASSWORD)
    assert login.status == 302, login.body[:500]
    profile_page = f"/teams/{team.pk}/profile/"
    from_both(
        lambda: browser.get(profile_page),
        lambda answer: (answer.status == 200) or pytest.fail(f"logged out: {answer.status}"),
        cluster,
    )

    # A write through one server is read at once through either by its writer, while
    # the replica has not replayed it (replay paused): his reads go to the primary...
    caught_up(cluster)
    cluster.replica_psql("SELECT pg_wal_replay_pause()")
    wrote = browser.put_json(f"/api/v1/teams/{team.pk}/description/", {"description": "After."})
    assert wrote.status == 200, wrote.body
    profile = f"/api/v1/teams/{team.pk}/profile/"
    from_both(lambda: browser.get(profile), description_is("After."), cluster)
    # ... a visitor reads the replica meanwhile ...
    visitor = Browser(cluster.proxy, forwarded_for="198.51.100.1")
    from_both(lambda: visitor.get(profile), description_is("Before."), cluster)
    # ... and reads the change within a few seconds of the replica replaying it.
    cluster.replica_psql("SELECT pg_wal_replay_resume()")
    deadline = time.monotonic() + 5
    while True:
        answers = [visitor.get(profile) for _ in range(2)]
        if all(answer.json()["description"] == "After." for answer in answers):
            break
        assert time.monotonic() < deadline, "the replica never showed the write"
        time.sleep(0.2)
    assert {answer.server for answer in answers} == servers_of(cluster)

    # An uploaded logo is served by both servers (one shared MEDIA_ROOT).
    uploaded = browser.put_json(f"/api/v1/teams/{team.pk}/logo/", {"logo_base64": _png()})
    assert uploaded.status == 200, uploaded.body
    logo_url = uploaded.json()["logo_url"]
    from_both(
        lambda: visitor.get(logo_url),
        lambda answer: (
            (answer.status == 200 and answer.body.startswith(b"\x89PNG"))
            or pytest.fail(f"no logo: {answer.status}")
        ),
        cluster,
    )

    # The API's rate limit counts across both servers: a client gets ANON_RATE a
    # minute in all, not ANON_RATE from each.
    limited = Browser(cluster.proxy, forwarded_for="203.0.113.7")
    answers = [limited.get("/api/v1/rulesets/") for _ in range(ANON_RATE + 2)]
    assert [a.status for a in answers[:ANON_RATE]] == [200] * ANON_RATE
    assert {a.server for a in answers[:ANON_RATE]} == servers_of(cluster)
    assert [a.status for a in answers[ANON_RATE:]] == [429, 429]

    # One beat sends (it holds the lock in the servers' Redis).
    assert redis.Redis.from_url(cluster.redis_url).get("dugout:celery-beat:lock")
