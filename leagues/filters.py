"""Filters for the fixtures list: by season, round, division, team, status, kind."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from leagues.models import Fixture, FixtureKind, FixtureStatus, Season


class FixtureFilter(django_filters.FilterSet):
    season = django_filters.NumberFilter(field_name="season_id")
    round = django_filters.NumberFilter(field_name="round__number", label="Round number")
    division = django_filters.NumberFilter(field_name="division_id")
    team = django_filters.NumberFilter(method="filter_team", label="Team id (home or away)")
    status = django_filters.ChoiceFilter(choices=FixtureStatus.choices)
    kind = django_filters.ChoiceFilter(choices=FixtureKind.choices)

    class Meta:
        model = Fixture
        fields = ["season", "round", "division", "team", "status", "kind"]

    def filter_team(self, queryset: QuerySet[Fixture], name: str, value: int) -> QuerySet[Fixture]:
        return queryset.filter(Q(home_id=value) | Q(away_id=value))


class SeasonFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(field_name="league_id")

    class Meta:
        model = Season
        fields = ["league", "status"]
