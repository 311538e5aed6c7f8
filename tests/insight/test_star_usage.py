"""Star players hired: two Human teams of the small league (tests/insight/league.py)
each buy the same star in a real pre-game (the inducements step), one wins and one
loses; the page and the API count his hires, the races that hired him and how they
fared, in a fixed number of queries."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.urls import reverse

from insight.star_usage import star_usage
from leagues.models import Fixture
from matches import services as match_services
from matches.models import Match
from matches.selectors import players_who_played
from teams.models import LedgerReason
from teams.services._common import lock_team
from teams.services.roster import hire_player
from teams.services.treasury import post_to_ledger
from tests.insight.league import build_small_league, fixture_of, record
from tests.league_world import answer

pytestmark = pytest.mark.django_db

SEED = 31_337


def _fund(team: Any, commissioner: Any) -> None:
    """Gold for a star, and a Blitzer more: the higher team value spends its Treasury
    first (a league's inducements; equal values spend none)."""
    with transaction.atomic():
        post_to_ledger(lock_team(team.pk), 700_000, LedgerReason.PRIZE, "Sponsors", commissioner)
    hire_player(team.coach, team, "human-blitzer")


def _play_with_star(fixture: Fixture, buyer_side: str, star: str | None, score, seed: int) -> str:
    """Play ``fixture``: ``buyer_side`` buys ``star`` (the first star offered when None)
    at the inducements step; the report says ``score``. The star's slug."""
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = match_services.open_match(coaches["home"], fixture)
    match = match_services.start_pre_game(coaches["home"], match, seed=seed)
    bought = star
    for _ in range(12):
        pending = match.pre_game_result["pending"]
        if not pending:
            break
        choice = pending[0]
        reply = answer(choice)
        if choice["kind"] == "inducements" and choice["side"] == buyer_side:
            offered = [s["slug"] for s in choice["options"]["star_players"]]
            bought = bought or offered[0]
            assert bought in offered
            reply = {"star_players": [bought]}
        match = match_services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=reply
        )
    match = match_services.start_match(coaches["away"], match)
    for side, goals in zip(("home", "away"), score, strict=True):
        scorer = [p for p in players_who_played(match, side) if not p.journeyman][-1]
        for _ in range(goals):
            match_services.add_event(coaches["home"], match, kind="touchdown", player=scorer)
    submission = match_services.submit_report(
        coaches["home"],
        match,
        home_touchdowns=score[0],
        away_touchdowns=score[1],
        idempotency_key=f"star-{fixture.pk}",
        seed=seed + 1,
    )
    match_services.confirm_report(coaches["away"], match)
    report = type(submission.report).objects.get(pk=submission.report.pk)
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        match_services.submit_post_game_choices(coaches[side], match, side=side)
    match_services.apply_post_game(match.pk, report.pk)
    assert bought is not None
    return bought


@pytest.fixture
def hired():
    world = build_small_league("Stars")
    t = world.teams
    for key in ("R", "T"):
        _fund(t[key], world.commissioner)
    first = fixture_of(world.season, t["R"], t["M"])
    side = "home" if first.home_id == t["R"].pk else "away"
    won = (2, 0) if side == "home" else (0, 2)
    star = _play_with_star(first, side, None, won, SEED)
    second = fixture_of(world.season, t["T"], t["I"])
    side = "home" if second.home_id == t["T"].pk else "away"
    lost = (0, 1) if side == "home" else (1, 0)
    _play_with_star(second, side, star, lost, SEED + 10)
    record(world.commissioner, world.season, t["R"], t["T"], (1, 1))  # no star here
    return world, star


def test_a_star_hired_twice_by_one_race_won_once(hired):
    world, slug = hired
    [usage] = star_usage(world.league)
    assert (usage.slug, usage.hires, usage.games) == (slug, 2, 2)
    assert (usage.won, usage.drawn, usage.lost, usage.win_rate) == (1, 0, 1, 50.0)
    assert [(r.race, r.hires) for r in usage.races] == [("Human", 2)]
    assert usage.name and usage.name != slug  # the edition's name for him
    assert (usage.spp, usage.touchdowns, usage.casualties) == (None, None, None)
    assert star_usage(build_small_league("Starless").league) == []


def test_a_hire_counts_before_the_result_and_not_before_the_kick_off(hired):
    world, slug = hired
    t = world.teams
    fixture = fixture_of(world.season, t["R"], t["I"])
    side = "home" if fixture.home_id == t["R"].pk else "away"
    _fund(t["R"], world.commissioner)
    _play_with_star(fixture, side, slug, (0, 0), SEED + 20)
    [usage] = star_usage(world.league)
    assert (usage.hires, usage.games, usage.drawn) == (3, 3, 1)
    # Sent back to the pre-game's start: the purchase is no hire yet.
    Match.objects.filter(fixture=fixture).update(kicked_off_at=None)
    [usage] = star_usage(world.league)
    assert usage.hires == 2


def test_the_page_and_the_api(hired, client, django_assert_max_num_queries):
    world, slug = hired
    with django_assert_max_num_queries(2):  # the league, the matches' purchases
        page = client.get(reverse("league-star-usage", args=[world.league.pk]))
    text = page.content.decode()
    assert page.status_code == 200 and "Star players hired: Stars League" in text
    [usage] = star_usage(world.league)
    assert usage.name in text and "Human (2)" in text and "50.0%" in text
    with django_assert_max_num_queries(2):
        answer_ = client.get(f"/api/v1/leagues/{world.league.pk}/statistics/stars/")
    [row] = answer_.json()
    assert (
        row["slug"] == slug
        and row["hires"] == 2
        and row["races"] == [{"race": "Human", "hires": 2}]
    )
    assert row["win_rate"] == 50.0 and row["spp"] is None
