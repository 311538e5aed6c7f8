"""Filters for the matches list: by season, team (home or away) and status."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from core.filters import IdFilter
from matches.models import Match, MatchStatus


class MatchFilter(django_filters.FilterSet):
    season = IdFilter(field_name="fixture__season_id", label="Season id")
    team = IdFilter(method="filter_team", label="Team id (home or away)")
    status = django_filters.ChoiceFilter(choices=MatchStatus.choices)

    class Meta:
        model = Match
        fields = ["season", "team", "status"]

    def filter_team(self, queryset: QuerySet[Match], name: str, value: int) -> QuerySet[Match]:
        return queryset.filter(Q(fixture__home_id=value) | Q(fixture__away_id=value))
