"""Demo matches for `manage.py load_demo`: round 3 of the demo league played in full.

The leagues demo records rounds 1 and 2 straight into the fixtures, so their
fixtures are settled; round 3's fixtures are played here through every match
service, as coaches would on the site: pre-game (seeded dice, each coach's
decisions), events tapped one by one, the report, the post-game and close.
A fixture whose match exists already is left alone, so loading twice changes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from leagues.models import Fixture, League
from matches import selectors, services
from matches.models import Match

LEAGUE_NAME = "Old World Cup"
ROUND = 3
# Per fixture of the round: (home touchdowns, away touchdowns, a casualty's result or "").
SCRIPT = [(2, 1, "badly_hurt"), (1, 1, "seriously_hurt"), (0, 2, "serious_injury")]
SEED = 2_020


def _answer(choice: dict[str, Any]) -> Any:
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return choice["options"]["positions"][0]
    return {}  # inducements: the demo coaches keep their gold


def _pre_game(match: Match, coaches: dict[str, Any], seed: int) -> Match:
    match = services.start_pre_game(coaches["home"], match, seed=seed)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=_answer(choice)
        )
    return services.start_match(coaches["home"], match)


def _tap_events(match: Match, coach: Any, score: tuple[int, int], injury: str) -> None:
    home = list(selectors.players_who_played(match, "home"))
    away = list(selectors.players_who_played(match, "away"))
    for players, touchdowns in ((home, score[0]), (away, score[1])):
        for n in range(touchdowns):
            if n:
                services.add_event(coach, match, kind="completion", player=players[0])
            services.add_event(coach, match, kind="touchdown", player=players[-1 - n])
    if injury:
        services.add_event(coach, match, kind="casualty", player=home[1], victim=away[1])
        services.add_event(coach, match, kind="injury", player=away[1], injury=injury)
    services.add_event(coach, match, kind="interception", player=away[2])


def play(fixture: Fixture, script: tuple[int, int, str], seed: int) -> Match:
    """Play one fixture from opening the match to closing it."""
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = services.open_match(coaches["home"], fixture)
    match = _pre_game(match, coaches, seed)
    home_td, away_td, injury = script
    _tap_events(match, coaches["home"], (home_td, away_td), injury)
    submission = services.submit_report(
        coaches["home"],
        match,
        home_touchdowns=home_td,
        away_touchdowns=away_td,
        idempotency_key=f"demo-{fixture.pk}",
        seed=seed + 1,
    )
    report = submission.report
    for side in dict.fromkeys(c["side"] for c in report.post_game_result["pending"]):
        services.submit_post_game_choices(coaches[side], match, side=side)  # hire nobody
    services.apply_post_game(match.pk, report.pk)
    return services.close_match(coaches["home"], match)


def load(users: dict[str, Any], log: Callable[[str], None]) -> None:
    league = League.objects.filter(name__iexact=LEAGUE_NAME).first()
    season = league.seasons.filter(number=1).first() if league else None
    if season is None:
        return
    fixtures = (
        season.fixtures.filter(kind=Fixture.Kind.LEAGUE, round__number=ROUND)
        .select_related("home__coach", "away__coach", "season__league")
        .order_by("id")
    )
    for number, (fixture, script) in enumerate(zip(fixtures, SCRIPT, strict=False)):
        if Match.objects.filter(fixture=fixture).exists() or not fixture.is_open:
            continue
        match = play(fixture, script, SEED + 10 * number)
        fixture.refresh_from_db()
        log(
            f"Played {match.label}: {fixture.home.name} {fixture.home_touchdowns}-"
            f"{fixture.away_touchdowns} {fixture.away.name} (round {ROUND}, full post-game)"
        )
