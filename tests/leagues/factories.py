"""factory_boy factories for the leagues app, and helpers that build a season
straight in the database (no services) so a test can set up exactly the
fixtures it reasons about."""

from __future__ import annotations

import itertools
from typing import Any

import factory
from django.utils import timezone
from factory.django import DjangoModelFactory

from leagues.models import (
    Division,
    Fixture,
    League,
    PointsAdjustment,
    Round,
    Season,
    TeamEntry,
)
from leagues.services.standings_sync import refresh_fixture_teams, refresh_team_totals
from tests.factories import TeamFactory, UserFactory

_TEAM_NAMES = itertools.count(1)


class LeagueFactory(DjangoModelFactory):
    class Meta:
        model = League
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"League {n}")
    ruleset = "bb2020"

    @factory.post_generation
    def commissioners(obj, create, extracted, **kwargs):
        if create:
            obj.commissioners.add(*(extracted if extracted is not None else [UserFactory()]))


class SeasonFactory(DjangoModelFactory):
    class Meta:
        model = Season

    league = factory.SubFactory(LeagueFactory)
    number = factory.Sequence(lambda n: n + 1)
    status = Season.Status.REGULAR_SEASON


class DivisionFactory(DjangoModelFactory):
    class Meta:
        model = Division

    season = factory.SubFactory(SeasonFactory)
    name = factory.Sequence(lambda n: f"Division {n}")


class TeamEntryFactory(DjangoModelFactory):
    class Meta:
        model = TeamEntry

    division = factory.SubFactory(DivisionFactory)
    season = factory.LazyAttribute(lambda o: o.division.season)
    team = factory.SubFactory(TeamFactory)


class RoundFactory(DjangoModelFactory):
    class Meta:
        model = Round

    season = factory.SubFactory(SeasonFactory)
    number = factory.Sequence(lambda n: n + 1)


class FixtureFactory(DjangoModelFactory):
    class Meta:
        model = Fixture

    division = factory.SubFactory(DivisionFactory)
    season = factory.LazyAttribute(lambda o: o.division.season)
    kind = Fixture.Kind.LEAGUE
    home = factory.SubFactory(TeamFactory)
    away = factory.SubFactory(TeamFactory)

    @classmethod
    def _create(cls, model_class: type, *args: Any, **kwargs: Any) -> Fixture:
        """Written directly, and the two teams' standings rows kept in step as the
        services keep them."""
        fixture = super()._create(model_class, *args, **kwargs)
        refresh_fixture_teams(fixture)
        return fixture


class PointsAdjustmentFactory(DjangoModelFactory):
    class Meta:
        model = PointsAdjustment

    season = factory.SubFactory(SeasonFactory)
    team = factory.SubFactory(TeamFactory)
    points = -3
    reason = "Late result"

    @classmethod
    def _create(cls, model_class: type, *args: Any, **kwargs: Any) -> PointsAdjustment:
        adjustment = super()._create(model_class, *args, **kwargs)
        refresh_team_totals(adjustment.season_id, [adjustment.team_id])
        return adjustment


def division_with_teams(count: int, division: Division | None = None, **league: Any) -> Division:
    """A division of ``count`` admitted teams (named A, B, C... within the test)."""
    if division is None:
        season = SeasonFactory(league=LeagueFactory(**league))
        division = DivisionFactory(season=season)
    start = next(_TEAM_NAMES) * 100
    for n in range(count):
        TeamEntryFactory(division=division, team=TeamFactory(name=f"{chr(65 + n)} {start + n}"))
    return division


def teams_of(division: Division) -> list:
    """The division's teams in the order they were admitted."""
    return [e.team for e in division.entries.select_related("team").order_by("id")]


def played(
    home: Any,
    away: Any,
    score: tuple[int, int],
    casualties: tuple[int, int] = (0, 0),
    *,
    division: Division,
    conceded_by: Any = None,
) -> Fixture:
    """A league fixture already played, written directly."""
    return FixtureFactory(
        division=division,
        home=home,
        away=away,
        status=Fixture.Status.PLAYED,
        home_touchdowns=score[0],
        away_touchdowns=score[1],
        home_casualties=casualties[0],
        away_casualties=casualties[1],
        conceded_by=conceded_by,
        played_at=timezone.now(),
    )
