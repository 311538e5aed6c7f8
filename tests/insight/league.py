"""A small league with a hand-computed history, for the records and dice luck tests.

Four BB2020 teams, single round robin (six fixtures). Two are played in full through
the matches services (pre-game on seeded dice, events, report, post-game applied,
closed); the other four are recorded as results. In the order they are settled:

    1. Reavers 4-1 Marauders   (played: R0 3 TD, R1 1 TD, M0 1 TD; R2 two casualties,
                                M1 killed, M2 badly hurt)
    2. Tigers 2-1 Ironjaws     (played: T0 2 TD, I0 1 TD; T1 one casualty, I1 badly hurt)
    3. Reavers 1-1 Tigers      (recorded)
    4. Marauders 0-3 Tigers    (recorded)
    5. Reavers 0-2 Ironjaws    (recorded)
    6. Marauders 2-2 Ironjaws  (recorded)

(Rn is the n-th player the match lists for the team; who is home in a recorded fixture
is the schedule's choice, the score is the named teams'.)
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from leagues import services as league_services
from leagues.models import Fixture, League, Season
from matches import services as match_services
from matches.models import Match
from matches.selectors import players_who_played
from teams.models import Player, Team
from tests.factories import UserFactory, drafted_team
from tests.league_world import kick_off

SEED = 16_016
# (kind, scorer's team, scorer's index, victim's index or None, injury or "")
Event = tuple[str, str, int, int | None, str]


@dataclass
class SmallLeague:
    commissioner: Any
    league: League
    season: Season
    teams: dict[str, Team]
    matches: list[Match] = field(default_factory=list)
    players: dict[str, Player] = field(default_factory=dict)


def fixture_of(season: Season, first: Team, second: Team) -> Fixture:
    return (
        season.fixtures.filter(home__in=[first, second], away__in=[first, second])
        .select_related("home__coach", "away__coach", "season__league")
        .get()
    )


def record(commissioner: Any, season: Season, first: Team, second: Team, score: tuple) -> None:
    """Record ``first`` ``score[0]``-``score[1]`` ``second``, whichever is at home."""
    fixture = fixture_of(season, first, second)
    goals = score if fixture.home_id == first.pk else score[::-1]
    league_services.record_result(
        commissioner,
        fixture,
        home_touchdowns=goals[0],
        away_touchdowns=goals[1],
        home_casualties=0,
        away_casualties=0,
    )


def play(world: SmallLeague, first: str, second: str, events: list[Event], seed: int) -> Match:
    """Play ``first`` v ``second`` through the matches services with ``events``; the
    players named by index are kept in ``world.players`` as "<team key><index>"."""
    fixture = fixture_of(world.season, world.teams[first], world.teams[second])
    side_of = {first: "home", second: "away"}
    if fixture.home_id != world.teams[first].pk:
        side_of = {first: "away", second: "home"}
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = kick_off(fixture, seed)
    squads = {key: list(players_who_played(match, side)) for key, side in side_of.items()}
    score = {"home": 0, "away": 0}
    for kind, key, index, victim, injury in events:
        other = second if key == first else first
        player = squads[key][index]
        world.players[f"{key}{index}"] = player
        if kind == "touchdown":
            score[side_of[key]] += 1
            match_services.add_event(coaches["home"], match, kind="touchdown", player=player)
        else:
            hurt = squads[other][victim]
            world.players[f"{other}{victim}"] = hurt
            add = match_services.add_event
            add(coaches["home"], match, kind="casualty", player=player, victim=hurt)
            add(coaches["home"], match, kind="injury", player=hurt, injury=injury)
    _report_and_close(match, coaches, score, seed)
    world.matches.append(match)
    return match


def _report_and_close(match: Match, coaches: dict[str, Any], score: dict, seed: int) -> None:
    submission = match_services.submit_report(
        coaches["home"],
        match,
        home_touchdowns=score["home"],
        away_touchdowns=score["away"],
        idempotency_key=f"insight-{match.pk}",
        seed=seed + 1,
    )
    match_services.confirm_report(coaches["away"], match)
    report = type(submission.report).objects.get(pk=submission.report.pk)
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        match_services.submit_post_game_choices(coaches[side], match, side=side)
    report.refresh_from_db()
    match_services.apply_post_game(match.pk, report.pk)
    match_services.close_match(coaches["home"], match)


def build_small_league(tag: str = "Small") -> SmallLeague:
    commissioner = UserFactory(username=f"{tag.lower()}-commissioner")
    league = league_services.create_league(commissioner, name=f"{tag} League", ruleset="bb2020")
    season = league_services.open_season(commissioner, league, format="single")
    rosters = {"R": "human", "M": "orc", "T": "human", "I": "orc"}
    names = {"R": "Reavers", "M": "Marauders", "T": "Tigers", "I": "Ironjaws"}
    teams = {
        key: drafted_team(
            UserFactory(username=f"{tag.lower()}-{key.lower()}"),
            roster_slug=roster,
            name=f"{tag} {names[key]}",
        )
        for key, roster in rosters.items()
    }
    for team in teams.values():
        league_services.admit_team(commissioner, season, team)
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    season.refresh_from_db()
    world = SmallLeague(commissioner, league, season, teams)
    return world


def play_history(world: SmallLeague) -> SmallLeague:
    """The six results of the module's docstring, in its order."""
    play(
        world,
        "R",
        "M",
        [
            ("touchdown", "R", 0, None, ""),
            ("touchdown", "R", 0, None, ""),
            ("touchdown", "R", 0, None, ""),
            ("touchdown", "R", 1, None, ""),
            ("touchdown", "M", 0, None, ""),
            ("casualty", "R", 2, 1, "dead"),
            ("casualty", "R", 2, 2, "badly_hurt"),
        ],
        SEED,
    )
    play(
        world,
        "T",
        "I",
        [
            ("touchdown", "T", 0, None, ""),
            ("touchdown", "T", 0, None, ""),
            ("touchdown", "I", 0, None, ""),
            ("casualty", "T", 1, 1, "badly_hurt"),
        ],
        SEED + 10,
    )
    c, s, t = world.commissioner, world.season, world.teams
    record(c, s, t["R"], t["T"], (1, 1))
    record(c, s, t["M"], t["T"], (0, 3))
    record(c, s, t["R"], t["I"], (0, 2))
    record(c, s, t["M"], t["I"], (2, 2))
    return world
