"""A league with history, built through the services, for the tests that need
every kind of row at once: the API fuzz run, the authorization matrix and the
backup round trip.

``build_world(tag)`` makes:

- a league (``<tag> League``) with a commissioner, a season under way with one
  division of four drafted teams (the home and away coaches' teams and two of
  a third coach), its double round robin drawn up, a points adjustment;
- one match played in full through ``matches.services`` (pre-game on seeded
  dice with the coaches' choices, events, report, post-game choices, applied,
  closed), one match in play with a draft event, one in its pre-game (the home team
  is in both, which only a database from before one open match per team holds);
- a second league (``<tag> Other League``) with its own commissioner and a season
  in sign-up, so "another league's commissioner" exists;
- a coach with a team in no league (``outsider``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from leagues import services as league_services
from leagues.models import Fixture, League, Season
from matches import selectors as match_selectors
from matches import services as match_services
from matches.models import Match
from teams.models import Team
from tests.factories import UserFactory, drafted_team

START = datetime.date(2026, 3, 2)
PRE_GAME_SEED = 4_242
POST_GAME_SEED = 2_424


@dataclass
class World:
    commissioner: Any
    home_coach: Any
    away_coach: Any
    third_coach: Any
    other_commissioner: Any
    outsider: Any
    league: League
    season: Season
    other_league: League
    other_season: Season
    teams: dict[str, Team]
    played: Match
    in_play: Match
    pre_game: Match
    open_fixture: Fixture
    extra: dict[str, Any] = field(default_factory=dict)


def answer(choice: dict[str, Any]) -> Any:
    """A coach's answer to a pending pre-game choice: receive, the first
    journeyman position offered, no inducements."""
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return (choice["options"].get("positions") or [None])[0]
    return {}


def run_pre_game(match: Match, coaches: dict[str, Any], seed: int) -> Match:
    match = match_services.start_pre_game(coaches["home"], match, seed=seed)
    for _ in range(10):
        pending = match.pre_game_result["pending"]
        if not pending:
            break
        choice = pending[0]
        match = match_services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=answer(choice)
        )
    return match


def kick_off(fixture: Fixture, seed: int) -> Match:
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = match_services.open_match(coaches["home"], fixture)
    match = run_pre_game(match, coaches, seed)
    return match_services.start_match(coaches["away"], match)


def play_match(fixture: Fixture, *, seed: int, score: tuple[int, int] = (2, 1)) -> Match:
    """Play ``fixture`` from opening its match to closing it: touchdowns, a pass,
    a casualty with its injury, an interception and the weather, then the
    post-game (journeymen hired, nobody retired), applied and closed."""
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = kick_off(fixture, seed)
    home = list(match_selectors.players_who_played(match, "home"))
    away = list(match_selectors.players_who_played(match, "away"))
    add = match_services.add_event
    coach = coaches["home"]
    for n in range(score[0]):
        add(coach, match, kind="touchdown", player=home[-1 - n])
    for n in range(score[1]):
        add(coach, match, kind="touchdown", player=away[-1 - n])
    add(coach, match, kind="completion", player=home[0])
    add(coach, match, kind="casualty", player=home[1], victim=away[0])
    add(coach, match, kind="injury", player=away[0], injury="seriously_hurt")
    add(coach, match, kind="interception", player=away[2])
    add(coach, match, kind="weather_change", detail="Sweltering Heat")
    submission = match_services.submit_report(
        coach,
        match,
        home_touchdowns=score[0],
        away_touchdowns=score[1],
        idempotency_key=f"world-{fixture.pk}",
        seed=seed + 1,
    )
    match_services.confirm_report(coaches["away"], match)  # the opponent confirms
    report = type(submission.report).objects.get(pk=submission.report.pk)
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        played = match_selectors.players_who_played(match, side)
        journeymen = [p.pk for p in played if p.journeyman]
        match_services.submit_post_game_choices(
            coaches[side], match, side=side, hire_journeymen=journeymen[:1]
        )
    report.refresh_from_db()
    match_services.apply_post_game(match.pk, report.pk)
    return match_services.close_match(coach, match)


def _fixture_between(season: Season, home: Team, away: Team) -> Fixture:
    return (
        season.fixtures.filter(home=home, away=away, kind=Fixture.Kind.LEAGUE)
        .select_related("home__coach", "away__coach", "season__league")
        .order_by("round__number", "id")
        .first()
    )


def build_world(tag: str = "World") -> World:
    commissioner = UserFactory(username=f"{tag.lower()}-commissioner")
    home_coach = UserFactory(username=f"{tag.lower()}-home")
    away_coach = UserFactory(username=f"{tag.lower()}-away")
    third_coach = UserFactory(username=f"{tag.lower()}-third")
    other_commissioner = UserFactory(username=f"{tag.lower()}-other-commissioner")
    outsider = UserFactory(username=f"{tag.lower()}-outsider")

    league = league_services.create_league(commissioner, name=f"{tag} League", ruleset="bb2020")
    season = league_services.open_season(commissioner, league)
    teams = {
        "home": drafted_team(home_coach, name=f"{tag} Reavers"),
        "away": drafted_team(away_coach, roster_slug="orc", name=f"{tag} Marauders"),
        "third": drafted_team(third_coach, name=f"{tag} Tigers"),
        "fourth": drafted_team(third_coach, roster_slug="orc", name=f"{tag} Ironjaws"),
        "outsider": drafted_team(outsider, name=f"{tag} Wanderers"),
    }
    for key in ("home", "away", "third", "fourth"):
        league_services.admit_team(commissioner, season, teams[key])
    league_services.generate_schedule(commissioner, season, start_date=START, days_per_round=7)
    season.refresh_from_db()

    played = play_match(_fixture_between(season, teams["home"], teams["away"]), seed=PRE_GAME_SEED)
    in_play = kick_off(_fixture_between(season, teams["home"], teams["third"]), PRE_GAME_SEED + 2)
    home_players = list(match_selectors.players_who_played(in_play, "home"))
    match_services.add_event(home_coach, in_play, kind="touchdown", player=home_players[-1])
    pre_game_fixture = _fixture_between(season, teams["fourth"], teams["home"])
    pre_game = match_services.open_match(commissioner, pre_game_fixture)
    # The home team is in both, as a database from before a team could have only one
    # open match at a time holds them (matches.services.pregame.one_match): the match
    # in play is set aside while this pre-game begins.
    Match.objects.filter(pk=in_play.pk).update(status=Match.Status.SCHEDULED)
    pre_game = match_services.start_pre_game(commissioner, pre_game, seed=PRE_GAME_SEED + 4)
    Match.objects.filter(pk=in_play.pk).update(status=Match.Status.IN_PLAY)
    open_fixture = _fixture_between(season, teams["away"], teams["third"])
    league_services.dock_points(
        commissioner, season, teams["fourth"], reason="Late result", points=1
    )

    other_league = league_services.create_league(
        other_commissioner, name=f"{tag} Other League", ruleset="bb2020"
    )
    other_season = league_services.open_season(other_commissioner, other_league)

    return World(
        commissioner=commissioner,
        home_coach=home_coach,
        away_coach=away_coach,
        third_coach=third_coach,
        other_commissioner=other_commissioner,
        outsider=outsider,
        league=league,
        season=season,
        other_league=other_league,
        other_season=other_season,
        teams=teams,
        played=played,
        in_play=in_play,
        pre_game=pre_game,
        open_fixture=open_fixture,
    )
