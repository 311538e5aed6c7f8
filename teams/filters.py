"""Filters of the team lists (API and the public teams page)."""

from __future__ import annotations

import django_filters

from core.filters import IdFilter
from teams.models import Team, TeamStatus


class TeamFilter(django_filters.FilterSet):
    coach = IdFilter(field_name="coach_id", help_text="The coach's user id.")
    coach_username = django_filters.CharFilter(
        field_name="coach__username", lookup_expr="iexact", help_text="The coach's username."
    )
    ruleset = django_filters.CharFilter(help_text='Ruleset key, e.g. "bb2020".')
    roster = django_filters.CharFilter(field_name="roster_slug", help_text='e.g. "human".')
    status = django_filters.ChoiceFilter(choices=TeamStatus.choices)
    name = django_filters.CharFilter(lookup_expr="icontains", help_text="Part of the name.")

    class Meta:
        model = Team
        fields = ["coach", "coach_username", "ruleset", "roster", "status", "name"]
