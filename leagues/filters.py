"""Filters for the fixtures list: by season, round, division, team, status, kind."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from core.filters import MAX_SMALL, BoundedNumberFilter, IdFilter
from leagues.models import Fixture, FixtureKind, FixtureStatus, Season


class FixtureFilter(django_filters.FilterSet):
    season = IdFilter(field_name="season_id")
    round = BoundedNumberFilter(
        field_name="round__number", label="Round number", min_value=0, max_value=MAX_SMALL
    )
    division = IdFilter(field_name="division_id")
    team = IdFilter(method="filter_team", label="Team id (home or away)")
    status = django_filters.ChoiceFilter(choices=FixtureStatus.choices)
    kind = django_filters.ChoiceFilter(choices=FixtureKind.choices)

    class Meta:
        model = Fixture
        fields = ["season", "round", "division", "team", "status", "kind"]

    def filter_team(self, queryset: QuerySet[Fixture], name: str, value: int) -> QuerySet[Fixture]:
        return queryset.filter(Q(home_id=value) | Q(away_id=value))


class SeasonFilter(django_filters.FilterSet):
    league = IdFilter(field_name="league_id")

    class Meta:
        model = Season
        fields = ["league", "status"]
