"""A season recorded in the database and closed, with the league's next season open
for sign-up: what a re-draft reads (tests of the re-draft service, API and pages)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from leagues.models import Fixture, League, Season
from teams.models import Team
from tests.factories import TeamFactory
from tests.leagues.factories import (
    DivisionFactory,
    FixtureFactory,
    LeagueFactory,
    SeasonFactory,
    TeamEntryFactory,
)

WIN, DRAW, LOSS, UNPLAYED = (2, 1), (1, 1), (0, 2), "unplayed"


def record(team: Team, season: Season, division: Any, result: Any, kind: str = "league") -> None:
    """One fixture of ``team`` against a new opponent, with ``result`` from its side."""
    opponent = TeamFactory()
    if kind == Fixture.Kind.LEAGUE:
        TeamEntryFactory(division=division, team=opponent)
    extra: dict[str, Any] = {"kind": kind}
    if kind == Fixture.Kind.PLAYOFF:
        extra.update(division=None, season=season, stage="final", slot=1)
    else:
        extra.update(division=division)
    if result == UNPLAYED:
        FixtureFactory(
            home=team, away=opponent, status=Fixture.Status.UNPLAYED_DOUBLE_LOSS, **extra
        )
        return
    winner = None
    if kind == Fixture.Kind.PLAYOFF:
        winner = team if result[0] > result[1] else opponent
    FixtureFactory(
        home=team,
        away=opponent,
        status=Fixture.Status.PLAYED,
        home_touchdowns=result[0],
        away_touchdowns=result[1],
        home_casualties=0,
        away_casualties=0,
        played_at=timezone.now(),
        winner=winner,
        **extra,
    )


def closed_season(
    team: Team,
    results: list[Any],
    *,
    playoff: Any = None,
    league: League | None = None,
    cap: int | None = None,
    ruleset: str = "bb2020",
    open_next: bool = True,
) -> tuple[Season, Season | None]:
    """Season 1 of a league, finished, in which ``team`` (in division "North") had
    ``results`` (WIN, DRAW, LOSS, UNPLAYED; its league fixtures) and maybe a play-off
    game; and season 2 in sign-up with a "North" division."""
    league = league or LeagueFactory(redraft_budget_cap=cap, ruleset=ruleset)
    number = (league.seasons.count() or 0) + 1
    season = SeasonFactory(league=league, number=number, status=Season.Status.FINISHED)
    division = DivisionFactory(season=season, name="North")
    TeamEntryFactory(division=division, team=team)
    for result in results:
        record(team, season, division, result)
    if playoff is not None:
        record(team, season, division, playoff, kind=Fixture.Kind.PLAYOFF)
    following = None
    if open_next:
        following = SeasonFactory(league=league, number=number + 1, status=Season.Status.SIGN_UP)
        DivisionFactory(season=following, name="North")
    return season, following
