"""A short season run through the API only: a commissioner creates a league of a
ruleset and opens a single round robin, four coaches draft and enter their teams, the
commissioner admits them and draws up the schedule, and each fixture is played as the
coaches would from their phones (open, pre-game with every decision, kick-off, events,
report, post-game decisions, close)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rest_framework.test import APIClient

from tests.factories import UserFactory

LEAGUES = "/api/v1/leagues"
MATCHES = "/api/v1/matches"
TEAMS = "/api/v1/teams/"


def client_for(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def ok(response: Any, *codes: int) -> dict[str, Any]:
    """The response's body, after checking its status (200/201 unless told)."""
    assert response.status_code in (codes or (200, 201)), (
        response.status_code,
        response.json(),
    )
    return response.json()


@dataclass
class Season:
    """Who runs the season and what the API answered while setting it up."""

    league: dict[str, Any]
    season: dict[str, Any]
    commissioner: Any
    coaches: dict[int, Any] = field(default_factory=dict)  # team id -> coach
    teams: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> team sheet
    fixtures: list[dict[str, Any]] = field(default_factory=list)
    matches: dict[int, int] = field(default_factory=dict)  # fixture id -> match id

    def team_id(self, name: str) -> int:
        return self.teams[name]["id"]

    def coach(self, team_id: int) -> APIClient:
        return client_for(self.coaches[team_id])


def set_up_season(ruleset: str, league_name: str, drafts: dict[str, dict[str, Any]]) -> Season:
    """League, season, four drafted teams entered and admitted, the schedule drawn up."""
    commissioner = UserFactory()
    boss = client_for(commissioner)
    league = ok(boss.post(f"{LEAGUES}/", {"name": league_name, "ruleset": ruleset}, format="json"))
    assert league["ruleset"] == ruleset
    season = ok(
        boss.post(f"{LEAGUES}/{league['id']}/open-season/", {"format": "single"}, format="json")
    )
    setup = Season(league, season, commissioner)
    for name, draft in drafts.items():
        coach = UserFactory()
        body = {"name": name, "ruleset": ruleset, **draft}
        sheet = ok(client_for(coach).post(TEAMS, body, format="json"), 201)
        setup.teams[name] = sheet
        setup.coaches[sheet["id"]] = coach
        entry = {"team": sheet["id"]}
        ok(client_for(coach).post(f"{LEAGUES}/seasons/{season['id']}/enter/", entry, format="json"))
        ok(boss.post(f"{LEAGUES}/seasons/{season['id']}/admit/", entry, format="json"))
    ok(
        boss.post(
            f"{LEAGUES}/seasons/{season['id']}/generate-schedule/",
            {"start_date": "2026-03-02"},
            format="json",
        )
    )
    fixtures = ok(client_for().get(f"{LEAGUES}/fixtures/", {"season": season["id"], "limit": 50}))
    setup.fixtures = sorted(fixtures["results"], key=lambda f: (f["round"], f["id"]))
    assert len(setup.fixtures) == 6  # four teams, single round robin
    return setup


Answer = Callable[[dict[str, Any]], Any]


def play(
    setup: Season,
    fixture: dict[str, Any],
    *,
    answer: Answer,
    events: Callable[[dict[str, Any], dict[str, list[int]]], list[tuple[str, dict[str, Any]]]],
    report: dict[str, Any],
    post_game_answer: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    capture: Any,
) -> dict[str, Any]:
    """Play ``fixture`` through the matches API; returns the applied post-game state.

    ``answer(choice)`` answers each pre-game decision (by the coach it belongs to);
    ``events(fixture, players)`` lists (side, event body) to tap in; ``report`` is
    the report's body; ``post_game_answer(choice)`` answers post-game decisions.
    ``capture`` is pytest-django's ``django_capture_on_commit_callbacks``.
    """
    home = setup.coach(fixture["home"]["id"])
    away = setup.coach(fixture["away"]["id"])
    by_side = {"home": home, "away": away}
    opened = ok(home.post(f"{MATCHES}/", {"fixture": fixture["id"]}, format="json"), 201)
    setup.matches[fixture["id"]] = opened["id"]
    url = f"{MATCHES}/{opened['id']}"
    state = ok(away.post(f"{url}/start-pre-game/"))
    for _ in range(10):
        if not state["pending"]:
            break
        choice = state["pending"][0]
        body = {"kind": choice["kind"], "answer": answer(choice)}
        state = ok(by_side[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json"))
    assert state["complete"], state["pending"]
    assert ok(home.post(f"{url}/start/"))["status"] == "in_play"
    players = {
        side: [
            p["id"]
            for p in ok(client_for().get(f"/api/v1/teams/{fixture[side]['id']}/"))["players"]
        ]
        for side in ("home", "away")
    }
    for side, body in events(fixture, players):
        ok(by_side[side].post(f"{url}/events/", body, format="json"), 201)
    with capture(execute=True):
        ok(home.post(f"{url}/report/", report, format="json"), 201)
        ok(away.post(f"{url}/confirm/"))  # the other coach confirms: the post-game starts
    post_game = ok(home.get(f"{url}/post-game/"))
    for _ in range(4):
        if not post_game["pending"]:
            break
        choice = post_game["pending"][0]
        body = {"side": choice["side"], **(post_game_answer or (lambda c: {}))(choice)}
        with capture(execute=True):
            ok(by_side[choice["side"]].post(f"{url}/post-game-choices/", body, format="json"))
        post_game = ok(home.get(f"{url}/post-game/"))
    assert post_game["complete"] and post_game["applied"], post_game["pending"]
    assert ok(away.post(f"{url}/close/"))["status"] == "closed"
    return post_game


def touchdowns(side: str, players: list[int], count: int) -> list[tuple[str, dict[str, Any]]]:
    """``count`` touchdowns by the side's players in turn."""
    return [
        (side, {"kind": "touchdown", "player": players[n % len(players)]}) for n in range(count)
    ]
