"""A Blitz Bowl league's short season, end to end through the API: four six-a-side teams
drafted for nothing, a single round robin set up with the coin toss, the D8 regional
rule, the pitch and the ball, reported in points (touchdowns, Challenge cards, Clean
Sweeps, Bonus Play points, a Sudden Death Victory), then the standings ranked by wins
and then points scored, the teams left untouched, and the ruleset's name shown."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import Fixture
from matches.models import Match, PlayerMatchStats
from teams.models import Player, Team, TreasuryEntry
from tests.rulesets.season import (
    LEAGUES,
    MATCHES,
    client_for,
    ok,
    play,
    set_up_season,
    touchdowns,
)

pytestmark = pytest.mark.django_db

BLITZ_BOWL = "Blitz Bowl"
HUMANS = {
    "roster": "human",
    "players": {"human-lineman": 3, "human-blitzer": 1, "human-thrower": 1, "human-catcher": 1},
}
SKAVEN = {
    "roster": "skaven",
    "players": {
        "skaven-lineman": 3,
        "skaven-blitzer": 1,
        "skaven-thrower": 1,
        "skaven-gutter-runner": 1,
    },
}
DRAFTS = {
    "Altdorf Reavers": HUMANS,
    "Skavenblight Scramblers": SKAVEN,
    "Middenheim Reavers": HUMANS,
    "Pestilens Scramblers": SKAVEN,
}
# Per pairing, each team's game: touchdowns (4 points each), Challenge cards (their
# points), Clean Sweeps (2 points each), Bonus Play points; "sudden_death" marks a
# Sudden Death Victory (10 or more points ahead).
GAMES = {
    ("Altdorf Reavers", "Skavenblight Scramblers"): (  # a draw, 8-8
        {"touchdowns": 2},
        {"touchdowns": 1, "challenge_cards": [2, 2]},
    ),
    ("Altdorf Reavers", "Middenheim Reavers"): (  # 11-4
        {"touchdowns": 2, "challenge_cards": [3]},
        {"touchdowns": 1},
    ),
    ("Altdorf Reavers", "Pestilens Scramblers"): (  # 12-0, Sudden Death
        {"touchdowns": 3, "sudden_death": True},
        {"touchdowns": 0},
    ),
    ("Skavenblight Scramblers", "Middenheim Reavers"): (  # 5-2
        {"touchdowns": 1, "challenge_cards": [1]},
        {"touchdowns": 0, "challenge_cards": [2]},
    ),
    ("Skavenblight Scramblers", "Pestilens Scramblers"): (  # 12-10
        {"touchdowns": 3},
        {"touchdowns": 1, "challenge_cards": [3, 3]},
    ),
    ("Middenheim Reavers", "Pestilens Scramblers"): (  # 10-9, a Clean Sweep and a Bonus Play
        {"touchdowns": 1, "challenge_cards": [1, 1, 2], "clean_sweeps": 1},
        {"touchdowns": 2, "bonus_play_points": 1},
    ),
}


def games(fixture: dict) -> dict[str, dict]:
    home, away = fixture["home"]["name"], fixture["away"]["name"]
    if (home, away) in GAMES:
        return dict(zip(("home", "away"), GAMES[(home, away)], strict=True))
    return dict(zip(("away", "home"), GAMES[(away, home)], strict=True))


def report(fixture: dict) -> dict:
    body: dict = {}
    for side, game in games(fixture).items():
        body[f"{side}_touchdowns"] = game["touchdowns"]
        body[f"{side}_challenge_cards"] = game.get("challenge_cards", [])
        body[f"{side}_clean_sweeps"] = game.get("clean_sweeps", 0)
        body[f"{side}_bonus_play_points"] = game.get("bonus_play_points", 0)
        if game.get("sudden_death"):
            body["sudden_death_winner"] = side
    return body


def events(fixture: dict, players: dict[str, list[int]]) -> list:
    taps = []
    for side, game in games(fixture).items():
        taps += touchdowns(side, players[side], game["touchdowns"])
    return taps


def pre_game_answer(choice: dict) -> object:
    assert choice["kind"] == "pitch" and choice["options"]["answers"]
    return "two_trapdoors"


def test_a_blitz_bowl_season_runs_end_to_end_through_the_api(django_capture_on_commit_callbacks):
    setup = set_up_season("blitz_bowl", "Blitz Test Bash", DRAFTS)
    assert setup.league["ruleset_name"] == BLITZ_BOWL
    for sheet in setup.teams.values():
        assert sheet["treasury"] == 0 and len(sheet["players"]) == 6
        assert all(p["ma"] is None and p["av"] is None for p in sheet["players"])
    assert not TreasuryEntry.objects.exists()  # nothing costs gold in Blitz Bowl

    for fixture in setup.fixtures:
        post_game = play(
            setup,
            fixture,
            answer=pre_game_answer,
            events=events,
            report=report(fixture),
            capture=django_capture_on_commit_callbacks,
        )
        assert [s["step"] for s in post_game["steps"]] == ["scoring", "winning_the_game"]
        summary = post_game["summary"]
        assert summary["home"]["points"] + summary["away"]["points"] > 0
        assert summary["home"]["mvp"] is None and summary["home"]["expensive_mistake"] is None

    first = setup.matches[setup.fixtures[0]["id"]]
    pre_game = ok(client_for().get(f"{MATCHES}/{first}/pre-game/"))
    steps = [s["step"] for s in pre_game["steps"]]
    assert steps == ["coin_toss", "regional_rules", "pitch", "ball_placement"]
    assert pre_game["summary"]["regional_rule"] and pre_game["summary"]["pitch"] == "two_trapdoors"

    sudden = Fixture.objects.get(home_points__in=(12, 0), away_points__in=(12, 0))
    match = Match.objects.get(fixture=sudden)
    outcome = match.reports.get(is_current=True).post_game_result["teams"]
    assert {outcome[side]["ending"] for side in ("home", "away")} == {"sudden_death"}

    # Wins first, then points scored: the Reavers and the Scramblers both won twice
    # (and drew together), the Reavers scored more; the Pestilens Scramblers scored
    # more points than the Middenheim Reavers but won nothing.
    rows = ok(client_for().get(f"{LEAGUES}/seasons/{setup.season['id']}/standings/"))[0]["rows"]
    assert [(r["team_name"], r["won"], r["points_scored"]) for r in rows] == [
        ("Altdorf Reavers", 2, 31),
        ("Skavenblight Scramblers", 2, 25),
        ("Middenheim Reavers", 1, 16),
        ("Pestilens Scramblers", 0, 19),
    ]
    assert rows[0]["points"] == rows[1]["points"] == 7  # league points do not rank here
    assert rows[0]["drawn"] == rows[1]["drawn"] == 1
    assert rows[2]["points_conceded"] == 11 + 5 + 9

    # The games changed no team: no gold, no SPP, no fans; their touchdowns are in the
    # players' match statistics.
    assert not TreasuryEntry.objects.exists()
    assert not Player.objects.filter(spp_earned__gt=0).exists()
    assert set(Team.objects.values_list("dedicated_fans", flat=True)) == {1}
    assert sum(s.touchdowns for s in PlayerMatchStats.objects.all()) == 17

    _ruleset_is_shown(setup)


def _ruleset_is_shown(setup) -> None:
    match_id = next(iter(setup.matches.values()))
    detail = ok(client_for().get(f"{MATCHES}/{match_id}/"))
    assert detail["ruleset"] == "blitz_bowl" and detail["ruleset_name"] == BLITZ_BOWL
    assert detail["home_points"] is not None
    team = Team.objects.get(name="Altdorf Reavers")
    sheet = client_for().get(reverse("team-detail", args=[team.pk])).content.decode()
    assert BLITZ_BOWL in sheet and "—" in sheet
    standings = client_for().get(reverse("season-standings", args=[setup.season["id"]]))
    page = standings.content.decode()
    assert BLITZ_BOWL in page and "ranked by wins, then points scored" in page
