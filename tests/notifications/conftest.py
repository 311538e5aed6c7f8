"""A real HTTP receiver on 127.0.0.1 (a thread) that answers from a script and keeps
what it was sent; Celery eager; private addresses allowed and no backoff wait."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from notifications import webhooks
from tests.factories import UserFactory
from tests.leagues.factories import LeagueFactory


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    url: str
    answers: list[int] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """Answers each POST with the next status of ``answers`` (200 once they run out)."""
    state = Receiver(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            length = int(self.headers.get("Content-Length", 0))
            body = self.rfile.read(length)
            state.received.append(Received(self.path, dict(self.headers.items()), body))
            code = state.answers.pop(0) if state.answers else 200
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(autouse=True)
def _eager_and_local(settings):
    from config.celery import app

    settings.DUGOUT_WEBHOOKS_ALLOW_PRIVATE = True
    settings.DUGOUT_WEBHOOKS_BACKOFF_SECONDS = 0
    settings.DUGOUT_SITE_URL = "https://dugout.example"
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture
def commissioner(db):
    return UserFactory()


@pytest.fixture
def league(commissioner):
    return LeagueFactory(commissioners=[commissioner], name="Old World League")


@pytest.fixture
def make_webhook(commissioner, league):
    def make(url: str, **values: Any):
        return webhooks.create_webhook(commissioner, league, url=url, **values)

    return make
