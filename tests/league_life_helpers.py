"""A BB2020 league driven through the API as its people drive it: the commissioner
(creates the league, opens and schedules the season, corrects, forfeits, rolls over)
and each coach, signed in as himself (drafts, enters, plays his matches, spends).
Used by tests/test_league_life.py.

Dice: the API never takes a seed; the server draws one per pre-game and per
post-game from ``matches.services.dice.new_seed``. ``Seeds`` stands in for it
(``install``) and hands out the seed the test loaded for the next call, so that two
leagues played the same way through the API roll the same dice — the production
path, with the seed made known.
"""

from __future__ import annotations

import datetime
import itertools
from dataclasses import dataclass, field
from typing import Any

from rest_framework.test import APIClient

from rules_engine import current_team_value, get_ruleset, team_value
from teams.models import Player, Team
from teams.services import team_state
from tests.factories import UserFactory, assert_treasury_is_ledger

LEAGUES = "/api/v1/leagues"
MATCHES = "/api/v1/matches"
TEAMS = "/api/v1/teams"
PLAYERS = "/api/v1/players"
TEAM_COUNT = 16
START = datetime.date(2026, 3, 2)
BB2020 = get_ruleset("bb2020")

# Two drafts, alternating: 9 Linemen, 2 Blitzers and 2 re-rolls (about 280k left).
DRAFTS = (
    {"roster": "human", "players": {"human-lineman": 9, "human-blitzer": 2}, "rerolls": 2},
    {"roster": "orc", "players": {"orc-lineman": 9, "orc-blitzer": 2}, "rerolls": 2},
)


class As:
    """Requests to the API as one user (anonymous for None), through one shared
    ``APIClient``: each new client would load the middleware again, and with it
    whitenoise's scan of every static file (about half a second here)."""

    shared: APIClient | None = None

    def __init__(self, user: Any = None) -> None:
        self.user = user

    def _client(self) -> APIClient:
        if As.shared is None:
            As.shared = APIClient()
        As.shared.force_authenticate(self.user)
        return As.shared

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return self._client().get(*args, **kwargs)

    def post(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("format", "json")
        return self._client().post(*args, **kwargs)


def client_for(user: Any = None) -> As:
    return As(user)


def ok(response: Any, *codes: int) -> Any:
    """The response's body, after checking its status (200/201 unless told)."""
    body = response.json() if response.content else None
    assert response.status_code in (codes or (200, 201)), (response.status_code, body)
    return body


class Seeds:
    """What the server's ``new_seed`` returns while installed: the seeds loaded for
    the next calls, in order (and a counter's next value when none is loaded, so an
    unforeseen call stays deterministic too)."""

    def __init__(self) -> None:
        self.loaded: list[int] = []
        self.spare = itertools.count(900_000_001)

    def load(self, *seeds: int) -> None:
        self.loaded.extend(seeds)

    def __call__(self) -> int:
        return self.loaded.pop(0) if self.loaded else next(self.spare)

    def install(self, monkeypatch: Any) -> Seeds:
        import matches.services.dice
        import matches.services.pregame.sequence
        import matches.services.report.submission

        for module in (
            matches.services.dice,
            matches.services.pregame.sequence,
            matches.services.report.submission,
        ):
            monkeypatch.setattr(module, "new_seed", self)
        return self


@dataclass
class Life:
    """One league as the API answered while it was set up."""

    tag: str
    commissioner: Any
    league: dict[str, Any]
    season: dict[str, Any]
    teams: list[int] = field(default_factory=list)  # team ids, in draft order
    coaches: dict[int, Any] = field(default_factory=dict)  # team id -> coach
    matches: dict[int, int] = field(default_factory=dict)  # fixture id -> match id

    @property
    def boss(self) -> As:
        return client_for(self.commissioner)

    def coach(self, team_id: int) -> As:
        return client_for(self.coaches[team_id])

    def index(self, team_id: int) -> int:
        return self.teams.index(team_id)

    def key(self, fixture: dict[str, Any]) -> tuple[int, int]:
        """A fixture as the same in every league built alike: (home, away) draft indexes."""
        return self.index(fixture["home"]["id"]), self.index(fixture["away"]["id"])

    def fixtures(self, **filters: Any) -> list[dict[str, Any]]:
        query = {"season": self.season["id"], "limit": 500, **filters}
        found = ok(client_for().get(f"{LEAGUES}/fixtures/", query))["results"]
        return sorted(found, key=lambda f: (f["round"] or 0, f["id"]))

    def round(self, number: int) -> list[dict[str, Any]]:
        return self.fixtures(round=number, kind="league")


def build_league(tag: str, *, fmt: str = "single") -> Life:
    """League, season 1 (single round robin), 16 teams drafted by their coaches through
    the API, entered by them and admitted by the commissioner, the schedule drawn up."""
    commissioner = UserFactory(username=f"{tag.lower()}-commissioner")
    boss = client_for(commissioner)
    league = ok(boss.post(f"{LEAGUES}/", {"name": f"{tag} League", "ruleset": "bb2020"}), 201)
    season = ok(
        boss.post(f"{LEAGUES}/{league['id']}/open-season/", {"format": fmt}, format="json"), 201
    )
    life = Life(tag, commissioner, league, season)
    for n in range(TEAM_COUNT):
        coach = UserFactory(username=f"{tag.lower()}-coach-{n:02}")
        body = {"name": f"{tag} Team {n:02}", "ruleset": "bb2020", **DRAFTS[n % 2]}
        sheet = ok(client_for(coach).post(f"{TEAMS}/", body, format="json"), 201)
        life.teams.append(sheet["id"])
        life.coaches[sheet["id"]] = coach
        entry = {"team": sheet["id"]}
        enter = f"{LEAGUES}/seasons/{season['id']}/enter/"
        ok(client_for(coach).post(enter, entry, format="json"), 201)
        ok(boss.post(f"{LEAGUES}/seasons/{season['id']}/admit/", entry, format="json"), 201)
    schedule = {"start_date": START.isoformat(), "days_per_round": 7}
    url = f"{LEAGUES}/seasons/{season['id']}/generate-schedule/"
    life.season = ok(boss.post(url, schedule, format="json"), 201)
    return life


# --- a match ------------------------------------------------------------------------


def pre_game_answer(choice: dict[str, Any]) -> Any:
    """Receive, the first journeyman position offered, no inducements."""
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return (choice["options"].get("positions") or [None])[0]
    return {}


def playing(team_id: int, keep_out: frozenset[int] = frozenset()) -> list[int]:
    """The team's players in the match, by number (journeymen included): active, not
    missing it, not retired; ``keep_out`` are players the script leaves alone."""
    return [
        p.pk
        for p in active_players(team_id)
        if not (p.miss_next_game or p.temporarily_retired) and p.pk not in keep_out
    ]


Events = list[tuple[str, dict[str, Any]]]  # (side that taps it in, event body)


def scripted_events(
    score: tuple[int, int], home: list[int], away: list[int], *, serious: bool
) -> Events:
    """Touchdowns by each side's last players, a pass, and a casualty of the home side
    on an away player (Seriously Hurt, so he misses the next game, when ``serious``)."""
    events: Events = [
        ("home", {"kind": "touchdown", "player": home[-1 - n]}) for n in range(score[0])
    ]
    events += [("away", {"kind": "touchdown", "player": away[-1 - n]}) for n in range(score[1])]
    events.append(("away", {"kind": "completion", "player": away[1]}))
    victim = away[3]
    events.append(("home", {"kind": "casualty", "player": home[2], "victim": victim}))
    injury = "seriously_hurt" if serious else "badly_hurt"
    events.append(("home", {"kind": "injury", "player": victim, "injury": injury}))
    return events


def kick_off(life: Life, fixture: dict[str, Any], seeds: Seeds, seed: int) -> str:
    """Open the fixture's match, run its pre-game on ``seed`` answering every decision
    by its coach, and kick off; the match's URL."""
    home = life.coach(fixture["home"]["id"])
    away = life.coach(fixture["away"]["id"])
    by_side = {"home": home, "away": away}
    opened = ok(home.post(f"{MATCHES}/", {"fixture": fixture["id"]}, format="json"), 201)
    life.matches[fixture["id"]] = opened["id"]
    url = f"{MATCHES}/{opened['id']}"
    seeds.load(seed)
    state = ok(away.post(f"{url}/start-pre-game/"))
    assert not seeds.loaded, "the pre-game took its seed"
    for _ in range(12):
        if not state["pending"]:
            break
        choice = state["pending"][0]
        body = {"kind": choice["kind"], "answer": pre_game_answer(choice)}
        state = ok(by_side[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json"))
    assert state["complete"], state["pending"]
    assert ok(home.post(f"{url}/start/"))["status"] == "in_play"
    return url


def report_and_close(
    life: Life,
    fixture: dict[str, Any],
    url: str,
    events: Events,
    score: tuple[int, int],
    seeds: Seeds,
    seed: int,
    capture: Any,
) -> dict[str, Any]:
    """Tap the events in, submit the report (with an Idempotency-Key, sent twice),
    the other coach confirms it, let both coaches finish the post-game's step 4, close;
    the applied post-game."""
    home = life.coach(fixture["home"]["id"])
    away = life.coach(fixture["away"]["id"])
    by_side = {"home": home, "away": away}
    for side, body in events:
        ok(by_side[side].post(f"{url}/events/", body, format="json"), 201)
    report = {"home_touchdowns": score[0], "away_touchdowns": score[1]}
    key = f"{life.tag}-{fixture['id']}"
    seeds.load(seed)
    with capture(execute=True):
        first = ok(
            home.post(f"{url}/report/", report, format="json", HTTP_IDEMPOTENCY_KEY=key), 201
        )
    assert not seeds.loaded, "the post-game took its seed"
    again = away.post(f"{url}/report/", report, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert ok(again, 200)["id"] == first["id"]  # a retry gives the same report back
    assert home.post(f"{url}/confirm/").status_code == 403  # the submitter may not
    with capture(execute=True):  # the other coach confirms: the post-game starts
        assert ok(away.post(f"{url}/confirm/"))["confirmation"] == "confirmed"
    post_game = ok(home.get(f"{url}/post-game/"))
    # Step 4 waits for both coaches: nothing is applied before they are done.
    assert not post_game["applied"]
    assert {c["side"] for c in post_game["pending"]} == {"home", "away"}, post_game["pending"]
    for _ in range(6):  # step 4: each coach says he is done (hiring nobody)
        if not post_game["pending"]:
            break
        side = post_game["pending"][0]["side"]
        with capture(execute=True):
            post_game = ok(
                by_side[side].post(f"{url}/post-game-choices/", {"side": side}, format="json")
            )
    post_game = ok(home.get(f"{url}/post-game/"))
    assert post_game["complete"] and post_game["applied"], post_game["pending"]
    assert ok(away.post(f"{url}/close/"))["status"] == "closed"
    return post_game


def scripted_score(round_number: int, key: tuple[int, int], *, decisive: bool = False):
    home, away = key
    score = ((round_number + home) % 3, (round_number + 2 * away) % 3)
    if decisive and score[0] == score[1]:
        score = (score[0] + 1, score[1])
    return score


def match_seed(round_number: int, key: tuple[int, int]) -> int:
    return 7_000_000 + 1_000 * round_number + 20 * key[0] + key[1]


def play_fixture(
    life: Life,
    fixture: dict[str, Any],
    seeds: Seeds,
    capture: Any,
    *,
    round_number: int,
    keep_out: frozenset[int] = frozenset(),
    decisive: bool = False,
    script: Any = None,
) -> dict[str, Any]:
    """Play the fixture through the matches API, its dice and its report a function of
    (round, the teams' draft indexes) only. ``script(home, away)`` gives (score, events)
    instead of the scripted ones."""
    key = life.key(fixture)
    seed = match_seed(round_number, key)
    url = kick_off(life, fixture, seeds, seed)
    home = playing(fixture["home"]["id"], keep_out)
    away = playing(fixture["away"]["id"], keep_out)
    if script is None:
        score = scripted_score(round_number, key, decisive=decisive)
        serious = (round_number + key[0] + key[1]) % 5 == 0
        events = scripted_events(score, home, away, serious=serious)
    else:
        score, events = script(home, away)
    return report_and_close(life, fixture, url, events, score, seeds, seed + 500, capture)


# --- the numbers that must stay true ------------------------------------------------


def assert_books(life: Life, team_ids: list[int] | None = None) -> None:
    """For every team: the treasury is the sum of its ledger, and the TV and CTV the API
    lists equal the engine's over the team's state."""
    listed = ok(client_for().get(f"{TEAMS}/", {"name": f"{life.tag} Team", "limit": 500}))
    by_id = {t["id"]: t for t in listed["results"]}
    for team_id in team_ids or life.teams:
        team = Team.objects.get(pk=team_id)
        assert_treasury_is_ledger(team)
        state = team_state(team)
        row = by_id[team_id]
        assert row["treasury"] == team.treasury
        assert (row["team_value"], row["current_team_value"]) == (
            team_value(BB2020, state.value_input()),
            current_team_value(BB2020, state.value_input()),
        ), team.name


def pictures(life: Life, only: list[int] | None = None) -> list[dict[str, Any]]:
    """What each team holds, in draft order (or the draft places ``only``): gold, fans,
    staff, re-rolls, TV, every player's SPP, advancements, skills, value and injuries,
    and its standings row — as the API reads them (players by number: their ids differ
    between leagues)."""
    tables = ok(client_for().get(f"{LEAGUES}/seasons/{life.season['id']}/standings/"))
    rows = {r["team_id"]: r for t in tables for r in t["rows"]}
    named = ("team_id", "team_name", "coach", "division_id", "division_name", "position")
    found = []
    for team_id in [life.teams[n] for n in only] if only is not None else life.teams:
        sheet = ok(client_for().get(f"{TEAMS}/{team_id}/"))
        players = [
            (
                p["number"],
                p["position_slug"],
                p["status"],
                p["spp_earned"],
                p["spp_spent"],
                p["advancements"],
                p["value_increases"],
                p["current_value"],
                sorted(p["gained_skills"]),
                p["miss_next_game"],
                p["niggling_injuries"],
                p["journeyman"],
            )
            for p in sorted(sheet["players"], key=lambda p: (p["number"], p["id"]))
        ]
        found.append(
            {
                "treasury": sheet["treasury"],
                "dedicated_fans": sheet["dedicated_fans"],
                "rerolls": sheet["rerolls"],
                "staff": (sheet["assistant_coaches"], sheet["cheerleaders"], sheet["apothecary"]),
                "value": sheet["value"],
                "players": players,
                "standings": {k: v for k, v in rows[team_id].items() if k not in named},
            }
        )
    return found


def active_players(team_id: int) -> list[Player]:
    return list(Player.objects.filter(team_id=team_id, status="active").order_by("number"))
