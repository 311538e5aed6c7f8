"""A league site's evening, for Locust (run by bench/evening/run.py; the plan of who
reads and plays what is the JSON file named by EVENING_PLAN, bench/evening/site.py).

The mix, and why (bench/evening/README.md says the same at more length). On a league
site's evening most people are reading: a league's coaches and followers look up the
standings, the fixtures, a team or a player, mostly without signing in. Fewer are
coaches signed in, on their dashboard and their own team's page, and fewer still are
playing a match at that moment - but each match in play is busy: both coaches tap
every event on their phones, both phones' live pages poll every second, then the report,
the opponent's confirmation, the post-game and its step 4 (hiring and firing) follow.
Now and then a commissioner corrects a report. Hence, per Locust client ("user"):

- ``Visitor`` (70 % of the clients): standings 30 %, team page 25 %, fixtures 20 %, player page
  15 %, league home 10 %, one every 0.5-2 s (``EVENING_THINK``);
- ``Coach`` (20 %): signed in; dashboard, own team page, own season's standings,
  team ledger, at the same pace;
- ``MatchNight`` (10 %, at least one): one match at a time, both coaches, through the
  whole flow over the API (a coach's app; the pages' forms call the same services),
  each event tapped ``EVENING_TAP`` seconds apart
  (3 s: a two-hour match's twenty-odd taps compressed into about a minute, so the
  writes weigh more than on a real night: the load errs towards the expensive side);
  both coaches' live pages poll ``/matches/<id>/sync/`` every second with their ETag,
  as the page's script does, and reload when the answer says the page moved on;
- ``Commissioner`` (one, whatever the count): the oversight page every 10-20 s, and
  a correction of one of the evening's closed matches (one touchdown more) every
  second time.

Every request is named by its kind ("visitor: standings", "match: event", ...), so the
figures come out per kind. A request fails on any status but the expected ones (a poll's
304 is expected).
"""

from __future__ import annotations

import html
import json
import os
import random
import re
import uuid
from typing import Any

import gevent
from locust import FastHttpUser, between, task

with open(os.environ["EVENING_PLAN"]) as _handle:
    PLAN: dict[str, Any] = json.load(_handle)

# How many clients of each kind (run.py sets it from the client count; the mix below).
COUNTS = dict(
    zip(
        ("visitors", "coaches", "matches", "commissioners"),
        (int(x) for x in os.environ.get("EVENING_USERS", "14,4,2,1").split(",")),
        strict=True,
    )
)
THINK = tuple(float(x) for x in os.environ.get("EVENING_THINK", "0.5,2").split(","))
TAP_SECONDS = float(os.environ.get("EVENING_TAP", "3"))
POLL_SECONDS = 1.0
POST_GAME_POLLS = 120  # a post-game not applied within two minutes is a failure
MATCHES = "/api/v1/matches"
SYNC = re.compile(r'id="match-sync"[^>]*hx-get="([^"]+)"')

# Shared by the users of this (single) Locust process: the fixtures left to play, the
# teams busy in a match, the matches closed this evening (for the commissioner).
FIXTURES: list[dict[str, Any]] = list(PLAN["matches"])
BUSY: set[int] = set()
CLOSED: list[dict[str, Any]] = []


class FlowStopped(Exception):
    """A request of a flow failed (already counted by Locust): the flow ends there."""


class Site(FastHttpUser):
    abstract = True
    wait_time = between(*THINK)

    def on_start(self) -> None:
        # Each request carries its own credentials (a session cookie for pages, a token
        # for the API): nothing set by one answer leaks into the next request.
        self.client.client.cookiejar = None

    def call(
        self,
        method: str,
        path: str,
        name: str,
        *,
        expect: tuple[int, ...] = (200,),
        session: str | None = None,
        token: str | None = None,
        body: Any = None,
        headers: dict[str, str] | None = None,
        stop: bool = False,
    ) -> Any:
        sent = dict(headers or {})
        if session:
            sent["Cookie"] = f"sessionid={session}"
        if token:
            sent["Authorization"] = f"Token {token}"
        kwargs: dict[str, Any] = {"name": name, "headers": sent, "catch_response": True}
        if body is not None:
            kwargs["json"] = body
        with self.client.request(method, path, **kwargs) as response:
            if response.status_code not in expect:
                text = (response.text or "")[:400].replace("\n", " ")
                response.failure(f"{method} {path} answered {response.status_code}: {text}")
                if stop:
                    raise FlowStopped(name)
            response.success()
            return response

    def page(self, path: str, name: str, session: str | None = None, stop: bool = False) -> Any:
        return self.call("GET", path, name, session=session, stop=stop)


class Visitor(Site):
    fixed_count = COUNTS["visitors"]

    @task(30)
    def standings(self) -> None:
        season = random.choice(PLAN["seasons"])
        self.page(f"/leagues/seasons/{season}/standings/", "visitor: standings")

    @task(25)
    def team(self) -> None:
        self.page(f"/teams/{random.choice(PLAN['teams'])}/", "visitor: team page")

    @task(20)
    def fixtures(self) -> None:
        season = random.choice(PLAN["seasons"])
        self.page(f"/leagues/seasons/{season}/fixtures/", "visitor: fixtures")

    @task(15)
    def player(self) -> None:
        self.page(f"/players/{random.choice(PLAN['players'])}/", "visitor: player page")

    @task(10)
    def league(self) -> None:
        self.page(f"/leagues/{random.choice(PLAN['leagues'])}/", "visitor: league home")


class Coach(Site):
    fixed_count = COUNTS["coaches"]

    def on_start(self) -> None:
        super().on_start()
        self.me = random.choice(PLAN["coaches"])

    @task(4)
    def dashboard(self) -> None:
        self.page("/", "coach: dashboard", self.me["session"])

    @task(4)
    def team(self) -> None:
        self.page(f"/teams/{self.me['team']}/", "coach: team page", self.me["session"])

    @task(2)
    def standings(self) -> None:
        path = f"/leagues/seasons/{self.me['season']}/standings/"
        self.page(path, "coach: standings", self.me["session"])

    @task(1)
    def ledger(self) -> None:
        self.page(f"/teams/{self.me['team']}/ledger/", "coach: team ledger", self.me["session"])


def take_fixture() -> dict[str, Any] | None:
    """The first fixture left whose two teams are not in a match."""
    for n, fixture in enumerate(FIXTURES):
        teams = {fixture["home"]["team"], fixture["away"]["team"]}
        if not teams & BUSY:
            BUSY.update(teams)
            return FIXTURES.pop(n)
    return None


class LivePage:
    """One coach's live match page: its poll address and the ETag it last saw."""

    def __init__(self, user: MatchNight, match_id: int, coach: dict[str, Any]) -> None:
        self.user, self.match_id, self.coach = user, match_id, coach
        self.etag = ""
        self.load()

    def load(self) -> None:
        response = self.user.page(
            f"/matches/{self.match_id}/", "match: live page", self.coach["session"], stop=True
        )
        found = SYNC.search(response.text or "")
        self.sync = html.unescape(found.group(1)) if found else None
        self.etag = ""

    def poll(self) -> None:
        if not self.sync:
            return
        headers = {"HX-Request": "true"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        response = self.user.call(
            "GET",
            self.sync,
            "match: live poll",
            expect=(200, 304),
            session=self.coach["session"],
            headers=headers,
            stop=True,
        )
        self.etag = response.headers.get("ETag") or self.etag
        if "match-moved" in (response.headers.get("HX-Trigger") or ""):
            self.load()


class MatchNight(Site):
    """Both coaches of one match at a time (the module's docstring)."""

    fixed_count = COUNTS["matches"]
    wait_time = between(1, 3)

    @task
    def play(self) -> None:
        fixture = take_fixture()
        if fixture is None:
            gevent.sleep(5)
            return
        teams = {fixture["home"]["team"], fixture["away"]["team"]}
        try:
            self.play_fixture(fixture)
        except FlowStopped:
            return  # the teams stay busy: their match is half played
        BUSY.difference_update(teams)

    def api(self, method: str, path: str, name: str, coach: dict[str, Any], **kw: Any) -> Any:
        expect = kw.pop("expect", (200, 201))
        response = self.call(
            method, path, name, token=coach["token"], expect=expect, stop=True, **kw
        )
        return response.json()

    def wait_watching(self, seconds: float, pages: list[LivePage]) -> None:
        """``seconds`` pass with both coaches' pages polling each second."""
        for _ in range(max(1, round(seconds / POLL_SECONDS))):
            for page in pages:
                page.poll()
            gevent.sleep(POLL_SECONDS)

    def play_fixture(self, fixture: dict[str, Any]) -> None:
        home, away = fixture["home"], fixture["away"]
        by_side = {"home": home, "away": away}
        created = self.api(
            "POST", f"{MATCHES}/", "match: open", home, body={"fixture": fixture["fixture"]}
        )
        match_id = created["id"]
        url = f"{MATCHES}/{match_id}"
        pages = [LivePage(self, match_id, home), LivePage(self, match_id, away)]
        state = self.api("POST", f"{url}/start-pre-game/", "match: start pre-game", away, body={})
        while state["pending"]:
            self.wait_watching(TAP_SECONDS, pages)
            choice = state["pending"][0]
            body = {"kind": choice["kind"], "answer": answer(choice)}
            state = self.api(
                "POST", f"{url}/pre-game-choices/", "match: pre-game choice",
                by_side[choice["side"]], body=body,
            )  # fmt: skip
        self.api("POST", f"{url}/start/", "match: kick-off", home, body={})
        events, score = match_events(home["players"], away["players"], match_id)
        for side, event in events:
            self.wait_watching(TAP_SECONDS, pages)
            self.api("POST", f"{url}/events/", "match: event", by_side[side], body=event)
        self.wait_watching(TAP_SECONDS, pages)
        report = {"home_touchdowns": score[0], "away_touchdowns": score[1]}
        self.api(
            "POST", f"{url}/report/", "match: report", home, body=report,
            headers={"Idempotency-Key": str(uuid.uuid4())},
        )  # fmt: skip
        self.wait_watching(TAP_SECONDS, pages)
        self.api("POST", f"{url}/confirm/", "match: confirm", away, body={})
        # The post-game runs on a worker: both coaches wait on their pages, then each
        # says he is done with step 4.
        for _ in range(POST_GAME_POLLS):
            self.wait_watching(POLL_SECONDS, pages)
            post_game = self.api("GET", f"{url}/post-game/", "match: post-game", home)
            if post_game["pending"]:
                side = post_game["pending"][0]["side"]
                self.api(
                    "POST", f"{url}/post-game-choices/", "match: post-game choice",
                    by_side[side], body={"side": side},
                )  # fmt: skip
            elif post_game["complete"] and post_game["applied"]:
                break
        else:
            self.environment.events.request.fire(
                request_type="CHECK",
                name="match: post-game applied",
                response_time=POST_GAME_POLLS * POLL_SECONDS * 1000,
                response_length=0,
                response=None,
                context={},
                exception=RuntimeError(f"match {match_id}: post-game not applied in time"),
            )
            raise FlowStopped("post-game")
        self.api("POST", f"{url}/close/", "match: close", away, body={})
        CLOSED.append(
            {
                "match": match_id,
                "league": str(fixture["league"]),
                "report": {**report, "events": [e for _, e in events]},
            }
        )


def answer(choice: dict[str, Any]) -> Any:
    """A coach's answer to a pre-game decision (bench/site.py's ``answer``)."""
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "inducements":
        return {}
    return (choice.get("options", {}).get("positions") or [None])[0]


def match_events(
    home: list[int], away: list[int], seed: int
) -> tuple[list[tuple[str, dict[str, Any]]], tuple[int, int]]:
    """A match as most leagues' reports read: the touchdowns, a pass, a casualty and
    its result, tapped by the coach of the side each belongs to."""
    rng = random.Random(seed)
    score = (rng.randint(0, 3), rng.randint(0, 2))
    events: list[tuple[str, dict[str, Any]]] = [
        ("home", {"kind": "completion", "player": home[0]}),
        ("home", {"kind": "casualty", "player": home[1], "victim": away[0]}),
        ("away", {"kind": "injury", "player": away[0], "injury": "badly_hurt"}),
    ]
    events += [("home", {"kind": "touchdown", "player": home[-1 - n]}) for n in range(score[0])]
    events += [("away", {"kind": "touchdown", "player": away[-1 - n]}) for n in range(score[1])]
    return events, score


class Commissioner(Site):
    """One commissioner: oversight now and then, a correction every second time."""

    fixed_count = COUNTS["commissioners"]
    wait_time = between(10, 20)

    def on_start(self) -> None:
        super().on_start()
        self.turn = 0

    @task
    def look_and_correct(self) -> None:
        self.turn += 1
        session = PLAN.get("commissioner_session")
        if session:
            self.page("/leagues/oversight/", "commissioner: oversight", session)
        if self.turn % 2 or not CLOSED:
            return
        closed = random.choice(CLOSED)
        token = PLAN["commissioners"].get(closed["league"])
        if not token:
            return
        report = closed["report"]
        scorer = next(e["player"] for e in report["events"] if e["kind"] == "completion")
        body = {
            **report,
            "home_touchdowns": report["home_touchdowns"] + 1,
            "events": [{"kind": "touchdown", "player": scorer}, *report["events"]],
            "note": "Evening: a touchdown the report missed",
        }
        path = f"{MATCHES}/{closed['match']}/correct/"
        self.call("POST", path, "commissioner: correct", token=token, body=body, expect=(201,))
        closed["report"] = body
