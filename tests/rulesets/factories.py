"""A league fixture between two teams drafted for a ruleset, and a match played on it
through the services (for the tests that need one game, not a season)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from leagues.models import Fixture, TeamEntry
from matches import selectors, services
from matches.models import Match
from teams.models import Team
from teams.services import draft_team
from tests.factories import UserFactory
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory

DRAFTS = {
    "classic": {"roster_slug": "human", "players": {"human-lineman": 11}, "rerolls": 2},
    "blitz_bowl": {
        "roster_slug": "skaven",
        "players": {
            "skaven-lineman": 3,
            "skaven-blitzer": 1,
            "skaven-thrower": 1,
            "skaven-gutter-runner": 1,
        },
    },
}
ANSWERS = {
    "petty_cash": 0,
    "inducements": {},
    "kick_or_receive": "receive",
    "pitch": "one_trapdoor",
}


@dataclass
class Game:
    match: Match
    fixture: Fixture
    home: Team
    away: Team
    commissioner: Any

    def players(self, side: str) -> list:
        return list(selectors.players_who_played(self.match, side))


def kicked_off(ruleset: str, *, seed: int = 4_242) -> Game:
    """A regular-season fixture of a ``ruleset`` league, its match kicked off."""
    commissioner = UserFactory()
    league = LeagueFactory(ruleset=ruleset, commissioners=[commissioner])
    division = DivisionFactory(season=SeasonFactory(league=league))
    teams = []
    for side in ("home", "away"):
        coach = UserFactory()
        name = f"{ruleset} {side} {coach.pk}"
        teams.append(draft_team(coach, name=name, ruleset_key=ruleset, **DRAFTS[ruleset]))
        TeamEntry.objects.create(season=division.season, division=division, team=teams[-1])
    fixture = FixtureFactory(division=division, home=teams[0], away=teams[1])
    match = services.open_match(commissioner, fixture)
    match = services.start_pre_game(commissioner, match, seed=seed)
    while match.pre_game_result["pending"]:
        kind = match.pre_game_result["pending"][0]["kind"]
        side = match.pre_game_result["pending"][0]["side"]
        match = services.submit_pre_game_choice(
            commissioner, match, kind=kind, answer=ANSWERS[kind], side=side
        )
    match = services.start_match(commissioner, match)
    return Game(match, fixture, teams[0], teams[1], commissioner)
