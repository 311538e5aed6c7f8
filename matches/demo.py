"""Demo matches for `manage.py load_demo`: the demo league's first two rounds,
played in full through every match service.

The leagues demo records rounds 1 and 2 straight into the fixtures
(``record_result``). Each of those fixtures is then played here as coaches
would on the site: pre-game on seeded dice with each coach's decisions,
events tapped one by one, the report (agreeing with the recorded score and
casualties, so the league's numbers stay as they are), the post-game and
close. Round 3 stays open for visitors to play. A fixture whose match exists
already is left alone, so loading twice changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from leagues.models import Fixture, League
from matches import selectors, services
from matches.models import Match

LEAGUE_NAME = "Old World Cup"
ROUNDS = (1, 2)
SEED = 2_020
# The casualty results the demo's victims suffer, in turn.
INJURIES = ("badly_hurt", "seriously_hurt", "badly_hurt", "serious_injury")


def _answer(choice: dict[str, Any]) -> Any:
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return choice["options"]["positions"][0]
    return {}  # inducements: the demo coaches keep their gold and petty cash


def _pre_game(match: Match, coaches: dict[str, Any], seed: int) -> Match:
    match = services.start_pre_game(coaches["home"], match, seed=seed)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=_answer(choice)
        )
    return services.start_match(coaches["home"], match)


def _tap_events(match: Match, coach: Any, fixture: Fixture) -> None:
    """Touchdowns and casualties as the league recorded them, with a few passes."""
    players = {side: list(selectors.players_who_played(match, side)) for side in ("home", "away")}
    scored = {"home": fixture.home_touchdowns or 0, "away": fixture.away_touchdowns or 0}
    caused = {"home": fixture.home_casualties or 0, "away": fixture.away_casualties or 0}
    injuries = iter(INJURIES * 4)
    for side, other in (("home", "away"), ("away", "home")):
        mine = players[side]
        for n in range(scored[side]):
            services.add_event(coach, match, kind="completion", player=mine[0])
            services.add_event(coach, match, kind="touchdown", player=mine[-1 - n])
        for n in range(caused[side]):
            victim = players[other][1 + n]
            services.add_event(coach, match, kind="casualty", player=mine[1 + n], victim=victim)
            services.add_event(coach, match, kind="injury", player=victim, injury=next(injuries))


def play(fixture: Fixture, seed: int) -> Match:
    """Play one fixture from opening its match to closing it."""
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = services.open_match(coaches["home"], fixture)
    match = _pre_game(match, coaches, seed)
    _tap_events(match, coaches["home"], fixture)
    submission = services.submit_report(
        coaches["home"],
        match,
        home_touchdowns=fixture.home_touchdowns or 0,
        away_touchdowns=fixture.away_touchdowns or 0,
        idempotency_key=f"demo-{fixture.pk}",
        seed=seed + 1,
    )
    if submission.report.confirmation != submission.report.Confirmation.CONFIRMED:
        services.confirm_report(coaches["away"], match)  # the opponent confirms
    report = type(submission.report).objects.get(pk=submission.report.pk)
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
        season.fixtures.filter(
            kind=Fixture.Kind.LEAGUE, round__number__in=ROUNDS, status=Fixture.Status.PLAYED
        )
        .select_related("home__coach", "away__coach", "season__league", "round")
        .order_by("round__number", "id")
    )
    for number, fixture in enumerate(fixtures):
        if Match.objects.filter(fixture=fixture).exists():
            continue
        match = play(fixture, SEED + 10 * number)
        played_round = fixture.round.number if fixture.round else "?"
        log(
            f"Played {match.label} in full: {fixture.home.name} {fixture.home_touchdowns}-"
            f"{fixture.away_touchdowns} {fixture.away.name} (round {played_round})"
        )
