"""Team value as the database sums it.

Team value is summed by the database over ``Player.current_value`` (which the
services keep equal to the engine's ``player_current_value``); the parts that
are not players (re-rolls, sideline staff) are priced by the engine from the
roster. The result is the engine's own ``TeamValueBreakdown``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import (
    Case,
    Count,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from rules_engine import TeamValueBreakdown, TeamValueInput, get_ruleset, team_value_breakdown
from rules_engine.team_value import LOW_COST_LINEMEN, LOW_COST_LINEMEN_IN_CTV_ONLY
from teams.models import PlayerStatus, Team

_ACTIVE = Q(players__status=PlayerStatus.ACTIVE)
_HIRED = _ACTIVE & Q(players__journeyman=False)


def _sum(condition: Q) -> Coalesce:
    return Coalesce(Sum("players__current_value", filter=condition), Value(0))


def _low_cost_linemen() -> Coalesce:
    """BB2025 Low Cost Linemen: the Lineman hiring fees of players who count in CTV
    (not missing the next game, not retired; journeymen too), which TV keeps and CTV
    counts as 0 (bb2025-league-facts.md sections 3 and 13.11). One CASE over the
    editions' Low Cost Linemen Lineman positions and their fees."""
    whens = [
        When(ruleset=key, players__position_slug=position.slug, then=Value(position.cost))
        for key in sorted(LOW_COST_LINEMEN_IN_CTV_ONLY)
        for roster in get_ruleset(key).rosters.values()
        if roster.has_special_rule(LOW_COST_LINEMEN)
        for position in roster.lineman_positions()
    ]
    counted = _ACTIVE & Q(players__miss_next_game=False, players__temporarily_retired=False)
    fee = Case(*whens, default=Value(0), output_field=IntegerField())
    return Coalesce(Sum(fee, filter=counted), Value(0))


# Each mirrors a branch of rules_engine.team_value.team_value_breakdown.
PLAYER_VALUE_ANNOTATIONS: dict[str, Any] = {
    "value_players": _sum(_HIRED),
    "value_temporarily_retired": _sum(_HIRED & Q(players__temporarily_retired=True)),
    "value_missing_next_game": _sum(
        _HIRED & Q(players__temporarily_retired=False, players__miss_next_game=True)
    ),
    "value_journeymen": _sum(
        _ACTIVE
        & Q(
            players__journeyman=True,
            players__miss_next_game=False,
            players__temporarily_retired=False,
        )
    ),
    "player_count": Count("players", filter=_HIRED),
    "value_low_cost_linemen": _low_cost_linemen(),
}


# League Trophies held (facts §5: "one free re-roll while held, counts in TV"), as a
# subquery so the join to the leagues does not multiply the players' sums.
LEAGUE_TROPHIES = Coalesce(
    Subquery(
        Team.objects.filter(pk=OuterRef("pk"))
        .annotate(held=Count("league_trophies_held"))
        .values("held")[:1],
        output_field=IntegerField(),
    ),
    Value(0),
)


def trophies_held() -> Coalesce:
    """The League Trophies a team holds - what ``LEAGUE_TROPHIES`` counts - as one
    correlated count over the leagues' trophy holders (its index), without grouping the
    team's own row again. Built when asked (the leagues' models import the teams')."""
    league = Team._meta.get_field("league_trophies_held").related_model
    held = (
        league._default_manager.filter(trophy_holder=OuterRef("pk"))
        .order_by()
        .values("trophy_holder")
        .annotate(held=Count("pk"))
        .values("held")
    )
    return Coalesce(Subquery(held, output_field=IntegerField()), Value(0))


def with_team_value(queryset: QuerySet[Team]) -> QuerySet[Team]:
    """Teams annotated with the player parts of TV and CTV and the League Trophies
    they hold (one GROUP BY query)."""
    return queryset.annotate(**PLAYER_VALUE_ANNOTATIONS, league_trophies=LEAGUE_TROPHIES)


def _annotations(team: Team) -> dict[str, int]:
    """The sums ``with_team_value`` annotated on ``team`` (names the ORM adds at run time)."""
    names = [*PLAYER_VALUE_ANNOTATIONS, "league_trophies"]
    return {name: getattr(team, name) for name in names}


# What ``value_breakdown_of`` reads of the team itself (the rest is annotated).
_TEAM_FIELDS = (
    "ruleset",
    "roster_slug",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
)


def value_breakdown(team: Team) -> TeamValueBreakdown:
    """TV and CTV of a team from ``with_team_value``: players from the database,
    re-rolls and staff priced by the engine."""
    if not hasattr(team, "value_players"):
        team = with_team_value(Team.objects.filter(pk=team.pk)).get()
    values = {name: getattr(team, name) for name in _TEAM_FIELDS}
    return value_breakdown_of({**values, **_annotations(team)})


def value_breakdown_of(team: Mapping[str, Any]) -> TeamValueBreakdown:
    """``value_breakdown`` of a team read as plain values (``ruleset``, ``roster_slug``,
    its re-rolls and staff, and the sums ``with_team_value`` annotates, by their names):
    players as the database summed them, re-rolls and staff priced by the engine."""
    staff = team_value_breakdown(
        get_ruleset(team["ruleset"]),
        TeamValueInput(
            roster_slug=team["roster_slug"],
            rerolls=team["rerolls"],
            assistant_coaches=team["assistant_coaches"],
            cheerleaders=team["cheerleaders"],
            apothecary=team["apothecary"],
            league_trophies=team["league_trophies"],
        ),
    )
    return TeamValueBreakdown(
        players=team["value_players"],
        rerolls=staff.rerolls,
        assistant_coaches=staff.assistant_coaches,
        cheerleaders=staff.cheerleaders,
        apothecary=staff.apothecary,
        missing_next_game=team["value_missing_next_game"],
        temporarily_retired=team["value_temporarily_retired"],
        journeymen=team["value_journeymen"],
        inducements=0,
        league_trophy=staff.league_trophy,
        low_cost_linemen=team.get("value_low_cost_linemen", 0),
    )
