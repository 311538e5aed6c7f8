"""A classic league's short season, end to end through the API: four teams drafted
with BB2020's rosters, a single round robin played with the classic pre-match (weather,
Petty Cash, inducements, gate and FAME) and post-match (MVP, winnings with the winner's
re-roll, Fan Factor, SPP and Improvement rolls, Spiralling Expenses), then the
standings, the treasuries against their ledgers, the Fan Factors, an Improvement roll
taken, and the ruleset's name on the team sheet, the match data and the standings."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.urls import reverse

from leagues.models import Fixture
from teams.models import LedgerReason, Player, Team, TreasuryEntry
from tests.factories import assert_treasury_is_ledger
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

CLASSIC = "Classic league rules (LRB)"
HUMANS = {"roster": "human", "players": {"human-lineman": 9, "human-blitzer": 2}, "rerolls": 2}
ORCS = {"roster": "orc", "players": {"orc-lineman": 9, "orc-blitzer": 2}, "rerolls": 2}
DRAFTS = {
    "Reikland Reavers": HUMANS,
    "Orcland Raiders": ORCS,
    "Bogenhafen Barons": HUMANS,
    "Gouged Eye": ORCS,
}
# Touchdowns per pairing: (first team's, second team's), whichever plays at home.
SCORES = {
    ("Reikland Reavers", "Orcland Raiders"): (2, 1),
    ("Reikland Reavers", "Bogenhafen Barons"): (1, 1),
    ("Reikland Reavers", "Gouged Eye"): (0, 1),
    ("Orcland Raiders", "Bogenhafen Barons"): (2, 0),
    ("Orcland Raiders", "Gouged Eye"): (1, 1),
    ("Bogenhafen Barons", "Gouged Eye"): (0, 2),
}
# A veteran side: every player's advancements worth 100,000 gp put its TV at 1,820,000.
VETERANS = "Reikland Reavers"
VETERAN_VALUE = 100_000


def score(fixture: dict) -> tuple[int, int]:
    home, away = fixture["home"]["name"], fixture["away"]["name"]
    if (home, away) in SCORES:
        return SCORES[(home, away)]
    return tuple(reversed(SCORES[(away, home)]))


def pre_game_answer(choice: dict) -> object:
    return {"petty_cash": 0, "inducements": {}, "kick_or_receive": "receive"}[choice["kind"]]


def events(fixture: dict, players: dict[str, list[int]]) -> list:
    home, away = score(fixture)
    # One player scores every touchdown of his side: two make him Experienced (6 SPP).
    taps = touchdowns("home", players["home"][-1:], home)
    taps += touchdowns("away", players["away"][-1:], away)
    victim = players["away"][0]
    taps.append(("home", {"kind": "casualty", "player": players["home"][0], "victim": victim}))
    taps.append(("away", {"kind": "injury", "player": victim, "injury": "badly_hurt"}))
    return taps


def reroll(choice: dict) -> dict:
    assert choice["kind"] == "reroll_winnings"
    return {"reroll_winnings": choice["side"] == "home"}


def test_a_classic_season_runs_end_to_end_through_the_api(django_capture_on_commit_callbacks):
    setup = set_up_season("classic", "Classic Test Cup", DRAFTS)
    assert setup.league["ruleset_name"] == CLASSIC
    veterans = Team.objects.get(name=VETERANS)
    Player.objects.filter(team=veterans).update(
        value_increases=VETERAN_VALUE, current_value=F("current_value") + VETERAN_VALUE
    )
    summaries = []
    for fixture in setup.fixtures:
        home, away = score(fixture)
        post_game = play(
            setup,
            fixture,
            answer=pre_game_answer,
            events=events,
            report={"home_touchdowns": home, "away_touchdowns": away},
            post_game_answer=reroll,
            capture=django_capture_on_commit_callbacks,
        )
        assert [s["step"] for s in post_game["steps"]] == [
            "mvp",
            "winnings",
            "fan_factor",
            "spp_and_improvements",
            "spiralling_expenses",
            "update_team_roster",
        ]
        summaries.append((fixture, post_game["summary"]))

    # The pre-match ran the classic steps and fed the gate to the post-match.
    match_id = setup.matches[setup.fixtures[0]["id"]]
    pre_game = ok(client_for().get(f"{MATCHES}/{match_id}/pre-game/"))
    assert [s["step"] for s in pre_game["steps"]] == [
        "weather",
        "petty_cash",
        "inducements",
        "gate_and_fame",
        "kicking_team",
    ]
    assert pre_game["summary"]["gate"]["home"] >= 3_000  # (2D6 + FF) x 1,000 fans
    assert pre_game["summary"]["fan_factor"]["home"] == pre_game["summary"]["gate"]["home"] // 1000

    # Standings: W 3 / D 1 / L 0; Raiders and Reavers level on 4, touchdowns split them.
    tables = ok(client_for().get(f"{LEAGUES}/seasons/{setup.season['id']}/standings/"))
    rows = tables[0]["rows"]
    assert [r["team_name"] for r in rows] == [
        "Gouged Eye",
        "Orcland Raiders",
        "Reikland Reavers",
        "Bogenhafen Barons",
    ]
    assert [r["points"] for r in rows] == [7, 4, 4, 1]
    assert rows[1]["touchdowns_for"] == 4 and rows[2]["touchdowns_for"] == 3
    assert Fixture.objects.filter(status="played", home_points__isnull=True).count() == 6

    # Treasuries are their ledgers: winnings for everyone, Spiralling Expenses for the
    # veterans in every match, each posting naming its match.
    for name in DRAFTS:
        team = Team.objects.get(name=name)
        assert_treasury_is_ledger(team)
        winnings = TreasuryEntry.objects.filter(team=team, reason=LedgerReason.WINNINGS)
        assert winnings.count() == 3 and all(e.amount > 0 and e.match_ref for e in winnings)
    expenses = TreasuryEntry.objects.filter(team=veterans, reason="spiralling_expenses")
    assert [e.amount for e in expenses] == [-10_000] * 3
    assert {e.match_ref for e in expenses} == {
        m for f, m in setup.matches.items() if veterans.pk in _teams_of(setup, f)
    }

    # Fan Factor: each post-match's change went into the team's Fan Factor; a winner
    # with a Fan Factor of 1 or 2 always gains one (3D6 beat it).
    changes: dict[int, int] = {}
    for fixture, summary in summaries:
        for side in ("home", "away"):
            mine = summary[side]
            team_id = fixture[side]["id"]
            change = mine["dedicated_fans_after"] - mine["dedicated_fans_before"]
            changes[team_id] = changes.get(team_id, 0) + change
            if mine["result"] == "win" and mine["dedicated_fans_before"] <= 2:
                assert change == 1
            assert mine["winnings"] > 0 and len(mine["winnings_dice"]) in (1, 2)
    for name in DRAFTS:
        team = Team.objects.get(name=name)
        assert team.dedicated_fans == 1 + changes[team.pk]
    assert Team.objects.get(name="Gouged Eye").dedicated_fans >= 3

    _take_an_improvement(setup)
    _ruleset_is_shown(setup, CLASSIC, veterans)


def _teams_of(setup, fixture_id: int) -> set[int]:
    fixture = next(f for f in setup.fixtures if f["id"] == fixture_id)
    return {fixture["home"]["id"], fixture["away"]["id"]}


def _take_an_improvement(setup) -> None:
    """A player who reached a new title took the Improvement roll the post-match made."""
    player = Player.objects.filter(pending_advancement__kind="improvement").first()
    assert player is not None and player.spp_earned >= 6 and player.spp_spent == 0
    value_before = player.value_increases
    coach = setup.coach(player.team_id)
    url = f"/api/v1/players/{player.pk}/advancements/"
    choice = ok(coach.post(url, {"kind": "improvement"}, format="json"), 200)
    assert choice["choice"] == "improvement"
    assert choice["options"]["roll"] == player.pending_advancement["rolls"][0]["result"]
    option = choice["options"]["options"][0]
    body = {"kind": "improvement", "characteristic_choice": option["kind"]}
    if option["categories"]:
        from rules_engine import get_ruleset
        from rules_engine.classic.improvement import takeable_skills
        from teams.services import player_state

        ruleset = get_ruleset("classic")
        body["skill"] = takeable_skills(ruleset, player_state(player), option["categories"][0])[0]
    taken = ok(coach.post(url, body, format="json"), 201)
    assert taken["kind"] == "improvement" and taken["spp_cost"] == 0
    player.refresh_from_db()
    assert player.advancements == 1 and player.spp_spent == 0
    assert player.value_increases == value_before + option["value_increase"]


def _ruleset_is_shown(setup, name: str, team: Team) -> None:
    match_id = next(iter(setup.matches.values()))
    assert ok(client_for().get(f"{MATCHES}/{match_id}/"))["ruleset_name"] == name
    listed = ok(client_for().get(f"{MATCHES}/", {"season": setup.season["id"]}))
    assert {m["ruleset"] for m in listed["results"]} == {"classic"}
    sheet = client_for().get(reverse("team-detail", args=[team.pk])).content.decode()
    assert name in sheet
    standings = client_for().get(reverse("season-standings", args=[setup.season["id"]]))
    assert name in standings.content.decode()
    home = client_for().get(reverse("league-home", args=[setup.league["id"]]))
    assert name in home.content.decode()
