"""A league's whole life: a 16-team BB2020 season with
play-offs, a correction of a round-3 match after rounds 4-6 were played and SPP spent,
a forfeit, the trophy, and the re-draft into season 2 — through the API, each coach
signed in as himself and the commissioner as himself, and the main steps on the pages.
At every step each team's treasury is the sum of its ledger and its TV (and CTV), as
the API lists it, is the engine's over the team's state.

"The result equals what entering the corrected report first would have given": a
second league is built the same way (same drafts, same schedule, same reports, same
purchases) except that its round-3 match is reported right first; after the
correction and the commissioner's decision on the SPP already spent, every team of
the first league holds what its twin holds (treasury, Dedicated Fans, re-rolls and
staff, TV, each player's SPP, advancements, skills and value, the standings row).

How the two leagues roll the same dice through the API: the server draws a seed per
pre-game and per post-game (``matches.services.dice.new_seed``; the API never takes
one). The test stands in for that function (``league_life_helpers.Seeds``) and hands
out a seed that depends only on the round and the two teams' draft places — the
production path, with its seeds made known.

What goes through the matches API and what not, to keep the run near a minute on a
shared two-core machine: every match of the two teams of the corrected match in
rounds 1-6, the next three matches of the first of them, and the play-offs (18
matches in the league, 11 in its twin; each: open, pre-game with every
decision, kick-off, events tapped in, report with an Idempotency-Key sent twice, both
coaches done with post-game step 4, close). The other fixtures are settled as the
matches app settles a closed match's fixture (``leagues.services.record_result``: the
result and the standings, no post-game), identically in both leagues. One fixture is
settled by a real-life concession instead.

The coach spends the SPP his player earned in round 3 after round 6, right before the
correction: pre-games of later matches stand as they were played (the correction's
documented rule), and an advancement taken before round 4 would have changed his
team's CTV in those pre-games (petty cash, Prayers to Nuffle), which entering the
right report first would not have.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from leagues import services as league_services
from leagues.models import Fixture
from matches.models import PostGameApplication
from teams.models import Team
from tests.league_life_helpers import (
    LEAGUES,
    MATCHES,
    PLAYERS,
    TEAMS,
    Life,
    Seeds,
    active_players,
    assert_books,
    build_league,
    client_for,
    ok,
    pictures,
    play_fixture,
    scripted_score,
)

pytestmark = pytest.mark.django_db

CORRECTED_ROUND = 3
LAST_ROUND = 15  # 16 teams, single round robin


@pytest.fixture(autouse=True)
def _eager_celery():
    """Post-games are applied by their Celery task, in-process (queued on commit)."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


class Pages:
    """The site's pages as one signed-in user at a time (one ``Client``: each new
    one loads the middleware again)."""

    def __init__(self) -> None:
        self.client = Client()

    def get(self, user: Any, url: str) -> str:
        self.client.force_login(user)
        response = self.client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return response.content.decode()

    def post(self, user: Any, url: str, data: dict[str, Any]) -> Any:
        self.client.force_login(user)
        return self.client.post(url, data)


def record(life: Life, fixture: dict[str, Any], number: int) -> None:
    """Settle a fixture nothing compared depends on as a closed match's result is."""
    home, away = scripted_score(number, life.key(fixture))
    league_services.record_result(
        life.commissioner,
        Fixture.objects.get(pk=fixture["id"]),
        home_touchdowns=home,
        away_touchdowns=away,
        home_casualties=0,
        away_casualties=1,
    )


def round_three(x_is_home: bool, version: str):
    """The corrected match's report: as first entered (``"reported"``), the first team
    won 2-1, both its touchdowns by its first player; what really happened
    (``"right"``), a 1-1 draw, its touchdown by its second player."""
    x_side, y_side = ("home", "away") if x_is_home else ("away", "home")

    def script(home: list[int], away: list[int]):
        script.played = (home, away)  # who was in the match, for its correction
        xs, ys = (home, away) if x_is_home else (away, home)
        scorers = [xs[0], xs[0]] if version == "reported" else [xs[1]]
        events = [(x_side, {"kind": "touchdown", "player": p}) for p in scorers]
        events.append((y_side, {"kind": "touchdown", "player": ys[-1]}))
        events.append((y_side, {"kind": "completion", "player": ys[1]}))
        score = {x_side: len(scorers), y_side: 1}
        return (score["home"], score["away"]), events

    return script


def report_body(script: Any, home: list[int], away: list[int]) -> dict[str, Any]:
    (home_td, away_td), events = script(home, away)
    return {
        "home_touchdowns": home_td,
        "away_touchdowns": away_td,
        "events": [body for _, body in events],
    }


def involves(fixture: dict[str, Any], teams: set[int]) -> bool:
    return fixture["home"]["id"] in teams or fixture["away"]["id"] in teams


def play_round(
    life: Life,
    number: int,
    seeds: Seeds,
    capture: Any,
    *,
    through_api: set[int],
    keep_out: frozenset[int],
    scripts: dict[int, Any] | None = None,
    skip: set[int] = frozenset(),
) -> dict[int, dict[str, Any]]:
    """Every league fixture of round ``number``: those of the ``through_api`` teams
    played through the matches API, the rest recorded; ``skip`` fixture ids are left
    open. The fixtures by id."""
    fixtures = life.round(number)
    for fixture in fixtures:
        if fixture["id"] in skip:
            continue
        if involves(fixture, through_api):
            script = (scripts or {}).get(fixture["id"])
            play_fixture(
                life,
                fixture,
                seeds,
                capture,
                round_number=number,
                keep_out=frozenset() if script else keep_out,
                script=script,
            )
        else:
            record(life, fixture, number)
    return {f["id"]: f for f in fixtures}


def first_six_rounds(
    life: Life, seeds: Seeds, capture: Any, version: str, *, books: bool = True
) -> dict[str, Any]:
    """Rounds 1-6 with round 3's match of the first team reported as ``version``; its
    coach hires an assistant coach after round 3. The books checked after each round
    (``books``). What the test needs to know after."""
    x = life.teams[0]
    corrected = next(f for f in life.round(CORRECTED_ROUND) if involves(f, {x}))
    y = corrected["away"]["id"] if corrected["home"]["id"] == x else corrected["home"]["id"]
    scorer = active_players(x)[0].pk
    keep_out = frozenset({scorer})
    script = round_three(corrected["home"]["id"] == x, version)
    for number in range(1, 7):
        play_round(
            life,
            number,
            seeds,
            capture,
            through_api={x, y},
            keep_out=keep_out,
            scripts={corrected["id"]: script},
        )
        if books:
            assert_books(life)
        if number == CORRECTED_ROUND:
            # Between games the coach buys: a purchase the correction must leave standing.
            hired = life.coach(x).post(f"{TEAMS}/{x}/staff/hire/", {"kind": "assistant_coach"})
            assert ok(hired)["assistant_coaches"] == 1
    return {"x": x, "y": y, "corrected": corrected, "scorer": scorer, "script": script}


def later_matches_of(life: Life, team_id: int, after_round: int) -> list[int]:
    return [
        life.matches[f["id"]]
        for number in range(after_round + 1, 7)
        for f in life.round(number)
        if involves(f, {team_id})
    ]


def test_a_league_lives_a_season_is_corrected_and_rolls_over(
    monkeypatch, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    seeds = Seeds().install(monkeypatch)
    pages = Pages()

    # 1. Two leagues set up alike through the API: 16 drafted teams each, admitted,
    #    a single round robin drawn up.
    life = build_league("Life")
    twin = build_league("Twin")
    assert len(life.fixtures(kind="league")) == 16 * 15 // 2
    assert_books(life)
    boss = life.commissioner
    league_page = pages.get(boss, f"/leagues/{life.league['id']}/")
    assert "Life League" in league_page
    assert "Life Team 00" in pages.get(boss, f"/leagues/seasons/{life.season['id']}/fixtures/")

    # 2. Rounds 1-6: round 3's match reported wrong in the league, right in its twin.
    played = first_six_rounds(life, seeds, capture, "reported")
    first_six_rounds(twin, seeds, capture, "right", books=False)
    assert_books(twin)
    x, scorer, corrected = played["x"], played["scorer"], played["corrected"]
    match_id = life.matches[corrected["id"]]
    x_coach = life.coaches[x]
    assert "Life Team 00" in pages.get(x_coach, f"/teams/{x}/")
    assert pages.get(x_coach, f"/matches/{match_id}/")

    # 3. After round 6 the coach spends the SPP his player earned in round 3 ...
    earned = ok(client_for().get(f"{PLAYERS}/{scorer}/"))
    assert earned["spp"] >= 6, earned  # two touchdowns
    spent = client_for(x_coach).post(
        f"{PLAYERS}/{scorer}/advancements/", {"kind": "chosen_primary", "skill": "Block"}
    )
    assert ok(spent, 201)["spp_cost"] == 6
    assert_books(life, [x])

    # ... and the commissioner corrects round 3: it goes through. (Until then the two
    # leagues differ: the result, the gold it paid, the SPP.)
    pair = [0, life.index(played["y"])]
    assert pictures(life, pair) != pictures(twin, pair)
    later = later_matches_of(life, x, CORRECTED_ROUND)
    applied_before = set(
        PostGameApplication.objects.filter(match_id__in=later, reverted_at=None).values_list(
            "pk", flat=True
        )
    )
    right_script = round_three(corrected["home"]["id"] == x, "right")
    in_the_match = played["script"].played
    right = {**report_body(right_script, *in_the_match), "note": "It was a 1-1 draw."}
    with capture(execute=True):
        version = ok(client_for(boss).post(f"{MATCHES}/{match_id}/correct/", right), 201)
    assert version["version"] == 2
    # Later post-games of the first team were worked out again (its Treasury moved).
    rederived = PostGameApplication.objects.filter(match_id=later[0], reverted_at=None)
    assert rederived.exists() and not set(rederived.values_list("pk", flat=True)) & applied_before

    # The SPP spent since are listed; the commissioner undoes the advancement.
    shortfalls = ok(client_for().get(f"{MATCHES}/{match_id}/shortfalls/"))
    assert [(r["player"], r["status"]) for r in shortfalls] == [(scorer, "open")], shortfalls
    assert "SPP a correction took back" in pages.get(boss, f"/matches/{match_id}/")
    settle = f"{MATCHES}/{match_id}/shortfalls/{shortfalls[0]['id']}/settle/"
    assert ok(client_for(boss).post(settle, {"decision": "undo"}))["status"] == "undone"
    assert_books(life)

    # The league now holds what entering the right report first gave its twin.
    mine, theirs = pictures(life), pictures(twin)
    differences = [
        (f"team {n:02}", part, got[part], expected[part])
        for n, (got, expected) in enumerate(zip(mine, theirs, strict=True))
        for part in expected
        if got[part] != expected[part]
    ]
    assert not differences, differences

    # 4. The rest of the season: the first team's next three matches through the API,
    #    one fixture conceded for real-life reasons, the rest recorded.
    conceded = next(f for f in life.round(7) if not involves(f, {x}))
    for number in range(7, LAST_ROUND + 1):
        play_round(
            life,
            number,
            seeds,
            capture,
            through_api={x} if number <= 9 else set(),
            keep_out=frozenset(),
            skip={conceded["id"]},
        )
        if number == 7:
            concede(life, conceded)
        assert_books(life)
    standings = pages.get(boss, f"/leagues/seasons/{life.season['id']}/standings/")
    assert "Life Team 00" in standings

    champion = play_offs(life, seeds, capture)
    assert_books(life)
    bracket_page = pages.get(boss, f"/leagues/seasons/{life.season['id']}/bracket/")
    assert Team.objects.get(pk=champion).name in bracket_page

    # 5. The season rolled over; every team re-drafts into season 2 (choices only).
    rollover = ok(client_for(boss).post(f"{LEAGUES}/seasons/{life.season['id']}/roll-over/"), 201)
    assert rollover["closed"]["status"] == "finished"
    assert rollover["opened"]["number"] == 2 and rollover["opened"]["status"] == "sign_up"
    assert sorted(t["id"] for t in rollover["awaiting_redraft"]) == sorted(life.teams)
    season_two = rollover["opened"]["id"]
    for team_id in life.teams[1:]:
        redraft_through_api(life, team_id, season_two)
    redraft_on_the_page(life, pages, x, season_two)
    entries = ok(client_for().get(f"{LEAGUES}/seasons/{season_two}/entries/"))
    assert sorted(e["team"]["id"] for e in entries) == sorted(life.teams)
    assert_books(life)
    # The champion still holds the League Trophy in season 2 (counted in its TV).
    assert Team.objects.get(pk=champion).league_trophies_held.count() == 1


def concede(life: Life, fixture: dict[str, Any]) -> None:
    """The away coach concedes for real-life reasons: the home team wins 1-0, gains
    D6 x 10,000 gp and two MVPs (facts §5), through the ledger and the dice log."""
    home = fixture["home"]["id"]
    gold_before = Team.objects.get(pk=home).treasury
    spp_before = sum(p.spp_earned for p in active_players(home))
    body = {"kind": "concession", "conceded_by": fixture["away"]["id"]}
    url = f"{LEAGUES}/fixtures/{fixture['id']}/forfeit/"
    assert life.coach(home).post(url, body).status_code == 403  # the commissioner's call
    settled = ok(life.boss.post(url, body))
    assert (settled["home_touchdowns"], settled["away_touchdowns"]) == (1, 0)
    gold = Team.objects.get(pk=home).treasury - gold_before
    assert gold in range(10_000, 60_001, 10_000) and settled["concession_award"]["gold"] == gold
    assert sum(p.spp_earned for p in active_players(home)) - spp_before == 8  # two MVPs
    assert len(settled["concession_rolls"]) >= 3  # the D6 and the two MVPs' picks
    ledger = ok(client_for().get(f"{TEAMS}/{home}/ledger/", {"limit": 500}))
    rows = ledger["results"] if isinstance(ledger, dict) else ledger
    assert rows[-1]["amount"] == gold


def play_offs(life: Life, seeds: Seeds, capture: Any) -> int:
    """Seed the top four, play the semi-finals, then the final and the third-place
    match through the matches API (decisive scores); the champion's id."""
    season = life.season["id"]
    ok(life.boss.post(f"{LEAGUES}/seasons/{season}/start-playoffs/"), 201)
    bracket = ok(client_for().get(f"{LEAGUES}/seasons/{season}/bracket/"))
    assert len(bracket["semi_finals"]) == 2
    for stage, fixtures in (
        (LAST_ROUND + 1, bracket["semi_finals"]),
        (LAST_ROUND + 2, None),
    ):
        if fixtures is None:
            bracket = ok(client_for().get(f"{LEAGUES}/seasons/{season}/bracket/"))
            fixtures = [bracket["final"], bracket["third_place"]]
        for fixture in fixtures:
            play_fixture(life, fixture, seeds, capture, round_number=stage, decisive=True)
    bracket = ok(client_for().get(f"{LEAGUES}/seasons/{season}/bracket/"))
    final = bracket["final"]
    assert final["winner"] is not None
    champion = ok(client_for().get(f"{LEAGUES}/seasons/{season}/"))["champion"]
    assert champion["id"] == final["winner"]
    # The League Trophy: held by the champion, one more re-roll in its TV.
    assert Team.objects.get(pk=final["winner"]).league_trophies_held.count() == 1
    return final["winner"]


def redraft_through_api(life: Life, team_id: int, season_two: int) -> None:
    """GET what the re-draft starts from; POST the choices (every player re-hired, a
    re-roll) with made-up record numbers the server must ignore."""
    coach = life.coach(team_id)
    offer = ok(coach.get(f"{TEAMS}/{team_id}/redraft/"))
    assert offer["to_season"] == season_two
    budget = offer["budget"]["budget"]
    choices = {
        "rehire": [{"player": p["player"]} for p in offer["players"]],
        "rerolls": 1,
        # The defect: the client's numbers made the budget. They are ignored now.
        "season_games": 99,
        "league_wins": 99,
        "cap": None,
        "budget": 5_100_000,
    }
    done = ok(coach.post(f"{TEAMS}/{team_id}/redraft/", choices))
    assert done["budget"] == budget and done["to_season"] == season_two
    assert sorted(done["rehired"]) == sorted(p["player"] for p in offer["players"])
    assert done["team"]["treasury"] == budget - done["cost"]


def redraft_on_the_page(life: Life, pages: Pages, team_id: int, season_two: int) -> None:
    coach = life.coaches[team_id]
    page = pages.get(coach, f"/teams/{team_id}/redraft/")
    assert "Re-draft Life Team 00" in page
    offer = ok(client_for(coach).get(f"{TEAMS}/{team_id}/redraft/"))
    form = {f"rehire_{p['player']}": "on" for p in offer["players"]}
    form["rerolls"] = "1"
    response = pages.post(coach, f"/teams/{team_id}/redraft/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Team.objects.get(pk=team_id).redrafts.filter(to_season_id=season_two).exists()
