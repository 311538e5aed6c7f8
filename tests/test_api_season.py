"""A season through the API alone: a BB2020 league with two
divisions of four, every match played through the matches API by its coaches, the
play-offs (top two per division) with a semi-final level 1-1 after extra time settled
by the sudden death the server rolls, the final, the third-place match and the prizes.

What must come out, derived from the rules and the scripted scores:

- the standings: W 3 / D 1 / L 0 (facts §5) over the scores the script reported,
  touchdowns and casualties for and against as the reports said;
- the bracket: division winners seeds 1 and 2, runners-up 3 and 4 crossing over;
- the dice log of the sudden death: the engine's five roll-offs over the same dice
  (``extra_time.sudden_death``), the same rows the fixture's page shows;
- the ledger: 100,000 / 60,000 / 30,000 gp prizes to 1st, 2nd and 3rd (facts §5),
  each team's treasury the sum of its ledger, TV and CTV the engine's.

Dice: the server draws its seeds (``league_life_helpers.Seeds`` stands in, the
production path) and the sudden death's dice (``playoffs.sudden_death_dice``: scripted).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.test import Client

from leagues.services import playoffs
from rules_engine.bb2020.extra_time import sudden_death
from rules_engine.dice import ScriptedDice
from tests.factories import UserFactory
from tests.league_life_helpers import (
    DRAFTS,
    LEAGUES,
    TEAMS,
    Life,
    Seeds,
    assert_books,
    client_for,
    kick_off,
    match_seed,
    ok,
    playing,
    scripted_events,
)

pytestmark = pytest.mark.django_db

TAG = "Season"
DIVISIONS = ("North", "South")
# Roll-offs 1-5, home v away: 2-5, 4-4 then 1-3, 6-2, 3-1, 2-6: the away team wins 3-2.
SUDDEN_DEATH_DICE = [2, 5, 4, 4, 1, 3, 6, 2, 3, 1, 2, 6]
PRIZES = {1: 100_000, 2: 60_000, 3: 30_000}


@pytest.fixture(autouse=True)
def _eager_celery():
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def build(tag: str) -> Life:
    """League, season (single round robin, two divisions, top two per division), eight
    teams drafted, entered and admitted (four a division), the schedule drawn up."""
    commissioner = UserFactory(username=f"{tag.lower()}-commissioner")
    boss = client_for(commissioner)
    league = ok(boss.post(f"{LEAGUES}/", {"name": f"{tag} League", "ruleset": "bb2020"}), 201)
    options = {
        "format": "single",
        "playoff_format": "top_two_per_division",
        "divisions": list(DIVISIONS),
    }
    season = ok(boss.post(f"{LEAGUES}/{league['id']}/open-season/", options), 201)
    divisions = {d["name"]: d["id"] for d in season["divisions"]}
    life = Life(tag, commissioner, league, season)
    for n in range(8):
        coach = UserFactory(username=f"{tag.lower()}-coach-{n}")
        body = {"name": f"{tag} Team {n}", "ruleset": "bb2020", **DRAFTS[n % 2]}
        team = ok(client_for(coach).post(f"{TEAMS}/", body), 201)["id"]
        life.teams.append(team)
        life.coaches[team] = coach
        ok(client_for(coach).post(f"{LEAGUES}/seasons/{season['id']}/enter/", {"team": team}))
        admit = {"team": team, "division": divisions[DIVISIONS[n // 4]]}
        ok(boss.post(f"{LEAGUES}/seasons/{season['id']}/admit/", admit), 201)
    url = f"{LEAGUES}/seasons/{season['id']}/generate-schedule/"
    life.season = ok(boss.post(url, {"start_date": "2026-03-02", "days_per_round": 7}), 201)
    return life


# Draws, 1-1; every other league match the better-drafted team (lower index) wins 2-0.
# North reads 0 (9 pts), 1 (4), 2 (3), 3 (1); South 4 (7), 5 (6), 6 (3), 7 (1).
DRAWS = ({1, 3}, {4, 7})


def league_score(key: tuple[int, int]) -> tuple[int, int]:
    home, away = key
    if {home, away} in DRAWS:
        return 1, 1
    return (2, 0) if home < away else (0, 2)


def expected_rows(life: Life, scores: dict[tuple[int, int], tuple[int, int]]) -> dict:
    """Each team's standings row as the rules make it from the reported scores (the
    scripted events: one casualty caused by the home side each match)."""
    rows: dict[int, Counter] = {team: Counter() for team in life.teams}
    for (home, away), (home_td, away_td) in scores.items():
        for me, mine, theirs, caused in ((home, home_td, away_td, 1), (away, away_td, home_td, 0)):
            row = rows[life.teams[me]]
            result = "won" if mine > theirs else "lost" if mine < theirs else "drawn"
            row.update(
                played=1,
                **{result: 1},
                points={"won": 3, "drawn": 1, "lost": 0}[result],
                touchdowns_for=mine,
                touchdowns_against=theirs,
                casualties_for=caused,
                casualties_against=1 - caused,
            )
    names = ("played", "won", "drawn", "lost", "points", "touchdowns_for", "touchdowns_against")
    return {
        team: {name: row[name] for name in (*names, "casualties_for", "casualties_against")}
        for team, row in rows.items()
    }


def play(life: Life, fixture: dict, seeds: Seeds, capture: Any, stage: int, score) -> None:
    """The fixture's match through the matches API: opened, its pre-game answered by
    each coach, kicked off, the events tapped in, the report submitted (and confirmed
    by the opponent where the report waits for it), both coaches done with the
    post-game, closed."""
    key = life.key(fixture)
    url = kick_off(life, fixture, seeds, match_seed(stage, key))
    by_side = {side: life.coach(fixture[side]["id"]) for side in ("home", "away")}
    home, away = playing(fixture["home"]["id"]), playing(fixture["away"]["id"])
    for side, body in scripted_events(score, home, away, serious=False):
        ok(by_side[side].post(f"{url}/events/", body), 201)
    report = {"home_touchdowns": score[0], "away_touchdowns": score[1]}
    with capture(execute=True):
        ok(by_side["home"].post(f"{url}/report/", report), 201)
        state = by_side["away"].get(f"{url}/confirmation/")
        if state.status_code == 200 and state.json()["confirmation"] == "awaiting":
            ok(by_side["away"].post(f"{url}/confirm/"))
    for _ in range(6):  # post-game step 4: each coach says he is done (hiring nobody)
        post_game = ok(by_side["home"].get(f"{url}/post-game/"))
        if not post_game["pending"]:
            break
        side = post_game["pending"][0]["side"]
        with capture(execute=True):
            ok(by_side[side].post(f"{url}/post-game-choices/", {"side": side}))
    assert ok(by_side["home"].get(f"{url}/post-game/"))["applied"]
    assert ok(by_side["away"].post(f"{url}/close/"))["status"] == "closed"


def regular_season(life: Life, seeds: Seeds, capture: Any) -> dict:
    scores = {}
    for fixture in life.fixtures(kind="league"):
        key = life.key(fixture)
        scores[key] = league_score(key)
        play(life, fixture, seeds, capture, fixture["round"], scores[key])
    return scores


def test_a_season_with_divisions_and_a_level_semi_final_runs_through_the_api_alone(
    monkeypatch, django_capture_on_commit_callbacks
):
    seeds = Seeds().install(monkeypatch)
    monkeypatch.setattr(playoffs, "sudden_death_dice", lambda: ScriptedDice(SUDDEN_DEATH_DICE))
    capture = django_capture_on_commit_callbacks
    life = build(TAG)
    season = life.season["id"]
    scores = regular_season(life, seeds, capture)
    assert len(scores) == 12  # two divisions of four, single round robin

    # The standings: as the rules make them from the reports, each division 0-1-2-3.
    tables = ok(client_for().get(f"{LEAGUES}/seasons/{season}/standings/"))
    assert [t["division_name"] for t in tables] == list(DIVISIONS)
    expected = expected_rows(life, scores)
    for table, first in zip(tables, (0, 4), strict=True):
        assert [r["team_id"] for r in table["rows"]] == life.teams[first : first + 4]
        for row in table["rows"]:
            assert {k: row[k] for k in expected[row["team_id"]]} == expected[row["team_id"]]
    assert_books(life)

    # The play-offs: the division winners host the other division's runner-up.
    boss = life.boss
    bracket = ok(boss.post(f"{LEAGUES}/seasons/{season}/start-playoffs/"), 201)
    semi_1, semi_2 = bracket["semi_finals"]
    assert life.key(semi_1) == (0, 5) and life.key(semi_2) == (4, 1)
    play(life, semi_1, seeds, capture, 4, (1, 1))  # level after extra time
    play(life, semi_2, seeds, capture, 4, (2, 1))
    semi_1 = ok(client_for().get(f"{LEAGUES}/fixtures/{semi_1['id']}/"))
    assert (semi_1["winner"], semi_1["settle_with"]) == (None, "sudden-death")
    assert ok(client_for().get(f"{LEAGUES}/seasons/{season}/bracket/"))["final"] is None

    # The away coach asks; the server rolls; the bracket advances.
    coach = life.coach(semi_1["away"]["id"])
    settled = ok(coach.post(f"{LEAGUES}/fixtures/{semi_1['id']}/sudden-death/"))
    rolled = sudden_death(ScriptedDice(SUDDEN_DEATH_DICE))
    assert rolled.winner == "away" and settled["winner"] == semi_1["away"]["id"]
    assert settled["sudden_death_rolls"] == [roll.as_dict() for roll in rolled.rolls]
    page = Client().get(f"/leagues/fixtures/{semi_1['id']}/").content.decode()
    for roll in settled["sudden_death_rolls"]:
        assert f'<td>{roll["purpose"]}</td><td>D6</td><td class="num">{roll["result"]}' in page

    bracket = ok(client_for().get(f"{LEAGUES}/seasons/{season}/bracket/"))
    final, third = bracket["final"], bracket["third_place"]
    assert life.key(final) == (4, 5) and life.key(third) == (0, 1)
    play(life, final, seeds, capture, 5, (1, 2))  # team 5 wins the final
    play(life, third, seeds, capture, 5, (0, 1))  # team 1 third

    # The champion, the trophy and the prizes in the ledger, in place order.
    done = ok(client_for().get(f"{LEAGUES}/seasons/{season}/"))
    assert done["status"] == "finished" and done["champion"]["id"] == life.teams[5]
    places = {1: life.teams[5], 2: life.teams[4], 3: life.teams[1]}
    for place, team in places.items():
        ledger = ok(client_for().get(f"{TEAMS}/{team}/ledger/", {"limit": 500}))
        rows = ledger["results"] if isinstance(ledger, dict) else ledger
        assert [r["amount"] for r in rows if r["reason"] == "prize"] == [PRIZES[place]]
    for team in set(life.teams) - set(places.values()):
        ledger = ok(client_for().get(f"{TEAMS}/{team}/ledger/", {"limit": 500}))
        rows = ledger["results"] if isinstance(ledger, dict) else ledger
        assert not [r for r in rows if r["reason"] == "prize"]
    league = ok(client_for().get(f"{LEAGUES}/{life.league['id']}/"))
    assert league["trophy_holder"]["id"] == life.teams[5]
    assert_books(life)
