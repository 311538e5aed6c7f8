"""Reads of the leagues app: querysets shaped for the pages and the API.

The league tables live in ``leagues.standings`` (the maintained per-team rows,
kept by ``leagues.services.standings_sync``) and are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, QuerySet

from leagues.models import Division, Fixture, League, PointsAdjustment, Round, Season, TeamEntry
from leagues.services.schedule import MIN_TEAMS_PER_DIVISION
from leagues.standings import (
    DivisionTable,
    StandingRow,
    division_standings,
    head_to_head_points,
    overall_standings,
    season_standings,
)

__all__ = [
    "Bracket",
    "DivisionTable",
    "StandingRow",
    "adjustments",
    "bracket",
    "current_round",
    "current_season",
    "division_standings",
    "entries",
    "fixtures",
    "head_to_head_points",
    "latest_results",
    "league_list",
    "open_league_fixtures",
    "overall_standings",
    "season_detail",
    "season_standings",
    "short_divisions",
]

FIXTURE_RELATED = (
    "home__coach",
    "away__coach",
    "round",
    "division",
    "winner",
    "conceded_by",
    "season__league",
)


def league_list() -> QuerySet[League]:
    return (
        League.objects.annotate(season_count=Count("seasons"))
        .select_related("trophy_holder")
        .prefetch_related("commissioners")
    )


def current_season(league: League) -> Season | None:
    """The league's newest season."""
    return league.seasons.select_related("league", "champion").order_by("-number").first()


def season_detail() -> QuerySet[Season]:
    """Seasons with what a season page shows about its league and divisions."""
    return Season.objects.select_related("league", "champion").prefetch_related(
        "league__commissioners",
        Prefetch("divisions", queryset=Division.objects.order_by("name")),
    )


def entries(season: Season) -> QuerySet[TeamEntry]:
    return (
        TeamEntry.objects.filter(season=season)
        .select_related("team__coach", "division")
        .order_by("division__name", "team__name")
    )


@dataclass(frozen=True)
class ShortDivision:
    """A division with too few admitted teams to be scheduled."""

    name: str
    teams: int
    needed: int

    @property
    def missing(self) -> int:
        return self.needed - self.teams


def short_divisions(season: Season) -> list[ShortDivision]:
    """The season's divisions that cannot be scheduled yet (fewer teams than the
    schedule needs, facts §5): one query, said where teams are admitted."""
    counted = (
        Division.objects.filter(season=season)
        .annotate(teams=Count("entries"))
        .filter(teams__lt=MIN_TEAMS_PER_DIVISION)
        .order_by("name")
        .values_list("name", "teams")
    )
    return [ShortDivision(name, teams, MIN_TEAMS_PER_DIVISION) for name, teams in counted]


def fixtures(season: Season | None = None) -> QuerySet[Fixture]:
    """Fixtures with both teams, their coaches, round and division in one query."""
    qs = Fixture.objects.select_related(*FIXTURE_RELATED).order_by(
        "round__number", "division__name", "kind", "id"
    )
    return qs if season is None else qs.filter(season=season)


def schedule(season: Season) -> QuerySet[Fixture]:
    """A season's fixtures as its schedule shows them (both teams, the round and the
    league's time zone), in one query: the related rows only the fixture pages read
    (coaches, winner, who conceded) are left out, a long season's schedule being
    rendered whole."""
    return (
        Fixture.objects.filter(season=season)
        .select_related("home", "away", "round", "division", "season__league")
        .order_by("round__number", "division__name", "kind", "id")
    )


def current_round(season: Season) -> Round | None:
    """The first round with a fixture still to play, else the last round."""
    rounds = season.rounds.order_by("number")
    open_round = rounds.filter(fixtures__status__in=Fixture.OPEN_STATUSES).distinct().first()
    return open_round or rounds.last()


def latest_results(season: Season, limit: int = 10) -> QuerySet[Fixture]:
    return (
        fixtures(season)
        .filter(status__in=Fixture.COUNTED_STATUSES)
        .order_by("-played_at", "-id")[:limit]
    )


def adjustments(season: Season) -> QuerySet[PointsAdjustment]:
    return season.adjustments.select_related("team", "created_by").order_by("-created_at", "-id")


@dataclass
class Bracket:
    semi_finals: list[Fixture]
    final: Fixture | None
    third_place: Fixture | None

    @property
    def started(self) -> bool:
        return bool(self.semi_finals)


def bracket(season: Season) -> Bracket:
    """The season's play-off fixtures by stage, in slot order (one query)."""
    playoff = list(fixtures(season).filter(kind=Fixture.Kind.PLAYOFF).order_by("stage", "slot"))
    by_stage = {stage: [f for f in playoff if f.stage == stage] for stage in Fixture.Stage.values}
    final = by_stage[Fixture.Stage.FINAL]
    third = by_stage[Fixture.Stage.THIRD_PLACE]
    return Bracket(
        semi_finals=by_stage[Fixture.Stage.SEMI_FINAL],
        final=final[0] if final else None,
        third_place=third[0] if third else None,
    )


def open_league_fixtures(season: Season) -> QuerySet[Fixture]:
    return season.fixtures.filter(kind=Fixture.Kind.LEAGUE, status__in=Fixture.OPEN_STATUSES)
